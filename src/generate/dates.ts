/**
 * Renders an instant in one registry date format (SPEC 3 lists them), the way that registry prints
 * it: zone offsets shift the wall-clock time, date-only formats drop the time, two-digit years and
 * unpadded days appear where registries write them.
 */
import type { Random } from './random.js'
import type { DateStyle } from './vocab-registry.js'

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec']
const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
]
const MONTHS_UPPER = MONTHS.map((m) => m.toUpperCase())
const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat']
const HOUR = 3_600_000

/**
 * Formats epoch milliseconds in a registry's style.
 *
 * @param ms - the instant, epoch milliseconds (UTC)
 * @param style - the registry format
 * @param random - decides the details a registry varies (fraction digits, summer or winter offset)
 * @example
 * ```ts
 * formatDate(Date.UTC(2019, 7, 13, 12, 54, 22), 'iso-offset', random) // '2019-08-13T05:54:22-0700'
 * formatDate(Date.UTC(2012, 4, 19), 'korean', random)               // '2012. 05. 19.'
 * ```
 */
export function formatDate(ms: number, style: DateStyle, random: Random): string {
  const d = new Date(ms + shiftHours(style, random) * HOUR)
  switch (style) {
    case 'iso-z':
      return `${ymd(d, '-')}T${hms(d)}Z`
    case 'iso-fraction':
      return `${ymd(d, '-')}T${hms(d)}.${random.chance(0.5) ? '0' : pad3(random.int(1000))}Z`
    case 'iso-offset':
      return `${ymd(d, '-')}T${hms(d)}-0${ms - d.getTime() === 7 * HOUR ? 7 : 8}00`
    case 'iso-colon':
      return `${ymd(d, '-')}T${hms(d)}+0${(d.getTime() - ms) / HOUR}:00`
    case 'space':
      return `${ymd(d, '-')} ${hms(d)}`
    case 'space-hours':
      return `${ymd(d, '-')} ${hms(d)}+03`
    case 'dmy-month':
      return `${pad2(d.getUTCDate())}-${MONTHS[d.getUTCMonth()]}-${d.getUTCFullYear()}`
    case 'dmy-month-upper-yy':
      return `${pad2(d.getUTCDate())}-${MONTHS_UPPER[d.getUTCMonth()]}-${pad2(d.getUTCFullYear() % 100)}`
    case 'dmy-month-utc':
      return `${pad2(d.getUTCDate())}-${MONTHS[d.getUTCMonth()]}-${d.getUTCFullYear()} ${hms(d)} UTC`
    case 'ymd-dots':
      return random.chance(0.5) ? ymd(d, '.') : `${ymd(d, '.')} ${hms(d)}`
    case 'compact':
      return ymd(d, '')
    case 'korean':
      return `${ymd(d, '. ')}.`
    case 'slash-jst':
      return random.chance(0.3) ? ymd(d, '/') : `${ymd(d, '/')} ${hms(d)} (JST)`
    case 'utc-plus':
      return `${ymd(d, '-')} ${hms(d)} (UTC+8)`
    case 'mdy':
      return `${pad2(d.getUTCMonth() + 1)}/${pad2(d.getUTCDate())}/${d.getUTCFullYear()}`
    case 'dmy-dots':
      return `${d.getUTCDate()}.${d.getUTCMonth() + 1}.${d.getUTCFullYear()} ${hms(d)}`
    case 'ctime': {
      const day = d.getUTCDate() < 10 ? ` ${d.getUTCDate()}` : String(d.getUTCDate())
      return `${WEEKDAYS[d.getUTCDay()]} ${MONTHS[d.getUTCMonth()]} ${day} ${hms(d)} GMT ${d.getUTCFullYear()}`
    }
    case 'ordinal':
      return `${ordinal(d.getUTCDate())} ${MONTH_NAMES[d.getUTCMonth()]}, ${d.getUTCFullYear()}`
  }
}

/** The zone offset in hours a style writes its wall-clock time in (random where registries vary). */
function shiftHours(style: DateStyle, random: Random): number {
  switch (style) {
    case 'iso-offset':
      return random.chance(0.5) ? -7 : -8
    case 'iso-colon':
      return random.chance(0.5) ? 1 : 2
    case 'space-hours':
      return 3
    case 'slash-jst':
      return 9
    case 'utc-plus':
      return 8
    default:
      return 0
  }
}

function ymd(d: Date, separator: string): string {
  return `${d.getUTCFullYear()}${separator}${pad2(d.getUTCMonth() + 1)}${separator}${pad2(d.getUTCDate())}`
}

function hms(d: Date): string {
  return `${pad2(d.getUTCHours())}:${pad2(d.getUTCMinutes())}:${pad2(d.getUTCSeconds())}`
}

function pad2(n: number): string {
  return n < 10 ? `0${n}` : String(n)
}

function pad3(n: number): string {
  return n < 10 ? `00${n}` : n < 100 ? `0${n}` : String(n)
}

function ordinal(day: number): string {
  const tens = day % 100
  if (tens >= 11 && tens <= 13) return `${day}th`
  const suffix = day % 10 === 1 ? 'st' : day % 10 === 2 ? 'nd' : day % 10 === 3 ? 'rd' : 'th'
  return `${day}${suffix}`
}
