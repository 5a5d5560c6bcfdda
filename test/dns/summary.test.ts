import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { TopValues } from '../../src/collect/summary.js'
import { byteTableOf } from '../../src/indexes/byte-table.js'

describe('TopValues', () => {
  it('keeps the best values by count descending, then value ascending, like a full sort, with or without its floor', () => {
    const entries = fc.uniqueArray(fc.tuple(fc.string({ maxLength: 3 }), fc.integer({ min: 1, max: 6 })), {
      selector: ([v]) => v,
      maxLength: 300,
    })
    fc.assert(
      fc.property(entries, fc.integer({ min: 1, max: 320 }), (list, limit) => {
        const strings = byteTableOf(list.length, (i) => (list[i] as [string, number])[0])
        const top = new TopValues(strings, limit)
        const viaFloor = new TopValues(strings, limit)
        for (const [i, [, c]] of list.entries()) {
          top.add(i, c)
          // A count below the floor leaves its value out and only adds to the total.
          if (c >= viaFloor.floor) viaFloor.add(i, c)
          else viaFloor.addToTotal(c)
        }
        expect(viaFloor.best()).toEqual(top.best())
        expect(viaFloor.total).toBe(top.total)
        const ranked = list
          .map(([v, c], i) => ({ v, c, i }))
          .sort((a, b) => b.c - a.c || (a.v < b.v ? -1 : 1))
          .slice(0, limit)
        const best = top.best()
        expect([...best.values]).toEqual(ranked.map((e) => e.i))
        expect([...best.counts]).toEqual(ranked.map((e) => e.c))
        expect(top.total).toBe(list.reduce((s, [, c]) => s + c, 0))
      }),
      { seed: 51, numRuns: 300 },
    )
  })
})
