/**
 * A segment: the immutable indexes of the records one build, update or merge indexed (a record
 * store, a reverse index, an MX and a TXT index), each with its own document ids in result order.
 * An engine holds a list of segment views: a segment with the deletions that later updates made
 * to it (deleted-docs.ts). Segments are shared between engines; views are not changed once made.
 */

import { DeletedDocs } from '../indexes/deleted-docs.js'
import type { DnsIndex } from '../indexes/dns/dns-index.js'
import type { RecordStore } from '../indexes/record-store.js'
import type { ReverseIndex } from '../indexes/reverse/reverse-index.js'
import type { DnsKind } from '../types.js'

/** The indexes of one segment. */
export interface Segment {
  readonly store: RecordStore
  readonly reverse: ReverseIndex
  readonly mx: DnsIndex
  readonly txt: DnsIndex
}

/** The deletions of each part of a segment. */
export interface SegmentDeletions {
  readonly whois: DeletedDocs
  readonly mx: DeletedDocs
  readonly txt: DeletedDocs
}

/** A segment as one engine sees it. */
export interface SegmentView {
  readonly segment: Segment
  readonly deleted: SegmentDeletions
}

/**
 * The live records of a view, by kind.
 *
 * @example
 * ```ts
 * liveCounts(view) // { whois: 990, mx: 2000, txt: 1500 }
 * ```
 */
export function liveCounts(view: SegmentView): { whois: number; mx: number; txt: number } {
  const { segment: s, deleted: d } = view
  return {
    whois: s.store.size - d.whois.count,
    mx: s.mx.size - d.mx.count,
    txt: s.txt.size - d.txt.count,
  }
}

/**
 * The number of documents of a view, live or deleted, over its three parts.
 *
 * @example
 * ```ts
 * segmentSize(view) // 4500
 * ```
 */
export function segmentSize(view: SegmentView): number {
  const s = view.segment
  return s.store.size + s.mx.size + s.txt.size
}

/**
 * The DNS index of a kind.
 *
 * @example
 * ```ts
 * dnsOf(segment, 'mx') === segment.mx // true
 * ```
 */
export function dnsOf(segment: Segment, kind: DnsKind): DnsIndex {
  return kind === 'mx' ? segment.mx : segment.txt
}

/**
 * A view of a segment with nothing deleted, as a build or a merge makes it.
 *
 * @example
 * ```ts
 * freshView(segment).deleted.whois.count // 0
 * ```
 */
export function freshView(segment: Segment): SegmentView {
  return { segment, deleted: { whois: DeletedDocs.none, mx: DeletedDocs.none, txt: DeletedDocs.none } }
}
