/**
 * Phone digits, postal code and organization name hand cases (SPEC 5).
 */
import { describe, expect, it } from 'vitest'
import { domainsMatching, registrantRecord } from './search.js'

describe('phone', () => {
  const records = [
    registrantRecord('us.com', { phone: '+1.6502530000', fax: '+1.4155550000' }),
    registrantRecord('uk.com', { phone: ['+44 20 7946 0000', '+44.2079460001'] }),
    registrantRecord('wide.com', { phone: '+49 ３０ １２３４５' }),
    registrantRecord('short.com', { phone: '253' }),
  ]

  it('matches the query digits as a contiguous run of the phone digits', () => {
    expect(domainsMatching(records, { phone: '650-253-0000' })).toEqual(['us.com'])
    expect(domainsMatching(records, { phone: '(253) 0000' })).toEqual(['us.com'])
    expect(domainsMatching(records, { phone: 6502530000 })).toEqual(['us.com'])
    expect(domainsMatching(records, { phone: '0000' })).toEqual(['uk.com', 'us.com'])
    expect(domainsMatching(records, { phone: '650 0000' })).toEqual([])
  })

  it('does not search fax numbers', () => {
    expect(domainsMatching(records, { phone: '415-555-0000' })).toEqual([])
  })

  it('keeps array elements apart and reads full-width digits', () => {
    expect(domainsMatching(records, { phone: '00000001' })).toEqual([])
    expect(domainsMatching(records, { phone: '2079460001' })).toEqual(['uk.com'])
    expect(domainsMatching(records, { phone: '3012345' })).toEqual(['wide.com'])
    expect(domainsMatching(records, { phone: '３０１２' })).toEqual(['wide.com'])
  })
})

describe('postal code', () => {
  const records = [
    registrantRecord('gb.com', { postal_code: 'SW1A 1AA' }),
    registrantRecord('alias.com', { postalcode: 'sw1a1aa' }),
    registrantRecord('us.com', { postal_code: '94043-1351' }),
    registrantRecord('jp.com', { postal_code: '１００－０００１' }),
    registrantRecord('city.com', { city: 'SW1A 1AA' }),
  ]

  it('compares exactly after removing spaces and case, in either field spelling', () => {
    expect(domainsMatching(records, { postalcode: 'sw1a 1aa' })).toEqual(['alias.com', 'gb.com'])
    expect(domainsMatching(records, { postalcode: ' S W 1 A 1 A A ' })).toEqual(['alias.com', 'gb.com'])
  })

  it('is exact: no prefix, punctuation kept', () => {
    expect(domainsMatching(records, { postalcode: '94043' })).toEqual([])
    expect(domainsMatching(records, { postalcode: '94043-1351' })).toEqual(['us.com'])
    expect(domainsMatching(records, { postalcode: '940431351' })).toEqual([])
  })

  it('folds full-width forms (NFKC)', () => {
    expect(domainsMatching(records, { postalcode: '100-0001' })).toEqual(['jp.com'])
  })
})

describe('name', () => {
  const records = [
    registrantRecord('one.com', { organization: 'Acme Holdings Ltd' }),
    { domain: { name: 'split.com' }, admin: { organization: 'Acme' }, tech: { organization: 'Holdings' } },
    registrantRecord('other.com', { name: 'Acme Holdings', organization: 'Beta' }),
    { domain: { name: 'array.com' }, billing: { organization: ['Gamma', 'holdings, ACME'] } },
  ]

  it('needs every token in one organization value, in any order', () => {
    expect(domainsMatching(records, { name: 'holdings acme' })).toEqual(['array.com', 'one.com'])
    expect(domainsMatching(records, { name: 'ACME' })).toEqual(['array.com', 'one.com', 'split.com'])
  })

  it('a repeated token needs one occurrence', () => {
    expect(domainsMatching(records, { name: 'acme acme ltd' })).toEqual(['one.com'])
  })

  it('combines with other criteria (AND)', () => {
    expect(domainsMatching(records, { name: 'acme', phrase: 'holdings' })).toEqual([
      'array.com',
      'one.com',
      'split.com',
    ])
    expect(domainsMatching(records, { name: 'beta', phrase: 'acme holdings' })).toEqual(['other.com'])
  })
})
