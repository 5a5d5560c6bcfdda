/**
 * Registry date strings to UTC instants (SPEC 3, "Dates"): `normalizeDate` is what fills every
 * `<field>_norm` of a WHOIS record.
 *
 * Layers, cheapest first:
 * 1. `date-iso.ts`: ISO 8601 / RFC 3339 read by hand from char codes, no memo needed.
 * 2. A bounded memo (`date-cache.ts`) of the general parser's results, one per numeric order.
 * 3. `date-general.ts`: time and zone by hand (abbreviations from `date-zones.ts`), then the
 *    calendar date by luxon (`date-formats.ts`, behind its own memo of calendar dates), in the
 *    order the TLD writes (`date-month-first.ts`). Instants are written by `date-calendar.ts`.
 *
 * Throughput of each layer, next to `Date.parse`: bench/normalize-date.bench.ts and its report.
 */
import { BoundedCache } from './date-cache.js'
import { MAX_DATE_LENGTH, parseGeneralDate } from './date-general.js'
import { parseIsoDate } from './date-iso.js'
import { isMonthFirstTld } from './date-month-first.js'

/** Options of {@link normalizeDate}. */
export interface NormalizeDateOptions {
  /**
   * The record's TLD (`'tk'`, `'.TK'` or `'co.tk'` alike), which decides whether an ambiguous
   * numeric date `NN/NN/YYYY` is read month first. Default: none, so day first.
   */
  tld?: string
}

/**
 * Entries of each whole-string memo before it clears itself. A full one holds about 3.5 MB with
 * 24-character keys (bench/normalize-date.bench.ts), flat at any input size. Strings that repeat
 * (day-precision dates, at most 366 a year per format) hit it; unique timestamps miss it but still
 * hit the calendar-date memo of `date-formats.ts`.
 */
const CACHE_CAPACITY = 32_768

const DAY_FIRST = new BoundedCache<string | null>(CACHE_CAPACITY)
const MONTH_FIRST = new BoundedCache<string | null>(CACHE_CAPACITY)

/**
 * Normalises a registry date string to the UTC instant `YYYY-MM-DDTHH:MM:SSZ` (fractions dropped).
 * A string without zone is UTC; zone abbreviations, numeric offsets and `(UTC+8)` forms are applied.
 *
 * @param raw - the date as the registry wrote it
 * @param options - `tld`: the record's TLD, for day-first or month-first numeric dates
 * @returns the instant, or null when the text is not a date (also for non-strings, empty strings,
 *   impossible calendar dates and approximate dates such as `before Aug-1996`)
 * @example
 * ```ts
 * normalizeDate('2019-08-13T12:54:22-0700')       // '2019-08-13T19:54:22Z'
 * normalizeDate('2010/10/18 11:30:47 (JST)')      // '2010-10-18T02:30:47Z'
 * normalizeDate('03/02/2012', { tld: 'tk' })      // '2012-03-02T00:00:00Z'
 * normalizeDate('03/02/2012')                     // '2012-02-03T00:00:00Z'
 * normalizeDate('2021-02-30')                     // null
 * ```
 */
export function normalizeDate(raw: string, options: NormalizeDateOptions = {}): string | null {
  if (typeof raw !== 'string') return null
  const iso = parseIsoDate(raw)
  if (iso !== undefined) return iso
  // Not memoised: a memo must not keep megabytes of garbage alive.
  if (raw.length > MAX_DATE_LENGTH) return null
  // Optional chaining: plain-JavaScript callers may pass null.
  const tld = options?.tld
  const monthFirst = typeof tld === 'string' && isMonthFirstTld(tld)
  const cache = monthFirst ? MONTH_FIRST : DAY_FIRST
  const cached = cache.get(raw)
  if (cached !== undefined) return cached
  const parsed = parseGeneralDate(raw, monthFirst)
  cache.set(raw, parsed)
  return parsed
}
