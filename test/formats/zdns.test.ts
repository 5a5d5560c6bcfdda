/**
 * The `zdns` parser on hand-written lines shaped as ZDNS writes them (zmap/zdns README and
 * src/zdns/answers.go: raw answers `{ttl, type, class, name, answer}` with `preference` for MX, owner
 * names without the trailing dot, answer hosts with it; `mxlookup` exchanges `{name, type, class,
 * preference, ipv4_addresses, ttl}` with the dot trimmed). Names and addresses are documentation
 * ones (RFC 2606, RFC 5737).
 */
import { describe, expect, it } from 'vitest'
import { parseZdnsLine } from '../../src/ingest/formats/zdns.js'

const T = '2024-03-05T12:34:56Z'
const DAY = '2024-03-05'

const answer = (type: string, name: string, value: string, extra: Record<string, unknown> = {}) => ({
  ttl: 300,
  type,
  class: 'IN',
  name,
  answer: value,
  ...extra,
})
const result = (status: string, data: unknown, timestamp = T) => ({
  data,
  duration: 0.0123,
  status,
  timestamp,
})

describe('parseZdnsLine: the results layout', () => {
  it('reads a raw MX module: answers of type MX, hosts without the trailing dot, owner from the answer', () => {
    const line = {
      name: 'www.example.org',
      results: {
        MX: result('NOERROR', {
          additionals: [{ flags: '', type: 'EDNS0', udpsize: 1232, version: 0 }],
          answers: [
            answer('CNAME', 'www.example.org', 'example.org.'),
            answer('MX', 'example.org', 'MX2.Example.org.', { preference: 20 }),
            answer('MX', 'example.org', 'mx1.example.org.', { preference: 10 }),
          ],
          protocol: 'udp',
          resolver: '192.0.2.53:53',
        }),
      },
    }
    expect(parseZdnsLine(line)).toEqual([
      { name: 'example.org', kind: 'mx', value: 'mx2.example.org', preference: 20, day: DAY },
      { name: 'example.org', kind: 'mx', value: 'mx1.example.org', preference: 10, day: DAY },
    ])
  })

  it('reads a raw TXT module, joining a record split in character-strings', () => {
    const line = {
      name: 'example.org',
      results: {
        TXT: result('NOERROR', {
          answers: [
            answer('TXT', 'example.org', 'v=spf1 include:_spf.example.net \ninclude:_spf.example.com ~all'),
            answer('TXT', 'example.org', 'example-site-verification=abc123'),
          ],
        }),
      },
    }
    expect(parseZdnsLine(line)).toEqual([
      {
        name: 'example.org',
        kind: 'txt',
        value: 'v=spf1 include:_spf.example.net include:_spf.example.com ~all',
        day: DAY,
      },
      { name: 'example.org', kind: 'txt', value: 'example-site-verification=abc123', day: DAY },
    ])
  })

  it('reads a raw NS module, and takes the queried name when an answer has none', () => {
    const line = {
      name: 'Example.ORG',
      results: {
        NS: result('NOERROR', {
          answers: [
            answer('NS', 'example.org', 'ns1.example.net.'),
            { type: 'NS', answer: 'ns2.example.net.' },
          ],
        }),
      },
    }
    expect(parseZdnsLine(line)).toEqual([
      { name: 'example.org', kind: 'ns', value: 'ns1.example.net', day: DAY },
      { name: 'example.org', kind: 'ns', value: 'ns2.example.net', day: DAY },
    ])
  })

  it('reads MXLOOKUP exchanges (owner: the queried name); an empty exchange is the null MX', () => {
    const line = {
      name: 'example.org',
      results: {
        MXLOOKUP: result('NOERROR', {
          exchanges: [
            {
              class: 'IN',
              ipv4_addresses: ['192.0.2.25'],
              name: 'mx1.example.org',
              preference: 5,
              ttl: 300,
              type: 'MX',
            },
            { class: 'IN', name: 'mx2.example.org', preference: 10, ttl: 300, type: 'MX' },
          ],
        }),
      },
    }
    expect(parseZdnsLine(line)).toEqual([
      { name: 'example.org', kind: 'mx', value: 'mx1.example.org', preference: 5, day: DAY },
      { name: 'example.org', kind: 'mx', value: 'mx2.example.org', preference: 10, day: DAY },
    ])
    const nullMx = {
      name: 'example.net',
      results: { mxlookup: result('NOERROR', { exchanges: [{ name: '', preference: 0, type: 'MX' }] }) },
    }
    expect(parseZdnsLine(nullMx)).toEqual([
      { name: 'example.net', kind: 'mx', value: '.', preference: 0, day: DAY },
    ])
  })

  it('reads several modules of one line, each with its own timestamp, and ignores the others', () => {
    const line = {
      name: 'example.org',
      results: {
        A: result('NOERROR', { answers: [answer('A', 'example.org', '192.0.2.1')] }),
        MX: result('NOERROR', { answers: [answer('MX', 'example.org', '.', { preference: 0 })] }),
        TXT: result(
          'NOERROR',
          { answers: [answer('TXT', 'example.org', 'v=spf1 -all')] },
          '2024-03-05T23:59:59-01:00',
        ),
      },
    }
    expect(parseZdnsLine(line)).toEqual([
      { name: 'example.org', kind: 'mx', value: '.', preference: 0, day: DAY },
      { name: 'example.org', kind: 'txt', value: 'v=spf1 -all', day: '2024-03-06' },
    ])
  })

  it('counts only NOERROR: a failed module beside an answering one adds nothing', () => {
    const line = {
      name: 'example.org',
      results: {
        MX: result('NOERROR', {
          answers: [answer('MX', 'example.org', 'mx.example.org.', { preference: 10 })],
        }),
        TXT: result('SERVFAIL', {}),
      },
    }
    expect(parseZdnsLine(line)).toEqual([
      { name: 'example.org', kind: 'mx', value: 'mx.example.org', preference: 10, day: DAY },
    ])
  })

  it.each([
    [{ MX: result('SERVFAIL', {}) }, 'status SERVFAIL'],
    [{ MX: result('NXDOMAIN', {}), TXT: result('NXDOMAIN', {}) }, 'status NXDOMAIN'],
    [{ MX: result('TIMEOUT', {}), NS: result('SERVFAIL', {}) }, 'status TIMEOUT, SERVFAIL'],
    [{ MX: result('NOERROR', { answers: [] }) }, 'NOERROR without an MX, TXT or NS answer'],
    [
      { MX: result('NOERROR', { answers: [answer('CNAME', 'example.org', 'example.net.')] }) },
      'NOERROR without an MX, TXT or NS answer',
    ],
    [
      {
        TXT: result('NOERROR', {
          answers: [answer('MX', 'example.org', 'mx.example.org.', { preference: 1 })],
        }),
      },
      'NOERROR without an MX, TXT or NS answer',
    ],
    [
      { A: result('NOERROR', { answers: [answer('A', 'example.org', '192.0.2.1')] }) },
      'no MX, TXT, NS or MXLOOKUP result (modules: A)',
    ],
    [{}, 'no MX, TXT, NS or MXLOOKUP result (modules: none)'],
  ])('%j is skipped: %s', (results, reason) => {
    expect(parseZdnsLine({ name: 'example.org', results })).toEqual({ skip: reason })
  })
})

