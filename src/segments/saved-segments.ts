/**
 * Segment views to and from a snapshot's content: each segment's index states with its deletion
 * sets, as snapshot/snapshot-content.ts lays them out.
 */
import { DeletedDocs } from '../indexes/deleted-docs.js'
import { DnsIndex } from '../indexes/dns/dns-index.js'
import { RecordStore } from '../indexes/record-store.js'
import { ReverseIndex } from '../indexes/reverse/reverse-index.js'
import type { SavedSegment } from '../snapshot/snapshot-content.js'
import type { SegmentView } from './segment.js'

/**
 * The saved form of an engine's views (plain data, nothing copied).
 *
 * @example
 * ```ts
 * savedSegments(views)[0].deleted.whois // { words: Uint32Array [...], count: 3 }
 * ```
 */
export function savedSegments(views: readonly SegmentView[]): SavedSegment[] {
  return views.map(({ segment, deleted }) => ({
    store: segment.store.state,
    reverse: segment.reverse.state,
    mx: segment.mx.saved,
    txt: segment.txt.saved,
    deleted: { whois: deleted.whois.state, mx: deleted.mx.state, txt: deleted.txt.state },
  }))
}

/**
 * The views of saved segments, their indexes constructed over the saved states.
 *
 * @example
 * ```ts
 * viewsOf(content.segments).length // content.segments.length
 * ```
 */
export function viewsOf(saved: readonly SavedSegment[]): SegmentView[] {
  return saved.map((s) => ({
    segment: {
      store: new RecordStore(s.store),
      reverse: new ReverseIndex(s.reverse),
      mx: new DnsIndex(s.mx),
      txt: new DnsIndex(s.txt),
    },
    deleted: {
      whois: new DeletedDocs(s.deleted.whois),
      mx: new DeletedDocs(s.deleted.mx),
      txt: new DeletedDocs(s.deleted.txt),
    },
  }))
}
