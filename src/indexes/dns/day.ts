/**
 * Observation dates as day numbers (days since 1970-01-01, UTC), the form the index sorts and
 * compares; and back to the `YYYY-MM-DD` text the API returns.
 */

const MS_PER_DAY = 86_400_000

/**
 * The day number of a date text: `YYYY-MM-DD`, or a longer text (a timestamp) whose first ten
 * characters are that date. NaN when those characters are not a real calendar date.
 *
 * @example
 * ```ts
 * dayNumber('2024-02-29')           // 19782
 * dayNumber('2024-02-29T13:00:00Z') // 19782
 * dayNumber('2023-02-29')           // NaN
 * ```
 */
export function dayNumber(text: string): number {
  if (text.length < 10 || text.charCodeAt(4) !== 45 || text.charCodeAt(7) !== 45) return Number.NaN
  const year = digits(text, 0, 4)
  const month = digits(text, 5, 7)
  const day = digits(text, 8, 10)
  if (month < 1 || month > 12 || day < 1 || day > 31) return Number.NaN
  const ms = Date.UTC(year, month - 1, day)
  // Date.UTC rolls 02-30 over into March, and maps years 0…99 to 1900…1999; both show as a mismatch.
  const check = new Date(ms)
  if (check.getUTCDate() !== day || check.getUTCFullYear() !== year) return Number.NaN
  return ms / MS_PER_DAY
}

/**
 * The `YYYY-MM-DD` text of a day number.
 *
 * @example
 * ```ts
 * dayText(19782) // '2024-02-29'
 * ```
 */
export function dayText(day: number): string {
  return new Date(day * MS_PER_DAY).toISOString().slice(0, 10)
}

function digits(text: string, from: number, to: number): number {
  let n = 0
  for (let i = from; i < to; i++) {
    const d = text.charCodeAt(i) - 48
    if (d < 0 || d > 9) return Number.NaN
    n = n * 10 + d
  }
  return n
}
