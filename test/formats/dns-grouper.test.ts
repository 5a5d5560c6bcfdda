import { describe, expect, it } from 'vitest'
import { DnsGrouper } from '../../src/ingest/formats/dns-grouper.js'
import { HostCheck } from '../../src/ingest/host-check.js'
import { checkObservation } from '../../src/ingest/observation-record.js'
import type { DnsKind, Observation } from '../../src/types.js'
import { apex, mx, ns, observation, txt } from '../dns/observations.js'
import { dnsRecords, groupLines, zdns } from './dns-lines.js'

const D = '2024-03-05'

// Out of order on purpose: an NS record before the MX records it ends, two apexes interleaved, a
// group's records far apart, dates and timestamps (of three zones) naming the same UTC day.
const LINES = [
  { name: 'example.com', type: 'NS', value: 'ns2.example.net.', date: D },
  { name: 'Example.com', type: 'mx', value: '20 mx2.example.com', timestamp: '2024-03-05T10:00:00Z' },
  { name: 'example.org', type: 'TXT', value: 'v=spf1 -all', date: D },
  { name: 'example.com', type: 'MX', value: '10 MX1.example.com.', date: D },
  { name: 'www.example.com', type: 'MX', value: '10 mx1.example.com', date: D },
  { name: 'example.com', type: 'txt', value: 'v=spf1 include:_spf.example.net ~all', timestamp: 1709640000 },
  { name: 'example.com', type: 'A', value: '192.0.2.1', date: D },
  { name: 'example.com', type: 'ns', value: 'NS1.example.net', timestamp: '2024-03-05T23:00:00+01:00' },
  { name: 'example.com', type: 'Mx', value: '10 mx0.example.com', date: D },
  { name: 'example.com', type: 'MX', value: '20 mx2.example.com', date: D },
  { name: 'example.com', type: 'TXT', value: 'example-verification=1', date: D },
  { name: 'example.com', type: 'TXT', value: 'v=spf1 include:_spf.example.net ~all', date: D },
  { name: 'example.com', type: 'ns', value: 'ns1.example.net', date: D },
  { name: 'example.com', type: 'MX', value: '5 mx1.example.com', timestamp: '2024-03-05T22:30:00-04:00' },
  { name: '_dmarc.example.com', type: 'TXT', value: 'v=DMARC1; p=none', date: D },
  { name: '*.example.com', type: 'MX', value: '10 mx1.example.com', date: D },
  { name: 'example.net', type: 'NS', value: 'ns1.example.net', date: D },
  { name: 'example.co.uk', type: 'MX', value: '0 .', date: D },
  { name: 'co.uk', type: 'TXT', value: 'x', date: D },
  { name: '192.0.2.1', type: 'TXT', value: 'x', date: D },
  { name: 'example.org', type: 'ns', value: 'ns1.example.net', date: D },
  { name: 'münchen.de', type: 'TXT', value: 'v=spf1 -all', date: D },
  { name: 'example.com', type: 'MX', value: '10 mx1.example.com', date: D },
]

const kindOf = (o: Observation): DnsKind => (o.id.startsWith('mx-') ? 'mx' : 'txt')

