/**
 * Nameserver label-aligned suffix hand cases (SPEC 3 and 5).
 */
import { describe, expect, it } from 'vitest'
import { domainsMatching } from './search.js'

function withNameservers(name: string, nameservers: unknown): object {
  return { domain: { name, nameservers } }
}

const records = [
  withNameservers('exact.com', ['example.com']),
  withNameservers('sub.com', ['ns1.example.com', 'ns2.example.com']),
  withNameservers('deep.com', ['a.b.example.com']),
  withNameservers('not.com', ['ns1.notexample.com']),
  withNameservers('evil.com', ['example.com.evil.net']),
  // Keys 'com.example-x.ns1' and 'com.example0' sort between 'com.example' and 'com.example.…'.
  withNameservers('hyphen.com', ['ns1.example-x.com', 'example0.com', 'ns1.example.com-x.net']),
  withNameservers('upper.com', ['NS1.EXAMPLE.COM.']),
  withNameservers('idn.com', ['ns1.xn--mnchen-3ya.de']),
  withNameservers('unicode.com', ['ns2.München.de']),
  withNameservers('broken.com', ['ns1.example.com..', 42, null]),
  withNameservers('single.com', 'ns9.example.com'),
  withNameservers('none.com', []),
]

describe('nameserver suffix', () => {
  it('matches the domain and hosts below it, label-aligned', () => {
    expect(domainsMatching(records, { nameserver: 'example.com' })).toEqual([
      'broken.com',
      'deep.com',
      'exact.com',
      'single.com',
      'sub.com',
      'upper.com',
    ])
  })

  it('never matches a longer label or the domain in the middle', () => {
    expect(domainsMatching(records, { nameserver: 'notexample.com' })).toEqual(['not.com'])
    expect(domainsMatching(records, { nameserver: 'evil.net' })).toEqual(['evil.com'])
    expect(domainsMatching(records, { nameserver: 'b.example.com' })).toEqual(['deep.com'])
    expect(domainsMatching(records, { nameserver: 'ample.com' })).toEqual([])
    expect(domainsMatching(records, { nameserver: 'example-x.com' })).toEqual(['hyphen.com'])
  })

  it('ignores case and a trailing dot on either side', () => {
    expect(domainsMatching(records, { nameserver: 'NS1.Example.Com.' })).toEqual([
      'broken.com',
      'sub.com',
      'upper.com',
    ])
  })

  it('compares Unicode labels as punycode', () => {
    expect(domainsMatching(records, { nameserver: 'münchen.de' })).toEqual(['idn.com', 'unicode.com'])
    expect(domainsMatching(records, { nameserver: 'xn--mnchen-3ya.de' })).toEqual(['idn.com', 'unicode.com'])
  })

  it('a top-level domain matches every host under it', () => {
    expect(domainsMatching(records, { nameserver: 'net' })).toEqual(['evil.com', 'hyphen.com'])
  })
})
