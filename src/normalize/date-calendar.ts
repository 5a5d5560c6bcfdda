/**
 * Calendar arithmetic of the date normaliser: proleptic Gregorian calendar dates to days since
 * 1970-01-01 and back (Howard Hinnant's `days_from_civil` / `civil_from_days`), and the single
 * output format `YYYY-MM-DDTHH:MM:SSZ`.
 *
 * Pure integer arithmetic instead of `Date`: `Date.UTC` reads years 0…99 as 1900…1999, and building
 * a `Date` only to call `toISOString` and slice it costs an allocation per string on the bulk path.
 * Instants are whole seconds since the epoch (safe integers for every 4-digit year).
 */

const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]

const ZERO = 48
const DASH = 45
const COLON = 58
const UPPER_T = 84
const UPPER_Z = 90

/** 0000-01-01T00:00:00Z, the earliest instant the output format can write. */
const FIRST_SECOND = -62_167_219_200
/** 9999-12-31T23:59:59Z, the latest instant the output format can write. */
const LAST_SECOND = 253_402_300_799

/**
 * Tells whether year, month and day name a real day of the proleptic Gregorian calendar.
 *
 * @param year - any integer year
 * @param month - 1…12
 * @param day - 1…31
 * @returns false for impossible dates such as February 30 or month 13
 * @example
 * ```ts
 * isCalendarDate(2020, 2, 29) // true
 * isCalendarDate(2021, 2, 29) // false
 * ```
 */
export function isCalendarDate(year: number, month: number, day: number): boolean {
  if (month < 1 || month > 12 || day < 1) return false
  if (month === 2 && day === 29) return year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0)
  return day <= (DAYS_IN_MONTH[month - 1] ?? 0)
}

/**
 * Counts the days from 1970-01-01 to a calendar date (negative before it).
 *
 * @param year - any integer year
 * @param month - 1…12
 * @param day - 1…31 (not validated: check with {@link isCalendarDate} first)
 * @example
 * ```ts
 * epochDay(1970, 1, 2) // 1
 * epochDay(2000, 3, 1) // 11017
 * ```
 */
export function epochDay(year: number, month: number, day: number): number {
  const y = month <= 2 ? year - 1 : year
  const era = Math.floor(y / 400)
  const yearOfEra = y - era * 400
  const dayOfYear = Math.floor((153 * (month > 2 ? month - 3 : month + 9) + 2) / 5) + day - 1
  const dayOfEra = yearOfEra * 365 + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100) + dayOfYear
  return era * 146_097 + dayOfEra - 719_468
}

/**
 * Writes an instant as `YYYY-MM-DDTHH:MM:SSZ`, or returns null when its year is outside 0000…9999
 * (the format has four year digits).
 *
 * @param seconds - whole seconds since 1970-01-01T00:00:00Z
 * @example
 * ```ts
 * formatUtcSeconds(1_565_697_262) // '2019-08-13T11:54:22Z'
 * formatUtcSeconds(-62_167_219_201) // null (year -1)
 * ```
 */
export function formatUtcSeconds(seconds: number): string | null {
  if (seconds < FIRST_SECOND || seconds > LAST_SECOND) return null
  const day = Math.floor(seconds / 86_400)
  const secondOfDay = seconds - day * 86_400
  const date = civilDate(day)
  const hour = Math.floor(secondOfDay / 3600)
  const minute = Math.floor((secondOfDay - hour * 3600) / 60)
  return formatUtc(
    Math.floor(date / 10_000),
    Math.floor(date / 100) % 100,
    date % 100,
    hour,
    minute,
    secondOfDay - hour * 3600 - minute * 60,
  )
}

/**
 * The calendar date of a day number (days since 1970-01-01), packed as one integer
 * `year × 10000 + month × 100 + day`, so the bulk paths allocate nothing for it.
 *
 * @param day - days since 1970-01-01, from year 0 on
 * @example
 * ```ts
 * civilDate(0)     // 19700101
 * civilDate(11017) // 20000301
 * ```
 */
export function civilDate(day: number): number {
  const shifted = day + 719_468
  const era = Math.floor(shifted / 146_097)
  const dayOfEra = shifted - era * 146_097
  const yearOfEra = Math.floor(
    (dayOfEra -
      Math.floor(dayOfEra / 1460) +
      Math.floor(dayOfEra / 36_524) -
      Math.floor(dayOfEra / 146_096)) /
      365,
  )
  const dayOfYear = dayOfEra - (365 * yearOfEra + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100))
  const monthIndex = Math.floor((5 * dayOfYear + 2) / 153)
  const dayOfMonth = dayOfYear - Math.floor((153 * monthIndex + 2) / 5) + 1
  const month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
  const year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
  return year * 10_000 + month * 100 + dayOfMonth
}

/**
 * Writes validated UTC fields as `YYYY-MM-DDTHH:MM:SSZ`.
 *
 * One flat string from char codes: concatenating the parts built a rope of ~224 heap bytes a result
 * (120 for two slices of the input joined), against 40 for this, which matters when 10 M records keep
 * three dates each; it also took ~120 ns against ~380 (1,000,000 results, Node 20).
 *
 * @param year - 0…9999
 * @param month - 1…12
 * @param day - 1…31
 * @param hour - 0…23
 * @param minute - 0…59
 * @param second - 0…59
 * @example
 * ```ts
 * formatUtc(2019, 8, 13, 12, 54, 22) // '2019-08-13T12:54:22Z'
 * ```
 */
export function formatUtc(
  year: number,
  month: number,
  day: number,
  hour: number,
  minute: number,
  second: number,
): string {
  return String.fromCharCode(
    ZERO + Math.floor(year / 1000),
    ZERO + (Math.floor(year / 100) % 10),
    ZERO + (Math.floor(year / 10) % 10),
    ZERO + (year % 10),
    DASH,
    ZERO + Math.floor(month / 10),
    ZERO + (month % 10),
    DASH,
    ZERO + Math.floor(day / 10),
    ZERO + (day % 10),
    UPPER_T,
    ZERO + Math.floor(hour / 10),
    ZERO + (hour % 10),
    COLON,
    ZERO + Math.floor(minute / 10),
    ZERO + (minute % 10),
    COLON,
    ZERO + Math.floor(second / 10),
    ZERO + (second % 10),
    UPPER_Z,
  )
}