describe('DnsGrouper over dns-records lines', () => {
  const grouped = groupLines(dnsRecords, LINES)

  it('groups one observation per apex, date and kind, in order of first appearance', () => {
    expect(grouped.rejects).toEqual([])
    expect(grouped.observations).toEqual([
      {
        file: 'records.jsonl',
        line: 2,
        observation: observation(
          'mx-2024-03-05-example.com',
          D,
          apex('example.com'),
          mx('mx0.example.com', '10'),
          mx('mx1.example.com', '10'),
          mx('mx2.example.com', '20'),
          ns('ns2.example.net'),
          ns('ns1.example.net'),
        ),
      },
      {
        file: 'records.jsonl',
        line: 3,
        observation: observation(
          'txt-2024-03-05-example.org',
          D,
          apex('example.org'),
          txt('v=spf1 -all'),
          ns('ns1.example.net'),
        ),
      },
      {
        file: 'records.jsonl',
        line: 6,
        observation: observation(
          'txt-2024-03-05-example.com',
          D,
          apex('example.com'),
          txt('v=spf1 include:_spf.example.net ~all'),
          txt('example-verification=1'),
          { context: 'dns-txt-dmarc', is_metadata: false, type: 'txt', value: 'v=DMARC1; p=none' },
          ns('ns2.example.net'),
          ns('ns1.example.net'),
        ),
      },
      {
        file: 'records.jsonl',
        line: 14,
        observation: observation(
          'mx-2024-03-06-example.com',
          '2024-03-06',
          apex('example.com'),
          mx('mx1.example.com', '5'),
        ),
      },
      {
        file: 'records.jsonl',
        line: 18,
        observation: observation('mx-2024-03-05-example.co.uk', D, apex('example.co.uk'), mx('.', '0')),
      },
      {
        file: 'records.jsonl',
        line: 22,
        observation: observation(
          'txt-2024-03-05-xn--mnchen-3ya.de',
          D,
          apex('xn--mnchen-3ya.de'),
          txt('v=spf1 -all'),
        ),
      },
    ])
  })

  it('skips and counts records at names that are no apex, other types and NS records with nothing to end', () => {
    expect(grouped.skippedLines).toEqual([{ line: 7, reason: 'type "A" is not mx, txt or ns' }])
    expect(grouped.skippedRecords).toEqual([
      { line: 5, reason: 'name "www.example.com" is not an apex (its apex is example.com)' },
      { line: 16, reason: 'name "*.example.com" is a wildcard owner, not an apex' },
      {
        line: 19,
        reason: 'name "co.uk" is not an apex (no registrable domain: a public suffix or an IP address)',
      },
      {
        line: 20,
        reason: 'name "192.0.2.1" is not an apex (no registrable domain: a public suffix or an IP address)',
      },
    ])
    // Four names that are no apex, and the NS record of example.net (line 17), which has no MX or TXT.
    expect(grouped.grouper.skipped).toBe(5)
  })

  it('gives observations that the loader accepts, of the kind their id says', () => {
    const hosts = new HostCheck()
    for (const { observation: o } of grouped.observations) {
      expect(checkObservation(o, kindOf(o), hosts)).toEqual({ ok: true, kind: kindOf(o), id: o.id })
      expect(checkObservation(JSON.parse(JSON.stringify(o)), undefined, hosts)).toMatchObject({ ok: true })
    }
  })

  it('gives the same ids and the same MX items whatever the input order', () => {
    const reversed = groupLines(dnsRecords, [...LINES].reverse())
    const byId = (list: typeof grouped.observations) =>
      new Map(list.map(({ observation: o }) => [o.id, o] as const))
    const forward = byId(grouped.observations)
    const backward = byId(reversed.observations)
    expect([...backward.keys()].sort()).toEqual([...forward.keys()].sort())
    for (const [id, o] of forward) {
      const other = backward.get(id) as Observation
      // MX items are sorted; TXT values and NS hosts keep input order, so only their set is the same.
      const mx = (x: Observation) => x.items.filter((i) => i.context === 'dns-mx')
      if (kindOf(o) === 'mx') expect(mx(other)).toEqual(mx(o))
      expect(new Set(other.items.map((i) => i.value))).toEqual(new Set(o.items.map((i) => i.value)))
    }
    expect(reversed.grouper.skipped).toBe(grouped.grouper.skipped)
  })
})

