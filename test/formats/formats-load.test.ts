/**
 * Real-world formats through the whole loader (SPEC 13): RDAP, CSV, DNS records and ZDNS files,
 * given a format or sniffed, load with and without worker threads, through `update`, through the
 * streaming loader (the ClickHouse exporter's), and from standard input on the command line;
 * each is then queried through reverse, mx and txt and compared with the records expected.
 */
import { gzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Engine } from '../../src/engine.js'
import { loadSources } from '../../src/ingest/load.js'
import type { Sources } from '../../src/types.js'
import { runCli } from '../cli/run-cli.js'
import { type TempFiles, tempFiles, withoutNorm } from '../ingest/temp-files.js'
import { fullDomain, fullRecord } from './rdap-fixtures.js'

let files: TempFiles
let paths: Record<'rdap' | 'csv' | 'records' | 'zdns' | 'json', string>

const CSV = [
  'domainName,createdDate,registrarName,nameServers,status,registrant_organization,registrant_street1,registrant_street2,registrant_telephone,registrant_postalCode,registrant_fax,auditNote',
  'csv-a.com,2021-02-03T04:05:06Z,Example Registrar,ns1.csvdns.net|NS2.csvdns.net,ok,"Quill, Ink & Co","1 Quay St",Floor 2,+1.6502530000,SW1A 1AA,+1.6502539999,first',
  'csv-b.com,,,,,"Quill Holdings","Line one\nstill one",,,,,',
  ',2020-01-01,,,,Nobody,,,,,,',
].join('\n')

const RECORDS = [
  { name: 'example.com', type: 'NS', value: 'ns2.example.net.', date: '2024-03-05' },
  { name: 'Example.com', type: 'mx', value: '20 mx2.example.com', timestamp: '2024-03-05T10:00:00Z' },
  { name: 'www.example.com', type: 'MX', value: '10 mx1.example.com', date: '2024-03-05' },
  { name: 'example.com', type: 'txt', value: 'v=spf1 include:_spf.example.net ~all', timestamp: 1709640000 },
  { name: 'example.com', type: 'MX', value: '10 mx1.example.com.', date: '2024-03-05' },
  { name: 'example.com', type: 'MX', value: 'ten mx', date: '2024-03-05' },
  { name: 'example.com', type: 'A', value: '192.0.2.1', date: '2024-03-05' },
]

const ZDNS = [
  {
    name: 'zdns-a.org',
    class: 'IN',
    status: 'NOERROR',
    timestamp: '2024-04-01T23:59:59+00:00',
    data: {
      answers: [{ type: 'MX', class: 'IN', name: 'zdns-a.org', preference: 5, answer: 'mx.zdns-a.org.' }],
    },
  },
  { name: 'zdns-b.org', class: 'IN', status: 'NXDOMAIN', timestamp: '2024-04-01T10:00:00Z', data: {} },
  {
    name: 'zdns-c.org',
    results: {
      TXT: {
        status: 'NOERROR',
        timestamp: '2024-04-02T01:00:00Z',
        data: { answers: [{ type: 'TXT', class: 'IN', name: 'zdns-c.org', answer: 'hello zdns' }] },
      },
    },
  },
]

beforeAll(async () => {
  files = await tempFiles()
  const rdapSearch = {
    rdapConformance: ['rdap_level_0'],
    domainSearchResults: [{ ...fullDomain, ldhName: 'search-hit.example' }],
  }
  paths = {
    rdap: await files.write(
      'domains.rdap.gz',
      gzipSync(`${JSON.stringify(fullDomain)}\n${JSON.stringify(rdapSearch)}\n`),
    ),
    csv: await files.write('bulk.csv', CSV),
    records: await files.lines('records.jsonl', RECORDS),
    zdns: await files.lines('zdns.json', ZDNS),
    json: await files.lines('api.jsonl', [{ query: 'api.com', registrant: { organization: 'Quill Api' } }]),
  }
})
afterAll(async () => {
  await files.remove()
})

