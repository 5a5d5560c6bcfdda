import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { DnsIndex } from '../../src/indexes/dns/dns-index.js'
import { parseDnsParams } from '../../src/query/dns-params.js'
import { searchDnsIndex } from '../../src/segments/dns-search.js'
import type { DnsKind, Params } from '../../src/types.js'
import { dnsThroughDisk } from '../helpers/through-disk.js'
import { observationsArb, queryArb } from './arbitraries.js'
import { referenceSearch } from './reference.js'

/** Query-string form of the typed parameters: every value a string, filters as repeated keys. */
function asStrings(p: Record<string, unknown>): Params {
  const out: Record<string, string | string[]> = {}
  for (const [k, v] of Object.entries(p)) out[k] = Array.isArray(v) ? v.map(String) : String(v)
  return out
}

describe.each<DnsKind>(['mx', 'txt'])('DnsIndex agrees with the brute-force reference (%s)', (kind) => {
  it('on random observation sets and random queries', () => {
    fc.assert(
      fc.property(
        observationsArb(kind, 80),
        fc.array(queryArb(kind), { minLength: 1, maxLength: 8 }),
        (observations, queries) => {
          const index = DnsIndex.build(kind, observations)
          expect(index.size).toBe(observations.length)
          for (const q of queries) {
            const expected = referenceSearch(kind, observations, q)
            expect(searchDnsIndex(index, parseDnsParams(kind, q as Params))).toEqual(expected)
            expect(
              JSON.stringify(
                searchDnsIndex(index, parseDnsParams(kind, asStrings(q as Record<string, unknown>))),
              ),
            ).toBe(JSON.stringify(expected))
          }
        },
      ),
      { seed: kind === 'mx' ? 7001 : 7002, numRuns: 250 },
    )
  })

  it('pages through more than one page of a large set', () => {
    fc.assert(
      fc.property(observationsArb(kind, 260), fc.constantFrom(0, 1, 2, 3), (observations, page) => {
        const index = DnsIndex.build(kind, observations)
        expect(searchDnsIndex(index, parseDnsParams(kind, { page }))).toEqual(
          referenceSearch(kind, observations, { page }),
        )
      }),
      { seed: 7003, numRuns: 30 },
    )
  })
})

describe.each<DnsKind>(['mx', 'txt'])('expressions alone agree with the reference (%s)', (kind) => {
  it('with and without most_recent and summaries', () => {
    const queries = fc.record({
      expression: queryArb(kind)
        .filter((q) => q.expression !== undefined)
        .map((q) => q.expression as string),
      most_recent: fc.boolean(),
      summarize: fc.constantFrom(undefined, 'host'),
    })
    fc.assert(
      fc.property(
        observationsArb(kind, 60),
        fc.array(queries, { minLength: 1, maxLength: 6 }),
        (observations, list) => {
          const index = DnsIndex.build(kind, observations)
          for (const { summarize, ...q } of list) {
            const p = summarize === undefined ? q : { ...q, summarize }
            expect(searchDnsIndex(index, parseDnsParams(kind, p))).toEqual(
              referenceSearch(kind, observations, p),
            )
          }
        },
      ),
      { seed: kind === 'mx' ? 7004 : 7005, numRuns: 200 },
    )
  })
})

describe.each<DnsKind>(['mx', 'txt'])(
  'an index read from disk through no cache agrees with the reference (%s)',
  (kind) => {
    it('on random observation sets and random queries', async () => {
      await fc.assert(
        fc.asyncProperty(
          observationsArb(kind, 200),
          fc.array(queryArb(kind), { minLength: 1, maxLength: 8 }),
          async (observations, queries) => {
            const index = await dnsThroughDisk(DnsIndex.build(kind, observations))
            for (const q of queries) {
              expect(searchDnsIndex(index, parseDnsParams(kind, q as Params))).toEqual(
                referenceSearch(kind, observations, q),
              )
            }
            for (let o = 0; o < index.size; o++) expect(index.at(o)).toBeDefined()
          },
        ),
        { seed: kind === 'mx' ? 7006 : 7007, numRuns: 60 },
      )
    })
  },
)
