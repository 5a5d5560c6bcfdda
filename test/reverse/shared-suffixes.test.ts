/**
 * A large provider's domain is answered from its shared suffix (label-suffix-index.ts): documents
 * merged at build time. Corpora large enough to have some (4,096 host entries under a domain),
 * with hosts that sort between a suffix's own host and the hosts below it, invalid hosts and
 * Unicode labels; every query, alone and combined, against the brute-force reference.
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { SHARED_SUFFIX_ENTRIES } from '../../src/indexes/reverse/label-suffix-index.js'
import { ReverseIndex } from '../../src/indexes/reverse/reverse-index.js'
import { termDocs } from '../../src/indexes/reverse/term-lists.js'
import { parseReverseParams } from '../../src/query/reverse-params.js'
import type { Params, WhoisRecord } from '../../src/types.js'
import { inResultOrder } from './corpus.js'
import { referenceMatch } from './reference.js'
import { matchedDocs } from './search.js'

const HOSTS = [
  'big.com',
  'ns1.big.com',
  'NS2.BIG.COM.',
  'a.ns.big.com',
  'b.ns.big.com',
  'big-x.com',
  'ns1.big-x.com',
  'big0.com',
  'x.notbig.com',
  'big.com.evil.net',
  'ns.small.org',
  'ns1.big.com..',
  'ns1.münchen.de',
  'ns2.xn--mnchen-3ya.de',
]
const QUERIES = [
  'big.com',
  'ns.big.com',
  'com',
  'notbig.com',
  'big-x.com',
  'evil.net',
  'small.org',
  'münchen.de',
  'de',
]

function corpus(seed: number, n: number): WhoisRecord[] {
  const picks = fc.sample(fc.array(fc.nat(HOSTS.length - 1), { maxLength: 3 }), { seed, numRuns: n })
  return picks.map((hosts, i) => ({
    domain: {
      name: `d${i}.com`,
      nameservers: hosts.map((h) => HOSTS[h] as string),
      created_norm: `20${10 + (i % 10)}-01-01T00:00:00Z`,
    },
    registrant: { organization: i % 3 === 0 ? 'Acme Holdings' : 'Other Org' },
  }))
}

describe('shared nameserver suffixes', () => {
  it('are built for large providers and answer as the brute-force reference, alone and combined', () => {
    for (const seed of [1, 2]) {
      const records = inResultOrder(corpus(seed, 9000))
      const index = ReverseIndex.build(records)
      const nameservers = index.structures.nameservers
      const big = nameservers.sharedSuffix('big.com')
      expect(termDocs(nameservers.sharedPostings, big).length).toBeGreaterThan(0)
      expect(nameservers.sharedSuffix('small.org')).toBe(-1)
      expect(nameservers.hosts.termStart.at(-1)).toBeGreaterThan(SHARED_SUFFIX_ENTRIES)
      for (const nameserver of QUERIES) {
        const combos: Params[] = [
          { nameserver },
          { nameserver, name: 'acme' },
          { nameserver, created_from: '2015-01-01' },
        ]
        for (const params of combos) {
          const expected = records.flatMap((r, doc) => (referenceMatch(r, params) ? [doc] : []))
          const actual = matchedDocs(index, parseReverseParams(params))
          expect(actual, JSON.stringify(params)).toEqual(expected)
        }
      }
    }
  })
})
