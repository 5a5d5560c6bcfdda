import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { byteTableOf, entryAt } from '../../src/indexes/byte-table.js'
import { isLabelSuffix } from '../../src/indexes/dns/host-key.js'
import { buildLabelTrie, findNode, keyRange, lookupOf } from '../../src/indexes/dns/label-trie.js'
import { Column } from '../../src/storage/column.js'

// The key found (its index in the keys given, -1: none) and the keys below it, sorted.
function lookup(keys: string[], key: string): { exact: number; below: string[] } {
  const { trie, hosts, rank } = buildLabelTrie(byteTableOf(keys.length, (i) => keys[i] as string))
  expect(keys.map((_, i) => entryAt(hosts, rank[i] as number))).toEqual(keys)
  const node = findNode(lookupOf(trie), hosts, key)
  const ranges = {
    trieBelowStart: new Column(trie.trieBelowStart),
    trieBelowEnd: new Column(trie.trieBelowEnd),
    trieHost: new Column(trie.trieHost),
  }
  if (node < 0) return { exact: -1, below: [] }
  const h = trie.trieHost[node] as number
  const own = keyRange(ranges, node, false)
  expect(own).toEqual(h < 0 ? { from: own.from, to: own.from } : { from: h, to: h + 1 })
  const { from, to } = keyRange(ranges, node, true)
  expect(from).toBe(own.from)
  const below: string[] = []
  for (let k = own.to; k < to; k++) below.push(entryAt(hosts, k))
  return { exact: h < 0 ? -1 : keys.indexOf(entryAt(hosts, h)), below: below.sort() }
}

describe('label trie', () => {
  it('finds exact keys and label-aligned suffixes only', () => {
    const hosts = [
      'example.com',
      'ns1.example.com',
      'notexample.com',
      'example.com.evil.net',
      'a.b.example.com',
      'com',
    ]
    expect(lookup(hosts, 'example.com')).toEqual({ exact: 0, below: ['a.b.example.com', 'ns1.example.com'] })
    expect(lookup(hosts, 'com').below).toEqual([
      'a.b.example.com',
      'example.com',
      'notexample.com',
      'ns1.example.com',
    ])
    expect(lookup(hosts, 'b.example.com')).toEqual({ exact: -1, below: ['a.b.example.com'] })
    expect(lookup(hosts, 'xample.com')).toEqual({ exact: -1, below: [] })
    expect(lookup(hosts, 'evil.net')).toEqual({ exact: -1, below: ['example.com.evil.net'] })
  })

  it('treats empty labels like split does: "" is the null MX, "a." ends in an empty label', () => {
    const hosts = ['', 'a.', '.a', 'a', 'b..a']
    expect(lookup(hosts, '')).toEqual({ exact: 0, below: ['a.'] })
    expect(lookup(hosts, 'a')).toEqual({ exact: 3, below: ['.a', 'b..a'] })
    expect(lookup(hosts, '.a')).toEqual({ exact: 2, below: ['b..a'] })
  })

  it('agrees with the plain suffix rule on random keys, including non-ASCII ones', () => {
    const label = fc.string({ unit: fc.constantFrom('a', 'b', 'é', '\u{1F600}', '-'), maxLength: 3 })
    const key = fc.array(label, { minLength: 1, maxLength: 4 }).map((labels) => labels.join('.'))
    fc.assert(
      fc.property(fc.uniqueArray(key, { maxLength: 40 }), key, (hosts, q) => {
        const expected = hosts.filter((h) => h !== q && isLabelSuffix(h, q)).sort()
        expect(lookup(hosts, q)).toEqual({ exact: hosts.indexOf(q), below: expected })
      }),
      { seed: 9090, numRuns: 300 },
    )
  })
})
