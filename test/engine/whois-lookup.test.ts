import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { generateWhois } from '../../src/generate/whois.js'
import { Engine } from '../../src/index.js'
import { queryError } from '../helpers/query-error.js'
import { type TempFiles, tempFiles, whoisRecord, withoutNorm } from '../ingest/temp-files.js'

let files: TempFiles
let engine: Engine
beforeAll(async () => {
  files = await tempFiles()
  const records = [
    whoisRecord('example.com'),
    whoisRecord('münchen.de'),
    whoisRecord('example.co.uk'),
    whoisRecord('www.shop.example.org'),
  ]
  engine = await Engine.build({ whois: [await files.lines('lookup.jsonl', records)] })
})
afterAll(() => files.remove())

describe('engine.whois: forward lookup (SPEC 4)', () => {
  it('normalises the domain: case, surrounding space, one trailing dot, Unicode', () => {
    for (const domain of ['example.com', 'EXAMPLE.Com', ' example.com. ']) {
      expect(engine.whois({ domain })?.query).toBe('example.com')
    }
    expect(engine.whois({ domain: 'MÜNCHEN.de' })?.query).toBe('münchen.de')
    expect(engine.whois({ domain: 'xn--mnchen-3ya.de' })?.query).toBe('münchen.de')
  })

  it('returns the stored record with its _norm fields', () => {
    expect(engine.whois({ domain: 'example.com' })?.domain).toMatchObject({
      created_norm: '2019-08-13T12:54:22Z',
      updated_norm: '2020-01-02T10:04:05Z',
      expires_norm: '2025-08-13T00:00:00Z',
    })
  })

  it('looks up the apex with apex_domain true or "true"', () => {
    expect(engine.whois({ domain: 'www.example.co.uk', apex_domain: true })?.query).toBe('example.co.uk')
    expect(engine.whois({ domain: 'a.b.example.com', apex_domain: 'true' })?.query).toBe('example.com')
    expect(engine.whois({ domain: 'www.example.co.uk' })).toBeNull()
    expect(engine.whois({ domain: 'www.example.co.uk', apex_domain: 'false' })).toBeNull()
    expect(engine.whois({ domain: 'www.shop.example.org' })?.query).toBe('www.shop.example.org')
    expect(engine.whois({ domain: 'www.shop.example.org', apex_domain: true })).toBeNull()
    expect(engine.whois({ domain: 'co.uk', apex_domain: true })).toBeNull()
  })

  it('returns null for a domain without a record', () => {
    expect(engine.whois({ domain: 'missing.com' })).toBeNull()
  })

  it('rejects a bad host, a missing domain and an unknown parameter', () => {
    expect(queryError(() => engine.whois({ domain: 'exa mple.com' }))).toMatchObject({
      code: 'invalid_parameter',
      param: 'domain',
    })
    expect(queryError(() => engine.whois({ domain: 'a..b' })).message).toContain('"a..b"')
    // @ts-expect-error: refused at compile time too (domain is required)
    expect(queryError(() => engine.whois({}))).toMatchObject({ code: 'missing_parameter', param: 'domain' })
    // @ts-expect-error: refused at compile time too (no such parameter)
    expect(queryError(() => engine.whois({ domain: 'example.com', apex: 'true' }))).toMatchObject({
      code: 'unknown_parameter',
      param: 'apex',
    })
    expect(queryError(() => engine.whois({ domain: 'example.com', apex_domain: 'yes' }))).toMatchObject({
      code: 'invalid_parameter',
      param: 'apex_domain',
    })
  })
})

/** Keys that must stay plain data; none ends in `_norm` or names a checked field. */
const oddKey = fc.oneof(
  fc.constantFrom(
    '__proto__',
    'constructor',
    'prototype',
    'toString',
    'hasOwnProperty',
    '',
    ' ',
    'ü',
    'a.b',
    '$ref',
  ),
  fc.string({ maxLength: 8 }),
)
const CHECKED =
  /_norm$|_date$|^(created|updated|expires|name|nameservers|query|domain|registrant|admin|tech|billing|organization|city|postal_code|postalcode|province|country|phone|fax|email|street|redacted)$/
const extras = fc.dictionary(
  oddKey.filter((k) => !CHECKED.test(k)),
  fc.jsonValue({ maxDepth: 2 }),
  { maxKeys: 4 },
)

describe('loading then looking up returns every record unchanged apart from _norm fields', () => {
  it('holds for records with random extra fields and odd keys', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.uniqueArray(fc.integer({ min: 0, max: 10_000 }), { minLength: 1, maxLength: 12 }),
        fc.array(fc.tuple(extras, extras, extras), { minLength: 12, maxLength: 12 }),
        async (ids, extra) => {
          const lines = ids.map((id, i) => {
            const [top, domain, contact] = extra[i] ?? [{}, {}, {}]
            const record = whoisRecord(`d${id}.example.com`)
            return JSON.stringify({
              ...top,
              ...record,
              domain: { ...domain, ...record.domain },
              registrant: { ...contact, ...record.registrant },
            })
          })
          const built = await Engine.build({
            whois: [await files.write('property.jsonl', `${lines.join('\n')}\n`)],
          })
          expect(built.stats().rejects.count).toBe(0)
          for (let i = 0; i < ids.length; i++) {
            const found = built.whois({ domain: `D${ids[i]}.example.com.` })
            expect(withoutNorm(found)).toEqual(JSON.parse(lines[i] as string))
          }
          expect(({} as { polluted?: unknown }).polluted).toBeUndefined()
        },
      ),
      { seed: 1234, numRuns: 25 },
    )
  })

  it('holds for generated corpora', async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 0, max: 2 ** 31 - 1 }), async (seed) => {
        const records = [...generateWhois({ count: 150, seed })]
        const lines = records.map((r) => JSON.stringify(r))
        const built = await Engine.build({ whois: [await files.write('generated.jsonl', lines.join('\n'))] })
        expect(built.stats()).toMatchObject({ whoisRecords: 150, whoisReplaced: 0, rejects: { count: 0 } })
        for (let i = 0; i < records.length; i++) {
          const found = built.whois({ domain: records[i]?.domain?.name as string })
          expect(withoutNorm(found)).toEqual(JSON.parse(lines[i] as string))
        }
      }),
      { seed: 99, numRuns: 8 },
    )
  })
})