function sources(given: boolean): Sources {
  return given
    ? {
        whois: [
          { path: paths.rdap, format: 'rdap' },
          { path: paths.csv, format: 'csv' },
          { path: paths.json, format: 'json' },
        ],
        dns: [
          { path: paths.records, format: 'dns-records' },
          { path: paths.zdns, format: 'zdns' },
        ],
      }
    : { whois: [paths.rdap, paths.csv, paths.json], dns: [paths.records, paths.zdns] }
}

const domains = (results: readonly { query?: unknown; id?: unknown }[]) => results.map((r) => r.query ?? r.id)

describe.each([
  ['formats given, no workers', true, 0],
  ['formats sniffed, no workers', false, 0],
  ['formats sniffed, one worker', false, 1],
])('%s', (_name, given, workers) => {
  let engine: Engine
  beforeAll(async () => {
    engine = await Engine.build(sources(given), { workers } as never)
  })

  it('maps RDAP objects and search results to records', () => {
    const [record] = engine.reverse({ name: (fullRecord.registrant?.organization as string) ?? '' }).results
    expect(withoutNorm(engine.whois({ domain: fullRecord.query as string }))).toEqual(fullRecord)
    expect(record).toBeDefined()
    expect(engine.whois({ domain: 'search-hit.example' })?.query).toBe('search-hit.example')
  })

  it('maps CSV rows, quoted cells and embedded newlines, keeping unknown columns in extra', () => {
    expect(withoutNorm(engine.whois({ domain: 'csv-a.com' }))).toEqual({
      query: 'csv-a.com',
      domain: {
        name: 'csv-a.com',
        created: '2021-02-03T04:05:06Z',
        registrar_name: 'Example Registrar',
        nameservers: ['ns1.csvdns.net', 'NS2.csvdns.net'],
        status: 'ok',
      },
      registrant: {
        organization: 'Quill, Ink & Co',
        street: ['1 Quay St', 'Floor 2'],
        phone: '+1.6502530000',
        postal_code: 'SW1A 1AA',
        fax: '+1.6502539999',
      },
      extra: { auditNote: 'first' },
    })
    expect(domains(engine.reverse({ name: 'quill' }).results)).toEqual(['csv-a.com', 'api.com', 'csv-b.com'])
    expect(domains(engine.reverse({ phone: '650-253-0000' }).results)).toContain('csv-a.com')
    expect(domains(engine.reverse({ phrase: 'still one', street: true }).results)).toEqual(['csv-b.com'])
    expect(engine.reverse({ nameserver: 'csvdns.net' }).result_count).toBe(1)
  })

  it('groups DNS records and ZDNS answers into observations, skipping and rejecting as documented', () => {
    expect(engine.mx({ host: 'example.com' }).results).toEqual([
      {
        date: '2024-03-05',
        id: 'mx-2024-03-05-example.com',
        items: [
          { context: '', is_metadata: true, type: 'host', value: 'example.com' },
          { context: 'dns-mx', is_metadata: false, type: 'host', value: 'mx1.example.com' },
          { context: 'dns-mx', is_metadata: false, type: 'mx-preference', value: '10' },
          { context: 'dns-mx', is_metadata: false, type: 'host', value: 'mx2.example.com' },
          { context: 'dns-mx', is_metadata: false, type: 'mx-preference', value: '20' },
          { context: 'dns-ns', is_metadata: false, type: 'host', value: 'ns2.example.net' },
        ],
      },
    ])
    expect(domains(engine.txt({ txt: 'spf1' }).results)).toEqual(['txt-2024-03-05-example.com'])
    expect(domains(engine.mx({ host: 'zdns-a.org' }).results)).toEqual(['mx-2024-04-01-zdns-a.org'])
    expect(domains(engine.txt({ txt: 'hello zdns' }).results)).toEqual(['txt-2024-04-02-zdns-c.org'])
    const stats = engine.stats()
    // www.example.com (not an apex), the A record, the NXDOMAIN answer.
    expect(stats.dnsSkipped).toBe(3)
    expect(stats.rejects.kept.map((r) => [r.file, r.line])).toEqual([
      [paths.csv, 5],
      [paths.records, 6],
    ])
    expect(stats.sources.map((s) => [s.file, s.records])).toEqual([
      [paths.rdap, 2],
      [paths.csv, 2],
      [paths.json, 1],
      // Raw DNS record files count the records read (grouped or skipped), not observations.
      [paths.records, 6],
      [paths.zdns, 3],
    ])
  })
})

