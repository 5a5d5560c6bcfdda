/**
 * Which documents of a segment view are live: the one place where queries, lookups and merges
 * read the deletion marks an update made (SPEC 10, 12), as tantivy reads its alive bitset in its
 * collector alone. Matches are narrowed here (`liveAmong`, `liveInRange`), a part's documents
 * enumerated (`liveIds`), and a held record or observation found by its key (`liveRecord`,
 * `liveObservation`).
 *
 * Three readers of the marks keep them where their rule is: the update that makes them
 * (apply-update.ts); the `most_recent` rule, whose newest day of an apex is its newest live one
 * (most-recent-across.ts); and a summary of a whole date window, which counts the range
 * and takes its deleted observations away (`DeletedDocs.within`, collect/summary-across.ts),
 * far cheaper than listing every live ordinal of the window.
 */
import type { DeletedDocs } from '../indexes/deleted-docs.js'
import type { DnsKind, Observation, WhoisRecord } from '../types.js'
import { dnsOf, type SegmentView } from './segment.js'

/**
 * The live ids among ascending ids: the same array when nothing is deleted, else a new one.
 *
 * @param deleted - the deletion marks of the ids' part
 * @param ids - ids of that part, ascending
 * @example
 * ```ts
 * liveAmong(deletedThree, Uint32Array.of(1, 3, 5)) // Uint32Array [1, 5]
 * ```
 */
export function liveAmong(deleted: DeletedDocs, ids: Uint32Array): Uint32Array {
  if (deleted.count === 0) return ids
  const out = new Uint32Array(ids.length)
  let k = 0
  for (let i = 0; i < ids.length; i++) {
    const id = ids[i] as number
    if (!deleted.has(id)) out[k++] = id
  }
  return out.subarray(0, k)
}

/**
 * The live ids in [lo, hi), ascending.
 *
 * @param deleted - the deletion marks of the part
 * @param lo - the first id
 * @param hi - the end id
 * @example
 * ```ts
 * liveInRange(deletedThree, 2, 5) // Uint32Array [2, 4]
 * ```
 */
export function liveInRange(deleted: DeletedDocs, lo: number, hi: number): Uint32Array {
  const out = new Uint32Array(Math.max(0, hi - lo))
  let k = 0
  for (let id = lo; id < hi; id++) if (!deleted.has(id)) out[k++] = id
  return out.subarray(0, k)
}

/**
 * Every live id of a part of `size` documents, ascending.
 *
 * @param size - the part's number of documents, live or deleted
 * @param deleted - its deletion marks
 * @example
 * ```ts
 * [...liveIds(4, deletedThree)] // [0, 1, 2]
 * ```
 */
export function* liveIds(size: number, deleted: DeletedDocs): Generator<number> {
  for (let id = 0; id < size; id++) if (!deleted.has(id)) yield id
}

/**
 * The live WHOIS record the views hold for a normalised domain, if any (at most one view holds
 * it live).
 *
 * @param views - an engine's segment views
 * @param domain - a normalised domain
 * @example
 * ```ts
 * liveRecord(views, 'example.com') // { query: 'example.com', domain: {...}, ... }
 * ```
 */
export function liveRecord(views: readonly SegmentView[], domain: string): WhoisRecord | undefined {
  for (const { segment, deleted } of views) {
    const doc = segment.store.docOf(domain)
    if (doc >= 0 && !deleted.whois.has(doc)) return segment.store.get(doc)
  }
  return undefined
}

/**
 * The live observation the views hold under an id, if any.
 *
 * @param views - an engine's segment views
 * @param id - an observation id
 * @example
 * ```ts
 * liveObservation(views, 'mx-2024-03-05-example.com') // { date: '2024-03-05', id: 'mx-2024-03-05-example.com', items: [...] }
 * ```
 */
export function liveObservation(views: readonly SegmentView[], id: string): Observation | undefined {
  for (const { segment, deleted } of views) {
    for (const kind of ['mx', 'txt'] as const satisfies readonly DnsKind[]) {
      const index = dnsOf(segment, kind)
      const ordinal = index.ordinalOf(id)
      if (ordinal >= 0 && !deleted[kind].has(ordinal)) return index.at(ordinal)
    }
  }
  return undefined
}
