/**
 * SPEC 16, postings read from disk: an opened snapshot leaves the registration text's packed
 * documents and payloads (positions, organization ordinals) on disk with their byte offsets, and a matcher reads its
 * terms' lists into arrays of its own; the documents of the postal, email and registrar terms, of
 * the phone digits' grams and of the nameserver hosts and shared suffixes stay on disk too. Random sets of terms (seeded) give the same documents and
 * payloads a list at a time as the postings read at open, through a cache of no blocks, of a few
 * and of the default, with blocks small enough that common terms take the direct read past the cache.
 */
import { join } from 'node:path'
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Engine } from '../../src/engine.js'
import { writeSample } from '../../src/generate/write-sample.js'
import { TermDocList } from '../../src/indexes/reverse/term-doc-list.js'
import {
  docFrequency,
  type StoredPostings,
  type TermLists,
  termDocs,
  termLists,
} from '../../src/indexes/reverse/term-lists.js'
import { readSnapshot } from '../../src/snapshot/read-snapshot.js'
import type { SnapshotContent } from '../../src/snapshot/snapshot-content.js'
import { LazyArray } from '../../src/storage/lazy-array.js'
import { LazySection } from '../../src/storage/lazy-section.js'
import { type TempFiles, tempFiles } from '../ingest/temp-files.js'

/** A memory budget no test corpus fills: one segment whatever DOMINDEX_MEMORY_BUDGET says. */
const ONE_PART = 2 ** 40

let files: TempFiles
let snapshot: string
let inMemory: SnapshotContent

beforeAll(async () => {
  files = await tempFiles()
  const sample = await writeSample({ whois: 10_000, dns: 0, seed: 5, out: join(files.dir, 'sample') })
  // The lists compared are one segment's.
  const built = await Engine.build({ whois: [sample.whois.path] }, { memoryBudget: ONE_PART })
  snapshot = join(files.dir, 'corpus.dmx')
  await built.save(snapshot)
  inMemory = await readSnapshot(snapshot, (content) => content)
}, 60_000)
afterAll(() => files.remove())

/** The documents holding every term and, per term, its payload values for each, as plain arrays. */
function plain(lists: TermLists): { docs: number[]; payloads: number[][] } {
  const n = lists.docs.length
  const payloads: number[][] = []
  for (let e = 0; e + 1 < lists.payloadStart.length; e++) {
    payloads.push([...lists.payload.subarray(lists.payloadStart[e], lists.payloadStart[e + 1])])
  }
  return { docs: [...lists.docs], payloads: n === 0 ? [] : payloads }
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
      expect(disk.docBytes).toBeInstanceOf(LazySection)
      expect(disk.payloadBytes).toBeInstanceOf(LazySection)
      expect(disk.docAt).toBeInstanceOf(LazyArray)
      expect(disk.termStart).toBeInstanceOf(LazyArray)
      const terms = memory.termStart.length - 1
      // The commonest term too: its list spans many blocks and is read past the cache.
      let common = 0
      for (let t = 0; t < terms; t++) {
        if (docFrequency(memory, t) > docFrequency(memory, common)) common = t
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
      // Restricted to a few documents, the commonest term's list is read a block at a time through
      // its skip data.
      const commonSize = docFrequency(memory, common)
      expect(commonSize).toBeGreaterThan(8 * 128)
      fc.assert(
        fc.property(
          fc.array(fc.integer({ min: -1, max: terms - 1 }), { minLength: 0, maxLength: 3 }),
          fc.uniqueArray(fc.integer({ min: 0, max: 10_000 }), { minLength: 1, maxLength: 3 }),
          (ids, looked) => {
            const within = Uint32Array.from(looked.sort((a, b) => a - b))
            const restricted = plain(termLists(disk, [...ids, common], within))
            const whole = plain(termLists(memory, [...ids, common]))
            // The brute-force answer: the whole intersection's entries of the documents looked for.
            const n = whole.docs.length
            const keep = whole.docs.flatMap((doc, c) => (looked.includes(doc) ? [c] : []))
            expect(restricted.docs).toEqual(keep.map((c) => whole.docs[c]))
            expect(restricted.payloads).toEqual(
              [...ids, common].flatMap((_, s) => keep.map((c) => whole.payloads[s * n + c])),
            )
          },
        ),
        { seed: 1208, numRuns: 60 },
      )
    }
  })

  it('give the documents of every documents-only posting list as those in memory, through no cache', async () => {
    const opened = await readSnapshot(snapshot, (content) => content, {
      cache: { cacheBytes: 0, blockBytes: 256 },
    })
    const pick = (content: SnapshotContent): Record<string, StoredPostings> => {
      const reverse = (content.segments[0] as SnapshotContent['segments'][number]).reverse
      return {
        postal: reverse.postal.postings,
        email: reverse.email.postings,
        registrar: reverse.registrar.postings,
        grams: reverse.digits.grams,
        hosts: reverse.nameservers.hosts,
        suffixes: reverse.nameservers.suffixes,
      }
    }
    const memory = pick(inMemory)
    const disk = pick(opened)
    for (const [name, postings] of Object.entries(memory)) {
      const lazy = disk[name] as StoredPostings
      const terms = postings.termStart.length - 1
      if ((postings.docBytes as Uint8Array).length > 0)
        expect(lazy.docBytes, name).toBeInstanceOf(LazySection)
      for (let t = -1; t < terms; t += Math.max(1, Math.floor(terms / 97))) {
        expect([...termDocs(lazy, t)], `${name} ${t}`).toEqual([...termDocs(postings, t)])
        if (t < 0) continue
        // Read by rank from disk, backwards: every block decoded on its own through the cache.
        const list = new TermDocList(lazy, t)
        const want = termDocs(postings, t)
        for (let r = list.length - 1; r >= 0; r--) expect(list.at(r)).toBe(want[r])
      }
      if (terms > 1) expect([...termDocs(lazy, 0, terms)]).toEqual([...termDocs(postings, 0, terms)])
    }
  })
})
