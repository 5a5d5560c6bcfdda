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

// A list longer than this is copied in one piece rather than read an element at a time.
const SHORT = 8

function mark(bits: Uint32Array, o: number): void {
  bits[o >>> 5] = (bits[o >>> 5] as number) | (1 << (o & 31))
}

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
    return listSet(postings.range(start.at(it), start.at(it + 1)) as Uint32Array)
  }
  let total = 0
  for (let i = 0; i < items.length; i++) {
    const it = items[i] as number
    total += start.at(it + 1) - start.at(it)
  }
  const n = state.days.length
  // Sorting k ids costs ~k·log2 k steps; the bitmap n/32 words to clear and scan, plus k marks.
  // With k·log2 k < n/32 at k = n/256 for any n up to 2^24, sorting is kept below that.
  if (total * 256 < n) {
    const all = new Uint32Array(total)
    let k = 0
    for (let i = 0; i < items.length; i++) {
      const it = items[i] as number
      const from = start.at(it)
      const to = start.at(it + 1)
      if (to - from > SHORT) postings.copy(from, to, all, k)
      else for (let j = from; j < to; j++) all[k + j - from] = postings.at(j)
      k += to - from
    }
    all.sort()
    let w = 0
    for (let r = 0; r < all.length; r++) if (w === 0 || all[r] !== all[w - 1]) all[w++] = all[r] as number
    return listSet(all.subarray(0, w))
  }
  const bits = new Uint32Array((n + 31) >>> 5)
  let scratch = new Uint32Array(64)
  for (let i = 0; i < items.length; i++) {
    const it = items[i] as number
    const from = start.at(it)
    const to = start.at(it + 1)
    if (to - from <= SHORT) {
      for (let j = from; j < to; j++) mark(bits, postings.at(j))
      continue
    }
    if (scratch.length < to - from) scratch = new Uint32Array(to - from)
    postings.copy(from, to, scratch, 0)
    for (let j = 0; j < to - from; j++) mark(bits, scratch[j] as number)
  }
  return bitSet(bits)
}
