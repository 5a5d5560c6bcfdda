/**
 * The k-way merge of ordered lists (collect/merge-order.ts) against sorting the union: every
 * slice [start, end), deep starts included (they take the selection path), on random lists.
 */
import fc from 'fast-check'
import { expect, it } from 'vitest'
import { mergeRanks } from '../../src/collect/merge-order.js'

it('gives the union in order for any slice', () => {
  fc.assert(
    fc.property(
      fc.array(fc.uniqueArray(fc.integer({ min: 0, max: 500 }), { maxLength: 80 }), {
        minLength: 1,
        maxLength: 6,
      }),
      fc.nat(400),
      fc.nat(150),
      (raw, start, length) => {
        // Entries are distinct across lists: list l holds values v * 8 + l.
        const lists = raw.map((values, l) =>
          Uint32Array.from(values.sort((a, b) => a - b).map((v) => v * 8 + l)),
        )
        const union = lists.flatMap((a) => Array.from(a)).sort((a, b) => a - b)
        const merged = mergeRanks(
          lists.map((a) => ({ length: a.length, at: (r: number) => a[r] as number })),
          (_la, a, _lb, b) => a < b,
          start,
          start + length,
        )
        const want = union.slice(start, start + length)
        expect(Array.from(merged.items)).toEqual(want)
        expect(Array.from(merged.lists)).toEqual(want.map((v) => v % 8))
      },
    ),
    { seed: 12, numRuns: 500 },
  )
})
