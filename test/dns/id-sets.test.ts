import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { lowerBound, lowerBoundAt } from '../../src/indexes/gallop.js'
import { readBits } from '../../src/query/dns/bitmap.js'
import {
  andSets,
  bitSet,
  complementList,
  type DocSet,
  listSet,
  minusSets,
  orSets,
  toList,
} from '../../src/query/dns/doc-set.js'

// A bitmap with the bits of a list set: bit o is bit (o & 31) of word o >>> 5.
function bitsOf(list: Uint32Array, n: number): Uint32Array {
  const bits = new Uint32Array((n + 31) >>> 5)
  for (const o of list) bits[o >>> 5] = (bits[o >>> 5] as number) | (1 << (o & 31))
  return bits
}

import { difference, intersect, union } from '../../src/query/dns/id-sets.js'

const sorted = (max: number, maxLength: number) =>
  fc.uniqueArray(fc.nat(max), { maxLength }).map((a) => Uint32Array.from(a.sort((x, y) => x - y)))
// Pairs of very different lengths take the galloping paths, similar ones the merges.
const pair = fc.oneof(
  fc.tuple(sorted(200, 40), sorted(200, 40)),
  fc.tuple(sorted(5000, 4), sorted(5000, 2000)),
  fc.tuple(sorted(5000, 2000), sorted(5000, 4)),
)

describe('sorted id lists', () => {
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

  it('finds lower bounds from any start, within any end', () => {
    fc.assert(
      fc.property(sorted(300, 60), fc.nat(300), fc.nat(300), fc.nat(300), (a, x, p, q) => {
        const from = p % (a.length + 1)
        const to = from + (q % (a.length - from + 1))
        const unbounded = [...a].findIndex((v, i) => i >= from && v >= x)
        expect(lowerBound(a, x, from)).toBe(unbounded < 0 ? a.length : unbounded)
        const bounded = [...a].findIndex((v, i) => i >= from && i < to && v >= x)
        expect(lowerBound(a, x, from, to)).toBe(bounded < 0 ? to : bounded)
        expect(lowerBoundAt((i) => a[i] as number, x, from, to)).toBe(bounded < 0 ? to : bounded)
      }),
      { seed: 32, numRuns: 300 },
    )
  })
})

describe('doc sets', () => {
  const N = 300
  // The same ordinals as a list or as a bitmap.
  const docSet = fc
    .tuple(sorted(N - 1, 120), fc.boolean())
    .map(([list, asBits]): [number[], DocSet] => [
      [...list],
      asBits ? bitSet(bitsOf(list, N)) : listSet(list),
    ])
  const range = fc.tuple(fc.nat(N), fc.nat(N)).map(([x, y]): [number, number] => (x <= y ? [x, y] : [y, x]))

  it('AND, OR and AND-NOT agree with Set operations in every pairing of forms', () => {
    fc.assert(
      fc.property(docSet, docSet, range, ([a, sa], [b, sb], [lo, hi]) => {
        const inB = new Set(b)
        const within = (xs: number[]) => xs.filter((x) => x >= lo && x < hi).sort((x, y) => x - y)
        expect([...toList(andSets(sa, sb), lo, hi)]).toEqual(within(a.filter((x) => inB.has(x))))
        expect([...toList(orSets(sa, sb), lo, hi)]).toEqual(within([...new Set([...a, ...b])]))
        expect([...toList(minusSets(sa, sb), lo, hi)]).toEqual(within(a.filter((x) => !inB.has(x))))
        const all = Array.from({ length: hi - lo }, (_, i) => lo + i)
        expect([...complementList(sa, lo, hi)]).toEqual(all.filter((x) => !a.includes(x)))
      }),
      { seed: 34, numRuns: 400 },
    )
  })

  it('reads the set bits of a bitmap in order, within a range', () => {
    fc.assert(
      fc.property(sorted(1000, 100), range, (a, [lo, hi]) => {
        const bits = bitsOf(a, 1001)
        expect(readBits(bits)).toEqual(a)
        expect([...readBits(bits, lo, hi)]).toEqual([...a].filter((x) => x >= lo && x < hi))
      }),
      { seed: 33, numRuns: 300 },
    )
  })
})
