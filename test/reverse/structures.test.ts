/**
 * The building blocks of the reverse index against plain JS equivalents: term dictionary, postings
 * builder, chunked lists, varint streams, doc-id set operations, date parsing, and the save/reopen state.
 */

import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { entryAt, entryCount } from '../../src/indexes/byte-table.js'
import { normInstant } from '../../src/indexes/reverse/date-column.js'
import { type Postings, PostingsBuilder } from '../../src/indexes/reverse/postings.js'
import { PostingsLayout } from '../../src/indexes/reverse/postings-layout.js'
import { ReverseIndex } from '../../src/indexes/reverse/reverse-index.js'
import { VarintChunks } from '../../src/indexes/reverse/varint-chunks.js'
import { sortedDistinct } from '../../src/indexes/sorted-distinct.js'
import { TermDictionaryBuilder } from '../../src/indexes/term-dictionary.js'
import { intersectInto } from '../../src/query/reverse/doc-ids.js'
import { parseReverseParams } from '../../src/query/reverse-params.js'
import { corpus, query } from './corpus.js'
import { matchedDocs } from './search.js'

const SETTINGS = { seed: 99, numRuns: 200 }

describe('TermDictionary', () => {
  it('gives dense ids in first-intern order and finds them while building and after freezing', () => {
    fc.assert(
      // Up to 5,000 terms: the arrays grow from 512 entries across several doublings.
      fc.property(
        fc.array(fc.string({ unit: 'grapheme', maxLength: 6 }), {
          minLength: 1,
          maxLength: 5000,
          size: 'max',
        }),
        (terms) => {
          const builder = new TermDictionaryBuilder()
          const want = new Map<string, number>()
          for (const term of terms) {
            if (!want.has(term)) want.set(term, want.size)
            expect(builder.intern(term)).toBe(want.get(term))
          }
          // While building: lookups add nothing, and the table view holds every term so far.
          for (const [term, id] of want) {
            expect(builder.get(term)).toBe(id)
            expect(entryAt(builder.table(), id)).toBe(term)
          }
          expect(builder.get('\u{1F600}absent\u{1F600}')).toBe(-1)
          expect(entryCount(builder.table())).toBe(want.size)
          expect(builder.size).toBe(want.size)
          const dictionary = builder.freeze()
          expect(dictionary.size).toBe(want.size)
          for (const [term, id] of want) expect(dictionary.get(term)).toBe(id)
          expect(dictionary.get('\u{1F600}absent\u{1F600}')).toBe(-1)
        },
      ),
      { ...SETTINGS, numRuns: 20 },
    )
  })
})

/**
 * Documents of (term below 7, value) occurrences whose values ascend within each term, as the
 * postings builders require, while terms interleave and one term's values may be below the
 * previous term's (the delta coding's wrap-around).
 */
function documentsOf(value: fc.Arbitrary<number>): fc.Arbitrary<[number, number][][]> {
  const occurrence = fc.tuple(fc.nat({ max: 6 }), value)
  return fc.array(fc.array(occurrence, { maxLength: 12 }), { maxLength: 10 }).map((docs) =>
    docs.map((occurrences) => {
      // Each term keeps its slots; its values are sorted into them.
      const byTerm = new Map<number, number[]>()
      for (const [term, v] of occurrences) byTerm.set(term, [...(byTerm.get(term) ?? []), v])
      for (const values of byTerm.values()) values.sort((a, b) => a - b)
      return occurrences.map(([term]): [number, number] => [
        term,
        (byTerm.get(term) as number[]).shift() as number,
      ])
    }),
  )
}

/** The postings of documents 0, 3, 6, …, by brute force: per term, its docs and their distinct values. */
function expectedPostings(docs: [number, number][][]): Map<number, Map<number, number[]>> {
  const want = new Map<number, Map<number, number[]>>()
  docs.forEach((occurrences, doc) => {
    for (const [term, value] of occurrences) {
      const byDoc = want.get(term) ?? new Map<number, number[]>()
      want.set(term, byDoc)
      const values = byDoc.get(doc * 3) ?? []
      if (values.at(-1) !== value) values.push(value)
      byDoc.set(doc * 3, values)
    }
  })
  return want
}

/** Checks laid-out postings of 7 terms against {@link expectedPostings}. */
function expectPostings(postings: Postings, docs: [number, number][][], payload: boolean): void {
  const want = expectedPostings(docs)
  for (let term = 0; term < 7; term++) {
    const entries = want.get(term) ?? new Map<number, number[]>()
    const start = postings.termStart[term] as number
    const end = postings.termStart[term + 1] as number
    expect(Array.from(postings.docs.subarray(start, end))).toEqual([...entries.keys()])
    if (!payload) continue
    const got = []
    for (let e = start; e < end; e++) {
      got.push(Array.from(postings.payload.subarray(postings.payloadStart[e], postings.payloadStart[e + 1])))
    }
    expect(got).toEqual([...entries.values()])
  }
}

// Values below 2^16 and above (the payload's Uint16 and Uint32 forms).
const VALUE = fc.oneof(fc.nat({ max: 20 }), fc.nat({ max: 70000 }))

