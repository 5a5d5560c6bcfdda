/**
 * Merging of duplicate terms in DNS filters and expressions (a decision where SPEC 6 is silent): a
 * term given twice among the filters, or an operand given twice in one AND or OR, changes no answer
 * but was evaluated each time (1,000 `host:com` filter terms measured 1.2 s on 100k generated
 * observations, one term 16 ms). Two terms are duplicates when every engine reads them alike: same
 * context, type and operator, and the same host key (`host`), tokens (`:`) or lower-cased value
 * (`=`). Nested AND in AND and OR in OR are flattened first, and operands compare as sets, so
 * `(a OR b) OR (b OR a)` is `a OR b`.
 */
import { tokenize } from '../../analysis/tokenize.js'
import { hostKey } from '../../indexes/dns/host-key.js'
import type { Expr, Term } from './ast.js'

/**
 * The terms without repeats, each kept where it first appears.
 *
 * @param terms - validated terms
 * @example
 * ```ts
 * uniqueTerms(parseFilter('host:COM,txt:spf1,host:com.')).length // 2
 * ```
 */
export function uniqueTerms(terms: readonly Term[]): Term[] {
  const seen = new Set<string>()
  return terms.filter((term) => {
    const key = termKey(term)
    if (seen.has(key)) return false
    seen.add(key)
    return true
  })
}

/**
 * The expression with nested AND/OR chains flattened and repeated operands dropped (an AND or OR
 * left with one operand is that operand). Recursion follows the tree, whose depth the parser bounds.
 *
 * @param expr - a parsed, validated expression
 * @example
 * ```ts
 * mergeDuplicates(parseExpression('host:com OR (host:com OR txt:spf1) OR host:COM'))
 * // { kind: 'or', operands: [{ kind: 'term', type: 'host', value: 'com', ... }, { kind: 'term', type: 'txt', ... }] }
 * ```
 */
export function mergeDuplicates(expr: Expr): Expr {
  return new Merger().merge(expr)
}

// The comparison key of a term: what both engines match on (term.ts, clickhouse/dns-sql.ts).
function termKey(term: Term): string {
  let value: string
  if (term.type === 'host') value = hostKey(term.value)
  else if (term.operator === ':') value = tokenize(term.value).join(' ')
  else value = term.value.toLowerCase()
  return JSON.stringify([term.context, term.type, term.operator, value])
}

// Gives each distinct subtree a number (hash-consing), so that comparing operands is comparing numbers.
class Merger {
  readonly #numbers = new Map<string, number>()
  readonly #numberOf = new Map<Expr, number>()

  merge(expr: Expr): Expr {
    switch (expr.kind) {
      case 'term':
        return this.#numbered(expr, `t${termKey(expr)}`)
      case 'not': {
        const operand = this.merge(expr.operand)
        return this.#numbered({ kind: 'not', operand }, `n${this.#numberOf.get(operand)}`)
      }
      default: {
        const operands: Expr[] = []
        const seen = new Set<number>()
        const add = (e: Expr): void => {
          const n = this.#numberOf.get(e) as number
          if (seen.has(n)) return
          seen.add(n)
          operands.push(e)
        }
        for (const operand of expr.operands) {
          const merged = this.merge(operand)
          if (merged.kind === expr.kind) for (const inner of merged.operands) add(inner)
          else add(merged)
        }
        if (operands.length === 1) return operands[0] as Expr
        const key = [...seen].sort((a, b) => a - b).join(',')
        return this.#numbered({ kind: expr.kind, operands }, `${expr.kind}${key}`)
      }
    }
  }

  #numbered(expr: Expr, key: string): Expr {
    let n = this.#numbers.get(key)
    if (n === undefined) {
      n = this.#numbers.size
      this.#numbers.set(key, n)
    }
    this.#numberOf.set(expr, n)
    return expr
  }
}
