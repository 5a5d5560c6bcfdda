/**
 * Reverse search end to end through the Engine: records loaded from a JSON Lines file (raw dates
 * normalised by the loader), then `reverse()` and `request()`: result order, pages, errors; and a
 * property comparing the engine's pages with the brute-force reference on random loadable corpora.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { PAGE_SIZE } from '../../src/collect/page.js'
import { Engine } from '../../src/engine.js'
import type { WhoisRecord } from '../../src/types.js'
import { inResultOrder } from './corpus.js'
import { referenceSearch } from './reference.js'

let dir = ''

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'domindex-reverse-'))
})

afterAll(async () => {
  await rm(dir, { recursive: true, force: true })
})

async function engineOf(records: readonly object[], name: string): Promise<Engine> {
  const path = join(dir, `${name}.jsonl`)
  await writeFile(path, records.map((r) => JSON.stringify(r)).join('\n'))
  return Engine.build({ whois: [path] }, { strict: true })
}

function site(i: number, created: string | null, organization: string): object {
  return {
    domain: {
      name: `site${i}.com`,
      ...(created === null ? {} : { created }),
      nameservers: [`ns1.host${i % 2}.net`],
    },
    registrant: { organization, street: `${i} Main Street`, phone: `+1.650253${String(i).padStart(4, '0')}` },
  }
}

describe('Engine.reverse', () => {
  it('orders by created descending, records without it last, ties by domain', async () => {
    const engine = await engineOf(
      [
        site(1, '2019-08-13T12:54:22-0700', 'Acme Holdings'),
        site(2, null, 'Acme Holdings'),
        site(3, '2021-01-01T00:00:00Z', 'Acme Holdings'),
        site(4, '2019-08-13T19:54:22Z', 'Acme Holdings'),
        site(5, '2021-01-01T00:00:00Z', 'Other'),
      ],
      'order',
    )
    const page = engine.reverse({ name: 'acme holdings' })
    expect(page.result_count).toBe(4)
    expect(page.results.map((r) => r.domain?.name)).toEqual([
      'site3.com',
      'site1.com',
      'site4.com',
      'site2.com',
    ])
    expect(engine.reverse({ created_from: '2019-08-13', created_to: '2019-08-13' }).result_count).toBe(2)
  })

  it('pages 100 at a time with exact counts, and answers request() like the API', async () => {
    const engine = await engineOf(
      Array.from({ length: 250 }, (_, i) =>
        site(i, `2020-01-${String((i % 28) + 1).padStart(2, '0')}T00:00:00Z`, 'Acme'),
      ),
      'pages',
    )
    const last = engine.reverse({ phrase: 'main street', page: 2 })
    expect([last.page, last.pages, last.result_count, last.results.length]).toEqual([2, 3, 250, 50])
    expect(engine.reverse({ phrase: 'main street', page: '9' }).results).toEqual([])
    const viaRequest = await engine.request(
      '/v1/domain/reverse?phrase=main+street&nameserver=host1.net&page=1',
    )
    expect(viaRequest.status).toBe(200)
    expect(viaRequest.body).toEqual(
      engine.reverse({ phrase: 'main street', nameserver: 'host1.net', page: 1 }),
    )
    expect(engine.reverse({ phone: '650-253-0007' }).results.map((r) => r.domain?.name)).toEqual([
      'site7.com',
    ])
  })

  it('answers invalid queries with 400 and the error code and parameter', async () => {
    const engine = await engineOf([site(1, null, 'Acme')], 'errors')
    for (const [query, code, param] of [
      ['slop=x&phrase=a', 'invalid_parameter', 'slop'],
      ['street=true', 'missing_parameter', 'phrase'],
      ['', 'missing_parameter', 'phrase'],
      ['phrase=a&phrase=b', 'invalid_parameter', 'phrase'],
      ['phrase=a&colour=red', 'unknown_parameter', 'colour'],
      ['created_from=2021-02-30', 'invalid_parameter', 'created_from'],
    ] as const) {
      const response = await engine.request(`/v1/domain/reverse?${query}`)
      expect(response.status).toBe(400)
      expect(response.body).toMatchObject({ error: { code, param } })
    }
  })
})

describe('Engine.reverse against the reference', () => {
  const words = fc.constantFrom('acme', 'holdings', 'main', 'street', 'fox', 'Müller', 'ﬁsh')
  const text = fc.array(words, { minLength: 1, maxLength: 3 }).map((w) => w.join(' '))
  const loadable = fc.array(
    fc.record({
      organization: text,
      street: fc.oneof(text, fc.array(text, { maxLength: 2 })),
      phone: fc.constantFrom('+1.6502530000', '+44 20 7946 0000'),
      postal_code: fc.constantFrom('SW1A 1AA', '94043'),
      created: fc.constantFrom('2020-01-31T23:59:59Z', '2020-02-01T00:00:00Z', '2019-06-15T12:00:00Z'),
      ns: fc.constantFrom('ns1.example.com', 'example.com', 'ns1.notexample.com', 'NS2.EXAMPLE.COM.'),
    }),
    { maxLength: 230 },
  )
  const params = fc.oneof(
    text.map((phrase) => ({ phrase })),
    text.map((name) => ({ name })),
    fc.record({ phrase: text, slop: fc.integer({ min: 0, max: 3 }), street: fc.constant('true') }),
    fc.constantFrom({ nameserver: 'example.com' }, { postalcode: 'sw1a1aa' }, { phone: '0000' }),
    fc.constantFrom({ created_to: '2020-01-31' }, { created_from: '2020-02-01', name: 'acme' }),
  )

  it('gives the reference result count and pages', async () => {
    let run = 0
    await fc.assert(
      fc.asyncProperty(loadable, params, fc.nat({ max: 2 }), async (rows, query, page) => {
        const records: WhoisRecord[] = rows.map((r, i) => ({
          domain: { name: `r${i}.com`, created: r.created, nameservers: [r.ns] },
          registrant: {
            organization: r.organization,
            street: r.street,
            phone: r.phone,
            postal_code: r.postal_code,
          },
        }))
        const engine = await engineOf(records, `property-${run++}`)
        const got = engine.reverse({ ...query, page })
        // The loader normalises these ISO instants to themselves.
        const normalised = records.map((r) => ({
          ...r,
          domain: { ...r.domain, created_norm: r.domain?.created ?? null },
        }))
        const ordered = inResultOrder(normalised)
        const want = referenceSearch(ordered, query)
        expect(got.result_count).toBe(want.length)
        expect(got.results.map((r) => r.domain?.name)).toEqual(
          want.slice(page * PAGE_SIZE, (page + 1) * PAGE_SIZE).map((i) => ordered[i]?.domain?.name),
        )
      }),
      { seed: 5, numRuns: 25 },
    )
  })
})
