/**
 * The `email` and `registrar` reverse parameters (SPEC 14, API extensions), hand cases: what each
 * key ignores (case and surrounding white space; for registrars also NFKC width, white-space runs
 * and composition) and what it keeps, array and non-string values, the sections read, and AND with
 * the other criteria. Then end to end through the engine: exact counts, `request()` with the query
 * string, the iterators, updates over several segments, a save and open, `domindex query` and
 * `domindex check`.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Engine } from '../../src/engine.js'
import { checkSnapshot } from '../../src/snapshot/verify/check-snapshot.js'
import type { WhoisRecord } from '../../src/types.js'
import { runCli } from '../cli/run-cli.js'
import { domainsMatching, registrantRecord } from './search.js'

describe('email', () => {
  const records = [
    registrantRecord('plain.com', { email: 'info@acme.com' }),
    registrantRecord('upper.com', { email: 'INFO@ACME.COM' }),
    registrantRecord('spaced.com', { email: '\u00a0 Info@Acme.com\t\n' }),
    registrantRecord('wide.com', { email: 'ｉｎｆｏ@acme.com' }),
    registrantRecord('inner.com', { email: 'info @acme.com' }),
    registrantRecord('list.com', { email: ['sales@acme.com', ' Info@acme.com'] }),
    registrantRecord('typed.com', { email: 42, name: 'info@acme.com' }),
    registrantRecord('blank.com', { email: '   ' }),
    { domain: { name: 'billing.com' }, billing: { email: 'Info@Acme.com' } },
    { domain: { name: 'tech.com' }, registrant: { email: 'x@y.z' }, tech: { email: 'info@acme.com' } },
    { domain: { name: 'elsewhere.com', email: 'info@acme.com' }, registrar: { email: 'info@acme.com' } },
  ]

  it('matches exactly after trimming and lower-casing, in any contact section', () => {
    const all = ['billing.com', 'list.com', 'plain.com', 'spaced.com', 'tech.com', 'upper.com']
    expect(domainsMatching(records, { email: 'info@acme.com' })).toEqual(all)
    expect(domainsMatching(records, { email: ' \tINFO@Acme.COM ' })).toEqual(all)
  })

  it('keeps what is not case or surrounding white space: width, inner spaces, the whole address', () => {
    expect(domainsMatching(records, { email: 'ｉｎｆｏ@ACME.com' })).toEqual(['wide.com'])
    expect(domainsMatching(records, { email: 'INFO @acme.com' })).toEqual(['inner.com'])
    expect(domainsMatching(records, { email: 'acme.com' })).toEqual([])
    expect(domainsMatching(records, { email: 'info@acme' })).toEqual([])
  })

  it('reads each string of an array and no other value, and only the field named email', () => {
    expect(domainsMatching(records, { email: 'sales@acme.com' })).toEqual(['list.com'])
    expect(domainsMatching(records, { email: '42' })).toEqual([])
  })

  it('combines with the other criteria (AND)', () => {
    const more = [
      {
        domain: { name: 'a.com', nameservers: ['ns1.example.com'] },
        admin: { email: 'a@x.org', organization: 'Acme' },
      },
      {
        domain: { name: 'b.com', nameservers: ['ns1.other.net'] },
        admin: { email: 'a@x.org', organization: 'Acme' },
      },
      {
        domain: { name: 'c.com', nameservers: ['ns1.example.com'] },
        admin: { email: 'b@x.org', organization: 'Acme' },
      },
    ]
    expect(domainsMatching(more, { email: 'A@X.org', nameserver: 'example.com' })).toEqual(['a.com'])
    expect(domainsMatching(more, { email: 'a@x.org', name: 'acme' })).toEqual(['a.com', 'b.com'])
    expect(domainsMatching(more, { email: 'a@x.org', phrase: 'acme', nameserver: 'other.net' })).toEqual([
      'b.com',
    ])
  })
})

describe('registrar', () => {
  const at = (name: string, registrar_name: unknown, created?: string): object => ({
    domain: { name, registrar_name, ...(created === undefined ? {} : { created_norm: created }) },
  })
  const records = [
    at('plain.com', 'GoDaddy.com, LLC', '2020-01-31T23:59:59Z'),
    at('spaces.com', '  godaddy.com,   llc ', '2020-02-01T00:00:00Z'),
    at('tab.com', 'GODADDY.COM,\tLLC'),
    at('nbsp.com', 'GoDaddy.com,\u00a0\u2003LLC'),
    at('newline.com', 'GoDaddy.com,\r\nLLC'),
    at('wide.com', 'ＧｏＤａｄｄｙ．ｃｏｍ，\u3000ＬＬＣ'),
    at('joined.com', 'GoDaddy.com,LLC'),
    at('list.com', ['Tucows Domains Inc.', 'GoDaddy.com, LLC']),
    at('typed.com', { name: 'GoDaddy.com, LLC' }),
    at('number.com', 1068),
    at('decomposed.com', 'J\u030cones Registrar'),
    at('composed.com', '\u01f0ones registrar'),
    { domain: { name: 'contact.com' }, tech: { organization: 'GoDaddy.com, LLC' } },
  ]
  const godaddy = ['spaces.com', 'plain.com', 'list.com', 'nbsp.com', 'newline.com', 'tab.com', 'wide.com']

  it('matches after NFKC, lower-casing, trimming and collapsing white space', () => {
    expect(domainsMatching(records, { registrar: 'godaddy.com, llc' })).toEqual(godaddy)
    expect(domainsMatching(records, { registrar: '\u3000ＧＯＤＡＤＤＹ.COM,\u00a0 LLC\t' })).toEqual(godaddy)
  })

  it('keeps the words apart as written: no space is not a space', () => {
    expect(domainsMatching(records, { registrar: 'GoDaddy.com,LLC' })).toEqual(['joined.com'])
    expect(domainsMatching(records, { registrar: 'godaddy' })).toEqual([])
  })

  it('compares composed and decomposed text alike (NFKC after lower-casing too)', () => {
    const jones = ['composed.com', 'decomposed.com']
    expect(domainsMatching(records, { registrar: 'ǰones registrar' })).toEqual(jones)
    expect(domainsMatching(records, { registrar: 'J\u030cONES  REGISTRAR' })).toEqual(jones)
  })

  it('reads domain.registrar_name only: each string of an array, no other value', () => {
    expect(domainsMatching(records, { registrar: 'tucows domains inc.' })).toEqual(['list.com'])
    expect(domainsMatching(records, { registrar: '1068' })).toEqual([])
  })

  it('combines with a date range and with email (AND)', () => {
    expect(domainsMatching(records, { registrar: 'GoDaddy.com, LLC', created_from: '2020-02-01' })).toEqual([
      'spaces.com',
    ])
    expect(domainsMatching(records, { registrar: 'GoDaddy.com, LLC', created_to: '2020-01-31' })).toEqual([
      'plain.com',
    ])
    const both = [
      { domain: { name: 'a.com', registrar_name: 'R' }, admin: { email: 'a@x.org' } },
      { domain: { name: 'b.com', registrar_name: 'S' }, admin: { email: 'a@x.org' } },
    ]
    expect(domainsMatching(both, { registrar: 'r', email: 'a@x.org' })).toEqual(['a.com'])
  })
})

describe('email and registrar through the engine', () => {
  let dir = ''
  let engine: Engine
  // 250 domains: more than two pages. Each repeats its email in several contacts, in several writings.
  const records: WhoisRecord[] = Array.from({ length: 250 }, (_, i) => {
    const email = i % 2 === 0 ? 'Hostmaster@Acme.com' : `owner${i}@example.org`
    return {
      query: `site${i}.com`,
      domain: {
        name: `site${i}.com`,
        created: `2020-01-${String((i % 28) + 1).padStart(2, '0')}T00:00:00Z`,
        registrar_name: i % 5 === 0 ? 'NameCheap,  Inc.' : 'GoDaddy.com, LLC',
      },
      registrant: { organization: 'Acme', email },
      admin: { email: ` ${email.toUpperCase()} ` },
      tech: { email },
    }
  })
  const even = records.filter((_, i) => i % 2 === 0).length
  const namecheap = records.filter((_, i) => i % 5 === 0).length

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'domindex-pivot-params-'))
    const path = join(dir, 'whois.jsonl')
    await writeFile(path, records.map((r) => JSON.stringify(r)).join('\n'))
    engine = await Engine.build({ whois: [path] }, { strict: true })
  })

  afterAll(async () => {
    await rm(dir, { recursive: true, force: true })
  })

  it('counts each matching domain once, whatever number of its values match', () => {
    expect(engine.reverse({ email: 'hostmaster@acme.com' }).result_count).toBe(even)
    expect(engine.reverse({ email: 'owner7@example.org' }).results.map((r) => r.query)).toEqual(['site7.com'])
    expect(engine.reverse({ registrar: 'namecheap, inc.' }).result_count).toBe(namecheap)
    expect(engine.reverse({ registrar: 'namecheap, inc.', email: 'hostmaster@acme.com' }).result_count).toBe(
      records.filter((_, i) => i % 10 === 0).length,
    )
  })

  it('answers request() with the query string as the method, and refuses blank values', async () => {
    const viaRequest = await engine.request('/v1/domain/reverse?email=+HOSTMASTER%40acme.com%09&page=1')
    expect(viaRequest).toEqual({
      status: 200,
      body: engine.reverse({ email: 'hostmaster@acme.com', page: 1 }),
    })
    const registrar = await engine.request(
      '/v1/domain/reverse?registrar=GoDaddy.com%2C%C2%A0%20LLC&name=acme',
    )
    expect(registrar.body).toEqual(engine.reverse({ registrar: 'godaddy.com, llc', name: 'acme' }))
    expect((registrar.body as { result_count: number }).result_count).toBe(250 - namecheap)
    for (const [query, param] of [
      ['email=', 'email'],
      ['email=%20%09', 'email'],
      ['registrar=%C2%A0', 'registrar'],
      ['registrar=a&registrar=b', 'registrar'],
    ] as const) {
      const response = await engine.request(`/v1/domain/reverse?${query}`)
      expect(response.status).toBe(400)
      expect(response.body).toMatchObject({ error: { code: 'invalid_parameter', param } })
    }
  })

  it('iterates every match in result order with reverseAll', async () => {
    const all: string[] = []
    for await (const record of engine.reverseAll({ registrar: 'GODADDY.COM, LLC' }))
      all.push(String(record.query))
    const paged = [0, 1].flatMap((page) =>
      engine.reverse({ registrar: 'godaddy.com, llc', page }).results.map((r) => String(r.query)),
    )
    expect(all).toHaveLength(250 - namecheap)
    expect(all).toEqual(paged)
  })

  it('answers over several segments after updates, and after a compaction', async () => {
    const delta = join(dir, 'delta.jsonl')
    const added = {
      query: 'new.com',
      domain: { name: 'new.com', registrar_name: 'namecheap, inc.' },
      billing: { email: 'HOSTMASTER@ACME.COM' },
    }
    await writeFile(delta, JSON.stringify(added))
    const updated = await engine.update({ whois: [delta] }, { remove: { whois: ['site0.com', 'site1.com'] } })
    expect(updated.stats().segments).toBe(2)
    // site0.com (Hostmaster@, NameCheap) removed, new.com (both) added: the counts stay.
    expect(updated.reverse({ email: 'hostmaster@acme.com' }).result_count).toBe(even)
    const both = updated.reverse({ registrar: 'NameCheap, Inc.', email: 'hostmaster@acme.com' })
    expect(both.result_count).toBe(records.filter((_, i) => i % 10 === 0).length)
    // Undated, so last in the result order.
    expect(both.results.at(-1)?.query).toBe('new.com')
    const compacted = await updated.compact()
    expect(compacted.stats().segments).toBe(1)
    for (const params of [{ email: 'hostmaster@acme.com' }, { registrar: 'namecheap, inc.' }]) {
      expect(compacted.reverse(params)).toEqual(updated.reverse(params))
    }
    expect(compacted.reverse({ registrar: 'namecheap, inc.' }).result_count).toBe(namecheap)
  })

  it('loads an array of registrar names (each a value); an array of emails is a reject, as SPEC 2 checks', async () => {
    const path = join(dir, 'arrays.jsonl')
    const lines = [
      { domain: { name: 'names.com', registrar_name: ['Acme Registrar', 7, 'GoDaddy.com, LLC'] } },
      { domain: { name: 'emails.com' }, admin: { email: ['a@x.org', 'b@x.org'] } },
    ]
    await writeFile(path, lines.map((line) => JSON.stringify(line)).join('\n'))
    const loaded = await Engine.build({ whois: [path] })
    expect(loaded.stats().rejects.kept.map((r) => r.reason)).toEqual([
      'admin.email must be a string, got ["a@x.org","b@x.org"]',
    ])
    for (const registrar of ['acme registrar', 'GODADDY.COM, LLC']) {
      expect(loaded.reverse({ registrar }).results.map((r) => r.query ?? r.domain?.name)).toEqual([
        'names.com',
      ])
    }
    expect(loaded.reverse({ registrar: '7' }).result_count).toBe(0)
  })

  it('saves and opens with the same answers; domindex check and domindex query read them', async () => {
    const path = join(dir, 'pivot.dmx')
    await engine.save(path)
    const opened = await Engine.open(path, { verify: true })
    for (const params of [
      { email: 'hostmaster@acme.com', page: 1 },
      { registrar: ' namecheap,\tinc. ' },
      { registrar: 'godaddy.com, llc', email: 'owner9@example.org' },
    ]) {
      expect(opened.reverse(params)).toEqual(engine.reverse(params))
    }
    const names = (await checkSnapshot(path)).map((check) => check.name)
    for (const part of ['email', 'registrar']) {
      expect(names.some((name) => name.startsWith(`segments.0.reverse.${part}.postings: `))).toBe(true)
      expect(
        names.some((name) =>
          name.startsWith(`segments.0.reverse.${part}.dictionary: terms non-empty and normalised`),
        ),
      ).toBe(true)
    }
    const check = await runCli(['check', path])
    expect(check.status).toBe(0)
    const query = await runCli(['query', path, '/v1/domain/reverse?registrar=NAMECHEAP,+INC.'])
    expect(query.status).toBe(0)
    expect(JSON.parse(query.stdout)).toEqual(
      JSON.parse(JSON.stringify(engine.reverse({ registrar: 'namecheap, inc.' }))),
    )
  })
})
