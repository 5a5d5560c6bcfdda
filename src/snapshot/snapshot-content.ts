/**
 * What a snapshot holds: the plain-data state of every part of an engine, enough to construct it
 * again without reading an input file or rebuilding an index. The skeleton section stores this
 * object with its typed arrays and string tables moved into sections of their own
 * (split-state.ts); format.ts gives the file layout.
 */

import type { DeletedDocsState } from '../indexes/deleted-docs.js'
import type { SavedDnsState } from '../indexes/dns/state.js'
import type { RecordStoreState } from '../indexes/record-store.js'
import type { ReverseIndexState } from '../indexes/reverse/reverse-index.js'
import type { LoadStats } from '../ingest/load.js'
import type { PrioritizedDomain } from '../queue/prioritization-queue.js'

/** One saved segment: its indexes and the deletions the engine made to it. */
export interface SavedSegment {
  /** The WHOIS records, packed, and the forward-lookup dictionary. */
  readonly store: RecordStoreState
  /** The reverse-search index. */
  readonly reverse: ReverseIndexState
  /** The MX observation index. */
  readonly mx: SavedDnsState
  /** The TXT observation index. */
  readonly txt: SavedDnsState
  /** Deleted documents of each part. */
  readonly deleted: {
    readonly whois: DeletedDocsState
    readonly mx: DeletedDocsState
    readonly txt: DeletedDocsState
  }
}

/** The saved parts of an engine. */
export interface SnapshotContent {
  /** The engine's segments. */
  readonly segments: readonly SavedSegment[]
  /** The loads' counts, per-file reports and kept rejects, over the build and every update. */
  readonly load: LoadStats
  /** Removal counts over every update. */
  readonly removed: { readonly whois: number; readonly observations: number; readonly notHeld: number }
  /** The prioritisation queue in queue order. */
  readonly queue: readonly PrioritizedDomain[]
  /** Milliseconds the original build took. */
  readonly buildMs: number
}

const OBJECT_PARTS = ['load', 'removed'] as const
const SEGMENT_PARTS = ['store', 'reverse', 'mx', 'txt', 'deleted'] as const

/**
 * Checks the outline of decoded content (the sections' checksums vouch for the rest); throws a
 * plain Error naming the first missing part.
 *
 * @param value - the decoded, joined skeleton tree
 * @example
 * ```ts
 * checkContent({ store: {...}, reverse: {...}, mx: {...}, txt: {...}, load: {...}, queue: [], buildMs: 12 })
 * ```
 */
export function checkContent(value: unknown): SnapshotContent {
  if (value === null || typeof value !== 'object') throw new Error('the skeleton is not an object')
  const content = value as Record<string, unknown>
  for (const part of OBJECT_PARTS) {
    const field = content[part]
    if (field === null || typeof field !== 'object') throw new Error(`the skeleton lacks ${part}`)
  }
  const segments = content['segments']
  if (!Array.isArray(segments)) throw new Error('the skeleton lacks the segments')
  segments.forEach((segment: unknown, i) => {
    if (segment === null || typeof segment !== 'object') throw new Error(`segment ${i} is not an object`)
    for (const part of SEGMENT_PARTS) {
      const field = (segment as Record<string, unknown>)[part]
      if (field === null || typeof field !== 'object') throw new Error(`segment ${i} lacks ${part}`)
    }
  })
  if (!Array.isArray(content['queue'])) throw new Error('the skeleton lacks the queue')
  if (typeof content['buildMs'] !== 'number') throw new Error('the skeleton lacks the build time')
  return value as SnapshotContent
}