describe('parseZdnsLine: the top layout (older releases)', () => {
  it('reads MX, TXT and NS answers; the day is the UTC day of the timestamp', () => {
    const line = {
      name: 'example.org',
      class: 'IN',
      status: 'NOERROR',
      timestamp: '2024-03-05T21:30:00-04:00',
      data: {
        answers: [
          answer('MX', 'example.org', 'mx.example.org.', { preference: 10 }),
          answer('A', 'mx.example.org', '192.0.2.25'),
        ],
        protocol: 'udp',
        resolver: '192.0.2.53:53',
      },
    }
    expect(parseZdnsLine(line)).toEqual([
      { name: 'example.org', kind: 'mx', value: 'mx.example.org', preference: 10, day: '2024-03-06' },
    ])
  })

  it('reads mxlookup exchanges', () => {
    const line = {
      name: 'example.org',
      status: 'NOERROR',
      timestamp: '2024-03-05T12:34:56+00:00',
      data: { exchanges: [{ name: 'mx.example.org', type: 'MX', class: 'IN', preference: 1, ttl: 60 }] },
    }
    expect(parseZdnsLine(line)).toEqual([
      { name: 'example.org', kind: 'mx', value: 'mx.example.org', preference: 1, day: DAY },
    ])
  })

  it.each(['NXDOMAIN', 'SERVFAIL', 'REFUSED', 'TIMEOUT'])(
    'status %s is skipped with the status as reason',
    (status) => {
      expect(parseZdnsLine({ name: 'nope.example', class: 'IN', status, timestamp: T, data: {} })).toEqual({
        skip: `status ${status}`,
      })
    },
  )
})

describe('parseZdnsLine: rejects', () => {
  const mx = (extra: Record<string, unknown>) => ({
    name: 'example.org',
    results: { MX: result('NOERROR', { answers: [answer('MX', 'example.org', 'mx.example.org.', extra)] }) },
  })
  it.each([
    [[], 'a zdns line must be a JSON object, got []'],
    [{ results: {} }, 'name is missing; it must be the queried name, a string'],
    [{ name: 'example.org', results: [] }, 'results must be an object of module results, got []'],
    [
      { name: 'example.org', results: { MX: 'x' } },
      'results.MX must be an object {status, timestamp, data}, got "x"',
    ],
    [
      { name: 'example.org', results: { MX: { timestamp: T } } },
      'results.MX.status is missing; it must be a string such as "NOERROR"',
    ],
    [
      { name: 'example.org', status: 'NOERROR', data: {} },
      'timestamp is missing; it must be an RFC 3339 timestamp',
    ],
    [
      { name: 'example.org', results: { MX: result('NOERROR', {}, 'later') } },
      'results.MX.timestamp must be an RFC 3339 timestamp, got "later"',
    ],
    [
      { name: 'example.org', results: { MX: result('NOERROR', { answers: {} }) } },
      'results.MX.data.answers must be an array of answers, got {}',
    ],
    [mx({}), 'results.MX.data.answers[0].preference is missing; it must be an integer from 0 to 65535'],
    [
      mx({ preference: '10' }),
      'results.MX.data.answers[0].preference must be an integer from 0 to 65535, got "10"',
    ],
    [
      mx({ answer: 'mx..example.org', preference: 1 }),
      'results.MX.data.answers[0].answer is not a host name (empty label): "mx..example.org"',
    ],
    [mx({ name: 'exa mple.org', preference: 1 }), 'results.MX.data.answers[0].name is not a host name'],
    [
      {
        name: 'example.org',
        status: 'NOERROR',
        timestamp: T,
        data: { exchanges: [{ name: 'a b', preference: 1 }] },
      },
      'data.exchanges[0].name is not a host name (illegal characters in label "a b"): "a b"',
    ],
  ])('%j is rejected', (line, reason) => {
    const parsed = parseZdnsLine(line)
    expect(typeof parsed).toBe('string')
    expect(parsed).toContain(reason)
  })
})
