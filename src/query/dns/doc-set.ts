/**
 * A set of observation ordinals in one of two forms: a sorted, duplicate-free list (sparse sets:
 * a host, a rare token) or a bitmap over all n ordinals (dense sets: the customers of a large
 * provider). Terms keep the form their postings produced, and AND, OR and AND-NOT pick the
 * cheapest operation for each pair of forms: list-list merges, list-bitmap probes (O(list)),
 * bitmap-bitmap word operations (n/32 words, ~47K for 1.5M observations), so an OR of two
 * dense terms never materialises a list of a million ordinals.
 */

import { lowerBound } from '../../indexes/gallop.js'
import { readBits } from './bitmap.js'
import { difference, intersect, union } from './id-sets.js'

/** Ordinals as a sorted list, or as a bitmap (bit o of word o >>> 5) over all observations. */
export type DocSet =
  | { readonly list: Uint32Array; readonly bits: null }
  | { readonly list: null; readonly bits: Uint32Array }

/**
 * A set from a sorted, duplicate-free list.
 *
 * @example
 * ```ts
 * listSet(Uint32Array.of(2, 5)).list // [2, 5]
 * ```
 */
export function listSet(list: Uint32Array): DocSet {
  return { list, bits: null }
}

/**
 * A set from a bitmap.
 *
 * @example
 * ```ts
 * bitSet(Uint32Array.of(0b101)).bits // [5]: ordinals 0 and 2
 * ```
 */
export function bitSet(bits: Uint32Array): DocSet {
  return { list: null, bits }
}

/**
 * Ordinals in both sets.
 *
 * @example
 * ```ts
 * andSets(listSet(Uint32Array.of(0, 2)), bitSet(Uint32Array.of(0b100))).list // [2]
 * ```
 */
export function andSets(a: DocSet, b: DocSet): DocSet {
  if (a.list !== null && b.list !== null) return listSet(intersect(a.list, b.list))
  if (a.list !== null) return listSet(filterByBits(a.list, b.bits as Uint32Array, 1))
  if (b.list !== null) return listSet(filterByBits(b.list, a.bits as Uint32Array, 1))
  const out = new Uint32Array(a.bits.length)
  for (let w = 0; w < out.length; w++) out[w] = (a.bits[w] as number) & (b.bits[w] as number)
  return bitSet(out)
}

/**
 * Ordinals in either set.
 *
 * @example
 * ```ts
 * orSets(listSet(Uint32Array.of(1)), listSet(Uint32Array.of(3))).list // [1, 3]
 * ```
 */
export function orSets(a: DocSet, b: DocSet): DocSet {
  if (a.list !== null && b.list !== null) return listSet(union(a.list, b.list))
  if (a.list !== null) return bitSet(withBits(b.bits as Uint32Array, a.list, true))
  if (b.list !== null) return bitSet(withBits(a.bits, b.list, true))
  const out = new Uint32Array(a.bits.length)
  for (let w = 0; w < out.length; w++) out[w] = (a.bits[w] as number) | (b.bits[w] as number)
  return bitSet(out)
}

/**
 * Ordinals in any of the sets, in one pass whatever their number: lists short next to the corpus
 * are concatenated and sorted, otherwise one bitmap is marked (the choice item-postings.ts makes).
 *
 * @param sets - the sets
 * @param n - the number of observations (the bitmaps' size in bits, rounded up to words)
 * @example
 * ```ts
 * unionAll([listSet(Uint32Array.of(3)), listSet(Uint32Array.of(1, 3))], 1000).list // [1, 3]
 * ```
 */
