/**
 * The general parser of the date normaliser, for every registry date the ISO fast path does not
 * read. It splits a string into a calendar date, a time and a zone:
 *
 * 1. Collapse whitespace; drop a leading weekday (`Mon`, `Friday,`), which is ignored, and the
 *    trailers `(YYYY-MM-DD)` (`.tw`) and `#NNNNN` (`.br` serial numbers).
 * 2. The first `H:MM[:SS[.fraction]]` is the time (fractions truncated); no time means midnight.
 * 3. Right after the time, at most one zone: an abbreviation (`UTC`, `JST`, `(EEST)`), a UTC
 *    offset (`+03`, `-0500`, `+02:00`, `(+0900)`) or both for UTC (`(UTC+8)`, `GMT+0:00`), then
 *    optionally an RFC 9557 annotation (`Z[UTC]`, informative only: the offset decides). A year
 *    may follow (`Mon Apr 26 07:50:40 GMT 2010`). Anything else after the time is not a date.
 * 4. The rest, without ordinals (`2nd`), commas and trailing dots, is the calendar date, read by
 *    luxon (`date-formats.ts`).
 *
 * About 1 µs a string whose calendar date was seen before (`date-formats.ts` memoises it), ~5 µs
 * when luxon must read the date; `normalizeDate` also memoises whole strings.
 */
import { formatUtcSeconds } from './date-calendar.js'
import { parseCalendarDate } from './date-formats.js'
import { isUtcName, zoneOffsetMinutes } from './date-zones.js'

/**
 * The longest string the general parser reads: longer ones are not dates (the longest in the
 * corpus has 35 characters). Bounds the regex work and the memory a memo key can hold.
 *
 * @example
 * ```ts
 * parseGeneralDate(`13-aug-2019${' '.repeat(MAX_DATE_LENGTH)}`, false) // null
 * ```
 */
export const MAX_DATE_LENGTH = 80

const WHITESPACE = /\s+/g
const LEADING_WEEKDAY =
  /^(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday|mon|tues|tue|wed|thurs|thur|thu|fri|sat|sun)\.?,? /i
const TRAILER = /(?: \(yyyy-mm-dd\)| #\d+)$/i
const TIME = /(?<!\d)(\d{1,2}):(\d{2})(?::(\d{2})(?:[.,]\d+)?)?/
/** What joins a date to its time: `T`, `-T` (`2001-06-14-T10:32:43Z`), spaces, commas. */
const DATE_TIME_JOINT = /(?:(?<=\d)-?t|[ ,]+)$/i
/** Groups: 1 `(`, 2 abbreviation, 3 sign, 4 offset digits, 5 offset minutes after a colon, 6 `)`. */
const ZONE = /^ ?(\()?([a-z]+)? ?(?:([+-])(\d{1,4})(?::(\d{2}))?)?(\))?/i
const ANNOTATION = /^\[!?[a-z][\w/+-]*\]/i
const YEAR = /^\d{4}$/
const ORDINAL = /(\d)(?:st|nd|rd|th)\b/gi
const COMMAS = / ?, ?/g
const DOT_SPACE = /\. /g
const TRAILING_DOT = /\.$/

const MAX_OFFSET_MINUTES = 18 * 60

/**
 * The offset in minutes of a zone matched by {@link ZONE}, 0 when it matched nothing, or NaN when it
 * is not a valid zone.
 */
function offsetOf(zone: RegExpExecArray): number {
  const [, open, name, sign, digits, minutesAfterColon, close] = zone
  if ((open === undefined) !== (close === undefined)) return Number.NaN
  if (digits === undefined) return name === undefined ? 0 : (zoneOffsetMinutes(name) ?? Number.NaN)
  if (name !== undefined && !isUtcName(name)) return Number.NaN
  let hours: number
  let minutes = 0
  if (minutesAfterColon !== undefined || digits.length <= 2) {
    if (digits.length > 2) return Number.NaN
    hours = Number(digits)
    minutes = minutesAfterColon === undefined ? 0 : Number(minutesAfterColon)
  } else if (digits.length === 4) {
    hours = Number(digits.slice(0, 2))
    minutes = Number(digits.slice(2))
  } else {
    return Number.NaN
  }
  const total = hours * 60 + minutes
  if (minutes > 59 || total > MAX_OFFSET_MINUTES) return Number.NaN
  return sign === '-' ? -total : total
}

/**
 * Reads any supported registry date as a UTC instant.
 *
 * @param raw - the registry string
 * @param monthFirst - whether the record's TLD writes `NN/NN/YYYY` month first
 * @returns `YYYY-MM-DDTHH:MM:SSZ`, or null when the string is not a date
 * @example
 * ```ts
 * parseGeneralDate('2010/10/18 11:30:47 (JST)', false)    // '2010-10-18T02:30:47Z'
 * parseGeneralDate('Mon Apr 26 07:50:40 GMT 2010', false) // '2010-04-26T07:50:40Z'
 * parseGeneralDate('before Aug-1996', false)              // null
 * ```
 */
export function parseGeneralDate(raw: string, monthFirst: boolean): string | null {
  if (raw.length > MAX_DATE_LENGTH) return null
  const text = raw.trim().replace(WHITESPACE, ' ').replace(LEADING_WEEKDAY, '').replace(TRAILER, '')

  let date = text
  let secondOfDay = 0
  let offsetMinutes = 0
  const time = TIME.exec(text)
  if (time !== null) {
    const hour = Number(time[1])
    const minute = Number(time[2])
    const second = time[3] === undefined ? 0 : Number(time[3])
    if (hour > 23 || minute > 59 || second > 59) return null
    secondOfDay = hour * 3600 + minute * 60 + second

    let after = text.slice(time.index + time[0].length)
    const zone = ZONE.exec(after)
    if (zone !== null) {
      offsetMinutes = offsetOf(zone)
      if (Number.isNaN(offsetMinutes)) return null
      after = after.slice(zone[0].length)
      const annotation = ANNOTATION.exec(after)
      if (annotation !== null && (zone[2] !== undefined || zone[3] !== undefined)) {
        after = after.slice(annotation[0].length)
      }
    }
    after = after.trim()
    date = text.slice(0, time.index).replace(DATE_TIME_JOINT, '')
    if (after.length > 0) {
      if (!YEAR.test(after)) return null
      date = `${date} ${after}`
    }
  }

  date = date
    .replace(ORDINAL, '$1')
    .replace(COMMAS, ' ')
    .replace(DOT_SPACE, '.')
    .replace(TRAILING_DOT, '')
    .trim()
  const day = parseCalendarDate(date, monthFirst)
  if (Number.isNaN(day)) return null
  return formatUtcSeconds(day * 86_400 + secondOfDay - offsetMinutes * 60)
}
