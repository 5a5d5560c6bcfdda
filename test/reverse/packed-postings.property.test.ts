/**
 * Packed postings (src/indexes/reverse/packed-postings.ts) against the plain arrays they are
 * packed from, the brute-force reference: random term lists (seeded) of every size around the
 * block of 128 (whole blocks, a block and a tail, many blocks), gaps of every width up to 32 bits,
 * payloads of one value or many, narrow and wide. Every term's documents (`termDocs`, one term and
 * ranges of terms), every set of lists with payloads (`termLists`), the same restricted to random
 * documents (read through the skip data), every rank of a list read alone (`TermDocList`), and
 * the round trip (`unpackPostings`) equal the arrays.
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { packPostings, unpackPostings } from '../../src/indexes/reverse/packed-postings.js'
import { BLOCK } from '../../src/indexes/reverse/packed-reader.js'
import type { Postings } from '../../src/indexes/reverse/postings.js'
import { TermDocList } from '../../src/indexes/reverse/term-doc-list.js'
import { type TermLists, termDocs, termLists } from '../../src/indexes/reverse/term-lists.js'

/** One term's entries: ascending documents, each with its ascending payload values. */
type Entries = { doc: number; values: number[] }[]

const MAX_DOC = 2 ** 32 - 2

/** A list of n ascending documents whose gaps are drawn at one bit width (0: consecutive). */
const termEntries = (withPayload: boolean): fc.Arbitrary<Entries> =>
  fc
    .record({
      n: fc.oneof(
        fc.integer({ min: 0, max: 5 }),
        fc.constantFrom(BLOCK - 1, BLOCK, BLOCK + 1, 2 * BLOCK, 3 * BLOCK + 7),
        fc.integer({ min: 4 * BLOCK + 1, max: 12 * BLOCK }),
      ),
      width: fc.integer({ min: 0, max: 32 }),
      seed: fc.integer(),
    })
    .map(({ n, width, seed }) => {
      const random = mulberry(seed)
      const entries: Entries = []
      let doc = -1
      const gapMax = width === 0 ? 0 : Math.min(2 ** width - 1, Math.floor((MAX_DOC - n) / Math.max(1, n)))
      for (let i = 0; i < n; i++) {
        doc += 1 + Math.floor(random() * (gapMax + 1))
        const values: number[] = []
        if (withPayload) {
          let value = random() < 0.1 ? Math.floor(random() * 2 ** 32) : Math.floor(random() * 300)
          const count = 1 + Math.floor(random() * 4)
          for (let v = 0; v < count && value < 2 ** 32; v++) {
            values.push(value)
            value += 1 + Math.floor(random() * (random() < 0.2 ? 2 ** 20 : 9))
          }
        }
        entries.push({ doc, values })
      }
      return entries
    })

