/**
 * SPEC 14 spelling variants on hand-written variants: prefixes and typos of organizations,
 * registrars, emails, streets and nameservers find their values; each suggestion's count is the
 * `result_count` of its request; the exact value is always suggested when held; `limit` holds;
 * invalid parameters are refused as the other validators refuse them.
 */
import { describe, expect, it } from 'vitest'
import { Engine } from '../../src/engine.js'
import { QueryError } from '../../src/errors.js'
import type { SuggestParams } from '../../src/query/suggest-params.js'
import type { WhoisRecord } from '../../src/types.js'
import { writeLines } from './write-lines.js'

function record(
  i: number,
  contact: Record<string, string>,
  domain: Record<string, unknown> = {},
): WhoisRecord {
  const name = `d${i}.com`
  return { query: name, domain: { name, ...domain }, registrant: contact }
}

const ORGS = [
  'Acme Holdings',
  'Acme Holdings',
  'ACME Holdings Ltd',
  'Acme Holdngs',
  'Acme Corp',
  'Apex Holdings',
]
const NOISE = Array.from({ length: 40 }, (_, i) => `Noise Trading ${i}`)
const records: WhoisRecord[] = [
  ...ORGS.map((organization, i) =>
    record(
      i,
      { organization, email: `Contact${i}@Acme-Holdings.com `, street: `${i} Main Street` },
      {
        registrar_name: i % 2 === 0 ? 'GoDaddy.com,   LLC' : 'NameCheap, Inc.',
        nameservers: [`ns${i % 3}.cloudflare.com`, 'NS1.CLOUDNS.NET.'],
      },
    ),
  ),
  ...NOISE.map((organization, i) =>
    record(100 + i, { organization, email: `sales@noise${i}.org` }, { registrar_name: 'Gandi SAS' }),
  ),
]
const engine = await Engine.build(writeLines({ whois: records, mx: [], txt: [] }))

function values(params: SuggestParams): string[] {
  return engine.suggest(params).suggestions.map((s) => s.value)
}

describe('engine.suggest', () => {
  it('finds prefixes and typos of hand-written variants', () => {
    expect(values({ kind: 'organization', text: 'acme hold' })).toEqual([
      'Acme Holdings',
      'ACME Holdings Ltd',
      'Acme Holdngs',
    ])
    expect(values({ kind: 'organization', text: 'Acme Holdngs' })).toContain('Acme Holdings')
    expect(values({ kind: 'registrar', text: 'godady' })).toEqual(['GoDaddy.com,   LLC'])
    expect(values({ kind: 'registrar', text: 'namechep' })).toEqual(['NameCheap, Inc.'])
    expect(values({ kind: 'email', text: 'contact1@' })).toEqual(['contact1@acme-holdings.com'])
    expect(values({ kind: 'nameserver', text: 'ns1.cloud' }).sort()).toEqual([
      'ns1.cloudflare.com',
      'ns1.cloudns.net',
    ])
    expect(values({ kind: 'street', text: 'main st' })).toHaveLength(6)
  })

  it('counts each suggestion as request() counts its request, most held first', async () => {
    for (const [kind, text] of [
      ['organization', 'acme'],
      ['registrar', 'go'],
      ['nameserver', 'cloud'],
      ['email', 'sales'],
      ['street', 'main'],
    ] as const) {
      const { suggestions } = engine.suggest({ kind, text, limit: 100 })
      expect(suggestions.length, `${kind} ${text}`).toBeGreaterThan(0)
      for (const { count, request } of suggestions) {
        const { status, body } = await engine.request(request)
        expect(status).toBe(200)
        expect((body as { result_count: number }).result_count, request).toBe(count)
      }
      const order = [...suggestions].sort((a, b) => b.count - a.count || (a.value < b.value ? -1 : 1))
      expect(suggestions).toEqual(order)
    }
    expect(engine.suggest({ kind: 'organization', text: 'acme holdings' }).suggestions[0]).toEqual({
      value: 'Acme Holdings',
      count: 3, // the name phrase also matches 'ACME Holdings Ltd'
      request: '/v1/domain/reverse?name=Acme%20Holdings',
    })
  })

  it('always suggests the exact value when held, and respects limit', () => {
    expect(values({ kind: 'organization', text: 'noise', limit: 5 })).toHaveLength(5)
    expect(values({ kind: 'organization', text: 'noise' })).toHaveLength(10)
    expect(values({ kind: 'organization', text: '  Noise Trading 39 ', limit: 1 })).toEqual([
      'Noise Trading 39',
    ])
    expect(values({ kind: 'registrar', text: 'GANDI  sas', limit: 1 })).toEqual(['Gandi SAS'])
    expect(values({ kind: 'nameserver', text: 'NS1.CLOUDNS.NET.' })[0]).toBe('ns1.cloudns.net')
    expect(values({ kind: 'email', text: 'zebra7' })).toEqual([])
  })

  it('answers over request() as GET /v1/domain/suggest', async () => {
    const { status, body } = await engine.request('/v1/domain/suggest?kind=registrar&text=godady&limit=3')
    expect(status).toBe(200)
    expect(body).toEqual(engine.suggest({ kind: 'registrar', text: 'godady', limit: '3' }))
  })

  it('refuses invalid parameters, naming them', async () => {
    const refusal = (params: SuggestParams | Record<string, string>): [string, string] => {
      try {
        engine.suggest(params as SuggestParams)
      } catch (error) {
        if (error instanceof QueryError) return [error.code, error.param]
        throw error
      }
      return ['none', '']
    }
    expect(refusal({ text: 'acme' })).toEqual(['missing_parameter', 'kind'])
    expect(refusal({ kind: 'phone', text: 'acme' })).toEqual(['invalid_parameter', 'kind'])
    expect(refusal({ kind: 'email' })).toEqual(['missing_parameter', 'text'])
    expect(refusal({ kind: 'email', text: '   ' })).toEqual(['invalid_parameter', 'text'])
    for (const limit of ['0', '101', '1.5', 'ten']) {
      expect(refusal({ kind: 'email', text: 'a', limit })).toEqual(['invalid_parameter', 'limit'])
    }
    expect(refusal({ kind: 'email', text: 'a', page: '1' })).toEqual(['unknown_parameter', 'page'])
    expect((await engine.request('/v1/domain/suggest?text=a')).status).toBe(400)
  })
})
