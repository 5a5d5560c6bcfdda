/**
 * Registry instants written `YYYY-MM-DDTHH:MM:SSZ` (every `_norm` date, and most raw dates) as whole
 * seconds since 1970 and back, so a table-coded record stores a date in 5 bytes instead of 20. Only
 * strings that format back to themselves exactly are packed: years 0000–9999, real calendar days.
 */
import { normInstant } from '../reverse/date-column.js'

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
  const seconds = normInstant(s)
  // normInstant accepts days up to 31 in any month; only a real date formats back to itself.
  return Number.isNaN(seconds) || instantText(seconds) !== s ? null : seconds
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
