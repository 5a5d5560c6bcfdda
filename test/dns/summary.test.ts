import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { topValues } from '../../src/collect/summary.js'

describe('topValues', () => {
  it('keeps the best values by count descending, then value ascending, like a full sort', () => {
    const entries = fc.uniqueArray(fc.tuple(fc.string({ maxLength: 3 }), fc.integer({ min: 1, max: 6 })), {
      selector: ([v]) => v,
      maxLength: 300,
    })
    fc.assert(
      fc.property(entries, fc.integer({ min: 1, max: 320 }), (list, limit) => {
        const strings = list.map(([v]) => v)
        const counts = Uint32Array.from(list, ([, c]) => c)
        const values = Uint32Array.from(list, (_, i) => i)
        const expected = list
          .map(([v, c], i) => ({ v, c, i }))
          .sort((a, b) => b.c - a.c || (a.v < b.v ? -1 : 1))
          .slice(0, limit)
          .map((e) => e.i)
        expect([...topValues(strings, values, counts, limit)]).toEqual(expected)
      }),
      { seed: 51, numRuns: 300 },
    )
  })
})
