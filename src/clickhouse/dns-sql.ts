/**
 * Compiles a validated MX or TXT query (parseDnsParams) into SQL over the `mx` or `txt` table
 * (dns-row.ts). Every criterion is exact in SQL: one row holds one observation with its items as
 * parallel arrays, so a term is an `arrayExists` over the items, and NOT, AND, OR of the parsed
 * expression become the same operators in SQL around those.
 *
 *   host                  apex = the host
 *   nameserver            a dns-ns host item whose key equals the suffix or ends with '.' + it
 *   txt                   a txt item whose ' t1 t2 … ' text holds ' q1 q2 … '
 *   type:value            host: label-aligned suffix on host keys; else the tokens consecutively
 *   type=value            host: equal host keys; else equal `toLowerCase` values
 *   from, to              day within the window
 *   most_recent           (apex, day) is the apex's newest day in the window, computed per shard
 *                         on the local table: a shard holds all observations of its apexes
 *
 * Every value goes through sqlString/sqlInt; nothing else reaches the SQL text.
 */
import { tokenize } from '../analysis/tokenize.js'
import { hostKey } from '../indexes/dns-host-key.js'
import type { DnsQuery, SummaryRequest } from '../query/dns-params.js'
import type { Expr, Term } from '../query/expression/ast.js'
import { sortableText } from './sortable-text.js'
import { sqlInt, sqlString } from './sql-literal.js'

/** ORDER BY of DNS search: date descending, ties by id ascending (code-unit order, see sortable-text.ts). */
export const DNS_ORDER = 'day DESC, id ASC'

/**
 * The WHERE condition of a DNS query.
 *
 * @param db - the validated database name
 * @param query - a query from parseDnsParams
 * @example
 * ```ts
 * compileDns('dmx', parseDnsParams('mx', { host: 'example.com' })) // "apex = 'example.com'"
 * ```
 */
export function compileDns(db: string, query: DnsQuery): string {
  const window = windowCondition(query.from, query.to)
  const conditions: string[] = []
  if (window !== null) conditions.push(window)
  if (query.host !== null) conditions.push(`apex = ${sqlString(sortableText(query.host))}`)
  if (query.nameserver !== null) conditions.push(hostTerm(query.nameserver, 'dns-ns', true))
  if (query.txt !== null) conditions.push(tokenTerm(query.txt, 'txt', null))
  if (query.filters !== null) conditions.push(`(${query.filters.map(term).join(' OR ')})`)
  if (query.expression !== null) conditions.push(expression(query.expression))
  if (query.mostRecent) {
    const local = `${db}.${query.kind}_local`
    conditions.push(
      `(apex, day) IN (SELECT apex, max(day) FROM ${local}${window === null ? '' : ` WHERE ${window}`} GROUP BY apex)`,
    )
  }
  return conditions.length === 0 ? '1' : conditions.join(' AND ')
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

function expression(expr: Expr): string {
  switch (expr.kind) {
    case 'term':
      return term(expr)
    case 'not':
      return `NOT (${expression(expr.operand)})`
    case 'and':
      return `(${expr.operands.map(expression).join(' AND ')})`
    case 'or':
      return `(${expr.operands.map(expression).join(' OR ')})`
  }
}

function term(t: Term): string {
  if (t.type === 'host') return hostTerm(t.value, t.context, t.operator === ':')
  if (t.operator === ':') return tokenTerm(tokenize(t.value), t.type, t.context)
  const lower = sqlString(sortableText(t.value.toLowerCase()))
  return `arrayExists((l, t, c) -> ${typeAndContext(t.type, t.context)}l = ${lower}, item_lower, item_type, item_context)`
}

// Host items whose key equals the host's key or, with `suffix`, ends with '.' + that key.
function hostTerm(host: string, context: string | null, suffix: boolean): string {
  const key = sortableText(hostKey(host))
  const match = suffix
    ? `(h = ${sqlString(key)} OR endsWith(h, ${sqlString(`.${key}`)}))`
    : `h = ${sqlString(key)}`
  return `arrayExists((h, t, c) -> ${typeAndContext('host', context)}${match}, item_host, item_type, item_context)`
}

function tokenTerm(tokens: readonly string[], type: string, context: string | null): string {
  const phrase = sqlString(` ${tokens.join(' ')} `)
  return `arrayExists((x, t, c) -> ${typeAndContext(type, context)}position(x, ${phrase}) > 0, item_text, item_type, item_context)`
}

function typeAndContext(type: string, context: string | null): string {
  const t = `t = ${sqlString(sortableText(type))} AND `
  return context === null ? t : `${t}c = ${sqlString(sortableText(context))} AND `
}
