/**
 * DNS search over real third-party records (public zone files of two government DNS repositories,
 * see the shared real-data README): every line `{owner, text}` / `{owner, preference, exchange}`
 * becomes part of one observation per owner. Expected counts come straight from the lines.
 */

import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { DnsIndex } from '../../src/indexes/dns/dns-index.js'
import { normalizeHost } from '../../src/normalize/host.js'
import { parseDnsParams } from '../../src/query/dns-params.js'
import { searchDnsIndex } from '../../src/segments/dns-search.js'
import type { DnsKind, Envelope, Observation, Params, SummaryResponse } from '../../src/types.js'
import { realData } from '../helpers/real-data.js'
import { apex, mx, ns, observation, txt } from './observations.js'

interface Line {
  owner: string
  repo: string
  text?: string
  exchange?: string
  preference?: number
}

function lines(name: string): Line[] {
  const path = realData(name)
  if (path === null) return []
  return readFileSync(path, 'utf8')
    .split('\n')
    .filter((l) => l.trim() !== '')
    .map((l) => JSON.parse(l) as Line)
}

// Owners such as `*._domainkey.example.gov.uk` are no host names: the loader would reject them.
const usable = (l: Line) => normalizeHost(l.owner).ok
const nameserverOf = (repo: string) => `ns1.${repo.split('/')[0]?.toLowerCase()}.example`
const dateOf = (repo: string) => (repo.startsWith('18F') ? '2023-11-15' : '2024-05-01')

function byOwner(
  list: readonly Line[],
  answer: (l: Line) => ReturnType<typeof txt> | ReturnType<typeof mx>,
): Observation[] {
  const groups = new Map<string, Line[]>()
  for (const l of list) groups.set(l.owner, [...(groups.get(l.owner) ?? []), l])
  return [...groups].map(([owner, ls], i) => {
    const repo = (ls[0] as Line).repo
    return observation(`obs-${i}`, dateOf(repo), apex(owner), ...ls.map(answer), ns(nameserverOf(repo)))
  })
}

const txtLines = lines('dns_txt_observations.jsonl').filter(usable)
const mxLines = lines('dns_mx_observations.jsonl').filter(usable)

function run(kind: DnsKind, index: DnsIndex, params: Params) {
  return searchDnsIndex(index, parseDnsParams(kind, params))
}
const count = (kind: DnsKind, index: DnsIndex, params: Params) =>
  (run(kind, index, params) as Envelope<Observation>).result_count
const ownersWhere = (list: readonly Line[], test: (l: Line) => boolean) =>
  new Set(list.filter(test).map((l) => l.owner)).size

describe.skipIf(txtLines.length === 0)('real TXT records', () => {
  const index = DnsIndex.build(
    'txt',
    byOwner(txtLines, (l) => txt(l.text as string)),
  )

  it('holds one observation per owner', () => {
    expect(index.size).toBe(new Set(txtLines.map((l) => l.owner)).size)
    expect(index.size).toBeGreaterThan(1000)
  })

  it.each([
    ['spf1', /(^|[^a-z0-9])spf1([^a-z0-9]|$)/i],
    [
      'spf.protection.outlook.com',
      /(^|[^a-z0-9])spf[^a-z0-9]+protection[^a-z0-9]+outlook[^a-z0-9]+com([^a-z0-9]|$)/i,
    ],
    ['v=DMARC1', /(^|[^a-z0-9])v[^a-z0-9]+dmarc1([^a-z0-9]|$)/i],
    ['google-site-verification', /(^|[^a-z0-9])google[^a-z0-9]+site[^a-z0-9]+verification([^a-z0-9]|$)/i],
  ])('txt=%s matches the owners whose text holds those words in a row', (query, pattern) => {
    const expected = ownersWhere(txtLines, (l) => pattern.test(l.text as string))
    expect(expected).toBeGreaterThan(0)
    expect(count('txt', index, { txt: query })).toBe(expected)
    expect(count('txt', index, { expression: `txt:"${query}"` })).toBe(expected)
  })

  it('summarises every distinct TXT text with its number of owners', () => {
    const perText = new Map<string, Set<string>>()
    for (const l of txtLines)
      perText.set(l.text as string, (perText.get(l.text as string) ?? new Set()).add(l.owner))
    const s = (
      run('txt', index, {
        summarize: 'txt',
        summary_context: 'dns-txt',
        summary_limit: 10_000,
      }) as SummaryResponse
    ).summary
    expect(s.other).toBe(0)
    expect(Object.keys(s.values)).toHaveLength(perText.size)
    for (const [text, owners] of perText) expect(s.values[text]).toBe(owners.size)
    const top = (run('txt', index, { summarize: 'txt', summary_limit: 10 }) as SummaryResponse).summary
    const total = [...perText.values()].reduce((sum, o) => sum + o.size, 0)
    expect(Object.values(top.values).reduce((a, b) => a + b, 0) + top.other).toBe(total)
  })

  it('splits owners by nameserver and by exact text', () => {
    const fromMoj = ownersWhere(txtLines, (l) => l.repo.startsWith('ministryofjustice'))
    expect(count('txt', index, { nameserver: 'ministryofjustice.example' })).toBe(fromMoj)
    expect(count('txt', index, { from: '2024-01-01' })).toBe(fromMoj)
    const exact = ownersWhere(txtLines, (l) => (l.text as string).toLowerCase() === 'v=spf1 -all')
    expect(count('txt', index, { filter: 'txt="V=SPF1 -ALL"' })).toBe(exact)
  })
})

describe.skipIf(mxLines.length === 0)('real MX records', () => {
  const index = DnsIndex.build(
    'mx',
    byOwner(mxLines, (l) => mx(l.exchange as string, String(l.preference))),
  )

  it('counts the distinct exchanges and null MX owners', () => {
    const exchanges = new Set(mxLines.map((l) => l.exchange))
    const s = (
      run('mx', index, {
        summarize: 'host',
        summary_context: 'dns-mx',
        summary_limit: 10_000,
      }) as SummaryResponse
    ).summary
    expect(Object.keys(s.values).sort()).toEqual([...exchanges].sort())
    expect(count('mx', index, { expression: 'dns-mx.host=.' })).toBe(
      ownersWhere(mxLines, (l) => l.exchange === '.'),
    )
  })

  it('finds owners by exchange suffix, preference and apex', () => {
    const outlook = ownersWhere(mxLines, (l) => (l.exchange as string).toLowerCase().endsWith('.outlook.com'))
    expect(outlook).toBeGreaterThan(0)
    expect(count('mx', index, { filter: 'dns-mx.host:outlook.com' })).toBe(outlook)
    const outlookOwners = new Set(
      mxLines
        .filter((l) => (l.exchange as string).toLowerCase().endsWith('.outlook.com'))
        .map((l) => l.owner),
    )
    expect(count('mx', index, { expression: 'mx-preference=10 NOT dns-mx.host:outlook.com' })).toBe(
      ownersWhere(mxLines, (l) => l.preference === 10 && !outlookOwners.has(l.owner)),
    )
    const first = mxLines[1] as Line
    expect(count('mx', index, { host: first.owner.toUpperCase() })).toBe(1)
  })
})
