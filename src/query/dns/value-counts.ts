/**
 * The counting behind DNS summaries (SPEC 6): for the matching observations, how many hold each
 * value among the items of some fields, each observation counting a value once. Three ways, by
 * the shape of the match set, all giving the same counts:
 * - a contiguous ordinal range (no criteria but a date window, the usual "summarise everything"):
 *   per value, two binary searches in its item's posting list (none without a window: the list's
 *   length); no observation is visited;
 * - a dense set (over 1/16 of the observations): per value, its item's postings tested against a
 *   bitmap of the matches (n/8 bytes, cache-resident), counts written in value order (measured on
 *   600K MX observations, 20% matching: 9.9 ms, against 11.7 ms visiting the observations);
 * - a sparse set: per matching observation, its items, counters indexed by value.
 * Values shared by several items of the counted fields (rare: one text in two contexts) take a
 * union of those items' postings, so an observation holding both still counts once.
 */

import { U32List } from '../../indexes/dns-growable.js'
import type { DnsState } from '../../indexes/dns-state.js'
import { bitsOf } from './bitmap.js'
import { lowerBound } from './id-sets.js'

/** Values (string ids) with their counts, in parallel, and the sum of the counts. */
export interface ValueCounts {
  values: Uint32Array
  counts: Uint32Array
  total: number
}

// Observations with at most this many items deduplicate their values in a local buffer.
const SMALL = 64

/**
 * Counts the values of the given fields over the matching observations.
 *
 * @param state - the index state
 * @param ids - the matching ordinals, ascending
 * @param fields - 1 for the fields whose items count
 * @example
 * ```ts
 * countValues(state, Uint32Array.of(0, 1, 2), matchingFields(state, 'txt', 'dns-txt'))
 * // { values: [12, 40], counts: [3, 1], total: 4 }
 * ```
 */
export function countValues(state: DnsState, ids: Uint32Array, fields: Uint8Array): ValueCounts {
  if (ids.length === 0) return { values: new Uint32Array(0), counts: new Uint32Array(0), total: 0 }
  const first = ids[0] as number
  const last = ids[ids.length - 1] as number
  if (last - first + 1 === ids.length) return byItems(state, fields, first, last + 1, null)
  if (ids.length * 16 > state.days.length) {
    return byItems(state, fields, first, last + 1, bitsOf(ids, state.days.length))
  }
  return byObservations(state, ids, fields)
}

// Per value (in string-id order, so the item arrays are read nearly in sequence): the postings of
// its one counted item within [lo, hi) (and in `bits` when given), or the union of several.
function byItems(
  state: DnsState,
  fields: Uint8Array,
  lo: number,
  hi: number,
  bits: Uint32Array | null,
): ValueCounts {
  const values = new U32List()
  const counts = new U32List()
  let total = 0
  const start = state.itemPostStart
  const postings = state.itemPostings
  const everything = bits === null && lo === 0 && hi === state.days.length
  for (let v = 0; v < state.valueFirstItem.length; v++) {
    const it = state.valueFirstItem[v] as number
    if (it < 0) continue
    let count: number
    if (state.itemNextSameValue[it] === -1) {
      if (fields[state.itemField[it] as number] === 0) continue
      const begin = start[it] as number
      const end = start[it + 1] as number
      if (everything) count = end - begin
      else {
        const from = lowerBound(postings, lo, begin, end)
        const to = lowerBound(postings, hi, from, end)
        if (bits === null) count = to - from
        else {
          count = 0
          for (let j = from; j < to; j++) {
            const o = postings[j] as number
            count += ((bits[o >>> 5] as number) >>> (o & 31)) & 1
          }
        }
      }
    } else {
      count = sharedValueCount(state, fields, v, lo, hi, bits)
    }
    if (count === 0) continue
    values.push(v)
    counts.push(count)
    total += count
  }
  return { values: values.toArray(), counts: counts.toArray(), total }
}

// The count of a value carried by several items: the distinct matching ordinals over its
// counted items.
function sharedValueCount(
  state: DnsState,
  fields: Uint8Array,
  v: number,
  lo: number,
  hi: number,
  bits: Uint32Array | null,
): number {
  const matched: number[] = []
  for (let it = state.valueFirstItem[v] as number; it >= 0; it = state.itemNextSameValue[it] as number) {
    if (fields[state.itemField[it] as number] === 0) continue
    for (let j = state.itemPostStart[it] as number; j < (state.itemPostStart[it + 1] as number); j++) {
      const o = state.itemPostings[j] as number
      if (o >= lo && o < hi && (bits === null || (((bits[o >>> 5] as number) >>> (o & 31)) & 1) === 1))
        matched.push(o)
    }
  }
  return new Set(matched).size
}

// Per matching observation: its items, counters indexed by value id.
function byObservations(state: DnsState, ids: Uint32Array, fields: Uint8Array): ValueCounts {
  const counts = new Uint32Array(state.strings.length)
  const touched = new U32List()
  const start = state.obsItemStart
  const field = state.obsItemField
  const value = state.obsItemValue
  // An observation's own earlier values are compared in a small buffer (in cache); only
  // observations with more items than it use a per-value "last counted" array.
  const counted = new Uint32Array(SMALL)
  let lastSeen: Uint32Array | null = null
  let total = 0
  for (let i = 0; i < ids.length; i++) {
    const o = ids[i] as number
    const from = start[o] as number
    const to = start[o + 1] as number
    let k = 0
    for (let j = from; j < to; j++) {
      if (fields[field[j] as number] === 0) continue
      const v = value[j] as number
      if (to - from <= SMALL) {
        let seen = false
        for (let q = 0; q < k && !seen; q++) seen = counted[q] === v
        if (seen) continue
        counted[k++] = v
      } else {
        lastSeen ??= new Uint32Array(state.strings.length)
        if (lastSeen[v] === o + 1) continue
        lastSeen[v] = o + 1
      }
      if (counts[v] === 0) touched.push(v)
      counts[v] = (counts[v] as number) + 1
      total++
    }
  }
  const values = touched.toArray()
  return { values, counts: Uint32Array.from(values, (v) => counts[v] as number), total }
}