describe('PostingsBuilder', () => {
  it('lays out (term, doc, value) occurrences term-major, distinct and ascending', () => {
    fc.assert(
      fc.property(documentsOf(VALUE), fc.boolean(), (docs, payload) => {
        const builder = new PostingsBuilder(payload)
        docs.forEach((occurrences, doc) => {
          builder.startDoc(doc * 3)
          for (const [term, value] of occurrences) builder.add(term, value)
          builder.endDoc()
        })
        expectPostings(builder.finish(7), docs, payload)
      }),
      SETTINGS,
    )
  })
  it('rejects values of a term that descend', () => {
    const builder = new PostingsBuilder(true)
    builder.startDoc(0)
    builder.add(1, 5)
    builder.add(1, 5)
    expect(() => builder.add(1, 4)).toThrow(/must ascend/)
  })
})

describe('PostingsLayout', () => {
  it('lays out the postings from two passes over the occurrences', () => {
    fc.assert(
      fc.property(documentsOf(VALUE), fc.boolean(), (docs, payload) => {
        const layout = new PostingsLayout(7, payload)
        for (const scatter of [false, true]) {
          if (scatter) layout.allocate()
          docs.forEach((occurrences, doc) => {
            layout.startDoc(doc * 3)
            for (const [term, value] of occurrences) layout.add(term, value)
          })
        }
        expectPostings(layout.finish(), docs, payload)
      }),
      SETTINGS,
    )
  })
})

describe('VarintChunks', () => {
  it('reads back every value across chunks, keeping them, then consuming', () => {
    fc.assert(
      // Up to 20,000 values of up to 5 bytes: several chunks from the first 4 KiB one.
      fc.property(
        fc.array(fc.oneof(fc.nat({ max: 300 }), fc.nat({ max: 2 ** 32 - 1 })), { maxLength: 20000 }),
        (values) => {
          const stream = new VarintChunks()
          for (const value of values) stream.push(value)
          const keeping = stream.reader(false)
          for (const value of values) expect(keeping.next()).toBe(value)
          const consuming = stream.reader(true)
          for (const value of values) expect(consuming.next()).toBe(value)
          expect(() => consuming.next()).toThrow(/past the end/)
        },
      ),
      { ...SETTINGS, numRuns: 30 },
    )
  })
})

describe('doc-id sets', () => {
  const ids = fc
    .uniqueArray(fc.nat({ max: 5000 }), { maxLength: 400 })
    .map((a) => Uint32Array.from(a.sort((x, y) => x - y)))

  it('intersectInto keeps exactly the common ids', () => {
    fc.assert(
      fc.property(ids, ids, (a, b) => {
        const candidates = a.slice()
        const kept = intersectInto(candidates, candidates.length, b, 0, b.length)
        expect(Array.from(candidates.subarray(0, kept))).toEqual(Array.from(a).filter((x) => b.includes(x)))
      }),
      SETTINGS,
    )
  })

  it('sortedDistinct sorts and de-duplicates on both the sort and the bitset path', () => {
    const bag = fc.array(fc.nat({ max: 4999 }), { maxLength: 300 })
    fc.assert(
      fc.property(bag, fc.constantFrom(5000, 1_000_000), (values, docCount) => {
        const want = [...new Set(values)].sort((x, y) => x - y)
        expect(Array.from(sortedDistinct(Uint32Array.from(values), docCount))).toEqual(want)
      }),
      SETTINGS,
    )
  })
})

describe('normInstant', () => {
  it('reads _norm instants and refuses anything else', () => {
    expect(normInstant('2020-01-31T23:59:59Z')).toBe(Date.parse('2020-01-31T23:59:59Z') / 1000)
    expect(normInstant('1969-12-31T23:59:59Z')).toBe(-1)
    // Years 0000…0099 keep their own place in time (Date.UTC alone reads them as 1900…1999).
    expect(normInstant('0050-06-01T00:00:00Z')).toBe(Date.parse('0050-06-01T00:00:00Z') / 1000)
    expect(normInstant('0000-01-01T00:00:00Z')).toBeLessThan(normInstant('0099-12-31T23:59:59Z'))
    expect(normInstant('0099-12-31T23:59:59Z')).toBeLessThan(normInstant('0100-01-01T00:00:00Z'))
    for (const bad of [
      null,
      undefined,
      5,
      '',
      '2020-01-31',
      '2020-01-31T23:59:59',
      '2020-13-01T00:00:00Z',
      '2020-01-31 23:59:59Z',
    ]) {
      expect(normInstant(bad)).toBeNaN()
    }
  })
})

describe('ReverseIndex state', () => {
  it('reopens from its plain-data state with the same answers', () => {
    fc.assert(
      fc.property(corpus, query, (records, params) => {
        const built = ReverseIndex.build(records)
        const reopened = new ReverseIndex(structuredClone(built.state))
        const q = parseReverseParams(params)
        expect(matchedDocs(reopened, q)).toEqual(matchedDocs(built, q))
      }),
      { ...SETTINGS, numRuns: 100 },
    )
  })
})
