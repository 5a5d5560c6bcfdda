/**
 * A DNS index read back from a snapshot with its growing arrays left on disk (SPEC 16), through a
 * block cache of no blocks and blocks of 64 bytes, so that every column's window moves every few
 * elements and every read evicts: the brute-force suites run on it as on the index in memory.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll } from 'vitest'
import { buildParts } from '../../src/build/build-parts.js'
import { DeletedDocs } from '../../src/indexes/deleted-docs.js'
import { DnsIndex } from '../../src/indexes/dns/dns-index.js'
import { readSnapshot } from '../../src/snapshot/read-snapshot.js'
import { writeSnapshot } from '../../src/snapshot/write-snapshot.js'
import { LazyArray } from '../../src/storage/lazy-array.js'
import type { DnsKind } from '../../src/types.js'

const dir = mkdtempSync(join(tmpdir(), 'domindex-dns-disk-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))
let files = 0

/**
 * The index written to a snapshot and opened with its columns on disk.
 *
 * @throws when a column the index has elements in was read into memory
 */
export async function throughDisk(index: DnsIndex): Promise<DnsIndex> {
  const empty = await buildParts(
    {},
    { strict: false, onProgress: undefined, workers: 0, rangeBytes: undefined },
  )
  const none = DeletedDocs.none.state
  const kind: DnsKind = index.state.kind
  const path = join(dir, `${files++}.dmx`)
  await writeSnapshot(path, {
    segments: [
      {
        store: empty.store.state,
        reverse: empty.reverse.state,
        mx: kind === 'mx' ? index.saved : empty.mx.saved,
        txt: kind === 'txt' ? index.saved : empty.txt.saved,
        deleted: { whois: none, mx: none, txt: none },
      },
    ],
    load: empty.load,
    removed: { whois: 0, observations: 0, notHeld: 0 },
    queue: [],
    buildMs: 0,
  })
  const opened = await readSnapshot(path, (content) => new DnsIndex(content.segments[0]?.[kind] as never), {
    cache: { cacheBytes: 0, blockBytes: 64 },
  })
  if (opened.size > 0 && !(opened.saved.obsItemValue instanceof LazyArray))
    throw new Error('the item occurrences were read into memory')
  return opened
}