it('loads the same through the streaming loader, and through update', async () => {
  const built = await Engine.build(sources(false))
  const streamed = await loadSources(sources(false))
  expect(streamed.whois.keys.sort()).toEqual(
    ['api.com', 'csv-a.com', 'csv-b.com', 'harbor-kite.example', 'search-hit.example'].sort(),
  )
  expect(streamed.mx.length + streamed.txt.length).toBe(4)
  expect(streamed.stats.dnsSkipped).toBe(3)
  const updated = await (await Engine.build({ whois: [paths.json] })).update(sources(false))
  for (const q of [{ name: 'quill' }, { nameserver: 'csvdns.net' }])
    expect(updated.reverse(q)).toEqual(built.reverse(q))
  expect(updated.mx({ host: 'example.com' })).toEqual(built.mx({ host: 'example.com' }))
})

it('refuses a format its source list cannot hold, naming it', async () => {
  await expect(Engine.build({ whois: [{ path: paths.csv, format: 'zdns' }] })).rejects.toThrow(
    /a whois source's format must be one of json, rdap, csv, got "zdns"/,
  )
  await expect(Engine.build({ dns: [{ path: paths.csv, format: 'csv' }] })).rejects.toThrow(TypeError)
})

it('reads standard input for -, in the CLI, naming it - in rejects', async () => {
  const run = await runCli(['query', '--whois', '-', '/v1/domain/reverse?name=quill'], CSV)
  expect(run.status).toBe(0)
  expect(domains(JSON.parse(run.stdout).results)).toEqual(['csv-a.com', 'csv-b.com'])
  const rejects = `${files.dir}/rejects.jsonl`
  const build = await runCli(
    ['build', '--dns', '-', '--out', `${files.dir}/s.dmx`, '--rejects', rejects],
    RECORDS.map((r) => JSON.stringify(r)).join('\n'),
  )
  expect(build.status).toBe(0)
  const { readFile } = await import('node:fs/promises')
  expect(JSON.parse((await readFile(rejects, 'utf8')).trim())).toMatchObject({ file: '-', line: 6 })
}, 30_000)

it('answers after an update of raw DNS records as a build over all the files', async () => {
  const a = await files.lines('part-a.jsonl', [
    { name: 'ex.com', type: 'MX', value: '10 mx1.ex.com', date: '2024-03-05' },
    { name: 'ex.com', type: 'TXT', value: 'first', date: '2024-03-05' },
  ])
  const b = await files.lines('part-b.jsonl', [
    { name: 'ex.com', type: 'MX', value: '20 mx2.ex.com', date: '2024-03-05' },
    { name: 'ex.com', type: 'NS', value: 'ns.ex.net', date: '2024-03-05' },
    { name: 'ex.com', type: 'TXT', value: 'second', date: '2024-03-05' },
  ])
  const built = await Engine.build({ dns: [a, b] })
  const updated = await (await Engine.build({ dns: [a] })).update({ dns: [b] })
  for (const kind of ['mx', 'txt'] as const) {
    expect(updated[kind]({ host: 'ex.com' })).toEqual(built[kind]({ host: 'ex.com' }))
  }
  expect(domains(built.mx({ host: 'ex.com' }).results)).toEqual(['mx-2024-03-05-ex.com'])
  expect(built.mx({ host: 'ex.com' }).results[0]?.items).toHaveLength(6)
  // A removal of that id in the same update starts the group afresh.
  const fresh = await (await Engine.build({ dns: [a] })).update(
    { dns: [b] },
    { remove: { dns: ['mx-2024-03-05-ex.com'] } },
  )
  expect(
    fresh.mx({ host: 'ex.com' }).results[0]?.items.filter((i) => i.type === 'mx-preference'),
  ).toHaveLength(1)
})
