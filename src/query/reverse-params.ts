/**
 * Validation of reverse-search parameters (SPEC 5 and 7, and SPEC 14's `email` and `registrar`)
 * into a {@link ReverseQuery}: text criteria analysed into tokens, postal codes, phones, emails and
 * registrars reduced to their comparison keys, the nameserver normalised, dates as epoch seconds.
 * Every index (in-process or remote) answers the same value.
 *
 * Decisions where SPEC is silent:
 * - A text criterion with no letters or digits (`phrase=---`, `name=!!`) is `invalid_parameter`:
 *   it could never match, and an error says why where an empty page would not.
 * - `slop` without `phrase` or `street` text is `invalid_parameter` (param `slop`): slop changes
 *   nothing else, and silently ignoring it would hide a misplaced parameter.
 * - `name` tokens are de-duplicated (a repeated token needs one occurrence).
 * - `phrase`, `street` text and `name` hold at most {@link MAX_TEXT_TOKENS} tokens each, counted
 *   as written (repeats included); more is `invalid_parameter`.
 * - `email` and `registrar` hold no token limit and need no letter or digit: they are compared
 *   whole, as keys (exact-keys.ts); only a blank value is `invalid_parameter`.
 */

import { tokenize } from '../analysis/tokenize.js'
import { QueryError, showValue } from '../errors.js'
import { phoneDigits } from '../indexes/reverse/digits-index.js'
import { emailKey, postalKey, registrarKey } from '../indexes/reverse/exact-keys.js'
import type { Params } from '../types.js'
import { checkKnown, readHost, readInstant, readInt, readPage, readText, scalar } from './params.js'

/** A contact field that `street=true`, `postalcode=true` or `phone=true` restricts `phrase` to. */
export type FieldFlag = 'street' | 'postalcode' | 'phone'

/** An inclusive range of instants in UTC epoch seconds; an open end is ±Infinity. */
export interface DateRange {
  readonly from: number
  readonly to: number
}

/** A validated reverse-search query; `null` marks a criterion not given. */
export interface ReverseQuery {
  /** The analysed `phrase`, in order, repeats kept. */
  readonly phrase: readonly string[] | null
  /** The fields `phrase` is restricted to (any of them); empty for all registration text. */
  readonly phraseFields: readonly FieldFlag[]
  /** The analysed `street` text, matched as a phrase (with `slop`) in street values. */
  readonly street: readonly string[] | null
  /** The `postalcode` text's key: NFKC, lower case, without white space. */
  readonly postalcode: string | null
  /** The `phone` text's digits (at least 4). */
  readonly phone: string | null
  /** The phrase slop, 0…50. */
  readonly slop: number
  /** The analysed `name`, distinct tokens. */
  readonly name: readonly string[] | null
  /** The normalised `nameserver` host. */
  readonly nameserver: string | null
  /** The `email` key: trimmed, lower case (exact-keys.ts). */
  readonly email: string | null
  /** The `registrar` key: NFKC, lower case, white space collapsed and trimmed (exact-keys.ts). */
  readonly registrar: string | null
  /** `created_from`/`created_to`. */
  readonly created: DateRange | null
  /** `updated_from`/`updated_to`. */
  readonly updated: DateRange | null
  /** `expires_from`/`expires_to`. */
  readonly expires: DateRange | null
  /** The zero-based page. */
  readonly page: number
}

/** The largest slop accepted. */
export const MAX_SLOP = 50

/**
 * The most tokens `phrase`, `street` text or `name` may hold. A phrase never spans two values (slop
 * ≤ 50 < the 100 positions between values), so a longer one could only match a value of more than
 * 64 words: the longest registration-text value of 100k generated records has 22 (a redaction
 * notice), a street or organisation name a handful. 64 repeated tokens at slop 50 measured 8 ms on
 * those records; without a cap, 1,000 took 0.7 s (the issue reports 107 s for 25,000).
 */
export const MAX_TEXT_TOKENS = 64

const FLAGS: readonly FieldFlag[] = ['street', 'postalcode', 'phone']
const DATES = ['created', 'updated', 'expires'] as const
const KNOWN = new Set([
  'phrase',
  ...FLAGS,
  'slop',
  'name',
  'nameserver',
  'email',
  'registrar',
  ...DATES.flatMap((d) => [`${d}_from`, `${d}_to`]),
  'page',
])
const CRITERIA =
  'phrase, street, postalcode, phone, name, nameserver, email, registrar, or a created/updated/expires range'

