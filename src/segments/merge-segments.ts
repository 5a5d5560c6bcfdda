/**
 * Merging segments: the live records of several views indexed again as one segment, where
 * replaced and removed records are finally dropped and their space reclaimed (SPEC 12). WHOIS
 * records are read in result order (a k-way merge of the views, each already in that order) and
 * packed into a new store one at a time, then the reverse index is built from the store, so no
 * more than one decoded record is held at a time; observations are read one at a time into a DNS
 * index build.
 */
import { mergeRanks } from '../collect/merge-order.js'
import { entryAt } from '../indexes/byte-table.js'
import { DnsIndex } from '../indexes/dns/dns-index.js'
import type { ObservationSource } from '../indexes/dns/observation-source.js'
import { RecordStore } from '../indexes/record-store.js'
import { ReverseIndex } from '../indexes/reverse/reverse-index.js'
import type { DnsKind } from '../types.js'
import { liveIds } from './live-docs.js'
import { before } from './reverse-search.js'
import { dnsOf, type Segment, type SegmentView } from './segment.js'

/**
 * One segment holding the live records of the views.
 *
 * @param views - the views to merge
 * @example
 * ```ts
 * mergeViews([a, b]).store.size // live WHOIS records of a and b
 * ```
 */
export function mergeViews(views: readonly SegmentView[]): Segment {
  const lists = views.map((view) => Uint32Array.from(liveIds(view.segment.store.size, view.deleted.whois)))
  const order = mergeRanks(
    lists.map((docs) => ({ length: docs.length, at: (r: number) => docs[r] as number })),
    (la, a, lb, b) => before(views, la, a, lb, b),
    0,
    Number.POSITIVE_INFINITY,
  )
  const storeOf = (i: number) => (views[order.lists[i] as number] as SegmentView).segment.store
  const keys = Array.from(order.items, (doc, i) => storeOf(i).domainOf(doc))
  const store = RecordStore.build(
    { length: keys.length, at: (i) => storeOf(i).get(order.items[i] as number) },
    keys,
  )
  return { store, reverse: ReverseIndex.build(store), mx: mergeDns(views, 'mx'), txt: mergeDns(views, 'txt') }
}

function mergeDns(views: readonly SegmentView[], kind: DnsKind): DnsIndex {
  const at: { index: DnsIndex; ordinal: number }[] = []
  for (const view of views) {
    const index = dnsOf(view.segment, kind)
    for (const ordinal of liveIds(index.size, view.deleted[kind])) at.push({ index, ordinal })
  }
  const source: ObservationSource = {
    size: at.length,
    get: (i) => {
      const { index, ordinal } = at[i] as (typeof at)[0]
      return index.at(ordinal)
    },
    id: (i) => {
      const { index, ordinal } = at[i] as (typeof at)[0]
      return entryAt(index.state.ids, ordinal)
    },
    day: (i) => {
      const { index, ordinal } = at[i] as (typeof at)[0]
      return index.state.days.at(ordinal)
    },
  }
  return DnsIndex.build(kind, source)
}
