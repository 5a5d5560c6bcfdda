/**
 * The UTC day of a DNS record's observation time, for the `dns-records` and `zdns` formats: an
 * ISO 8601 / RFC 3339 timestamp (any offset, read by the date normaliser's fast path; no zone means
 * UTC), or unix seconds as a number or decimal text. A day is what an observation's `date` holds,
 * so the instant is moved to UTC before its time is dropped: `2024-03-05T22:00:00-04:00` is the
 * 6th.
 */
import { formatUtcSeconds } from '../../normalize/date-calendar.js'
import { parseIsoDate } from '../../normalize/date-iso.js'

const SECONDS = /^-?\d{1,15}(?:\.\d+)?$/

/**
 * The `YYYY-MM-DD` UTC day of a timestamp, or null when the value is none (or lies outside the
 * years 0000…9999, as milliseconds mistaken for seconds do).
 *
 * @param value - an ISO timestamp, or unix seconds (number or decimal text)
 * @example
 * ```ts
 * utcDay('2024-03-05T22:00:00-04:00') // '2024-03-06'
 * utcDay(1709642096)                  // '2024-03-05'
 * utcDay('1709642096')                // '2024-03-05'
 * utcDay('yesterday')                 // null
 * ```
 */
export function utcDay(value: unknown): string | null {
  if (typeof value === 'number') return Number.isFinite(value) ? secondsDay(value) : null
  if (typeof value !== 'string') return null
  const text = value.trim()
  if (SECONDS.test(text)) return secondsDay(Number(text))
  const instant = parseIsoDate(text)
  return typeof instant === 'string' ? instant.slice(0, 10) : null
}

function secondsDay(seconds: number): string | null {
  const instant = formatUtcSeconds(Math.floor(seconds))
  return instant === null ? null : instant.slice(0, 10)
}
