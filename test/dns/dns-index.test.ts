import { describe, expect, it } from 'vitest'
import { DnsIndex } from '../../src/indexes/dns/dns-index.js'
import { parseDnsParams } from '../../src/query/dns-params.js'
import { searchDnsIndex } from '../../src/segments/dns-search.js'
import type { DnsKind, Envelope, Observation, Params, SummaryResponse } from '../../src/types.js'
import { apex, mx, ns, observation, txt } from './observations.js'

function search(kind: DnsKind, observations: readonly Observation[], params: Params) {
  return searchDnsIndex(DnsIndex.build(kind, observations), parseDnsParams(kind, params))
}
function ids(kind: DnsKind, observations: readonly Observation[], params: Params): string[] {
  return (search(kind, observations, params) as Envelope<Observation>).results.map((o) => o.id)
}
function summary(kind: DnsKind, observations: readonly Observation[], params: Params) {
  return (search(kind, observations, params) as SummaryResponse).summary
}

const SPF_GOOGLE = 'v=spf1 include:_spf.google.com ~all'

describe('DNS search by hand', () => {
  it('answers the API reference example: TXT values served by nameservers under a domain', () => {
    const obs = [
      observation(
        't1',
        '2024-03-01',
        apex('a.com'),
        txt(SPF_GOOGLE),
        txt('google-site-verification=x1'),
        ns('ns1.example-dns.net'),
      ),
      observation('t2', '2024-03-01', apex('b.com'), txt(SPF_GOOGLE), ns('ns2.example-dns.net')),
      observation('t3', '2024-03-01', apex('c.com'), txt(SPF_GOOGLE), txt(SPF_GOOGLE), ns('example-dns.net')),
      observation('t4', '2024-03-01', apex('d.com'), txt('v=spf1 -all'), ns('ns1.notexample-dns.net')),
      observation('t5', '2024-03-01', apex('e.com'), txt('v=spf1 -all'), ns('example-dns.net.evil.org')),
    ]
    const params = { nameserver: 'example-dns.net', summarize: 'txt', summary_context: 'dns-txt' }
    expect(search('txt', obs, params)).toEqual({
      summary: { other: 0, values: { [SPF_GOOGLE]: 3, 'google-site-verification=x1': 1 } },
    })
    expect(ids('txt', obs, { nameserver: 'example-dns.net' })).toEqual(['t1', 't2', 't3'])
  })

  it('most_recent: a domain that moved away from a provider does not match it', () => {
    const obs = [
      observation('m1', '2024-01-01', apex('moved.com'), mx('mx.old.net'), ns('ns1.oldprov.net')),
      observation('m2', '2024-02-01', apex('moved.com'), mx('mx.new.net'), ns('ns1.newprov.net')),
      observation('s1', '2024-01-01', apex('stayed.com'), mx('mx.old.net'), ns('ns2.oldprov.net')),
      observation('s2', '2024-01-01', apex('STAYED.com.'), mx('mx2.old.net'), ns('ns1.oldprov.net')),
    ]
    expect(ids('mx', obs, { nameserver: 'oldprov.net' })).toEqual(['m1', 's1', 's2'])
    expect(ids('mx', obs, { nameserver: 'oldprov.net', most_recent: true })).toEqual(['s1', 's2'])
    expect(ids('mx', obs, { nameserver: 'oldprov.net', most_recent: 'true', to: '2024-01-31' })).toEqual([
      'm1',
      's1',
      's2',
    ])
    expect(ids('mx', obs, { most_recent: true })).toEqual(['m2', 's1', 's2'])
    expect(ids('mx', obs, { most_recent: true, to: '2024-01-15T00:00:00Z' })).toEqual(['m1', 's1', 's2'])
    expect(ids('mx', obs, { expression: 'dns-mx.host:old.net', most_recent: true })).toEqual(['s1', 's2'])
    expect(ids('mx', obs, { expression: 'NOT dns-mx.host:new.net', most_recent: true })).toEqual(['s1', 's2'])
  })

  it('host compares normalised apexes (case, trailing dot, punycode)', () => {
    const obs = [
      observation('1', '2024-01-01', apex('A.COM.'), mx('mx.a.com'), ns('ns.a.com')),
      observation('2', '2024-01-02', apex('xn--mnchen-3ya.de'), ns('ns.a.com')),
      observation('3', '2024-01-03', apex('www.a.com'), ns('ns.a.com')),
    ]
    expect(ids('mx', obs, { host: 'a.com' })).toEqual(['1'])
    expect(ids('mx', obs, { host: 'münchen.de' })).toEqual(['2'])
    expect(ids('mx', obs, { host: 'com' })).toEqual([])
  })

  it('null MX: the value "." is reached by host=. and host:. only', () => {
    const obs = [
      observation('n', '2024-01-01', apex('nomail.com'), mx('.', '0'), ns('ns.x.net')),
      observation('m', '2024-01-01', apex('mail.com'), mx('mx.mail.com'), ns('ns.x.net')),
    ]
    expect(ids('mx', obs, { expression: 'dns-mx.host=.' })).toEqual(['n'])
    expect(ids('mx', obs, { filter: 'host:.' })).toEqual(['n'])
    expect(ids('mx', obs, { expression: 'dns-mx.host:com' })).toEqual(['m'])
    expect(ids('mx', obs, { expression: 'NOT dns-mx.host=.' })).toEqual(['m'])
    expect(summary('mx', obs, { summarize: 'host', summary_context: 'dns-mx' })).toEqual({
      other: 0,
      values: { '.': 1, 'mx.mail.com': 1 },
    })
  })

  it('from = to selects that day; a timestamp counts by its date', () => {
    const obs = ['2024-01-01', '2024-01-02', '2024-01-03'].map((d, i) =>
      observation(`o${i}`, d, apex(`d${i}.com`), ns('ns.x.net')),
    )
    expect(ids('mx', obs, { from: '2024-01-02', to: '2024-01-02' })).toEqual(['o1'])
    expect(ids('mx', obs, { from: '2024-01-02T23:59:59Z', to: '2024-01-02T00:00:00Z' })).toEqual(['o1'])
    expect(ids('mx', obs, { from: '2024-01-02' })).toEqual(['o2', 'o1'])
    expect(ids('mx', obs, { to: '2024-01-02' })).toEqual(['o1', 'o0'])
    expect(ids('mx', obs, { from: '2025-01-01' })).toEqual([])
  })

  it('orders by date descending, then id ascending', () => {
    const obs = [
      observation('b', '2024-01-01', apex('x.com')),
      observation('a', '2024-01-01', apex('y.com')),
      observation('c', '2024-01-05', apex('z.com')),
      observation('B', '2024-01-01', apex('w.com')),
    ]
    expect(ids('txt', obs, {})).toEqual(['c', 'B', 'a', 'b'])
  })

  it('counts `other` when more than summary_limit values match, ties by value ascending', () => {
    const obs = Array.from({ length: 150 }, (_, i) =>
      observation(
        `o${i}`,
        '2024-01-01',
        apex(`d${i}.com`),
        txt(`token-${String(i).padStart(3, '0')}`),
        txt(i < 20 ? 'v=spf1 -all' : 'other'),
      ),
    )
    const s = summary('txt', obs, { summarize: 'txt' })
    expect(Object.keys(s.values)).toHaveLength(100)
    expect(s.values).toHaveProperty('other', 130)
    expect(s.values['v=spf1 -all']).toBe(20)
    // 300 counts in all; 102 listed (130 + 20 + 98 tokens of count 1), the 52 remaining tokens are `other`.
    expect(s.other).toBe(52)
    expect(s.values['token-097']).toBe(1)
    expect(s.values['token-098']).toBeUndefined()
    const top = summary('txt', obs, { summarize: 'txt', summary_limit: '3' })
    expect(top).toEqual({ other: 300 - 151, values: { other: 130, 'v=spf1 -all': 20, 'token-000': 1 } })
    expect(summary('txt', obs, { summarize: 'txt', summary_limit: 10_000 }).other).toBe(0)
  })

  it('counts a value once per observation, and metadata items only for the empty context', () => {
    const obs = [
      observation('1', '2024-01-01', apex('a.com'), txt('x'), txt('x'), ns('ns1.p.net'), ns('ns1.p.net')),
      observation('2', '2024-01-01', apex('b.com'), txt('X'), ns('ns1.p.net')),
    ]
    expect(summary('txt', obs, { summarize: 'txt' })).toEqual({ other: 0, values: { x: 1, X: 1 } })
    expect(summary('txt', obs, { summarize: 'host' })).toEqual({ other: 0, values: { 'ns1.p.net': 2 } })
    expect(summary('txt', obs, { summarize: 'host', summary_context: '' })).toEqual({
      other: 0,
      values: { 'a.com': 1, 'b.com': 1 },
    })
    expect(summary('txt', obs, { summarize: 'host', summary_context: 'dns-nope' })).toEqual({
      other: 0,
      values: {},
    })
    expect(summary('txt', obs, { summarize: 'nope' })).toEqual({ other: 0, values: {} })
    // Observations with many items (beyond the small buffer) still count each value once, whether
    // every observation is summarised (by items) or a match set with gaps (by observations).
    const many = Array.from({ length: 90 }, (_, i) => txt(`v${i % 30}`))
    const big = [
      ...obs,
      observation('3', '2024-01-01', apex('c.com'), ...many),
      observation('4', '2024-01-01', apex('x.com'), txt('other')),
      observation('5', '2024-01-01', apex('d.com'), ...many),
    ]
    // v2…v29 twice each; everything adds x, X and 'other'.
    expect(summary('txt', big, { summarize: 'txt', summary_limit: 2 })).toEqual({
      other: 28 * 2 + 3,
      values: { v0: 2, v1: 2 },
    })
    expect(summary('txt', big, { summarize: 'txt', summary_limit: 2, txt: 'v0' })).toEqual({
      other: 28 * 2,
      values: { v0: 2, v1: 2 },
    })
  })

  it('summarises every match whatever the page, and an empty index to nothing', () => {
    const obs = Array.from({ length: 250 }, (_, i) =>
      observation(`o${i}`, '2024-01-01', apex(`d${i}.com`), ns('ns.p.net')),
    )
    const whole = { other: 0, values: { 'ns.p.net': 250 } }
    expect(summary('mx', obs, { summarize: 'host', page: 2 })).toEqual(whole)
    expect(summary('mx', obs, { summarize: 'host', page: 9 })).toEqual(whole)
    expect(summary('mx', [], { summarize: 'host' })).toEqual({ other: 0, values: {} })
  })

  it('keeps values like __proto__ and constructor as ordinary keys of the summary', () => {
    const obs = [
      observation('1', '2024-01-01', apex('a.com'), txt('__proto__'), txt('constructor'), txt('toString')),
      observation('2', '2024-01-01', apex('b.com'), txt('__proto__')),
    ]
    const s = summary('txt', obs, { summarize: 'txt' })
    expect(Object.getPrototypeOf(s.values)).toBe(Object.prototype)
    expect(Object.keys(s.values)).toEqual(['__proto__', 'constructor', 'toString'])
    expect(Object.getOwnPropertyDescriptor(s.values, '__proto__')?.value).toBe(2)
    expect(JSON.parse(JSON.stringify(s))).toEqual({
      other: 0,
      values: JSON.parse('{"__proto__":2,"constructor":1,"toString":1}'),
    })
    expect(JSON.stringify(s.values)).toBe('{"__proto__":2,"constructor":1,"toString":1}')
  })

  it('txt: the query tokens occur consecutively in one TXT value', () => {
    const obs = [
      observation('1', '2024-01-01', apex('a.com'), txt(SPF_GOOGLE), ns('ns.x.net')),
      observation('2', '2024-01-01', apex('b.com'), txt('google spf'), txt('com _spf'), ns('ns.x.net')),
      observation(
        '3',
        '2024-01-01',
        apex('c.com'),
        txt('V=SPF1 INCLUDE:_SPF.GOOGLE.COM -ALL'),
        ns('ns.x.net'),
      ),
    ]
    expect(ids('txt', obs, { txt: '_spf.google.com' })).toEqual(['1', '3'])
    expect(ids('txt', obs, { txt: 'google _spf' })).toEqual(['2'])
    expect(ids('txt', obs, { txt: 'spf google com' })).toEqual(['1', '3'])
    expect(ids('txt', obs, { txt: 'google spf com' })).toEqual([])
    expect(ids('txt', obs, { txt: 'spf' })).toEqual(['1', '2', '3'])
    expect(ids('txt', obs, { txt: 'x' })).toEqual([])
    expect(ids('txt', obs, { expression: 'txt="v=spf1 include:_spf.google.com -all"' })).toEqual(['3'])
  })

  it('nameserver matches label-aligned suffixes only', () => {
    const obs = [
      'example.com',
      'ns1.example.com',
      'notexample.com',
      'example.com.evil.net',
      'NS2.EXAMPLE.COM.',
    ].map((h, i) => observation(`${i}`, '2024-01-01', apex(`d${i}.org`), ns(h)))
    expect(ids('mx', obs, { nameserver: 'example.com' })).toEqual(['0', '1', '4'])
    expect(ids('mx', obs, { nameserver: 'EXAMPLE.com.' })).toEqual(['0', '1', '4'])
    expect(ids('mx', obs, { nameserver: 'com' })).toEqual(['0', '1', '2', '4'])
  })

  it('ORs filters with each other and ANDs them with the rest; terms may name a context', () => {
    const obs = [
      observation('1', '2024-01-01', apex('a.com'), mx('aspmx.l.google.com', '1'), ns('ns.p.net')),
      observation(
        '2',
        '2024-01-01',
        apex('b.com'),
        mx('b-com.mail.protection.outlook.com', '0'),
        ns('ns.q.net'),
      ),
      observation('3', '2024-01-01', apex('c.com'), mx('mx.c.com', '10'), ns('ns.p.net')),
      observation('4', '2024-01-01', apex('mx.c.com'), ns('ns.p.net')),
    ]
    expect(ids('mx', obs, { filter: ['dns-mx.host:google.com', 'dns-mx.host:outlook.com'] })).toEqual([
      '1',
      '2',
    ])
    expect(
      ids('mx', obs, { filter: 'dns-mx.host:google.com,dns-mx.host:outlook.com', nameserver: 'p.net' }),
    ).toEqual(['1'])
    expect(ids('mx', obs, { expression: 'host=mx.c.com' })).toEqual(['3', '4'])
    expect(ids('mx', obs, { expression: 'dns-mx.host=MX.C.COM.' })).toEqual(['3'])
    expect(ids('mx', obs, { expression: '.host=mx.c.com' })).toEqual(['4'])
    expect(ids('mx', obs, { expression: 'mx-preference=0 OR mx-preference:1' })).toEqual(['1', '2'])
  })

  it('unions few short posting lists by sorting and many by a bitmap, alike', () => {
    const obs = Array.from({ length: 3000 }, (_, i) =>
      observation(
        `o${String(i).padStart(4, '0')}`,
        '2024-01-01',
        apex(`d${i}.com`),
        mx(i % 1000 === 7 ? `mx${i}.rare.net` : `mx${i % 50}.common.net`),
      ),
    )
    expect(ids('mx', obs, { expression: 'dns-mx.host:rare.net' })).toEqual(['o0007', 'o1007', 'o2007'])
    expect(ids('mx', obs, { filter: ['host=mx1007.rare.net', 'host=mx7.rare.net'] })).toEqual([
      'o0007',
      'o1007',
    ])
    const common = search('mx', obs, { expression: 'dns-mx.host:common.net' }) as Envelope<Observation>
    expect(common.result_count).toBe(2997)
    expect(common.results[7]?.id).toBe('o0008')
  })

  it('applies precedence and parentheses in expressions', () => {
    const obs = [
      observation('ab', '2024-01-01', apex('a.com'), txt('alpha'), txt('beta')),
      observation('c', '2024-01-01', apex('c.com'), txt('gamma')),
      observation('bc', '2024-01-01', apex('d.com'), txt('beta'), txt('gamma')),
    ]
    expect(ids('txt', obs, { expression: 'txt:alpha OR txt:beta AND txt:gamma' })).toEqual(['ab', 'bc'])
    expect(ids('txt', obs, { expression: '(txt:alpha OR txt:beta) AND txt:gamma' })).toEqual(['bc'])
    expect(ids('txt', obs, { expression: 'NOT txt:alpha AND txt:beta' })).toEqual(['bc'])
    expect(ids('txt', obs, { expression: 'NOT (txt:alpha AND txt:beta)' })).toEqual(['bc', 'c'])
    expect(ids('txt', obs, { expression: 'txt:beta txt:gamma' })).toEqual(['bc'])
    expect(ids('txt', obs, { expression: 'NOT txt:alpha OR NOT txt:gamma' })).toEqual(['ab', 'bc', 'c'])
    expect(ids('txt', obs, { expression: 'NOT NOT txt:alpha' })).toEqual(['ab'])
  })

  it('pages by 100 and returns empty results past the end', () => {
    const obs = Array.from({ length: 205 }, (_, i) =>
      observation(`o${String(i).padStart(3, '0')}`, '2024-01-01', apex(`d${i}.com`)),
    )
    const page2 = search('mx', obs, { page: 2 }) as Envelope<Observation>
    expect([page2.page, page2.pages, page2.result_count, page2.results.length]).toEqual([2, 3, 205, 5])
    expect(page2.results[0]?.id).toBe('o200')
    expect(search('mx', obs, { page: '7' })).toEqual({ page: 7, pages: 3, result_count: 205, results: [] })
    expect(search('mx', [], {})).toEqual({ page: 0, pages: 0, result_count: 0, results: [] })
  })

  it('indexes odd observations it is handed directly, and returns them verbatim', () => {
    const odd = [
      { date: '2024-01-01', id: 'no-items', items: [] },
      {
        date: '2024-01-01',
        id: 'bad-item',
        items: [apex('a.com'), { context: 'dns-txt', type: 'txt', value: 7 }, txt('ok')],
      },
      { date: 'not a date', id: 'bad-date', items: [apex('b.com'), txt('ok')] },
    ] as unknown as Observation[]
    const index = DnsIndex.build('txt', odd)
    const all = searchDnsIndex(index, parseDnsParams('txt', {})) as Envelope<Observation>
    expect(all.results.map((o) => o.id)).toEqual(['bad-item', 'no-items', 'bad-date'])
    for (const o of odd) expect(all.results.find((r) => r.id === o.id)).toEqual(o)
    // What the columns cannot rebuild (a numeric value, a date that is none) is the loaded object,
    // returned as a copy (the caller may change it).
    expect(all.results[0]).toEqual(odd[1])
    expect(all.results[0]).not.toBe(odd[1])
    expect(all.results[2]).toEqual(odd[2])
    expect(ids('txt', odd, { txt: 'ok' })).toEqual(['bad-item', 'bad-date'])
    expect(ids('txt', odd, { host: 'a.com' })).toEqual(['bad-item'])
  })

  it('is plain data: an index constructed from a structured clone of its state answers alike', () => {
    const obs = [
      observation('1', '2024-01-01', apex('a.com'), mx('aspmx.l.google.com', '1'), ns('ns1.p.net')),
      observation('2', '2024-01-02', apex('a.com'), mx('.', '0'), ns('ns2.p.net')),
      { date: '2024-01-03', id: '3', items: [apex('b.com'), ns('ns1.p.net')], extra: true },
    ]
    const index = DnsIndex.build('mx', obs)
    const copy = new DnsIndex(structuredClone(index.saved))
    for (const params of [
      {},
      { nameserver: 'p.net', most_recent: true },
      { expression: 'host:google.com OR host=.' },
      { summarize: 'host' },
    ]) {
      const query = parseDnsParams('mx', params)
      expect(searchDnsIndex(copy, query)).toEqual(searchDnsIndex(index, query))
    }
  })

  it('returns observations exactly as loaded: fields, key order, item order, odd shapes', () => {
    const obs: Observation[] = [
      {
        id: 'reordered',
        date: '2024-01-03',
        items: [{ value: 'a.com', type: 'host', is_metadata: true, context: '' }],
      },
      { date: '2024-01-02', id: 'extra', items: [apex('b.com'), txt('x')], source: 'crawler' },
      { date: '2024-01-02', id: 'item-extra', items: [apex('c.com'), { ...txt('y'), ttl: 300 }] },
      { date: '2024-01-01T10:11:12Z', id: 'timestamp', items: [apex('d.com'), txt('z')] },
      observation('plain', '2024-01-01', apex('E.com.'), txt('z'), ns('ns.p.net')),
    ]
    const index = DnsIndex.build('txt', obs)
    const out = (searchDnsIndex(index, parseDnsParams('txt', {})) as Envelope<Observation>).results
    const byId = new Map(out.map((o) => [o.id, o]))
    for (const o of obs) expect(JSON.stringify(byId.get(o.id))).toBe(JSON.stringify(o))
    // Results are rebuilt for each answer: changing one changes nothing in the index.
    const first = out.find((o) => o.id === 'plain') as Observation
    first.items.pop()
    const again = (searchDnsIndex(index, parseDnsParams('txt', { host: 'e.com' })) as Envelope<Observation>)
      .results[0]
    expect(again?.items).toHaveLength(3)
    expect(ids('txt', obs, { from: '2024-01-01', to: '2024-01-01' })).toEqual(['plain', 'timestamp'])
  })
})
