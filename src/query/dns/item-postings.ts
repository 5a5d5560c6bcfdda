/**
 * From matched items to the observations holding them: the union of the items' posting lists.
 * One item is a view of its list (no copy). Several items whose lists are short next to the
 * corpus are concatenated and sorted; otherwise a bitmap over all ordinals is marked and kept as
 * the set's form, which stays linear however many lists there are (a suffix term can match a
 * million per-domain MX hosts, each with a list of a few observations).
 */
import type { DnsState } from '../../indexes/dns/state.js'
import { bitSet, type DocSet, listSet } from './doc-set.js'
import { EMPTY } from './id-sets.js'

/**
 * The ordinals holding at least one of the items: a list, or a bitmap when the lists are many.
 *
 * @param state - the index state
 * @param items - item ids (any order, duplicates allowed)
 * @example
 * ```ts
 * observationsOfItems(state, [3, 8]) // { list: Uint32Array [4, 9, 17], bits: null }
 * ```
 */
export function observationsOfItems(state: DnsState, items: ArrayLike<number>): DocSet {
  const start = state.itemPostStart
  const postings = state.itemPostings
  if (items.length === 0) return listSet(EMPTY)
  if (items.length === 1) {
    const it = items[0] as number
    return listSet(postings.range(start[it] as number, start[it + 1] as number) as Uint32Array)
  }
  let total = 0
  for (let i = 0; i < items.length; i++) {
    const it = items[i] as number
    total += (start[it + 1] as number) - (start[it] as number)
  }
  const n = state.days.length
  // Sorting k ids costs ~k·log2 k steps; the bitmap n/32 words to clear and scan, plus k marks.
  // With k·log2 k < n/32 at k = n/256 for any n up to 2^24, sorting is kept below that.
  if (total * 256 < n) {
    const all = new Uint32Array(total)
    let k = 0
    for (let i = 0; i < items.length; i++) {
      const it = items[i] as number
      for (let j = start[it] as number; j < (start[it + 1] as number); j++) all[k++] = postings.at(j)
    }
    all.sort()
    let w = 0
    for (let r = 0; r < all.length; r++) if (w === 0 || all[r] !== all[w - 1]) all[w++] = all[r] as number
    return listSet(all.subarray(0, w))
  }
  const bits = new Uint32Array((n + 31) >>> 5)
  for (let i = 0; i < items.length; i++) {
    const it = items[i] as number
    for (let j = start[it] as number; j < (start[it + 1] as number); j++) {
      const o = postings.at(j)
      bits[o >>> 5] = (bits[o >>> 5] as number) | (1 << (o & 31))
    }
  }
  return bitSet(bits)
}
