/**
 * Compiles a validated MX or TXT query (parseDnsParams) into SQL over the `mx` or `txt` table
 * (dns-row.ts). Every criterion is exact in SQL: one row holds one observation with its items as
 * parallel arrays.
 *
 *   host                  apex = the host
 *   nameserver            a dns-ns host item whose key equals the suffix or ends with '.' + it
 *   txt                   a txt item whose ' t1 t2 … ' text holds ' q1 q2 … '
 *   type:value            host: label-aligned suffix on host keys; else the tokens consecutively
 *   type=value            host: equal host keys; else equal `toLowerCase` values
 *   from, to              day within the window
 *   most_recent           (apex, day) is the apex's newest day in the window, computed per shard
 *                         on the local table: a shard holds all observations of its apexes
 *   (always)              the row is live: no update replaced or removed it (schema.ts)
 *
 * Item terms (nameserver, txt, every filter and expression term) are evaluated together: one pass
 * over an observation's items sets bit k of a mask when some item satisfies term k (52 terms a
 * mask, so that every bit value is a safe integer), and nameserver, txt, the filters and the
 * expression become NOT/AND/OR of bit tests on the masks. One lambda per 52 terms instead of one
 * per term matters on ClickHouse 18.16, whose analysis of a query grows far faster than linearly
 * with its lambdas: 400 terms as separate `arrayExists` measured 12.5 s to plan, as masks 0.7 s
 * (the validators allow 1,000 filter terms).
 *
 * Every value goes through sqlString/sqlInt; nothing else reaches the SQL text.
 */
import { tokenize } from '../analysis/tokenize.js'
import { hostKey } from '../indexes/dns/host-key.js'
import type { DnsQuery, SummaryRequest } from '../query/dns-params.js'
import type { Expr, Term } from '../query/expression/ast.js'
import { liveRows } from './schema.js'
import { sortableText } from './sortable-text.js'
import { sqlInt, sqlString } from './sql-literal.js'

/** ORDER BY of DNS search: date descending, ties by id ascending (code-unit order, see sortable-text.ts). */
export const DNS_ORDER = 'day DESC, id ASC'

const TERMS_PER_MASK = 52

/**
 * The WHERE condition of a DNS query.
 *
 * @param db - the validated database name
 * @param query - a query from parseDnsParams
 * @example
 * ```ts
 * compileDns('dmx', parseDnsParams('mx', { host: 'example.com' }))
 * // "seq NOT IN (SELECT seq FROM dmx.mx_dead_local) AND apex = 'example.com'"
 * ```
 */
export function compileDns(db: string, query: DnsQuery): string {
  const terms = new ItemTerms()
  const window = windowCondition(query.from, query.to)
  const live = liveRows(db, query.kind)
  const conditions: string[] = [live]
  if (window !== null) conditions.push(window)
  if (query.host !== null) conditions.push(`apex = ${sqlString(sortableText(query.host))}`)
  const onTerms: string[] = []
  if (query.nameserver !== null) onTerms.push(terms.test(hostTerm(query.nameserver, 'dns-ns', true)))
  if (query.txt !== null) onTerms.push(terms.test(tokenTerm(query.txt, 'txt', null)))
  if (query.filters !== null)
    onTerms.push(`(${query.filters.map((t) => terms.test(itemTerm(t))).join(' OR ')})`)
  if (query.expression !== null) onTerms.push(expression(query.expression, terms))
  if (onTerms.length > 0) conditions.push(terms.evaluate(onTerms.join(' AND ')))
  if (query.mostRecent) {
    const local = `${db}.${query.kind}_local`
    // The newest day among live rows: an update may have removed an apex's newest observation.
    conditions.push(
      `(apex, day) IN (SELECT apex, max(day) FROM ${local} WHERE ${live}${window === null ? '' : ` AND ${window}`} GROUP BY apex)`,
    )
  }
  return conditions.join(' AND ')
}

// Distinct per-item term conditions, each given a bit of a mask.
class ItemTerms {
  readonly #conditions: string[] = []
  readonly #bit = new Map<string, number>()

