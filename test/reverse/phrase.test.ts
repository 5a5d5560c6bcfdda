/**
 * Phrase and slop hand cases (SPEC 5), including the restriction flags and street text.
 */
import { describe, expect, it } from 'vitest'
import { domainsMatching, registrantRecord } from './search.js'

const fox = [registrantRecord('fox.com', { name: 'the quick brown fox' })]
const letters = [registrantRecord('abc.com', { name: 'a b c d e' })]

describe('phrase slop', () => {
  it('adjacent terms need slop 0, one word between needs 1', () => {
    expect(domainsMatching(fox, { phrase: 'brown fox' })).toEqual(['fox.com'])
    expect(domainsMatching(fox, { phrase: 'quick fox' })).toEqual([])
    expect(domainsMatching(fox, { phrase: 'quick fox', slop: 1 })).toEqual(['fox.com'])
  })

  it('swapping the terms costs 2 more than the gap: fox quick needs 3', () => {
    expect(domainsMatching(fox, { phrase: 'fox quick', slop: 2 })).toEqual([])
    expect(domainsMatching(fox, { phrase: 'fox quick', slop: 3 })).toEqual(['fox.com'])
    expect(domainsMatching(fox, { phrase: 'fox quick', slop: '3' })).toEqual(['fox.com'])
  })

  it('gaps add up: a c e needs 2', () => {
    expect(domainsMatching(letters, { phrase: 'a c e', slop: 1 })).toEqual([])
    expect(domainsMatching(letters, { phrase: 'a c e', slop: 2 })).toEqual(['abc.com'])
  })

  it('a repeated term needs distinct occurrences', () => {
    const one = [registrantRecord('one.com', { name: 'a b' })]
    const two = [registrantRecord('two.com', { name: 'a b a' })]
    expect(domainsMatching(one, { phrase: 'a a', slop: 50 })).toEqual([])
    expect(domainsMatching(two, { phrase: 'a a', slop: 0 })).toEqual([])
    expect(domainsMatching(two, { phrase: 'a a', slop: 1 })).toEqual(['two.com'])
    expect(domainsMatching(two, { phrase: 'a b a' })).toEqual(['two.com'])
  })

  it('a one-term phrase matches any value holding the term', () => {
    expect(domainsMatching(fox, { phrase: 'BROWN' })).toEqual(['fox.com'])
  })

  it('never spans two values at any valid slop', () => {
    const split = [registrantRecord('split.com', { name: 'acme', organization: 'holdings' })]
    expect(domainsMatching(split, { phrase: 'acme holdings', slop: 50 })).toEqual([])
    expect(domainsMatching(split, { phrase: 'acme' })).toEqual(['split.com'])
    const streets = [registrantRecord('st.com', { street: ['1 Main', 'St Suite 2'] })]
    expect(domainsMatching(streets, { phrase: 'main st', slop: 50 })).toEqual([])
  })

  it('analyses like the index: NFKC, case, punctuation', () => {
    const odd = [registrantRecord('odd.com', { organization: 'MÜLLER-ﬁsh GmbH, １２３' })]
    expect(domainsMatching(odd, { phrase: 'müller fish gmbh 123' })).toEqual(['odd.com'])
    expect(domainsMatching(odd, { phrase: 'Müller.Fish' })).toEqual(['odd.com'])
  })

  it('searches every contact section and every string field, not other values', () => {
    const records = [
      { domain: { name: 'billing.com' }, billing: { email: 'ops@acme.example' } },
      { domain: { name: 'tech.com' }, tech: { custom_note: 'acme example' } },
      { domain: { name: 'domain.com', registrar_name: 'acme example' } },
      { domain: { name: 'num.com' }, admin: { organization: 7, redacted: true } },
    ]
    expect(domainsMatching(records, { phrase: 'acme example' })).toEqual(['billing.com', 'tech.com'])
    expect(domainsMatching(records, { phrase: '7' })).toEqual([])
  })
})

describe('phrase restricted by street, postalcode and phone flags', () => {
  const records = [
    registrantRecord('street.com', { street: '1 Acme Way', organization: 'Other' }),
    registrantRecord('org.com', { street: '2 Elm Rd', organization: 'Acme Way' }),
    registrantRecord('zip.com', { postalcode: 'ACME 1' }),
    registrantRecord('phone.com', { phone: '+1 555 0100', fax: '+1 555 0199' }),
  ]

  it('true restricts phrase to that field', () => {
    expect(domainsMatching(records, { phrase: 'acme way' })).toEqual(['org.com', 'street.com'])
    expect(domainsMatching(records, { phrase: 'acme way', street: true })).toEqual(['street.com'])
    expect(domainsMatching(records, { phrase: 'acme', postalcode: 'true' })).toEqual(['zip.com'])
    expect(domainsMatching(records, { phrase: '0100', phone: true })).toEqual(['phone.com'])
    expect(domainsMatching(records, { phrase: '0199', phone: true })).toEqual([])
  })

  it('several flags admit any of their fields; false means not given', () => {
    expect(domainsMatching(records, { phrase: 'acme', street: true, postalcode: true })).toEqual([
      'street.com',
      'zip.com',
    ])
    expect(domainsMatching(records, { phrase: 'acme way', street: 'false' })).toEqual([
      'org.com',
      'street.com',
    ])
  })

  it('street text is a phrase in street values, with slop', () => {
    expect(domainsMatching(records, { street: 'acme way' })).toEqual(['street.com'])
    expect(domainsMatching(records, { street: '1 way' })).toEqual([])
    expect(domainsMatching(records, { street: '1 way', slop: 1 })).toEqual(['street.com'])
    expect(domainsMatching(records, { street: 'elm', phrase: 'acme' })).toEqual(['org.com'])
  })
})
