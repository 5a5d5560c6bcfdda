/**
 * The recursive-descent parser of DNS search expressions and filters (SPEC 6).
 *
 * Grammar (binding tightest first: NOT, then AND, then OR; adjacent operands are AND-ed):
 * ```
 * or      := and ('OR' and)*
 * and     := unary (['AND'] unary)*
 * unary   := 'NOT' unary | primary
 * primary := term | '(' or ')'
 * filter  := term (',' term)*
 * ```
 * Whatever the input, the parser returns a tree or throws a QueryError `invalid_parameter` naming
 * the position: input longer than {@link MAX_EXPRESSION_LENGTH} characters and nesting (parentheses
 * and NOTs) deeper than {@link MAX_EXPRESSION_DEPTH} are refused before they can exhaust the stack,
 * and an expression of more than {@link MAX_EXPRESSION_TERMS} terms before it is evaluated.
 */
import type { Expr, Term } from './ast.js'
import { type Lexeme, lex } from './lexer.js'
import { syntaxError } from './syntax-error.js'

/** The longest expression or filter text accepted, in characters. */
export const MAX_EXPRESSION_LENGTH = 10_000

/** The deepest nesting of parentheses and NOTs accepted. */
export const MAX_EXPRESSION_DEPTH = 100

/**
 * The most terms an expression may hold, counted as written: as many as all `filter` values
 * together (MAX_FILTER_TERMS), the count the ClickHouse SQL's term masks are sized for
 * (clickhouse/dns-sql.ts). Without it, 10,000 characters hold up to 2,500 terms; 1,000 distinct
 * terms measured 15 ms on 100k generated observations.
 */
export const MAX_EXPRESSION_TERMS = 1_000

/**
 * Parses an `expression` parameter.
 *
 * @param text - the expression text
 * @param param - the parameter name for errors (default `expression`)
 * @throws QueryError invalid_parameter with the offending position
 * @example
 * ```ts
 * parseExpression('txt:spf1 NOT (host:a.com OR host:b.com)')
 * // { kind: 'and', operands: [{ kind: 'term', type: 'txt', ... }, { kind: 'not', operand: { kind: 'or', ... } }] }
 * ```
 */
export function parseExpression(text: string, param = 'expression'): Expr {
  checkLength(text, param, param)
  const parser = new Parser(lex(text, 'expression', param, param), text, param, param)
  return parser.parseAll()
}

/**
 * Parses one `filter` value: terms separated by commas (outside double quotes).
 *
 * @param text - the filter text
 * @param label - how errors name this filter (`filter`, `filter #2`)
 * @throws QueryError invalid_parameter (param `filter`) with the offending position
 * @example
 * ```ts
 * parseFilter('dns-mx.host=mx.a.com, txt:"v=spf1 -all"').length // 2
 * ```
 */
export function parseFilter(text: string, label = 'filter'): Term[] {
  checkLength(text, 'filter', label)
  const lexemes = lex(text, 'filter', 'filter', label)
  const terms: Term[] = []
  for (let i = 0; ; i += 2) {
    const term = lexemes[i] as Lexeme
    if (term.kind !== 'term') {
      throw syntaxError(
        'filter',
        label,
        text,
        term.position,
        `expected a term type:value or type=value${found(term)}`,
      )
    }
    terms.push(term.term)
    const next = lexemes[i + 1] as Lexeme
    if (next.kind === 'end') return terms
    if (next.kind !== 'comma') {
      throw syntaxError(
        'filter',
        label,
        text,
        next.position,
        `expected ',' or the end${found(next)}; a filter holds terms separated by commas (NOT, AND, OR and parentheses belong in expression)`,
      )
    }
  }
}

function checkLength(text: string, param: string, label: string): void {
  if (text.length > MAX_EXPRESSION_LENGTH) {
    throw syntaxError(
      param,
      label,
      text,
      MAX_EXPRESSION_LENGTH,
      `longer than ${MAX_EXPRESSION_LENGTH} characters (${text.length})`,
    )
  }
}

function found(l: Lexeme): string {
  switch (l.kind) {
    case 'end':
      return ', found the end'
    case 'term':
      return `, found the term ${l.term.type}${l.term.operator}…`
    case 'open':
      return ", found '('"
    case 'close':
      return ", found ')'"
    case 'comma':
      return ", found ','"
    default:
      return `, found ${l.kind.toUpperCase()}`
  }
}

class Parser {
  #at = 0
  #terms = 0
  readonly #lexemes: Lexeme[]
  readonly #text: string
  readonly #param: string
  readonly #label: string

  constructor(lexemes: Lexeme[], text: string, param: string, label: string) {
    this.#lexemes = lexemes
    this.#text = text
    this.#param = param
    this.#label = label
  }

  parseAll(): Expr {
    if (this.#peek().kind === 'end') throw this.#fail(0, 'empty expression; give at least one term')
    const expr = this.#or(0)
    const rest = this.#peek()
    if (rest.kind !== 'end') {
      throw this.#fail(
        rest.position,
        rest.kind === 'close' ? "unmatched ')'" : `unexpected lexeme${found(rest)}`,
      )
    }
    return expr
  }

  #peek(): Lexeme {
    return this.#lexemes[this.#at] as Lexeme
  }

  #fail(position: number, problem: string): Error {
    return syntaxError(this.#param, this.#label, this.#text, position, problem)
  }

  #or(depth: number): Expr {
    const operands = [this.#and(depth)]
    while (this.#peek().kind === 'or') {
      this.#at++
      operands.push(this.#and(depth))
    }
    return operands.length === 1 ? (operands[0] as Expr) : { kind: 'or', operands }
  }

  #and(depth: number): Expr {
    const operands = [this.#unary(depth)]
    for (;;) {
      const kind = this.#peek().kind
      if (kind === 'and') this.#at++
      else if (kind !== 'term' && kind !== 'not' && kind !== 'open') break
      operands.push(this.#unary(depth))
    }
    return operands.length === 1 ? (operands[0] as Expr) : { kind: 'and', operands }
  }

  #unary(depth: number): Expr {
    const l = this.#peek()
    if (depth >= MAX_EXPRESSION_DEPTH) {
      throw this.#fail(l.position, `nested deeper than ${MAX_EXPRESSION_DEPTH} levels of parentheses and NOT`)
    }
    if (l.kind === 'not') {
      this.#at++
      return { kind: 'not', operand: this.#unary(depth + 1) }
    }
    if (l.kind === 'term') {
      if (++this.#terms > MAX_EXPRESSION_TERMS) {
        throw this.#fail(l.position, `more than ${MAX_EXPRESSION_TERMS} terms; combine fewer terms per query`)
      }
      this.#at++
      return l.term
    }
    if (l.kind === 'open') {
      this.#at++
      const inner = this.#or(depth + 1)
      const close = this.#peek()
      if (close.kind !== 'close') {
        throw this.#fail(
          close.position,
          `missing ')' to close the '(' at position ${l.position}${found(close)}`,
        )
      }
      this.#at++
      return inner
    }
    throw this.#fail(l.position, `expected a term, NOT or '('${found(l)}`)
  }
}