  /** The test of "some item satisfies `condition`", on the mask variables m0, m1, … */
  test(condition: string): string {
    let k = this.#bit.get(condition)
    if (k === undefined) {
      k = this.#conditions.length
      this.#conditions.push(condition)
      this.#bit.set(condition, k)
    }
    return `bitAnd(m${sqlInt(Math.floor(k / TERMS_PER_MASK))}, ${sqlInt(2 ** (k % TERMS_PER_MASK))}) != 0`
  }

  /**
   * A condition over the masks, evaluated once per observation. The masks are handed to a lambda
   * as one-element arrays, so that each is computed once and the tests read variables: a WITH alias
   * would be copied into every test, and 1,000 tests of 52-term masks exceed ClickHouse's limit of
   * 500,000 AST nodes.
   */
  evaluate(condition: string): string {
    const names: string[] = []
    const masks: string[] = []
    for (let from = 0; from < this.#conditions.length; from += TERMS_PER_MASK) {
      const sum = this.#conditions
        .slice(from, from + TERMS_PER_MASK)
        .map((term, i) => `(${term}) * ${sqlInt(2 ** i)}`)
        .join(' + ')
      names.push(`m${sqlInt(from / TERMS_PER_MASK)}`)
      masks.push(
        `[arrayReduce('groupBitOr', arrayMap((h, x, l, t, c) -> ${sum}, item_host, item_text, item_lower, item_type, item_context))]`,
      )
    }
    return `arrayExists((${names.join(', ')}) -> ${condition}, ${masks.join(', ')})`
  }
}

/**
 * The array of an observation's distinct summarised values (sortable text), per SPEC 6: items of
 * the type, of the context when given, metadata items only when the context is "".
 *
 * @param request - the validated summary request
 * @example
 * ```ts
 * summaryValues({ type: 'txt', context: 'dns-txt', limit: 100 })
 * // "arrayDistinct(arrayFilter((x, t, c, m) -> t = 'txt' AND c = 'dns-txt' AND m = 0, item_value, item_type, item_context, item_meta))"
 * ```
 */
export function summaryValues(request: SummaryRequest): string {
  const parts = [`t = ${sqlString(sortableText(request.type))}`]
  if (request.context !== null) parts.push(`c = ${sqlString(sortableText(request.context))}`)
  if (request.context !== '') parts.push('m = 0')
  return `arrayDistinct(arrayFilter((x, t, c, m) -> ${parts.join(' AND ')}, item_value, item_type, item_context, item_meta))`
}

function windowCondition(from: number | null, to: number | null): string | null {
  const parts: string[] = []
  if (from !== null) parts.push(`day >= ${sqlInt(from)}`)
  if (to !== null) parts.push(`day <= ${sqlInt(to)}`)
  return parts.length === 0 ? null : parts.join(' AND ')
}

function expression(expr: Expr, terms: ItemTerms): string {
  switch (expr.kind) {
    case 'term':
      return terms.test(itemTerm(expr))
    case 'not':
      return `NOT (${expression(expr.operand, terms)})`
    case 'and':
      return `(${expr.operands.map((e) => expression(e, terms)).join(' AND ')})`
    case 'or':
      return `(${expr.operands.map((e) => expression(e, terms)).join(' OR ')})`
  }
}

// The per-item condition of a term, over the lambda's h (host key), x (text), l (lower), t, c.
function itemTerm(term: Term): string {
  if (term.type === 'host') return hostTerm(term.value, term.context, term.operator === ':')
  if (term.operator === ':') return tokenTerm(tokenize(term.value), term.type, term.context)
  return `${typeAndContext(term.type, term.context)}l = ${sqlString(sortableText(term.value.toLowerCase()))}`
}

// Host items whose key equals the host's key or, with `suffix`, ends with '.' + that key.
function hostTerm(host: string, context: string | null, suffix: boolean): string {
  const key = sortableText(hostKey(host))
  const match = suffix
    ? `(h = ${sqlString(key)} OR endsWith(h, ${sqlString(`.${key}`)}))`
    : `h = ${sqlString(key)}`
  return `${typeAndContext('host', context)}${match}`
}

function tokenTerm(tokens: readonly string[], type: string, context: string | null): string {
  return `${typeAndContext(type, context)}position(x, ${sqlString(` ${tokens.join(' ')} `)}) > 0`
}

function typeAndContext(type: string, context: string | null): string {
  const t = `t = ${sqlString(sortableText(type))} AND `
  return context === null ? t : `${t}c = ${sqlString(sortableText(context))} AND `
}