export function unionAll(sets: readonly DocSet[], n: number): DocSet {
  if (sets.length === 1) return sets[0] as DocSet
  let total = 0
  let dense = false
  for (const s of sets) {
    if (s.list === null) dense = true
    else total += s.list.length
  }
  if (!dense && total * 256 < n) {
    const all = new Uint32Array(total)
    let k = 0
    for (const s of sets) {
      all.set(s.list as Uint32Array, k)
      k += (s.list as Uint32Array).length
    }
    all.sort()
    let w = 0
    for (let r = 0; r < all.length; r++) if (w === 0 || all[r] !== all[w - 1]) all[w++] = all[r] as number
    return listSet(all.subarray(0, w))
  }
  const bits = new Uint32Array((n + 31) >>> 5)
  for (const s of sets) {
    if (s.list === null) {
      for (let w = 0; w < bits.length; w++) bits[w] = (bits[w] as number) | (s.bits[w] as number)
    } else {
      for (let i = 0; i < s.list.length; i++) {
        const o = s.list[i] as number
        bits[o >>> 5] = (bits[o >>> 5] as number) | (1 << (o & 31))
      }
    }
  }
  return bitSet(bits)
}

/**
 * Ordinals of `a` not in `b`.
 *
 * @example
 * ```ts
 * minusSets(listSet(Uint32Array.of(0, 2)), bitSet(Uint32Array.of(0b100))).list // [0]
 * ```
 */
export function minusSets(a: DocSet, b: DocSet): DocSet {
  if (a.list !== null && b.list !== null) return listSet(difference(a.list, b.list))
  if (a.list !== null) return listSet(filterByBits(a.list, b.bits as Uint32Array, 0))
  if (b.list !== null) return bitSet(withBits(a.bits, b.list, false))
  const out = new Uint32Array(a.bits.length)
  for (let w = 0; w < out.length; w++) out[w] = (a.bits[w] as number) & ~(b.bits[w] as number)
  return bitSet(out)
}

/**
 * The set's ordinals within [lo, hi), ascending.
 *
 * @example
 * ```ts
 * toList(bitSet(Uint32Array.of(0b1011)), 1, 4) // [1, 3]
 * ```
 */
export function toList(s: DocSet, lo: number, hi: number): Uint32Array {
  if (s.list === null) return readBits(s.bits, lo, hi)
  const from = lowerBound(s.list, lo, 0)
  return s.list.subarray(from, lowerBound(s.list, hi, from))
}

/**
 * The ordinals of [lo, hi) not in the set, ascending.
 *
 * @example
 * ```ts
 * complementList(listSet(Uint32Array.of(2, 3)), 1, 5) // [1, 4]
 * ```
 */
export function complementList(s: DocSet, lo: number, hi: number): Uint32Array {
  const inside = toList(s, lo, hi)
  const out = new Uint32Array(hi - lo - inside.length)
  let k = 0
  let j = 0
  for (let x = lo; x < hi; x++) {
    if (j < inside.length && inside[j] === x) j++
    else out[k++] = x
  }
  return out
}

/**
 * A rough size for ordering AND operands: a list's length, or the bitmap's capacity.
 *
 * @example
 * ```ts
 * sizeHint(listSet(Uint32Array.of(1, 2))) // 2
 * ```
 */
export function sizeHint(s: DocSet): number {
  return s.list === null ? s.bits.length * 32 : s.list.length
}

// The entries of `list` whose bit in `bits` equals `bit`.
function filterByBits(list: Uint32Array, bits: Uint32Array, bit: number): Uint32Array {
  const out = new Uint32Array(list.length)
  let k = 0
  for (let i = 0; i < list.length; i++) {
    const o = list[i] as number
    if ((((bits[o >>> 5] as number) >>> (o & 31)) & 1) === bit) out[k++] = o
  }
  return out.subarray(0, k)
}

// A copy of `bits` with the bits of `list` set (or cleared).
function withBits(bits: Uint32Array, list: Uint32Array, set: boolean): Uint32Array {
  const out = bits.slice()
  for (let i = 0; i < list.length; i++) {
    const o = list[i] as number
    const w = o >>> 5
    out[w] = set ? (out[w] as number) | (1 << (o & 31)) : (out[w] as number) & ~(1 << (o & 31))
  }
  return out
}
