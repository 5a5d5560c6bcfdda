import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { epochDay, formatUtcSeconds, isCalendarDate } from '../../src/normalize/date-calendar.js'

const RUNS = { seed: 19_700_101, numRuns: 5000 }

/** `Date`'s own reading of a UTC calendar date, with years 0…99 taken literally. */
function dateOf(year: number, month: number, day: number): Date {
  const date = new Date(0)
  date.setUTCFullYear(year, month - 1, day)
  return date
}

describe('calendar arithmetic against Date', () => {
  it('epochDay counts the same days as Date for years 0…9999', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 9999 }),
        fc.integer({ min: 1, max: 12 }),
        fc.integer({ min: 1, max: 28 }),
        (year, month, day) => {
          expect(epochDay(year, month, day)).toBe(dateOf(year, month, day).getTime() / 86_400_000)
        },
      ),
      RUNS,
    )
  })

  it('isCalendarDate accepts exactly the dates Date does not roll over', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 9999 }),
        fc.integer({ min: 0, max: 13 }),
        fc.integer({ min: 0, max: 32 }),
        (year, month, day) => {
          const date = dateOf(year, month, day)
          const real =
            month >= 1 &&
            month <= 12 &&
            date.getUTCFullYear() === year &&
            date.getUTCMonth() === month - 1 &&
            date.getUTCDate() === day
          expect(isCalendarDate(year, month, day)).toBe(real)
        },
      ),
      RUNS,
    )
  })

  it('formatUtcSeconds writes what toISOString writes, without milliseconds', () => {
    fc.assert(
      fc.property(fc.integer({ min: -62_167_219_200, max: 253_402_300_799 }), (seconds) => {
        expect(formatUtcSeconds(seconds)).toBe(`${new Date(seconds * 1000).toISOString().slice(0, 19)}Z`)
      }),
      RUNS,
    )
  })

  it('formatUtcSeconds refuses instants outside years 0000…9999', () => {
    expect(formatUtcSeconds(-62_167_219_200)).toBe('0000-01-01T00:00:00Z')
    expect(formatUtcSeconds(-62_167_219_201)).toBeNull()
    expect(formatUtcSeconds(253_402_300_799)).toBe('9999-12-31T23:59:59Z')
    expect(formatUtcSeconds(253_402_300_800)).toBeNull()
  })
})
