import { describe, expect, it } from 'vitest'
import { QueryError } from '../../src/errors.js'
import { MAX_FILTER_TERMS, parseDnsParams } from '../../src/query/dns-params.js'
import type { DnsKind, Params } from '../../src/types.js'

function failure(kind: DnsKind, params: Params): QueryError {
  try {
    parseDnsParams(kind, params)
  } catch (e) {
    expect(e).toBeInstanceOf(QueryError)
    return e as QueryError
  }
  throw new Error(`expected ${JSON.stringify(params)} to be refused`)
}

describe('parseDnsParams', () => {
  it('reads every parameter, typed or as query-string text, into the same query', () => {
    const typed = parseDnsParams('txt', {
      host: 'Example.COM.',
      nameserver: 'NS.Example-DNS.net',
      txt: '_spf.Google.com',
      from: '2024-01-01',
      to: '2024-02-01T12:00:00Z',
      most_recent: true,
      filter: ['dns-mx.host=mx.a.com,txt:spf1', 'host:b.com'],
      expression: 'NOT txt:x',
      summarize: 'txt',
      summary_context: 'dns-txt',
      summary_limit: 5,
      page: 2,
    })
    const text = parseDnsParams('txt', {
      host: 'Example.COM.',
      nameserver: 'NS.Example-DNS.net',
      txt: '_spf.Google.com',
      from: '2024-01-01',
      to: '2024-02-01T12:00:00Z',
      most_recent: 'true',
      filter: ['dns-mx.host=mx.a.com,txt:spf1', 'host:b.com'],
      expression: 'NOT txt:x',
      summarize: 'txt',
      summary_context: 'dns-txt',
      summary_limit: '5',
      page: '2',
    })
    expect(text).toEqual(typed)
    expect(typed).toMatchObject({
      kind: 'txt',
      host: 'example.com',
      nameserver: 'ns.example-dns.net',
      txt: ['spf', 'google', 'com'],
      from: 19723,
      to: 19754,
      mostRecent: true,
      summary: { type: 'txt', context: 'dns-txt', limit: 5 },
      page: 2,
    })
    expect(typed.filters?.map((t) => `${t.context}.${t.type}${t.operator}${t.value}`)).toEqual([
      'dns-mx.host=mx.a.com',
      'null.txt:spf1',
      'null.host:b.com',
    ])
    expect(typed.expression).toMatchObject({ kind: 'not' })
  })

  it('defaults: no criteria, no summary, page 0, limit 100 when summarising', () => {
    expect(parseDnsParams('mx', {})).toEqual({
      kind: 'mx',
      host: null,
      nameserver: null,
      txt: null,
      from: null,
      to: null,
      mostRecent: false,
      filters: null,
      expression: null,
      summary: null,
      page: 0,
    })
    expect(parseDnsParams('mx', { summarize: 'host' }).summary).toEqual({
      type: 'host',
      context: null,
      limit: 100,
    })
    expect(parseDnsParams('mx', { summarize: 'host', summary_context: '' }).summary?.context).toBe('')
    expect(parseDnsParams('mx', { filter: 'txt:a' }).filters).toHaveLength(1)
  })

  it.each<[DnsKind, Params, string, string]>([
    ['mx', { txt: 'spf1' }, 'unknown_parameter', 'txt'],
    ['txt', { hots: 'a.com' }, 'unknown_parameter', 'hots'],
    ['mx', { host: 'a..com' }, 'invalid_parameter', 'host'],
    ['mx', { host: ['a.com', 'b.com'] }, 'invalid_parameter', 'host'],
    ['mx', { nameserver: '' }, 'invalid_parameter', 'nameserver'],
    ['txt', { txt: '--- ~' }, 'invalid_parameter', 'txt'],
    ['mx', { from: '2021-02-30' }, 'invalid_parameter', 'from'],
    ['mx', { to: '01/02/2024' }, 'invalid_parameter', 'to'],
    ['mx', { from: '2024-02-02', to: '2024-02-01' }, 'invalid_parameter', 'from'],
    ['mx', { most_recent: 'yes' }, 'invalid_parameter', 'most_recent'],
    ['mx', { most_recent: 1 }, 'invalid_parameter', 'most_recent'],
    ['mx', { summary_context: 'dns-mx' }, 'invalid_parameter', 'summary_context'],
    ['mx', { summary_context: '' }, 'invalid_parameter', 'summary_context'],
    ['mx', { summary_limit: 5 }, 'invalid_parameter', 'summary_limit'],
    ['mx', { summarize: 'host', summary_limit: 0 }, 'invalid_parameter', 'summary_limit'],
    ['mx', { summarize: 'host', summary_limit: '10001' }, 'invalid_parameter', 'summary_limit'],
    ['mx', { summarize: 'host', summary_limit: 2.5 }, 'invalid_parameter', 'summary_limit'],
    ['mx', { summarize: 'host', summary_context: true }, 'invalid_parameter', 'summary_context'],
    ['mx', { summarize: '' }, 'invalid_parameter', 'summarize'],
    ['mx', { page: -1 }, 'invalid_parameter', 'page'],
    ['mx', { page: '1.5' }, 'invalid_parameter', 'page'],
    ['mx', { expression: 'txt:(' }, 'invalid_parameter', 'expression'],
    ['mx', { expression: 'txt:"--"' }, 'invalid_parameter', 'expression'],
    ['mx', { expression: 'host:" "' }, 'invalid_parameter', 'expression'],
    ['mx', { expression: ['txt:a', 'txt:b'] }, 'invalid_parameter', 'expression'],
    ['mx', { filter: 'txt:a OR txt:b' }, 'invalid_parameter', 'filter'],
    ['mx', { filter: ['txt:a', ''] }, 'invalid_parameter', 'filter'],
    ['mx', { filter: 'host=""' }, 'invalid_parameter', 'filter'],
    ['mx', { filter: true }, 'invalid_parameter', 'filter'],
  ])('%s %j is %s (param %s)', (kind, params, code, param) => {
    const e = failure(kind, params)
    expect(e.code).toBe(code)
    expect(e.param).toBe(param)
    expect(e.message).toMatch(/^domindex: /)
  })

  it('names the offending filter and the position in filter errors', () => {
    const e = failure('mx', { filter: ['txt:a', 'host:b.com,,txt:c'] })
    expect(e.message).toContain('filter #2')
    expect(e.message).toContain('at position 11 ')
    expect(failure('mx', { filter: 'txt:a,mx-preference:"=="' }).message).toContain('the term at position 6')
  })

  it(`accepts at most ${MAX_FILTER_TERMS} filter terms`, () => {
    const terms = (n: number) => Array.from({ length: n }, (_, i) => `txt:w${i}`)
    expect(parseDnsParams('mx', { filter: terms(MAX_FILTER_TERMS) }).filters).toHaveLength(MAX_FILTER_TERMS)
    expect(failure('mx', { filter: [terms(MAX_FILTER_TERMS).join(','), 'txt:x'] }).param).toBe('filter')
  })
})
