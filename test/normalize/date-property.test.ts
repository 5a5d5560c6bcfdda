import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { normalizeDate } from '../../src/normalize/date.js'
import { parseGeneralDate } from '../../src/normalize/date-general.js'
import { parseIsoDate } from '../../src/normalize/date-iso.js'

const RUNS = { seed: 20_190_813, numRuns: 2000 }

/** Instants from 1800 to 2299, far wider than any registry date. */
const instant = fc.date({
  min: new Date('1800-01-01T00:00:00Z'),
  max: new Date('2299-12-31T23:59:59.999Z'),
  noInvalidDate: true,
})
/** Offsets a timestamp may be written in, −12:00 … +14:00, in minutes (quarter hours, as real zones). */
const offset = fc.integer({ min: -48, max: 56 }).map((quarters) => quarters * 15)
const separator = fc.constantFrom('T', ' ')
const fraction = fc.constantFrom('none', 'ms', 'us')
/** `HH` alone is written only for whole hours; other offsets fall back to `HH:MM`. */
const offsetStyle = fc.constantFrom('HH:MM', 'HHMM', 'HH')

/** The instant truncated to its second, in the normaliser's output format. */
function truncated(date: Date): string {
  return `${new Date(Math.floor(date.getTime() / 1000) * 1000).toISOString().slice(0, 19)}Z`
}

/** The instant written as its local time at `minutes` east of UTC, with that offset appended. */
function withOffset(date: Date, minutes: number, sep: string, frac: string, style: string): string {
  const local = new Date(date.getTime() + minutes * 60_000).toISOString()
  const seconds = `${local.slice(0, 10)}${sep}${local.slice(11, 19)}`
  const digits = frac === 'none' ? '' : frac === 'ms' ? local.slice(19, 23) : `${local.slice(19, 23)}456`
  const sign = minutes < 0 ? '-' : '+'
  const hh = String(Math.floor(Math.abs(minutes) / 60)).padStart(2, '0')
  const mm = String(Math.abs(minutes) % 60).padStart(2, '0')
  if (style === 'HH' && mm === '00') return `${seconds}${digits}${sign}${hh}`
  return `${seconds}${digits}${sign}${hh}${style === 'HHMM' ? '' : ':'}${mm}`
}

describe('normalizeDate on ISO renderings of any instant', () => {
  it('reads toISOString() (milliseconds, Z) as the instant truncated to the second', () => {
    fc.assert(
      fc.property(instant, (date) => {
        expect(normalizeDate(date.toISOString())).toBe(truncated(date))
        expect(normalizeDate(`${date.toISOString().slice(0, 19)}Z`)).toBe(truncated(date))
      }),
      RUNS,
    )
  })

  it('reads any rendered ±HH:MM, ±HHMM or ±HH offset, separator and fraction as the same instant', () => {
    fc.assert(
      fc.property(instant, offset, separator, fraction, offsetStyle, (date, minutes, sep, frac, style) => {
        expect(normalizeDate(withOffset(date, minutes, sep, frac, style))).toBe(truncated(date))
      }),
      RUNS,
    )
  })

  it('gives the same answer on the fast path and on the general (luxon) path', () => {
    fc.assert(
      fc.property(instant, offset, separator, fraction, offsetStyle, (date, minutes, sep, frac, style) => {
        const text = withOffset(date, minutes, sep, frac, style)
        const fast = parseIsoDate(text)
        expect(fast).toBe(truncated(date))
        expect(parseGeneralDate(text, false)).toBe(fast)
      }),
      RUNS,
    )
  })
})
