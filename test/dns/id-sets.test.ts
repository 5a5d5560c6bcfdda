import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  complementInRange,
  difference,
  intersect,
  lowerBound,
  restrictRange,
  union,
} from '../../src/query/dns/id-sets.js'
import { readBits } from '../../src/query/dns/item-postings.js'

const sorted = (max: number, maxLength: number) =>
  fc.uniqueArray(fc.nat(max), { maxLength }).map((a) => Uint32Array.from(a.sort((x, y) => x - y)))
// Pairs of very different lengths take the galloping paths, similar ones the merges.
const pair = fc.oneof(
  fc.tuple(sorted(200, 40), sorted(200, 40)),
  fc.tuple(sorted(5000, 4), sorted(5000, 2000)),
  fc.tuple(sorted(5000, 2000), sorted(5000, 4)),
)

describe('id sets', () => {
  it('intersect, union and difference agree with Set operations', () => {
    fc.assert(
      fc.property(pair, ([a, b]) => {
        const sa = new Set(a)
        const sb = new Set(b)
        expect([...intersect(a, b)]).toEqual([...a].filter((x) => sb.has(x)))
        expect([...union(a, b)]).toEqual([...new Set([...a, ...b])].sort((x, y) => x - y))
        expect([...difference(a, b)]).toEqual([...a].filter((x) => !sb.has(x)))
        expect([...difference(b, a)]).toEqual([...b].filter((x) => !sa.has(x)))
      }),
      { seed: 31, numRuns: 300 },
    )
  })

  it('restricts to a range, complements within it, and finds lower bounds from any start', () => {
    fc.assert(
      fc.property(sorted(300, 60), fc.nat(300), fc.nat(300), (a, x, y) => {
        const [lo, hi] = x <= y ? [x, y] : [y, x]
        const inside = [...a].filter((v) => v >= lo && v < hi)
        expect([...restrictRange(a, lo, hi)]).toEqual(inside)
        const all = Array.from({ length: hi - lo }, (_, i) => lo + i)
        expect([...complementInRange(a, lo, hi)]).toEqual(all.filter((v) => !inside.includes(v)))
        const from = Math.min(a.length, lo % (a.length + 1))
        const expected = [...a].findIndex((v, i) => i >= from && v >= x)
        expect(lowerBound(a, x, from)).toBe(expected < 0 ? a.length : expected)
      }),
      { seed: 32, numRuns: 300 },
    )
  })

  it('reads the set bits of a bitmap in order', () => {
    fc.assert(
      fc.property(sorted(1000, 100), (a) => {
        const bits = new Uint32Array(32)
        for (const x of a) bits[x >>> 5] = (bits[x >>> 5] as number) | (1 << (x & 31))
        expect(readBits(bits)).toEqual(a)
      }),
      { seed: 33, numRuns: 200 },
    )
  })
})
