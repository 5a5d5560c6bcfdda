/**
 * The live documents of a part (segments/live-docs.ts) against a plain filter of a set: random
 * sizes, deletions and id lists (seeded).
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { DeletedDocs } from '../../src/indexes/deleted-docs.js'
import { liveAmong, liveIds, liveInRange } from '../../src/segments/live-docs.js'

const part = fc.integer({ min: 0, max: 300 }).chain((size) =>
  fc.record({
    size: fc.constant(size),
    deleted: fc.uniqueArray(fc.integer({ min: 0, max: Math.max(0, size - 1) }), { maxLength: size }),
    ids: fc.uniqueArray(fc.integer({ min: 0, max: Math.max(0, size - 1) }), { maxLength: size }),
    lo: fc.integer({ min: 0, max: size }),
    hi: fc.integer({ min: 0, max: size }),
  }),
)

describe('live documents', () => {
  it('are the ids not deleted, in order, whichever way they are asked for', () => {
    fc.assert(
      fc.property(part, ({ size, deleted, ids, lo, hi }) => {
        const marks = size === 0 ? DeletedDocs.none : DeletedDocs.none.with(size, deleted)
        const gone = new Set(size === 0 ? [] : deleted)
        const sorted = Uint32Array.from(ids.sort((a, b) => a - b))
        const all = Array.from({ length: size }, (_, i) => i)
        expect([...liveAmong(marks, sorted)]).toEqual([...sorted].filter((id) => !gone.has(id)))
        expect([...liveInRange(marks, lo, hi)]).toEqual(
          all.filter((id) => id >= lo && id < hi && !gone.has(id)),
        )
        expect([...liveIds(size, marks)]).toEqual(all.filter((id) => !gone.has(id)))
      }),
      { seed: 24, numRuns: 300 },
    )
  })

  it('hand back the same array when nothing is deleted', () => {
    const ids = Uint32Array.of(1, 4, 9)
    expect(liveAmong(DeletedDocs.none, ids)).toBe(ids)
  })
})
