/**
 * SPEC 16, postings read from disk: an opened snapshot leaves the registration text's documents,
 * payload offsets and payloads (positions, organization ordinals) on disk, and a matcher reads its
 * terms' lists into arrays of its own. Random sets of terms (seeded) give the same documents and
 * payloads a list at a time as the postings read at open, through a cache of no blocks, of a few
 * and of the default, with blocks small enough that common terms take the direct read past the cache.
 */
import { join } from 'node:path'
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Engine } from '../../src/engine.js'
import { writeSample } from '../../src/generate/write-sample.js'
import { type StoredPostings, type TermLists, termLists } from '../../src/indexes/reverse/postings.js'
import { readSnapshot } from '../../src/snapshot/read-snapshot.js'
import type { SnapshotContent } from '../../src/snapshot/snapshot-content.js'
import { LazyArray } from '../../src/storage/lazy-array.js'
import { type TempFiles, tempFiles } from '../ingest/temp-files.js'

let files: TempFiles
let snapshot: string
let inMemory: SnapshotContent

beforeAll(async () => {
  files = await tempFiles()
  const sample = await writeSample({ whois: 3_000, dns: 0, seed: 5, out: join(files.dir, 'sample') })
  const built = await Engine.build({ whois: [sample.whois.path] })
  snapshot = join(files.dir, 'corpus.dmx')
  await built.save(snapshot)
  inMemory = await readSnapshot(snapshot, (content) => content)
}, 60_000)
afterAll(() => files.remove())

/** Each list's documents and, per entry, its payload values, as plain arrays. */
function plain(lists: TermLists): { docs: number[]; payloads: number[][] }[] {
  return [...lists.listStart].map((start, s) => {
    const docs: number[] = []
    const payloads: number[][] = []
    for (let e = start; e < (lists.listEnd[s] as number); e++) {
      docs.push(lists.docs[e] as number)
      payloads.push([...lists.payload.subarray(lists.payloadStart[e], lists.payloadStart[e + 1])])
    }
    return { docs, payloads }
  })
}

describe('registration-text postings on disk', () => {
  it.each([
    ['no cache', 0],
    ['a few blocks', 3 * 256],
    ['a large cache', 1 << 24],
  ])('with %s, give every term list as the postings in memory', async (_, cacheBytes) => {
    const opened = await readSnapshot(snapshot, (content) => content, {
      cache: { cacheBytes, blockBytes: 256 },
    })
    for (const name of ['positions', 'organizations'] as const) {
      const memory = inMemory.segments[0]?.reverse.text[name] as StoredPostings
      const disk = opened.segments[0]?.reverse.text[name] as StoredPostings
      expect(disk.docs).toBeInstanceOf(LazyArray)
      expect(disk.payload).toBeInstanceOf(LazyArray)
      const terms = memory.termStart.length - 1
      // The commonest term too: its list spans many blocks and is read past the cache.
      let common = 0
      for (let t = 0; t < terms; t++) {
        const size = (memory.termStart[t + 1] as number) - (memory.termStart[t] as number)
        if (size > (memory.termStart[common + 1] as number) - (memory.termStart[common] as number)) common = t
      }
      expect(plain(termLists(disk, [common]))).toEqual(plain(termLists(memory, [common])))
      fc.assert(
        fc.property(
          fc.array(fc.integer({ min: -1, max: terms - 1 }), { minLength: 1, maxLength: 6 }),
          (ids) => {
            expect(plain(termLists(disk, ids))).toEqual(plain(termLists(memory, ids)))
          },
        ),
        { seed: 1207, numRuns: 60 },
      )
    }
  })
})
