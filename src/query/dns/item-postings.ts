/**
 * From matched items to the observations holding them: the union of the items' posting lists.
 * One item is a view of its list (no copy). Several items whose lists are short next to the
 * corpus are concatenated and sorted; otherwise a bitmap over all ordinals is marked and read
 * back, which stays linear however many lists there are (a suffix term can match a million
 * per-domain MX hosts, each with a list of a few observations).
 */
import type { DnsState } from '../../indexes/dns-state.js'
import { EMPTY } from './id-sets.js'

/**
 * The sorted ordinals holding at least one of the items.
 *
 * @param state - the index state
 * @param items - item ids (any order, duplicates allowed)
 * @example
 * ```ts
 * observationsOfItems(state, [3, 8]) // Uint32Array of ordinals, ascending, each once
 * ```
 */
export function observationsOfItems(state: DnsState, items: readonly number[]): Uint32Array {
  const start = state.itemPostStart
  const postings = state.itemPostings
  if (items.length === 0) return EMPTY
  if (items.length === 1) {
    const it = items[0] as number
    return postings.subarray(start[it] as number, start[it + 1] as number)
  }
  let total = 0
  for (const it of items) total += (start[it + 1] as number) - (start[it] as number)
  const n = state.days.length
  // Sorting k ids costs ~k·log2 k steps; the bitmap n/32 words to clear and scan, plus k marks.
  // With k·log2 k < n/32 at k = n/256 for any n up to 2^24, sorting is kept below that.
  if (total * 256 < n) {
    const all = new Uint32Array(total)
    let k = 0
    for (const it of items) {
      for (let j = start[it] as number; j < (start[it + 1] as number); j++) all[k++] = postings[j] as number
    }
    all.sort()
    let w = 0
    for (let r = 0; r < all.length; r++) if (w === 0 || all[r] !== all[w - 1]) all[w++] = all[r] as number
    return all.subarray(0, w)
  }
  const bits = new Uint32Array((n + 31) >>> 5)
  for (const it of items) {
    for (let j = start[it] as number; j < (start[it + 1] as number); j++) {
      const o = postings[j] as number
      bits[o >>> 5] = (bits[o >>> 5] as number) | (1 << (o & 31))
    }
  }
  return readBits(bits)
}

/**
 * The set bits of a bitmap, ascending.
 *
 * @example
 * ```ts
 * readBits(Uint32Array.of(0b101)) // [0, 2]
 * ```
 */
export function readBits(bits: Uint32Array): Uint32Array {
  let count = 0
  for (let w = 0; w < bits.length; w++) count += popcount(bits[w] as number)
  const out = new Uint32Array(count)
  let k = 0
  for (let w = 0; w < bits.length; w++) {
    let word = bits[w] as number
    while (word !== 0) {
      const low = word & -word
      out[k++] = w * 32 + 31 - Math.clz32(low)
      word ^= low
    }
  }
  return out
}

function popcount(x: number): number {
  let v = x - ((x >>> 1) & 0x55555555)
  v = (v & 0x33333333) + ((v >>> 2) & 0x33333333)
  return (((v + (v >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24
}
