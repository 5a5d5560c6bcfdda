/**
 * Created, updated and expires ranges (SPEC 5): inclusive, day bounds, records without the date.
 */
import { describe, expect, it } from 'vitest'
import type { WhoisRecord } from '../../src/types.js'
import { domainsMatching } from './search.js'

function dated(name: string, created: string | null, expires?: string): WhoisRecord {
  return {
    domain: { name, created_norm: created, ...(expires === undefined ? {} : { expires_norm: expires }) },
  }
}

const records = [
  dated('start.com', '2020-01-01T00:00:00Z'),
  dated('end.com', '2020-01-31T23:59:59Z', '2021-01-31T00:00:00Z'),
  dated('next.com', '2020-02-01T00:00:00Z'),
  dated('none.com', null, '2021-01-31T00:00:00Z'),
  { domain: { name: 'nodomain.com' } },
]

describe('date ranges', () => {
  it('YYYY-MM-DD bounds are the start of the from day and the end of the to day', () => {
    expect(domainsMatching(records, { created_from: '2020-01-01', created_to: '2020-01-31' })).toEqual([
      'end.com',
      'start.com',
    ])
  })

  it('full instants are inclusive to the second', () => {
    expect(domainsMatching(records, { created_from: '2020-01-31T23:59:59Z' })).toEqual([
      'next.com',
      'end.com',
    ])
    expect(domainsMatching(records, { created_to: '2020-01-31T23:59:58Z' })).toEqual(['start.com'])
  })

  it('a record without the date never matches a range on it', () => {
    expect(domainsMatching(records, { created_to: '2100-01-01' })).toEqual([
      'next.com',
      'end.com',
      'start.com',
    ])
    expect(domainsMatching(records, { updated_from: '1900-01-01' })).toEqual([])
    expect(domainsMatching(records, { expires_to: '2021-01-31' })).toEqual(['end.com', 'none.com'])
  })

  it('ranges on different dates are AND-ed', () => {
    expect(domainsMatching(records, { expires_from: '2021-01-31', created_from: '2020-01-15' })).toEqual([
      'end.com',
    ])
  })
})
