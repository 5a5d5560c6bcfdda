/**
 * Compiles a validated reverse-search query (parseReverseParams) into a WHERE clause over the
 * `whois` table (whois-row.ts), criterion by criterion, each exact in SQL except sloppy phrases:
 *
 *   phrase, slop 0 or one term   exact: the value text ' t1 t2 … ' holds ' q1 q2 … ' in an admitted field
 *   phrase, slop > 0             prefilter: one admitted value holds every term; phrase-verify.ts decides
 *                                exactly
 *   postalcode                   exact: the key is one of the record's postal keys
 *   phone                        exact: the digits occur in one phone value's digits
 *   name                         exact: one organization value holds every token
 *   nameserver                   exact: a reversed key equals the query's or starts with it plus '.'
 *   email, registrar             exact: the query's key is one of the record's keys (normalised in
 *                                TypeScript on both sides, exact-keys.ts)
 *   created/updated/expires      exact: has an instant, within [ceil(from), floor(to)] (instants are whole seconds)
 *
 * Every value goes through sqlString/sqlInt; nothing else reaches the SQL text.
 */
import { FIELD_PHONE, FIELD_POSTAL, FIELD_STREET } from '../indexes/reverse/contact-values.js'
import { reverseLabels } from '../indexes/reverse/label-suffix-index.js'
import { ALL_FIELDS } from '../query/reverse/phrase.js'
import type { DateRange, FieldFlag, ReverseQuery } from '../query/reverse-params.js'
import type { PhraseCheck } from './phrase-verify.js'
import { sortableText } from './sortable-text.js'
import { sqlInt, sqlString, sqlStringArray } from './sql-literal.js'
import { RANGE_FIELDS } from './whois-row.js'

/** A compiled reverse search. */
export interface CompiledReverse {
  /** The WHERE condition, all criteria AND-ed. */
  where: string
  /** Sloppy phrases SQL only prefilters; the library verifies them on the candidates. */
  checks: PhraseCheck[]
}

/** ORDER BY of reverse search: `created_norm` descending, records without it last, then domain. */
export const REVERSE_ORDER = "created = '' ASC, created DESC, key ASC"

const FLAG_CLASS: Readonly<Record<FieldFlag, number>> = {
  street: FIELD_STREET,
  postalcode: FIELD_POSTAL,
  phone: FIELD_PHONE,
}

/**
 * Compiles a reverse query.
 *
 * @param query - a query from parseReverseParams
 * @example
 * ```ts
 * compileReverse(parseReverseParams({ phrase: 'acme holdings' })).where
 * // "arrayExists((t, c) -> position(t, ' acme holdings ') > 0, value_texts, value_classes)"
 * ```
 */
export function compileReverse(query: ReverseQuery): CompiledReverse {
  const conditions: string[] = []
  const checks: PhraseCheck[] = []
  if (query.phrase !== null) {
    const mask =
      query.phraseFields.length === 0
        ? ALL_FIELDS
        : query.phraseFields.reduce((m, flag) => m | (1 << FLAG_CLASS[flag]), 0)
    conditions.push(phrase({ tokens: query.phrase, slop: query.slop, mask }, checks))
  }
  if (query.street !== null) {
    conditions.push(phrase({ tokens: query.street, slop: query.slop, mask: 1 << FIELD_STREET }, checks))
  }
  if (query.postalcode !== null)
    conditions.push(`has(postal_keys, ${sqlString(sortableText(query.postalcode))})`)
  if (query.phone !== null)
    conditions.push(`arrayExists(d -> position(d, ${sqlString(query.phone)}) > 0, phone_digits)`)
  if (query.name !== null)
    conditions.push(`arrayExists(t -> hasAll(t, ${sqlStringArray(query.name)}), org_tokens)`)
  if (query.nameserver !== null) {
    const key = sortableText(reverseLabels(query.nameserver))
    conditions.push(
      `arrayExists(k -> k = ${sqlString(key)} OR startsWith(k, ${sqlString(`${key}.`)}), ns_keys)`,
    )
  }
  if (query.email !== null) conditions.push(`has(email_keys, ${sqlString(sortableText(query.email))})`)
  if (query.registrar !== null)
    conditions.push(`has(registrar_keys, ${sqlString(sortableText(query.registrar))})`)
  for (const field of RANGE_FIELDS) {
    const range = query[field]
    if (range !== null) conditions.push(dateRange(field, range))
  }
  return { where: conditions.length === 0 ? '1' : conditions.join(' AND '), checks }
}

function phrase(check: PhraseCheck, checks: PhraseCheck[]): string {
  const { tokens, slop } = check
  if (slop === 0 || tokens.length === 1) return adjacent(check)
  checks.push(check)
  // A match lies in one value: consecutive query terms sit at most slop + 1 ≤ 51 positions apart,
  // and values are POSITION_GAP + 1 = 101 apart (registration-text.ts). So one admitted value holds
  // every term; repeated terms and positions are for phrase-verify.ts.
  const terms = [...new Set(tokens)].map((token) => `position(t, ${sqlString(` ${token} `)}) > 0`)
  return `arrayExists((t, c) -> ${admitted(check.mask)}${terms.join(' AND ')}, value_texts, value_classes)`
}

/**
 * Whether an admitted value holds the phrase's tokens adjacent and in order: the phrase at slop 0,
 * and so at any slop.
 *
 * @param check - the phrase
 * @example
 * ```ts
 * adjacent({ tokens: ['acme', 'holdings'], slop: 2, mask: ALL_FIELDS })
 * // "arrayExists((t, c) -> position(t, ' acme holdings ') > 0, value_texts, value_classes)"
 * ```
 */
export function adjacent(check: PhraseCheck): string {
  const phrase = sqlString(` ${check.tokens.join(' ')} `)
  return `arrayExists((t, c) -> ${admitted(check.mask)}position(t, ${phrase}) > 0, value_texts, value_classes)`
}

function admitted(mask: number): string {
  if (mask === ALL_FIELDS) return ''
  const classes: string[] = []
  for (let c = 0; c < 4; c++) if ((mask >>> c) & 1) classes.push(sqlInt(c))
  return `c IN (${classes.join(', ')}) AND `
}

function dateRange(field: (typeof RANGE_FIELDS)[number], range: DateRange): string {
  const parts = [`${field}_has = 1`]
  if (Number.isFinite(range.from)) parts.push(`${field}_s >= ${sqlInt(Math.ceil(range.from))}`)
  if (Number.isFinite(range.to)) parts.push(`${field}_s <= ${sqlInt(Math.floor(range.to))}`)
  return `(${parts.join(' AND ')})`
}
