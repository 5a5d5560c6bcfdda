/**
 * Reverse search over the segments of an engine: each segment matches on its own index (document
 * ids ascending = result order there), its deleted records are dropped, and a page is the k-way
 * merge of the segments' matches by the result order itself: `created_norm` descending (read from
 * each segment's created column), records without it last, ties by domain ascending.
 */
import { type MergedEntries, mergeRanks } from '../collect/merge-order.js'
import { pageOf, type ResultSet } from '../collect/page.js'
import { ArrayDocs, type DocList } from '../query/reverse/doc-list.js'
import { matchReverse } from '../query/reverse/planner.js'
import type { ReverseQuery } from '../query/reverse-params.js'
import type { Envelope, WhoisRecord } from '../types.js'
import { liveAmong } from './live-docs.js'
import type { SegmentView } from './segment.js'

/** The live matches of each view, ascending document ids, read by rank. */
export type ReverseMatches = readonly DocList[]

/**
 * The matching live documents of each view.
 *
 * @param views - the engine's segment views
 * @param query - a validated reverse query
 * @example
 * ```ts
 * reverseMatches(views, parseReverseParams({ name: 'acme' })) // [Uint32Array [0, 4], Uint32Array [1]]
 * ```
 */
export function reverseMatches(views: readonly SegmentView[], query: ReverseQuery): ReverseMatches {
  return views.map((view) => {
    const matches = matchReverse(view.segment.reverse, query)
    const deleted = view.deleted.whois
    return deleted.count === 0 ? matches : new ArrayDocs(liveAmong(deleted, matches.toArray()))
  })
}

/**
 * The documents at ranks [start, end) of the union of the views' matches, in result order.
 *
 * @param views - the engine's segment views
 * @param matches - from {@link reverseMatches}
 * @param start - the first rank
 * @param end - the end rank
 * @example
 * ```ts
 * reverseRanks(views, matches, 0, 100) // { lists: view per entry, items: document ids }
 * ```
 */
export function reverseRanks(
  views: readonly SegmentView[],
  matches: ReverseMatches,
  start: number,
  end: number,
): MergedEntries {
  return mergeRanks(matches, (la, a, lb, b) => before(views, la, a, lb, b), start, end)
}

/**
 * Whether document a of view la comes before document b of view lb in result order.
 *
 * @example
 * ```ts
 * before(views, 0, 3, 1, 0) // true when view 0's doc 3 was created later
 * ```
 */
export function before(views: readonly SegmentView[], la: number, a: number, lb: number, b: number): boolean {
  if (la === lb) return a < b
  const ca = createdOf(views[la] as SegmentView, a)
  const cb = createdOf(views[lb] as SegmentView, b)
  const na = Number.isNaN(ca)
  const nb = Number.isNaN(cb)
  if (na !== nb) return nb
  if (!na && ca !== cb) return ca > cb
  const da = (views[la] as SegmentView).segment.store.domainOf(a)
  const db = (views[lb] as SegmentView).segment.store.domainOf(b)
  return da < db
}

function createdOf(view: SegmentView, doc: number): number {
  return view.segment.reverse.created.instantOf(doc)
}

/**
 * The results of a reverse search over the views, matched once: one segment's matches sliced
 * directly, several merged by {@link reverseRanks}; records are decoded for a slice only.
 *
 * @param views - the engine's segment views
 * @param query - a validated reverse query
 * @example
 * ```ts
 * reverseResults(views, parseReverseParams({ name: 'acme' })).slice(0, 100) // the first 100 records
 * ```
 */
export function reverseResults(views: readonly SegmentView[], query: ReverseQuery): ResultSet<WhoisRecord> {
  const matches = reverseMatches(views, query)
  const only = matches[0]
  if (matches.length === 1 && only !== undefined) {
    const store = (views[0] as SegmentView).segment.store
    return {
      count: only.length,
      slice: (start, end) => {
        const records: WhoisRecord[] = []
        for (let r = start; r < Math.min(end, only.length); r++) records.push(store.get(only.at(r)))
        return records
      },
    }
  }
  return {
    count: matches.reduce((sum, docs) => sum + docs.length, 0),
    slice: (start, end) => {
      const ranks = reverseRanks(views, matches, start, end)
      return Array.from(ranks.items, (doc, i) =>
        (views[ranks.lists[i] as number] as SegmentView).segment.store.get(doc),
      )
    },
  }
}

/**
 * A page of reverse-search results over the views.
 *
 * @param views - the engine's segment views
 * @param query - a validated reverse query
 * @example
 * ```ts
 * reversePage(views, parseReverseParams({ name: 'acme' })) // { page: 0, pages: 1, result_count: 3, results: [...] }
 * ```
 */
export function reversePage(views: readonly SegmentView[], query: ReverseQuery): Envelope<WhoisRecord> {
  return pageOf(reverseResults(views, query), query.page)
}
