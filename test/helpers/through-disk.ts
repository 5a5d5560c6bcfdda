/**
 * Indexes read back from a snapshot with their growing arrays left on disk (SPEC 16), through a
 * block cache of no blocks and blocks of 16 bytes, so that every column's window moves every few
 * elements and every read evicts: the brute-force suites run on them as on the indexes in memory.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll } from 'vitest'
import { buildParts } from '../../src/build/build-parts.js'
import { DeletedDocs } from '../../src/indexes/deleted-docs.js'
import { DnsIndex } from '../../src/indexes/dns/dns-index.js'
import { ReverseIndex } from '../../src/indexes/reverse/reverse-index.js'
import { readSnapshot } from '../../src/snapshot/read-snapshot.js'
import type { SavedSegment, SnapshotContent } from '../../src/snapshot/snapshot-content.js'
import { writeSnapshot } from '../../src/snapshot/write-snapshot.js'
import { LazyArray } from '../../src/storage/lazy-array.js'
import type { DnsKind } from '../../src/types.js'

const dir = mkdtempSync(join(tmpdir(), 'domindex-dns-disk-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))
let files = 0

/** A snapshot of one segment whose parts are those given, empty elsewhere, opened with no cache. */
async function reopened<T>(
  parts: Partial<Pick<SavedSegment, 'reverse' | 'mx' | 'txt'>>,
  restore: (segment: SavedSegment) => T,
): Promise<T> {
  const empty = await buildParts(
    {},
    { strict: false, onProgress: undefined, workers: 0, rangeBytes: undefined },
  )
  const none = DeletedDocs.none.state
  const content: SnapshotContent = {
    segments: [
      {
        store: empty.store.state,
        reverse: parts.reverse ?? empty.reverse.state,
        mx: parts.mx ?? empty.mx.saved,
        txt: parts.txt ?? empty.txt.saved,
        deleted: { whois: none, mx: none, txt: none },
      },
    ],
    load: empty.load,
    removed: { whois: 0, observations: 0, notHeld: 0 },
    queue: [],
    buildMs: 0,
  }
  const path = join(dir, `${files++}.dmx`)
  await writeSnapshot(path, content)
  return readSnapshot(path, (read) => restore(read.segments[0] as SavedSegment), {
    cache: { cacheBytes: 0, blockBytes: 16 },
  })
}

/**
 * A DNS index written to a snapshot and opened with its columns on disk.
 *
 * @throws when the item occurrences of a non-empty index were read into memory
 */
export async function dnsThroughDisk(index: DnsIndex): Promise<DnsIndex> {
  const kind: DnsKind = index.state.kind
  const opened = await reopened({ [kind]: index.saved }, (segment) => new DnsIndex(segment[kind]))
  if (opened.size > 0 && !(opened.saved.obsItemValue instanceof LazyArray))
    throw new Error('the item occurrences were read into memory')
  return opened
}

/**
 * A reverse index written to a snapshot and opened with its postings and columns on disk.
 *
 * @throws when the created column of a non-empty index was read into memory
 */
export async function reverseThroughDisk(index: ReverseIndex): Promise<ReverseIndex> {
  const opened = await reopened({ reverse: index.state }, (segment) => new ReverseIndex(segment.reverse))
  if (opened.state.created.rank.length > 0 && !(opened.state.created.rank instanceof LazyArray))
    throw new Error('the created column was read into memory')
  return opened
}