describe('DnsGrouper: mail-policy TXT records (SPEC 13, issue 26 item 6)', () => {
  const policyLines = [
    { name: 'example.com', type: 'TXT', value: 'v=spf1 -all', date: D },
    { name: 'google._domainkey.example.com', type: 'TXT', value: 'v=DKIM1; k=rsa; p=AAA', date: D },
    { name: '_dmarc.example.com', type: 'TXT', value: 'v=DMARC1; p=reject', date: D },
    { name: '_mta-sts.example.com', type: 'TXT', value: 'v=STSv1; id=1', date: D },
    { name: 'example.com', type: 'TXT', value: 'verify=1', date: D },
    { name: '_smtp._tls.example.com', type: 'TXT', value: 'v=TLSRPTv1; rua=mailto:t@example.com', date: D },
    {
      name: 'default._bimi.example.com',
      type: 'TXT',
      value: 'v=BIMI1; l=https://example.com/l.svg',
      date: D,
    },
    { name: '*._domainkey.example.com', type: 'TXT', value: 'v=DKIM1; p=', date: D },
    { name: 'google._domainkey.example.com', type: 'TXT', value: 'v=DKIM1; k=rsa; p=AAA', date: D },
    { name: 'example.com', type: 'NS', value: 'ns1.example.net', date: D },
    { name: '_dmarc.www.example.com', type: 'TXT', value: 'v=DMARC1; p=none', date: D },
    { name: '_dmarc.example.com', type: 'MX', value: '10 mx.example.com', date: D },
    { name: '_dmarc.policy-only.org', type: 'TXT', value: 'v=DMARC1; p=none', date: D },
    { name: 's1.sub._domainkey.policy-only.org', type: 'TXT', value: 'v=DKIM1; p=BBB', date: D },
  ]
  const grouped = groupLines(dnsRecords, policyLines)
  const item = (context: string, type: string, value: string) => ({
    context,
    is_metadata: false,
    type,
    value,
  })

  it("joins them to the apex's TXT observation, after its own values, with their contexts and selectors", () => {
    expect(grouped.rejects).toEqual([])
    expect(grouped.observations.map((g) => g.observation)).toEqual([
      observation(
        'txt-2024-03-05-example.com',
        D,
        apex('example.com'),
        txt('v=spf1 -all'),
        txt('verify=1'),
        item('dns-txt-dkim', 'selector', 'google'),
        item('dns-txt-dkim', 'txt', 'v=DKIM1; k=rsa; p=AAA'),
        item('dns-txt-dmarc', 'txt', 'v=DMARC1; p=reject'),
        item('dns-txt-mta-sts', 'txt', 'v=STSv1; id=1'),
        item('dns-txt-tlsrpt', 'txt', 'v=TLSRPTv1; rua=mailto:t@example.com'),
        item('dns-txt-bimi', 'selector', 'default'),
        item('dns-txt-bimi', 'txt', 'v=BIMI1; l=https://example.com/l.svg'),
        item('dns-txt-dkim', 'selector', '*'),
        item('dns-txt-dkim', 'txt', 'v=DKIM1; p='),
        ns('ns1.example.net'),
      ),
      // An apex with only mail-policy records still has a TXT observation.
      observation(
        'txt-2024-03-05-policy-only.org',
        D,
        apex('policy-only.org'),
        item('dns-txt-dmarc', 'txt', 'v=DMARC1; p=none'),
        item('dns-txt-dkim', 'selector', 's1.sub'),
        item('dns-txt-dkim', 'txt', 'v=DKIM1; p=BBB'),
      ),
    ])
    // A policy name over a name that is no apex, and an MX record at a policy name, are skipped.
    expect(grouped.skippedRecords).toEqual([
      { line: 11, reason: 'name "_dmarc.www.example.com" is not an apex (its apex is example.com)' },
      { line: 12, reason: 'name "_dmarc.example.com" is not an apex (its apex is example.com)' },
    ])
    const hosts = new HostCheck()
    for (const { observation: o } of grouped.observations) {
      expect(checkObservation(JSON.parse(JSON.stringify(o)), undefined, hosts)).toEqual({
        ok: true,
        kind: 'txt',
        id: o.id,
      })
    }
  })
})