// A small seeded generator, so one fast-check value spans a whole list.
function mulberry(seed: number): () => number {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

/** The plain arrays of the terms' entries (postings.ts's layout). */
function arraysOf(terms: Entries[], withPayload: boolean): Postings {
  const termStart = new Uint32Array(terms.length + 1)
  const docs: number[] = []
  const payloadStart: number[] = []
  const payload: number[] = []
  terms.forEach((entries, t) => {
    for (const { doc, values } of entries) {
      docs.push(doc)
      if (withPayload) payloadStart.push(payload.length)
      payload.push(...values)
    }
    termStart[t + 1] = docs.length
  })
  if (withPayload) payloadStart.push(payload.length)
  return {
    termStart,
    docs: Uint32Array.from(docs),
    payloadStart: Uint32Array.from(payloadStart),
    payload: Uint32Array.from(payload),
  }
}

/** Per term of a TermLists, its entries (each document with the term's values for it). */
function listsOf(lists: TermLists, terms: number, withPayload: boolean): Entries[] {
  const n = lists.docs.length
  return Array.from({ length: terms }, (_, s) =>
    [...lists.docs].map((doc, c) => ({
      doc,
      values: withPayload
        ? [...lists.payload.subarray(lists.payloadStart[s * n + c], lists.payloadStart[s * n + c + 1])]
        : [],
    })),
  )
}

/** Some of the entries (about 60%, seeded). */
function part(entries: Entries, seed: number): Entries {
  const random = mulberry(seed)
  return entries.filter(() => random() < 0.6)
}

/** The brute-force TermLists: each list's entries for the documents in every list (and in `within`). */
function intersected(lists: Entries[], within?: Set<number>): Entries[] {
  const held = lists.map((entries) => new Set(entries.map((e) => e.doc)))
  const keep = (doc: number) => held.every((docs) => docs.has(doc)) && (within?.has(doc) ?? true)
  return lists.map((entries) => entries.filter((e) => keep(e.doc)))
}

const SETTINGS = { seed: 2411, numRuns: 120 }

describe('packed postings', () => {
  it.each([
    ['with payloads', true],
    ['documents only', false],
  ])('%s: give every term, range, set of lists and restricted list as the plain arrays', (_, withPayload) => {
    fc.assert(
      fc.property(
        fc.array(termEntries(withPayload), { minLength: 1, maxLength: 6 }),
        fc.array(fc.integer({ min: -1, max: 11 }), { minLength: 1, maxLength: 4 }),
        fc.integer(),
        (drawn, picks, seed) => {
          // Each list drawn and a random part of it, so that lists share documents.
          const terms = [...drawn, ...drawn.map((entries, t) => part(entries, seed + t))]
          const arrays = arraysOf(terms, withPayload)
          const packed = packPostings(arrays)
          terms.forEach((entries, t) => {
            expect([...termDocs(packed, t)]).toEqual(entries.map((e) => e.doc))
            // Read by rank, in a random order: each rank's block decoded alone.
            const list = new TermDocList(packed, t)
            expect(list.length).toBe(entries.length)
            const order = mulberry(seed + 7 * t)
            for (let i = 0; i < Math.min(60, entries.length); i++) {
              const r = Math.floor(order() * entries.length)
              expect(list.at(r)).toBe((entries[r] as { doc: number }).doc)
            }
          })
          expect([...termDocs(packed, -1)]).toEqual([])
          expect([...termDocs(packed, 0, terms.length)]).toEqual(terms.flat().map((e) => e.doc))
          const ids = picks.map((p) => (p < terms.length ? p : -1))
          const want = ids.map((t) => (t < 0 ? [] : (terms[t] as Entries)))
          expect(listsOf(termLists(packed, ids), ids.length, withPayload)).toEqual(intersected(want))
          // Documents looked for: some of the lists' own and some anywhere, few (long lists are
          // read a block at a time through their skip data) or many (whole).
          const random = mulberry(seed)
          const all = [...new Set(want.flat().map((e) => e.doc))]
          const looked = new Set<number>()
          const few = random() < 0.5
          for (let i = few ? 2 : 200; i > 0; i--) {
            looked.add(Math.floor(random() * 2 ** 32))
            if (all.length > 0) looked.add(all[Math.floor(random() * all.length)] as number)
          }
          // The last documents of blocks and of lists: the skip data's edges.
          for (const entries of want) {
            for (const at of [BLOCK - 1, 2 * BLOCK - 1, entries.length - 1]) {
              const entry = entries[at]
              if (entry !== undefined && random() < 0.5) looked.add(entry.doc)
            }
          }
          const within = Uint32Array.from([...looked].sort((a, b) => a - b))
          expect(listsOf(termLists(packed, ids, within), ids.length, withPayload)).toEqual(
            intersected(want, looked),
          )
          const back = unpackPostings(packed)
          expect([...back.termStart]).toEqual([...arrays.termStart])
          expect([...back.docs]).toEqual([...arrays.docs])
          expect([...back.payloadStart]).toEqual([...arrays.payloadStart])
          expect([...back.payload]).toEqual([...arrays.payload])
        },
      ),
      SETTINGS,
    )
  })

  it('take a few bits a document where gaps are small', () => {
    const docs = Uint32Array.from({ length: 10 * BLOCK }, (_, i) => 3 * i)
    const packed = packPostings({
      termStart: Uint32Array.of(0, docs.length),
      docs,
      payloadStart: new Uint32Array(0),
      payload: new Uint16Array(0),
    })
    // Gaps of 2: two bits each, a width byte and 12 skip bytes a block.
    expect((packed.docBytes as Uint8Array).length).toBe(10 * (1 + 32 + 12))
  })
})
