/**
 * The three WHOIS input formats agree (SPEC 13): a random corpus written as the API's JSON Lines,
 * as RDAP domain objects (test/helpers/rdap-writer.ts) and as a bulk WHOIS CSV file
 * (test/helpers/csv-writer.ts), each built into an engine (the format sniffed, or declared as
 * `{ path, format }`), gives the same load counts, the same forward lookups and, for random reverse
 * queries of every family (phrase with slop and the street/postalcode/phone flags, street/postal
 * code/phone text, name, nameserver, created/updated/expires ranges; test/reverse/corpus.ts), the
 * same result count and the same ordered results, compared on the fields all three formats carry.
 * RDAP adds `redacted` to contacts and CSV keeps unplaced columns in `extra`, so records are
 * compared on that shared projection. Values are never blank, hold no line break and never the word
 * "redacted": a blank cell or jCard value is an absent field, RDAP splits street text at line
 * breaks, and a placeholder would only flip `redacted`, which is not compared. Seeded, so a failure
 * reproduces.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Engine } from '../../src/engine.js'
import type { Contact, ReverseParams, WhoisRecord } from '../../src/types.js'
import { csvCellsOf, csvLine, WHOIS_CSV_HEADER } from '../helpers/csv-writer.js'
import { rdapDomainOf } from '../helpers/rdap-writer.js'
import { PHONES, POSTAL, query, text } from '../reverse/corpus.js'

const SETTINGS = { seed: 20250611, numRuns: 80 }

/** Text of the reverse-search vocabulary, never blank, plus values that need CSV quoting. */
const value = fc.oneof(
  { weight: 8, arbitrary: text.filter((t) => t.trim().length > 0) },
  fc.constantFrom('Acme "Quick" Fox', ' main st ', 'fox, brown; quick', 'a,"b",c'),
)
const HOSTS = [
  'ns1.example.com',
  'NS2.Example.COM.',
  'example.com',
  'ns1.notexample.com',
  'example.com.evil.net',
  'ns1.xn--mnchen-3ya.de',
  'ns2.münchen.de',
  'a.b.example.com',
  'ns1.example-x.com',
]
/** Dates as registries write them, around the query ranges' bounds, and one that is no date. */
const DATES = [
  '2020-01-31T23:59:59Z',
  '2020-02-01 00:00:00',
  '31-jan-2020',
  '2019-06-15T12:00:00-0700',
  '20211231',
  '2020.01.31',
  '2021-12-31T00:00:00Z',
  '2019-01-01',
  'not a date',
]
const STATUSES = ['clientTransferProhibited', 'clientDeleteProhibited', 'ok', 'server hold']

const contact: fc.Arbitrary<Contact> = fc.record(
  {
    organization: value,
    name: value,
    street: fc.oneof(value, fc.array(value, { minLength: 2, maxLength: 3 })),
    city: value,
    province: value,
    postal_code: fc.constantFrom(...POSTAL),
    country: fc.constantFrom('US', 'DE', 'GB', 'Deutschland'),
    phone: fc.constantFrom(...PHONES),
    fax: fc.constantFrom(...PHONES),
    email: fc.constantFrom('info@acme.com', 'fox@quick.example', 'Müller@example.de'),
  },
  { requiredKeys: [] },
)
const section = fc.option(contact, { nil: undefined, freq: 4 })

/** A record named `d<n>.com`, n small so that later records sometimes replace earlier ones. */
const record: fc.Arbitrary<WhoisRecord> = fc
  .record({
    n: fc.nat({ max: 40 }),
    domain: fc.record(
      {
        created: fc.constantFrom(...DATES),
        updated: fc.constantFrom(...DATES),
        expires: fc.constantFrom(...DATES),
        nameservers: fc.uniqueArray(fc.constantFrom(...HOSTS), { minLength: 1, maxLength: 3 }),
        status: fc.subarray(STATUSES, { minLength: 1 }).map((s) => s.join(', ')),
        registrar_name: value,
      },
      { requiredKeys: [] },
    ),
    registrant: section,
    admin: section,
    tech: section,
    billing: section,
  })
  .map(({ n, domain, ...contacts }) => {
    const name = `d${n}.com`
    const out: WhoisRecord = { query: name, domain: { name, ...domain } }
    for (const [key, c] of Object.entries(contacts)) if (c !== undefined) out[key] = c
    return out
  })
