/**
 * The index against the brute-force reference on real WHOIS records (589 parsed registry responses
 * from public parser test suites, in the shared real-data folder; skipped when it is absent), with
 * queries taken from the records themselves: organizations, streets, postal codes, phones,
 * nameserver domains and creation years, alone and combined.
 */

import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { tokenize } from '../../src/analysis/tokenize.js'
import { ReverseIndex } from '../../src/indexes/reverse/reverse-index.js'
import { normalizeDate } from '../../src/normalize/date.js'
import { parseReverseParams } from '../../src/query/reverse-params.js'
import type { Params, WhoisRecord } from '../../src/types.js'
import { realData } from '../helpers/real-data.js'
import { inResultOrder } from './corpus.js'
import { contactValues, referenceSearch } from './reference.js'
import { matchedDocs } from './search.js'

const path = realData('whois_records.jsonl')

function load(file: string): WhoisRecord[] {
  const records = readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as WhoisRecord)
  for (const record of records) {
    const domain = record.domain ?? {}
    const { tld } = domain
    for (const field of ['created', 'updated', 'expires'] as const) {
      const raw = domain[field]
      domain[`${field}_norm`] = typeof raw === 'string' ? normalizeDate(raw, { tld: String(tld) }) : null
    }
  }
  return inResultOrder(records)
}

/** Queries built from every 7th record's own values. */
function queriesOf(records: readonly WhoisRecord[]): Params[] {
  const queries: Params[] = []
  records.forEach((record, i) => {
    if (i % 7 !== 0) return
    for (const [field, value] of contactValues(record)) {
      const tokens = tokenize(value)
      if (tokens.length === 0) continue
      if (field === 'organization') {
        queries.push({ phrase: value }, { name: [...tokens].reverse().join(' ') })
        if (tokens.length > 2) queries.push({ phrase: `${tokens[0]} ${tokens[2]}`, slop: 1 })
      }
      if (field === 'street')
        queries.push({ street: value }, { phrase: tokens.slice(-2).join(' '), street: true })
      if (field === 'postal_code') queries.push({ postalcode: value })
      if (field === 'phone' && value.replace(/\D/g, '').length >= 4) queries.push({ phone: value.slice(-7) })
    }
    const ns = record.domain?.nameservers?.[0]
    if (typeof ns === 'string') {
      const suffix = ns.toLowerCase().split('.').slice(-2).join('.')
      queries.push({ nameserver: suffix }, { nameserver: suffix, created_from: '2010-01-01' })
    }
  })
  queries.push(
    { created_from: '2015-01-01', created_to: '2018-12-31' },
    { expires_to: '2020-01-01', name: 'llc' },
  )
  return queries
}

describe.skipIf(path === null)('ReverseIndex on real WHOIS records', () => {
  it('answers queries taken from the records exactly like the reference', () => {
    const records = load(path as string)
    const index = ReverseIndex.build(records)
    const queries = queriesOf(records)
    expect(queries.length).toBeGreaterThan(200)
    let nonEmpty = 0
    for (const params of queries) {
      const want = referenceSearch(records, params)
      expect({ params, got: matchedDocs(index, parseReverseParams(params)) }).toEqual({
        params,
        got: want,
      })
      if (want.length > 0) nonEmpty++
    }
    expect(nonEmpty).toBeGreaterThan(queries.length / 2)
  })
})
