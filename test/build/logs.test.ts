/**
 * The build's logs against plain references: the WHOIS log keeps each domain's latest record
 * (SPEC 2) across compactions (its compressed chunks rewritten) and numbers documents in result
 * order (created descending, undated last, domain ascending: SPEC 5); the observation log keeps
 * each id's latest observation, whatever the kinds; the term dictionary gives back every string
 * exactly, lone surrogates included.
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { ObservationLog } from '../../src/build/observation-log.js'
import { WhoisLog } from '../../src/build/whois-log.js'
import { entryAt } from '../../src/indexes/byte-table.js'
import { ChunkPacker } from '../../src/indexes/chunk-packer.js'
import { RecordStore } from '../../src/indexes/record-store.js'
import { TermDictionaryBuilder } from '../../src/indexes/term-dictionary.js'
import type { Observation, WhoisRecord } from '../../src/types.js'

const SETTINGS = { seed: 11, numRuns: 150 }

interface Row {
  key: string
  created: number
  tag: number
}

const row = fc.record({
  key: fc.constantFrom('a.com', 'b.com', 'c.net', 'd.org', 'é.fr', 'z.io', 'A.com'),
  created: fc.oneof(
    fc.constant(Number.NaN),
    fc.integer({ min: -5, max: 5 }).map((d) => d * 86_400),
  ),
  tag: fc.nat(1000),
})

/** Packs rows into table-coded chunks of random sizes, as parse tasks would. */
function whoisLogOf(rows: readonly Row[], cuts: readonly number[]): WhoisLog {
  const log = new WhoisLog()
  let at = 0
  for (const cut of [...cuts, rows.length]) {
    const part = rows.slice(at, Math.max(at, cut))
    at = Math.max(at, cut)
    if (part.length === 0) continue
    const packer = new ChunkPacker({ tableCoded: true })
    for (const r of part) packer.add({ query: r.key, tag: r.tag })
    log.add({
      packed: packer.take(),
      keys: part.map((r) => r.key),
      created: Float64Array.from(part, (r) => r.created),
    })
  }
  return log
}

describe('the WHOIS log', () => {
  it('keeps the latest record of each domain and numbers documents in result order', () => {
    fc.assert(
      fc.property(fc.array(row, { maxLength: 60 }), fc.array(fc.nat(60), { maxLength: 6 }), (rows, cuts) => {
        const latest = new Map<string, Row>()
        for (const r of rows) latest.set(r.key, r)
        const expected = [...latest.values()].sort((x, y) => {
          const nx = Number.isNaN(x.created)
          const ny = Number.isNaN(y.created)
          if (nx !== ny) return nx ? 1 : -1
          if (!nx && x.created !== y.created) return y.created - x.created
          return x.key < y.key ? -1 : x.key > y.key ? 1 : 0
        })
        const log = whoisLogOf(
          rows,
          [...cuts].sort((a, b) => a - b),
        )
        expect(log.replaced).toBe(rows.length - latest.size)
        const store = new RecordStore(log.finish())
        expect(store.size).toBe(expected.length)
        expected.forEach((r, doc) => {
          expect(store.get(doc)).toEqual({ query: r.key, tag: r.tag } as unknown as WhoisRecord)
          expect(store.lookup(r.key)).toEqual(store.get(doc))
        })
        expect(store.lookup('absent.com')).toBeNull()
      }),
      SETTINGS,
    )
  })
})

describe('the observation log', () => {
  it('keeps the latest observation of each id, whatever the kinds', () => {
    const entry = fc.record({ id: fc.constantFrom('o1', 'o2', 'o3', 'o4'), kind: fc.nat(1), day: fc.nat(30) })
    fc.assert(
      fc.property(fc.array(entry, { maxLength: 40 }), (entries) => {
        const log = new ObservationLog()
        const packer = new ChunkPacker()
        entries.forEach((e, i) => {
          packer.add({ date: `day-${e.day}`, id: e.id, items: [], n: i })
        })
        log.add({
          packed: packer.take(),
          ids: entries.map((e) => e.id),
          days: Int32Array.from(entries, (e) => e.day),
          kinds: Uint8Array.from(entries, (e) => e.kind),
        })
        const latest = new Map<string, { n: number; kind: number; day: number }>()
        entries.forEach((e, n) => {
          latest.delete(e.id)
          latest.set(e.id, { n, kind: e.kind, day: e.day })
        })
        expect(log.replaced).toBe(entries.length - latest.size)
        for (const [kind, tag] of [
          ['mx', 0],
          ['txt', 1],
        ] as const) {
          const columns = log.columns(kind)
          // Result order: day descending, then id. Every one is kept verbatim (its date is no date).
          const want = [...latest.entries()]
            .filter(([, v]) => v.kind === tag)
            .sort((x, y) => y[1].day - x[1].day || (x[0] < y[0] ? -1 : 1))
          expect(want.map((_, i) => entryAt(columns.ids, i))).toEqual(want.map(([id]) => id))
          expect([...columns.days]).toEqual(want.map(([, v]) => v.day))
          expect(columns.verbatim.map((o) => (o as Observation & { n: number }).n)).toEqual(
            want.map(([, v]) => v.n),
          )
        }
      }),
      SETTINGS,
    )
  })
})

describe('the term dictionary', () => {
  it('gives back every string it interned exactly, lone surrogates included', () => {
    fc.assert(
      fc.property(fc.uniqueArray(fc.string({ unit: 'binary', maxLength: 8 }), { maxLength: 40 }), (terms) => {
        const builder = new TermDictionaryBuilder()
        terms.forEach((term, i) => {
          expect(builder.intern(term)).toBe(i)
        })
        const dictionary = builder.freeze()
        terms.forEach((term, i) => {
          expect(dictionary.term(i)).toBe(term)
          expect(dictionary.get(term)).toBe(i)
        })
      }),
      SETTINGS,
    )
  })
})
