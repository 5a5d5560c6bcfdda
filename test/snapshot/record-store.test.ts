/**
 * The packed record store gives back each record as loaded, across chunk boundaries (2^14 records
 * a chunk), and finds records by domain; a reopened store (from its state) answers the same.
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { RecordStore } from '../../src/indexes/record-store.js'
import type { WhoisRecord } from '../../src/types.js'

const N = 40_000

function record(i: number): object {
  // Several shapes, so that shared structures and key orders vary.
  if (i % 3 === 0) return { query: `d${i}.com`, domain: { name: `d${i}.com`, created_norm: null } }
  if (i % 3 === 1)
    return { domain: { nameservers: [`ns${i}.example.net`], name: `d${i}.com` }, tech: 'REDACTED' }
  return { registrant: { organization: `Org ${i}`, street: ['1 Main St', `${i}`] }, query: `d${i}.com` }
}

describe('the packed record store', () => {
  const records = Array.from({ length: N }, (_, i) => record(i)) as WhoisRecord[]
  const keys = records.map((_, i) => `d${i}.com`)
  const store = RecordStore.build(records, keys)

  it('gives every record back exactly, in key order, across chunks', () => {
    expect(store.size).toBe(N)
    expect(store.state.chunks.length).toBe(3)
    for (let doc = 0; doc < N; doc++) {
      const got = store.get(doc)
      if (doc % 997 === 0 || (doc & 0x3fff) <= 1 || (doc & 0x3fff) === 0x3fff) {
        expect(got).toStrictEqual(records[doc])
        expect(Object.keys(got)).toEqual(Object.keys(records[doc] as object))
      }
    }
  })

  it('finds records by domain, and nothing for an absent one', () => {
    expect(store.lookup('d16384.com')).toStrictEqual(records[16384])
    expect(store.lookup('d39999.com')).toStrictEqual(records[39999])
    expect(store.lookup('d40000.com')).toBeNull()
  })

  it('decodes afresh, so a caller changing a record changes nothing stored', () => {
    const first = store.get(1)
    first.query = 'changed'
    expect(store.get(1)).toStrictEqual(records[1])
  })

  it('gives records of many shapes back exactly (msgpackr failed here beyond 32 shared shapes)', () => {
    const shape = fc.dictionary(
      fc.string({ maxLength: 3 }),
      fc.oneof(fc.integer(), fc.dictionary(fc.string({ maxLength: 2 }), fc.nat(), { noNullPrototype: true })),
      { noNullPrototype: true },
    )
    fc.assert(
      fc.property(fc.array(shape, { minLength: 1, maxLength: 150 }), (values) => {
        const many = values as WhoisRecord[]
        const packed = RecordStore.build(
          many,
          many.map((_, i) => `r${i}.com`),
        )
        const reopened = new RecordStore(structuredClone(packed.state))
        many.forEach((record, doc) => {
          expect(packed.get(doc)).toStrictEqual(record)
          expect(reopened.get(doc)).toStrictEqual(record)
        })
      }),
      { seed: 1, numRuns: 60 },
    )
  })

  it('answers the same from its state alone, as a snapshot reopens it', () => {
    const again = new RecordStore(structuredClone(store.state))
    for (const doc of [0, 1, 2, 16383, 16384, 39999]) expect(again.get(doc)).toStrictEqual(records[doc])
    expect(again.lookup('d20000.com')).toStrictEqual(records[20000])
  })
})
