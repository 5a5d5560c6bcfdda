/**
 * The format families of calendar dates (the part of a registry date without time and zone), read
 * by luxon. A date's shape picks its family in one map lookup, so luxon runs one parser per string
 * (two for an ambiguous numeric date) instead of trying a list of formats.
 *
 * Shape: each run of digits becomes `n` (1–2 digits), `y` (4) or `8` (8, `YYYYMMDD`); each run of
 * letters becomes `a` (3 letters: `Aug`) or `A` (4 or more: `August`); `-`, `/`, `.` and space stay.
 * So `13-aug-2019` is `n-a-y` and `2 April 2001` is `n A y`.
 *
 * Decisions:
 * - Dotted numeric dates are D.M.Y. Slashed or dashed `NN/NN/YYYY` is D/M/Y unless the TLD writes
 *   month first; when the preferred order is impossible (`03/27/2013` day first) the other is used.
 * - Two-digit years (`29-APR-05`, `16/09/03`) pivot as POSIX `strptime %y` does: 69–99 are
 *   1969–1999, 00–68 are 2000–2068. It is fixed (not relative to today) so that results are
 *   reproducible, and no domain was registered before 1985. luxon's own pivot is a mutable global
 *   setting, so the year is expanded before luxon sees it.
 * - Other shapes (`Aug-1996`, `2019`, `13/Aug/2019`) are not dates.
 */
import { DateTime, FixedOffsetZone } from 'luxon'
import { BoundedCache } from './date-cache.js'
import { epochDay } from './date-calendar.js'

type FormatParser = ReturnType<typeof DateTime.buildFormatParser>

/** One family: the luxon parser of its usual order, and of the other order for ambiguous ones. */
interface Family {
  readonly usual: FormatParser
  readonly monthFirst: FormatParser | undefined
}

const LOCALE = 'en-US'
const PARSE_OPTIONS = { zone: FixedOffsetZone.utcInstance, locale: LOCALE }

function family(usual: string, monthFirst?: string): Family {
  return {
    usual: DateTime.buildFormatParser(usual, { locale: LOCALE }),
    monthFirst:
      monthFirst === undefined ? undefined : DateTime.buildFormatParser(monthFirst, { locale: LOCALE }),
  }
}

/** Shape → family. luxon's `d` and `M` read one or two digits, so `4.7.2014` and `04.07.2014` share one. */
const FAMILIES: ReadonlyMap<string, Family> = new Map([
  ['y-n-n', family('yyyy-M-d')],
  ['y/n/n', family('yyyy/M/d')],
  ['y.n.n', family('yyyy.M.d')],
  ['8', family('yyyyMMdd')],
  ['y-a-n', family('yyyy-MMM-d')],
  ['n.n.y', family('d.M.yyyy')],
  ['n/n/y', family('d/M/yyyy', 'M/d/yyyy')],
  ['n-n-y', family('d-M-yyyy', 'M-d-yyyy')],
  ['n-a-y', family('d-MMM-yyyy')],
  ['n-A-y', family('d-MMMM-yyyy')],
  ['n a y', family('d MMM yyyy')],
  ['n A y', family('d MMMM yyyy')],
  ['a n y', family('MMM d yyyy')],
  ['A n y', family('MMMM d yyyy')],
])

/** Shapes whose last number is a two-digit year, expanded to four digits before lookup. */
const TWO_DIGIT_YEAR_SHAPES: ReadonlySet<string> = new Set(['n-a-n', 'n/n/n'])

/** The first two-digit year read as 1900s (POSIX `%y`). */
const PIVOT = 69

/**
 * Date text → day, memoised per numeric order: the calendar date repeats far more than the whole
 * string (every `12-Feb-2006 hh:mm:ss UTC` shares `12-Feb-2006`), and luxon is ~4 µs of the general
 * parser's ~5 µs. 2^15 entries cover 89 years of one format and hold about 2 MB (11-character dates).
 */
const DAY_FIRST_DAYS = new BoundedCache<number>(32_768)
const MONTH_FIRST_DAYS = new BoundedCache<number>(32_768)

/** The shape of a cleaned date text, or null when it holds a character or run no family uses. */
function shapeOf(text: string): string | null {
  let shape = ''
  let at = 0
  while (at < text.length) {
    const code = text.charCodeAt(at)
    const start = at
    if (code >= 48 && code <= 57) {
      while (at < text.length && text.charCodeAt(at) >= 48 && text.charCodeAt(at) <= 57) at++
      const digits = at - start
      if (digits <= 2) shape += 'n'
      else if (digits === 4) shape += 'y'
      else if (digits === 8) shape += '8'
      else return null
    } else if ((code | 32) >= 97 && (code | 32) <= 122) {
      while (at < text.length && (text.charCodeAt(at) | 32) >= 97 && (text.charCodeAt(at) | 32) <= 122) at++
      const letters = at - start
      if (letters === 3) shape += 'a'
      else if (letters > 3) shape += 'A'
      else return null
    } else if (code === 45 || code === 47 || code === 46 || code === 32) {
      shape += text[at]
      at++
    } else {
      return null
    }
  }
  return shape
}

/** Days since 1970-01-01 of a luxon result, or NaN when luxon found it invalid. */
function toEpochDay(parser: FormatParser, text: string): number {
  const parsed = DateTime.fromFormatParser(text, parser, PARSE_OPTIONS)
  return parsed.isValid ? epochDay(parsed.year, parsed.month, parsed.day) : Number.NaN
}

/**
 * Reads a calendar date written without time or zone.
 *
 * @param text - the date with whitespace collapsed and ordinals, weekdays and commas removed
 * @param monthFirst - whether the record's TLD writes `NN/NN/YYYY` month first
 * @returns days since 1970-01-01, or NaN when the text is not a date
 * @example
 * ```ts
 * parseCalendarDate('29-APR-05', false)  // 12902 (2005-04-29)
 * parseCalendarDate('03/02/2012', true)  // 15406 (2012-03-02)
 * parseCalendarDate('30.02.2021', false) // NaN
 * ```
 */
export function parseCalendarDate(text: string, monthFirst: boolean): number {
  const memo = monthFirst ? MONTH_FIRST_DAYS : DAY_FIRST_DAYS
  const cached = memo.get(text)
  if (cached !== undefined) return cached
  const day = readCalendarDate(text, monthFirst)
  memo.set(text, day)
  return day
}

function readCalendarDate(text: string, monthFirst: boolean): number {
  let shape = shapeOf(text)
  if (shape === null) return Number.NaN
  let date = text
  if (TWO_DIGIT_YEAR_SHAPES.has(shape)) {
    const tens = date.charCodeAt(date.length - 2)
    if (tens < 48 || tens > 57) return Number.NaN // a one-digit year
    const twoDigit = Number(date.slice(-2))
    date = date.slice(0, -2) + String(twoDigit < PIVOT ? 2000 + twoDigit : 1900 + twoDigit)
    shape = `${shape.slice(0, -1)}y`
  }
  const found = FAMILIES.get(shape)
  if (found === undefined) return Number.NaN
  if (found.monthFirst === undefined) return toEpochDay(found.usual, date)
  const preferred = monthFirst ? found.monthFirst : found.usual
  const other = monthFirst ? found.usual : found.monthFirst
  const day = toEpochDay(preferred, date)
  return Number.isNaN(day) ? toEpochDay(other, date) : day
}
