import { rm } from 'node:fs/promises'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Engine } from '../../src/engine.js'
import type { Envelope, Observation, WhoisRecord } from '../../src/types.js'
import { buildFixtureEngine, MX_COUNT, TXT_COUNT, WHOIS_COUNT } from './fixture.js'

let dir: string
let engine: Engine

beforeAll(async () => {
  ;({ dir, engine } = await buildFixtureEngine())
})
afterAll(() => rm(dir, { recursive: true, force: true }))

describe('engine.request on real data', () => {
  it('answers a forward lookup with the stored record, as whois() does', async () => {
    const response = await engine.request('/v1/domain/whois?domain=SITE7.com.')
    expect(response.status).toBe(200)
    expect(response.body).toEqual(engine.whois({ domain: 'site7.com' }))
    expect(response.body).toMatchObject({
      query: 'site7.com',
      registrant: { organization: 'Globex Trading Company' },
    })
  })

  it('answers an apex lookup and 404s for a domain without a record', async () => {
    const apex = await engine.request('/v1/domain/whois?domain=www.site8.com&apex_domain=true')
    expect(apex.body).toMatchObject({ query: 'site8.com' })
    const missing = await engine.request('/v1/domain/whois?domain=nowhere.org')
    expect(missing.status).toBe(404)
    expect(missing.body).toMatchObject({ error: { code: 'not_found', param: 'domain' } })
  })

  it('answers reverse searches with the envelope reverse() gives, page by page', async () => {
    for (const page of [0, 1, 2, 3]) {
      const response = await engine.request(`/v1/domain/reverse?name=acme+holdings&page=${page}`)
      expect(response).toEqual({ status: 200, body: engine.reverse({ name: 'acme holdings', page }) })
    }
    const first = (await engine.request('/v1/domain/reverse?name=acme')).body as Envelope<WhoisRecord>
    expect(first.result_count).toBe(WHOIS_COUNT / 2)
    expect(first.pages).toBe(2)
    expect(first.results).toHaveLength(100)
  })

  it('decodes the query string before validation: + and %20 are spaces', async () => {
    const plus = await engine.request('/v1/domain/reverse?phrase=acme+group&slop=1')
    const percent = await engine.request('/v1/domain/reverse?phrase=acme%20group&slop=1')
    expect(plus).toEqual(percent)
    expect((plus.body as Envelope<WhoisRecord>).result_count).toBe(WHOIS_COUNT / 2)
  })

  it('answers MX and TXT searches, summaries and repeated filters', async () => {
    const mx = (await engine.request('/v1/domain/mx?nameserver=provider0.net')).body as Envelope<Observation>
    expect(mx.result_count).toBe(MX_COUNT / 3)
    const txt = await engine.request('/v1/domain/txt?summarize=txt&summary_context=dns-txt')
    expect(txt).toEqual({ status: 200, body: engine.txt({ summarize: 'txt', summary_context: 'dns-txt' }) })
    const filtered = await engine.request(
      '/v1/domain/mx?filter=dns-mx.host:mailhost1.com&filter=dns-mx.host:mailhost2.com',
    )
    expect((filtered.body as Envelope<Observation>).result_count).toBe(MX_COUNT / 2)
    const all = (await engine.request('/v1/domain/txt')).body as Envelope<Observation>
    expect(all.result_count).toBe(TXT_COUNT)
  })

  it('queues a domain through the prioritize path', async () => {
    const response = await engine.request(
      'https://api.example/v1/domain/whois/prioritize?domain=Queued.Example.ORG',
    )
    expect(response.status).toBe(200)
    expect(response.body).toMatchObject({ domain: 'queued.example.org', queued: true, already_queued: false })
    expect(engine.prioritized().map((e) => e.domain)).toContain('queued.example.org')
  })

  it('404s for an unknown path', async () => {
    const response = await engine.request('/v1/domain/dns?host=a.com')
    expect(response.status).toBe(404)
    expect(response.body).toMatchObject({ error: { code: 'not_found' } })
  })
})

describe('engine.request with tokens', () => {
  let guarded: Engine
  beforeAll(async () => {
    guarded = await Engine.build({ whois: [join(dir, 'whois.jsonl')] }, { tokens: ['k1', 'k2'] })
  })

  it('401 without the right bearer token, 200 with it', async () => {
    const path = '/v1/domain/whois?domain=site1.com'
    expect((await guarded.request(path)).status).toBe(401)
    expect((await guarded.request(path, { headers: { Authorization: 'Bearer k3' } })).body).toEqual({
      error: { code: 'unauthorized', message: expect.any(String) },
    })
    expect((await guarded.request(path, { headers: { authorization: 'Bearer k2' } })).status).toBe(200)
    const response = await guarded.fetch(`https://x${path}`, { headers: { Authorization: 'Bearer k1' } })
    expect(response.status).toBe(200)
  })
})
