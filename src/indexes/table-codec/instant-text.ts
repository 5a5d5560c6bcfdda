/**
 * Registry instants written `YYYY-MM-DDTHH:MM:SSZ` (every `_norm` date, and most raw dates) as whole
 * seconds since 1970 and back, so a table-coded record stores a date in 5 bytes instead of 20. Only
 * strings that format back to themselves exactly are packed: years 0000–9999, real calendar days.
 */

const LENGTH = 20

/** Days from 1970-01-01 to a proleptic Gregorian date (H. Hinnant's days_from_civil). */
function daysFromCivil(year: number, month: number, day: number): number {
  const y = month <= 2 ? year - 1 : year
  const era = Math.floor(y / 400)
  const yoe = y - era * 400
  const doy = Math.floor((153 * (month + (month > 2 ? -3 : 9)) + 2) / 5) + day - 1
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy
  return era * 146097 + doe - 719468
}

function digits(s: string, from: number, count: number): number {
  let n = 0
  for (let i = from; i < from + count; i++) {
    const d = s.charCodeAt(i) - 48
    if (d < 0 || d > 9) return -1
    n = n * 10 + d
  }
  return n
}

function pad(n: number, width: number): string {
  return String(n).padStart(width, '0')
}

/**
 * The seconds since 1970 of an instant string, or null when the string is not exactly one.
 *
 * @example
 * ```ts
 * instantSeconds('2020-01-02T03:04:05Z') // 1577934245
 * instantSeconds('2020-02-30T00:00:00Z') // null
 * ```
 */
export function instantSeconds(s: string): number | null {
  if (s.length !== LENGTH || s.charCodeAt(19) !== 90 /* Z */ || s.charCodeAt(10) !== 84 /* T */) return null
  if (s[4] !== '-' || s[7] !== '-' || s[13] !== ':' || s[16] !== ':') return null
  const year = digits(s, 0, 4)
  const month = digits(s, 5, 2)
  const day = digits(s, 8, 2)
  const hour = digits(s, 11, 2)
  const minute = digits(s, 14, 2)
  const second = digits(s, 17, 2)
  if (year < 0 || month < 1 || month > 12 || day < 1 || hour < 0 || minute < 0 || second < 0) return null
  const seconds = daysFromCivil(year, month, day) * 86400 + hour * 3600 + minute * 60 + second
  // Out-of-range days, hours, minutes and seconds format back differently.
  return instantText(seconds) === s ? seconds : null
}

/**
 * The instant string of seconds since 1970 (the inverse of {@link instantSeconds}).
 *
 * @example
 * ```ts
 * instantText(1577934245) // '2020-01-02T03:04:05Z'
 * ```
 */
export function instantText(seconds: number): string {
  const days = Math.floor(seconds / 86400)
  const rest = seconds - days * 86400
  let date = DATES.get(days)
  if (date === undefined) {
    if (DATES.size >= MAX_DATES) DATES.clear()
    date = dateText(days)
    DATES.set(days, date)
  }
  let time = TIMES[rest]
  if (time === undefined) {
    const hour = Math.floor(rest / 3600)
    const minute = Math.floor((rest - hour * 3600) / 60)
    time = `T${TWO_DIGITS[hour]}:${TWO_DIGITS[minute]}:${TWO_DIGITS[rest % 60]}Z`
    TIMES[rest] = time
  }
  return date + time
}

const TWO_DIGITS = Array.from({ length: 100 }, (_, n) => pad(n, 2))
// Memos, so a page of records formats few dates afresh: the `THH:MM:SSZ` of each second of a day
// (filled as met, 5 MB at most) and the `YYYY-MM-DD` of up to 65,536 days (a bit more, cleared when full).
const TIMES: (string | undefined)[] = new Array(86400)
const DATES = new Map<number, string>()
const MAX_DATES = 65536

/** `YYYY-MM-DD` of a day counted from 1970-01-01 (H. Hinnant's civil_from_days). */
function dateText(days: number): string {
  const z = days + 719468
  const era = Math.floor(z / 146097)
  const doe = z - era * 146097
  const yoe = Math.floor(
    (doe - Math.floor(doe / 1460) + Math.floor(doe / 36524) - Math.floor(doe / 146096)) / 365,
  )
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100))
  const mp = Math.floor((5 * doy + 2) / 153)
  const day = doy - Math.floor((153 * mp + 2) / 5) + 1
  const month = mp < 10 ? mp + 3 : mp - 9
  const year = yoe + era * 400 + (month <= 2 ? 1 : 0)
  return `${pad(year, 4)}-${TWO_DIGITS[month]}-${TWO_DIGITS[day]}`
}