describe('DnsGrouper', () => {
  it('merges a group read from two files; the observation keeps its first record’s file and line', () => {
    const grouper = new DnsGrouper()
    grouper.add({ name: 'example.com', kind: 'txt', value: 'a', day: D }, { file: 'one.jsonl', line: 7 })
    grouper.add({ name: 'example.com', kind: 'txt', value: 'b', day: D }, { file: 'two.jsonl', line: 1 })
    grouper.add(
      { name: 'example.com', kind: 'ns', value: 'ns.example.net', day: D },
      { file: 'two.jsonl', line: 2 },
    )
    expect([...grouper.observations()]).toEqual([
      {
        file: 'one.jsonl',
        line: 7,
        observation: observation(
          'txt-2024-03-05-example.com',
          D,
          apex('example.com'),
          txt('a'),
          txt('b'),
          ns('ns.example.net'),
        ),
      },
    ])
    expect(grouper.skipped).toBe(0)
  })

  it('keeps one host under two preferences as two pairs, and counts every unattached NS record', () => {
    const grouper = new DnsGrouper()
    const where = { file: 'f', line: 1 }
    grouper.add({ name: 'example.com', kind: 'mx', value: 'mx.example.com', preference: 20, day: D }, where)
    grouper.add({ name: 'example.com', kind: 'mx', value: 'mx.example.com', preference: 10, day: D }, where)
    grouper.add({ name: 'example.com', kind: 'mx', value: 'a.example.com', preference: 20, day: D }, where)
    grouper.add({ name: 'example.org', kind: 'ns', value: 'ns1.example.net', day: D }, where)
    grouper.add({ name: 'example.org', kind: 'ns', value: 'ns1.example.net', day: D }, where)
    grouper.add({ name: 'example.com', kind: 'ns', value: 'ns1.example.net', day: '2024-03-04' }, where)
    expect([...grouper.observations()].map((g) => g.observation)).toEqual([
      observation(
        'mx-2024-03-05-example.com',
        D,
        apex('example.com'),
        mx('mx.example.com', '10'),
        mx('a.example.com', '20'),
        mx('mx.example.com', '20'),
      ),
    ])
    expect(grouper.skipped).toBe(3)
  })
})

describe('DnsGrouper over zdns lines', () => {
  const result = (status: string, data: unknown) => ({ status, timestamp: '2024-03-05T12:34:56Z', data })
  const lines = [
    {
      name: 'example.com',
      results: {
        MX: result('NOERROR', {
          answers: [
            { type: 'MX', name: 'example.com', answer: 'mx2.example.com.', preference: 20 },
            { type: 'MX', name: 'example.com', answer: 'mx1.example.com.', preference: 10 },
          ],
        }),
        NS: result('NOERROR', { answers: [{ type: 'NS', name: 'example.com', answer: 'ns1.example.net.' }] }),
        TXT: result('NOERROR', { answers: [{ type: 'TXT', name: 'example.com', answer: 'v=spf1 -all' }] }),
      },
    },
    { name: 'nope.example.com', results: { MX: result('NXDOMAIN', {}) } },
    { name: 'example.org', status: 'SERVFAIL', timestamp: '2024-03-05T12:34:56Z', data: {} },
    {
      name: 'www.example.org',
      results: {
        MXLOOKUP: result('NOERROR', { exchanges: [{ name: 'mx.example.org', type: 'MX', preference: 0 }] }),
      },
    },
    {
      name: 'example.net',
      status: 'NOERROR',
      timestamp: '2024-03-05T12:34:56Z',
      data: { exchanges: [{ name: '', preference: 0 }] },
    },
  ]

  it('groups the answers of NOERROR results, skipping the others with their status', () => {
    const grouped = groupLines(zdns, lines, 'scan.jsonl')
    expect(grouped.rejects).toEqual([])
    expect(grouped.skippedLines).toEqual([
      { line: 2, reason: 'status NXDOMAIN' },
      { line: 3, reason: 'status SERVFAIL' },
    ])
    expect(grouped.skippedRecords).toEqual([
      { line: 4, reason: 'name "www.example.org" is not an apex (its apex is example.org)' },
    ])
    expect(grouped.observations).toEqual([
      {
        file: 'scan.jsonl',
        line: 1,
        observation: observation(
          'mx-2024-03-05-example.com',
          D,
          apex('example.com'),
          mx('mx1.example.com', '10'),
          mx('mx2.example.com', '20'),
          ns('ns1.example.net'),
        ),
      },
      {
        file: 'scan.jsonl',
        line: 1,
        observation: observation(
          'txt-2024-03-05-example.com',
          D,
          apex('example.com'),
          txt('v=spf1 -all'),
          ns('ns1.example.net'),
        ),
      },
      {
        file: 'scan.jsonl',
        line: 5,
        observation: observation('mx-2024-03-05-example.net', D, apex('example.net'), mx('.', '0')),
      },
    ])
    const hosts = new HostCheck()
    for (const { observation: o } of grouped.observations) {
      expect(checkObservation(o, kindOf(o), hosts)).toMatchObject({ ok: true })
    }
  })
})
