/**
 * The k-way merge behind pages over segments (as Lucene's TopFieldCollector merges its segments'
 * hits): each segment's matches are already in result order, so the union's ranks [start, end)
 * come from walking the lists' heads and taking the first by the sort key. A deep page does not
 * walk every rank before it: the heads of rank `start` are found first by a selection over the
 * sorted lists (a pivot from the widest list's window, its rank counted by binary searches in
 * every list, the windows narrowed to the pivot's side), O(k² log² n) comparisons instead of
 * O(k · start). There are a handful of segments (the merge policy bounds them), so the heads are
 * scanned, not heaped.
 */

/** One ordered list of a merge: its length and its entry at a rank. */
export interface OrderedList {
  readonly length: number
  at(rank: number): number
}

/** Entries of a merge: `lists[i]` holds entry `items[i]` (a document id of that list's segment). */
export interface MergedEntries {
  readonly lists: Uint32Array
  readonly items: Uint32Array
}

/**
 * The entries at ranks [start, end) of the union of ordered lists.
 *
 * @param lists - each list ordered by `before`
 * @param before - whether entry a of list la comes before entry b of list lb
 * @param start - the first rank
 * @param end - the end rank (clamped to the union's size)
 * @example
 * ```ts
 * const lists = [Uint32Array.of(1, 5), Uint32Array.of(2)].map((a) => ({ length: a.length, at: (r: number) => a[r] as number }))
 * mergeRanks(lists, (la, a, lb, b) => a < b, 1, 3) // { lists: [1, 0], items: [2, 5] }
 * ```
 */
export function mergeRanks(
  lists: readonly OrderedList[],
  before: (la: number, a: number, lb: number, b: number) => boolean,
  start: number,
  end: number,
): MergedEntries {
  const total = lists.reduce((sum, l) => sum + l.length, 0)
  const stop = Math.min(end, total)
  const from = Math.min(start, stop)
  const outLists = new Uint32Array(stop - from)
  const outItems = new Uint32Array(stop - from)
  const heads = from > 0 ? headsAt(lists, before, from) : new Uint32Array(lists.length)
  for (let rank = from; rank < stop; rank++) {
    let best = -1
    let bestItem = 0
    for (let l = 0; l < lists.length; l++) {
      const list = lists[l] as OrderedList
      const h = heads[l] as number
      if (h >= list.length) continue
      const item = list.at(h)
      if (best < 0 || before(l, item, best, bestItem)) {
        best = l
        bestItem = item
      }
    }
    heads[best] = (heads[best] as number) + 1
    if (rank >= from) {
      outLists[rank - from] = best
      outItems[rank - from] = bestItem
    }
  }
  return { lists: outLists, items: outItems }
}

// The heads of each list after the first `rank` entries of the union (0 < rank ≤ its size). The
// answer lies in each list's window [lo, hi]; a pivot from the widest window splits them all.
function headsAt(
  lists: readonly OrderedList[],
  before: (la: number, a: number, lb: number, b: number) => boolean,
  rank: number,
): Uint32Array {
  const k = lists.length
  const lo = new Uint32Array(k)
  const hi = Uint32Array.from(lists, (l) => l.length)
  const cut = new Uint32Array(k)
  let need = rank
  for (;;) {
    let widest = 0
    let room = 0
    for (let l = 0; l < k; l++) {
      room += (hi[l] as number) - (lo[l] as number)
      if ((hi[l] as number) - (lo[l] as number) > (hi[widest] as number) - (lo[widest] as number)) widest = l
    }
    if (need === 0) return lo
    if (need === room) return hi
    const mid = ((lo[widest] as number) + (hi[widest] as number)) >>> 1
    const pivot = (lists[widest] as OrderedList).at(mid)
    let below = 0
    for (let l = 0; l < k; l++) {
      let a = lo[l] as number
      let b = hi[l] as number
      if (l === widest) a = b = mid
      const list = lists[l] as OrderedList
      while (a < b) {
        const m = (a + b) >>> 1
        if (before(l, list.at(m), widest, pivot)) a = m + 1
        else b = m
      }
      cut[l] = a
      below += a - (lo[l] as number)
    }
    if (need <= below) hi.set(cut)
    else {
      lo.set(cut)
      lo[widest] = mid + 1
      need -= below + 1
    }
  }
}
