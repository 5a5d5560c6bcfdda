/**
 * Day numbers (dns/day.ts): `dayText` is the exact inverse of `dayNumber` over every year it
 * accepts, and agrees with `Date#toISOString`, the reference it replaced.
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { dayNumber, dayText } from '../../src/indexes/dns/day.js'

const FIRST = dayNumber('0100-01-01')
const LAST = dayNumber('9999-12-31')

describe('dayText', () => {
  it('inverts dayNumber and matches toISOString from year 100 to 9999', () => {
    fc.assert(
      fc.property(fc.integer({ min: FIRST, max: LAST }), (day) => {
        const text = dayText(day)
        expect(text).toBe(new Date(day * 86_400_000).toISOString().slice(0, 10))
        expect(dayNumber(text)).toBe(day)
      }),
      { seed: 4242, numRuns: 5000 },
    )
  })

  it('handles the edges: the first and last days, leap days, the epoch', () => {
    expect(dayText(FIRST)).toBe('0100-01-01')
    expect(dayText(LAST)).toBe('9999-12-31')
    expect(dayText(dayNumber('2000-02-29'))).toBe('2000-02-29')
    expect(dayText(dayNumber('1900-03-01') - 1)).toBe('1900-02-28')
    expect(dayText(0)).toBe('1970-01-01')
    expect(dayText(-1)).toBe('1969-12-31')
  })
})