/**
 * Validates reverse-search parameters, typed or as query-string strings.
 *
 * @param params - the API's parameters
 * @returns the validated query
 * @throws QueryError `unknown_parameter`, `invalid_parameter` or `missing_parameter`, naming the parameter
 * @example
 * ```ts
 * parseReverseParams({ phrase: 'Acme  Holdings', street: 'true', slop: '1' })
 * // { phrase: ['acme', 'holdings'], phraseFields: ['street'], slop: 1, street: null, …, page: 0 }
 * ```
 */
export function parseReverseParams(params: Params): ReverseQuery {
  checkKnown(params, KNOWN)
  const phrase = readTokens(params, 'phrase')
  const phraseFields: FieldFlag[] = []
  const text: Partial<Record<FieldFlag, string>> = {}
  for (const field of FLAGS) {
    const value = readFlagOrText(params, field)
    if (value === true) phraseFields.push(field)
    else if (value !== null) text[field] = value
  }
  const street = text.street === undefined ? null : tokensOf('street', text.street)
  const postalcode = text.postalcode === undefined ? null : postalKey(text.postalcode)
  const phone = text.phone === undefined ? null : readPhone(text.phone)
  const slop = readInt(params, 'slop', 0, MAX_SLOP)
  const name = readTokens(params, 'name')
  const query: ReverseQuery = {
    phrase,
    phraseFields,
    street,
    postalcode,
    phone,
    slop: slop ?? 0,
    name: name === null ? null : [...new Set(name)],
    nameserver: readHost(params, 'nameserver') ?? null,
    email: readKey(params, 'email', emailKey),
    registrar: readKey(params, 'registrar', registrarKey),
    created: readRange(params, 'created'),
    updated: readRange(params, 'updated'),
    expires: readRange(params, 'expires'),
    page: readPage(params),
  }
  if (phraseFields.length > 0 && phrase === null) {
    throw new QueryError(
      'missing_parameter',
      'phrase',
      `${phraseFields.map((f) => `${f}=true`).join(' and ')} given without phrase: true restricts phrase to that field`,
    )
  }
  const { nameserver, email, registrar, created, updated, expires } = query
  const terms = [phrase, street, postalcode, phone, name, nameserver, email, registrar]
  if ([...terms, created, updated, expires].every((c) => c === null)) {
    throw new QueryError(
      'missing_parameter',
      'phrase',
      `reverse search needs at least one criterion: ${CRITERIA}`,
    )
  }
  if (slop !== undefined && phrase === null && street === null) {
    throw new QueryError(
      'invalid_parameter',
      'slop',
      `slop applies to phrase and street text, and neither is given (slop ${showValue(slop)})`,
    )
  }
  return query
}

/** `true`/`'true'` → true; absent, `false`, `'false'` → null; any other value → its text. */
function readFlagOrText(params: Params, name: FieldFlag): true | string | null {
  const value = scalar(params, name)
  if (value === undefined || value === false || value === 'false') return null
  if (value === true || value === 'true') return true
  return readText(params, name) as string
}

function readTokens(params: Params, name: string): string[] | null {
  const text = readText(params, name)
  return text === undefined ? null : tokensOf(name, text)
}

function tokensOf(name: string, text: string): string[] {
  const tokens = tokenize(text)
  if (tokens.length === 0) {
    throw new QueryError(
      'invalid_parameter',
      name,
      `${name} must contain letters or digits to search for, got ${showValue(text)}`,
    )
  }
  if (tokens.length > MAX_TEXT_TOKENS) {
    throw new QueryError(
      'invalid_parameter',
      name,
      `${name} holds ${tokens.length} words; at most ${MAX_TEXT_TOKENS} are accepted, got ${showValue(text)}`,
    )
  }
  return tokens
}

// A text parameter's key; readText refuses a blank value, and no key of a value that is not blank
// is empty (exact-keys.ts).
function readKey(params: Params, name: string, keyOf: (text: string) => string): string | null {
  const text = readText(params, name)
  return text === undefined ? null : keyOf(text)
}

function readPhone(text: string): string {
  const digits = phoneDigits(text)
  if (digits.length < 4) {
    throw new QueryError(
      'invalid_parameter',
      'phone',
      `phone must contain at least 4 digits (or be true or false), got ${showValue(text)} (${digits.length} digits)`,
    )
  }
  return digits
}

function readRange(params: Params, field: (typeof DATES)[number]): DateRange | null {
  const from = readInstant(params, `${field}_from`, false)
  const to = readInstant(params, `${field}_to`, true)
  if (from === undefined && to === undefined) return null
  if (from !== undefined && to !== undefined && from > to) {
    throw new QueryError(
      'invalid_parameter',
      `${field}_from`,
      `${field}_from ${showValue(params[`${field}_from`])} is later than ${field}_to ${showValue(params[`${field}_to`])}`,
    )
  }
  return { from: from ?? Number.NEGATIVE_INFINITY, to: to ?? Number.POSITIVE_INFINITY }
}