const corpus = fc.array(record, { minLength: 1, maxLength: 30 })

const SHARED_DOMAIN = [
  'name',
  'created',
  'created_norm',
  'updated',
  'updated_norm',
  'expires',
  'expires_norm',
  'nameservers',
  'status',
  'registrar_name',
] as const
const SHARED_CONTACT = [
  'organization',
  'name',
  'street',
  'city',
  'province',
  'postal_code',
  'country',
  'phone',
  'fax',
  'email',
] as const
const SECTIONS = ['registrant', 'admin', 'tech', 'billing'] as const

/** The fields of a loaded record that every format carries; empty sections count as absent. */
function projection(record: WhoisRecord | null): unknown {
  if (record === null) return null
  const out: Record<string, unknown> = { domain: pick(record.domain, SHARED_DOMAIN) }
  for (const key of SECTIONS) out[key] = pick(record[key], SHARED_CONTACT)
  return out
}

function pick(from: unknown, keys: readonly string[]): Record<string, unknown> | undefined {
  if (typeof from !== 'object' || from === null) return undefined
  const out: Record<string, unknown> = {}
  for (const key of keys) {
    const v = (from as Record<string, unknown>)[key]
    if (v !== undefined) out[key] = v
  }
  return Object.keys(out).length === 0 ? undefined : out
}

let dir: string
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'domindex-formats-agree-'))
})
afterAll(async () => {
  await rm(dir, { recursive: true, force: true })
})

/** Writes the corpus three ways and builds an engine from each file, its format sniffed or declared. */
async function buildThree(
  records: readonly WhoisRecord[],
  declare: boolean,
): Promise<Record<string, Engine>> {
  const files = {
    json: join(dir, 'whois.jsonl'),
    rdap: join(dir, 'rdap.jsonl'),
    csv: join(dir, 'whois.csv'),
  }
  await writeFile(files.json, records.map((r) => `${JSON.stringify(r)}\n`).join(''))
  await writeFile(files.rdap, records.map((r) => `${JSON.stringify(rdapDomainOf(r))}\n`).join(''))
  const rows = [WHOIS_CSV_HEADER, ...records.map(csvCellsOf)]
  await writeFile(files.csv, rows.map((cells) => `${csvLine(cells)}\r\n`).join(''))
  const engines: Record<string, Engine> = {}
  for (const [format, path] of [
    ['json', files.json],
    ['rdap', files.rdap],
    ['csv', files.csv],
  ] as const) {
    engines[format] = await Engine.build({ whois: [declare ? { path, format } : path] })
  }
  return engines
}

describe('JSON Lines, RDAP and CSV inputs give the same engine', () => {
  it('same counts, lookups and reverse answers on the shared fields', async () => {
    let queries = 0
    let answered = 0
    await fc.assert(
      fc.asyncProperty(
        corpus,
        fc.array(query, { minLength: 6, maxLength: 12 }),
        fc.boolean(),
        async (records, params, declare) => {
          const { json, rdap, csv } = await buildThree(records, declare)
          const engines = [json, rdap, csv] as Engine[]
          const counts = engines.map((e) => {
            const s = e.stats()
            return { records: s.whoisRecords, replaced: s.whoisReplaced, rejects: s.rejects.count }
          })
          expect(counts[0]).toEqual({
            records: new Set(records.map((r) => r.query)).size,
            replaced: records.length - new Set(records.map((r) => r.query)).size,
            rejects: 0,
          })
          expect(counts[1]).toEqual(counts[0])
          expect(counts[2]).toEqual(counts[0])

          for (const r of records) {
            const domain = String(r.query)
            const [a, b, c] = engines.map((e) => projection(e.whois({ domain })))
            expect(b, `rdap ${domain}`).toEqual(a)
            expect(c, `csv ${domain}`).toEqual(a)
          }

          for (const p of params) {
            const [a, b, c] = engines.map((e) => {
              const envelope = e.reverse(p as ReverseParams)
              return { ...envelope, results: envelope.results.map(projection) }
            })
            const label = JSON.stringify(p)
            expect(b, `rdap ${label}`).toEqual(a)
            expect(c, `csv ${label}`).toEqual(a)
            queries++
            if (a !== undefined && a.result_count > 0) answered++
          }
        },
      ),
      SETTINGS,
    )
    // Not vacuous: a good share of the random queries find records.
    expect(answered / queries).toBeGreaterThan(0.3)
  })
})
