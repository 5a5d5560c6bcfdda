/**
 * Observation dates as day numbers (days since 1970-01-01, UTC), the form the index sorts and
 * compares; and back to the `YYYY-MM-DD` text the API returns.
 */

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
  // Years below 100 are refused, as Date.UTC would read them as 1900…1999. Plain arithmetic, no
  // Date objects: a build calls this for every observation (3M in the benchmark).
  if (!(year >= 100 && month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth(year, month))) {
    return Number.NaN
  }
  // Days from 1970-01-01 of a proleptic Gregorian date, counted in 400-year eras from March.
  const y = month <= 2 ? year - 1 : year
  const era = Math.floor(y / 400)
  const yearOfEra = y - era * 400
  const dayOfYear = Math.floor((153 * ((month + 9) % 12) + 2) / 5) + day - 1
  const dayOfEra = yearOfEra * 365 + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100) + dayOfYear
  return era * 146_097 + dayOfEra - 719_468
}

/**
 * The `YYYY-MM-DD` text of a day number (years 100–9999, the ones {@link dayNumber} accepts).
 *
 * @example
 * ```ts
 * dayText(19782) // '2024-02-29'
 * ```
 */
export function dayText(day: number): string {
  // The inverse of dayNumber's arithmetic (a Date and toISOString took ~300 ns, a fifth of a host
  // lookup that rebuilds three observations).
  const z = day + 719_468
  const era = Math.floor(z / 146_097)
  const dayOfEra = z - era * 146_097
  const yearOfEra = Math.floor(
    (dayOfEra -
      Math.floor(dayOfEra / 1460) +
      Math.floor(dayOfEra / 36_524) -
      Math.floor(dayOfEra / 146_096)) /
      365,
  )
  const dayOfYear = dayOfEra - (365 * yearOfEra + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100))
  const mp = Math.floor((5 * dayOfYear + 2) / 153)
  const d = dayOfYear - Math.floor((153 * mp + 2) / 5) + 1
  const m = mp < 10 ? mp + 3 : mp - 9
  const y = yearOfEra + era * 400 + (m <= 2 ? 1 : 0)
  return `${String(y).padStart(4, '0')}-${m < 10 ? '0' : ''}${m}-${d < 10 ? '0' : ''}${d}`
}

function daysInMonth(year: number, month: number): number {
  if (month !== 2) return month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0 ? 29 : 28
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
