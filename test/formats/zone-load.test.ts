/**
 * Zone files through the whole loader (SPEC 13): given as `{ path, format: 'zone', date }` or
 * sniffed, gzip-compressed, with and without worker threads, through `update` and the streaming
 * loader (the ClickHouse exporter's), and on the command line with `--date`, standard input
 * included. A zone source without a date is refused naming the file (and, on the command line,
 * the option); rejects carry the file and the line a record starts on.
 */
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Engine } from '../../src/engine.js'
import { loadSources } from '../../src/ingest/load.js'
import { runCli } from '../cli/run-cli.js'
import { type TempFiles, tempFiles } from '../ingest/temp-files.js'

const DAY = '2024-03-05'

// Line 9 is a reject ($INCLUDE), line 10 one too (a bad preference); SOA, A and the record at www
// are skipped.
const ZONE = `; example.com, as a hosted-zone export writes it
$ORIGIN example.com.
$TTL 3600
@   IN SOA ns1.example.net. hostmaster.example.com. (
        2024030501 7200 3600 1209600 300 )
    IN NS  ns1.example.net.
    IN MX  10 mx1
    IN TXT "v=spf1 include:_spf.example.net " "-all"
$INCLUDE more.zone
@   IN MX  ten mx2
www IN A   192.0.2.10
www IN MX  10 mx1
_dmarc IN TXT "v=DMARC1; p=reject"
`

let files: TempFiles
let zone: string
beforeAll(async () => {
  files = await tempFiles()
  zone = await files.write('example.zone', ZONE)
})
afterAll(() => files.remove())

const items = (engine: Engine, kind: 'mx' | 'txt') =>
  engine[kind]({ host: 'example.com' }).results.map((o) => [o.id, o.items.slice(1).map((i) => i.value)])

describe.each([
  ['given, no workers', 'zone' as const, 0],
  ['sniffed, no workers', undefined, 0],
  ['sniffed, one worker', undefined, 1],
])('a zone file %s', (_name, format, workers) => {
  let engine: Engine
  beforeAll(async () => {
    const source = format === undefined ? { path: zone, date: DAY } : { path: zone, format, date: DAY }
    engine = await Engine.build({ dns: [source] }, { workers } as never)
  })

  it('groups its MX, TXT and NS records into observations of the given date', () => {
    expect(items(engine, 'mx')).toEqual([
      [`mx-${DAY}-example.com`, ['mx1.example.com', '10', 'ns1.example.net']],
    ])
    expect(items(engine, 'txt')).toEqual([
      [
        `txt-${DAY}-example.com`,
        ['v=spf1 include:_spf.example.net -all', 'v=DMARC1; p=reject', 'ns1.example.net'],
      ],
    ])
    expect(engine.txt({ txt: 'DMARC1' }).result_count).toBe(1)
  })

  it('rejects at file:line, skips and counts the rest', () => {
    const stats = engine.stats()
    expect(stats.rejects.kept.map((r) => [r.file, r.line])).toEqual([
      [zone, 9],
      [zone, 10],
    ])
    expect(stats.rejects.kept[0]?.reason).toMatch(/^\$INCLUDE is not followed/)
    // SOA, A, and the MX record at www.example.com (no apex).
    expect(stats.dnsSkipped).toBe(3)
    expect(stats.sources.map((s) => [s.file, s.records, s.rejects])).toEqual([[zone, 7, 2]])
  })
})

it('reads a gzip-compressed zone file, and loads the same through the streaming loader', async () => {
  const { gzipSync } = await import('node:zlib')
  const gz = await files.write('example.zone.gz', gzipSync(ZONE))
  const built = await Engine.build({ dns: [{ path: gz, date: DAY }] })
  expect(items(built, 'mx')).toEqual(items(await Engine.build({ dns: [{ path: zone, date: DAY }] }), 'mx'))
  const streamed = await loadSources({ dns: [{ path: zone, format: 'zone', date: DAY }] })
  expect(streamed.mx.map((o) => o.id)).toEqual([`mx-${DAY}-example.com`])
  expect(streamed.txt.map((o) => o.id)).toEqual([`txt-${DAY}-example.com`])
  expect(streamed.stats.dnsSkipped).toBe(3)
  expect(streamed.stats.rejects.count).toBe(2)
})

it('answers after an update with a later zone file as a build over both', async () => {
  const later = await files.write('later.zone', '$ORIGIN example.com.\n@ MX 20 mx2\n@ NS ns2.example.net.\n')
  const sources = [
    { path: zone, date: DAY },
    { path: later, date: DAY },
  ]
  const built = await Engine.build({ dns: sources })
  const updated = await (await Engine.build({ dns: sources.slice(0, 1) })).update({ dns: sources.slice(1) })
  expect(items(updated, 'mx')).toEqual(items(built, 'mx'))
  expect(items(built, 'mx')).toEqual([
    [
      `mx-${DAY}-example.com`,
      ['mx1.example.com', '10', 'mx2.example.com', '20', 'ns1.example.net', 'ns2.example.net'],
    ],
  ])
  // Another day is another observation.
  const next = await (await Engine.build({ dns: sources })).update({
    dns: [{ path: later, date: '2024-03-06' }],
  })
  expect(next.mx({ host: 'example.com' }).results.map((o) => o.id)).toEqual([
    'mx-2024-03-06-example.com',
    `mx-${DAY}-example.com`,
  ])
})

describe('the date of a zone source', () => {
  it('is required, naming the file, whether the format is given or sniffed', async () => {
    await expect(Engine.build({ dns: [{ path: zone, format: 'zone' }] })).rejects.toThrow(
      `domindex: ${zone}: a zone file carries no date; give its records' day as the source's date: { path, format: 'zone', date: 'YYYY-MM-DD' }`,
    )
    await expect(Engine.build({ dns: [zone] })).rejects.toThrow(
      `${zone}: a zone file (sniffed from its content) carries no date`,
    )
    await expect(Engine.build({ dns: [zone] })).rejects.toBeInstanceOf(TypeError)
  })

  it('must be a real YYYY-MM-DD calendar date', async () => {
    for (const date of ['2024-02-30', '2024-3-5', '2024-03-05T00:00:00Z', 20240305]) {
      await expect(Engine.build({ dns: [{ path: zone, date } as never] })).rejects.toThrow(
        `domindex: ${zone}: date must be a YYYY-MM-DD calendar date, got ${JSON.stringify(date)}`,
      )
    }
  })

  it('is refused beside another given format and on a WHOIS source, and ignored by a file sniffed as another format', async () => {
    const records = await files.lines('records.jsonl', [
      { name: 'example.org', type: 'MX', value: '10 mx.example.org', date: '2024-01-01' },
    ])
    await expect(
      Engine.build({ dns: [{ path: records, format: 'dns-records', date: DAY }] }),
    ).rejects.toThrow(
      `domindex: ${records}: date is the day of a zone file's records; a dns-records source, which carries its own dates, takes none`,
    )
    await expect(Engine.build({ whois: [{ path: records, date: DAY } as never] })).rejects.toThrow(
      "date is the day of a zone file's records; a whois source takes none",
    )
    const engine = await Engine.build({ dns: [{ path: records, date: DAY }] })
    expect(engine.mx({ host: 'example.org' }).results.map((o) => o.id)).toEqual(['mx-2024-01-01-example.org'])
  })
})

describe('the command line', () => {
  it('builds from zone files with --date, standard input included, mixed with other DNS files', async () => {
    const records = await files.lines('mixed.jsonl', [
      { name: 'example.org', type: 'MX', value: '10 mx.example.org', date: '2024-01-01' },
    ])
    const out = join(files.dir, 'zone.dmx')
    const rejects = join(files.dir, 'rejects.jsonl')
    const build = await runCli(
      ['build', '--dns', '-', records, '--date', DAY, '--out', out, '--rejects', rejects],
      ZONE,
    )
    expect(build.stderr).toContain('saved')
    expect(build.status).toBe(0)
    const lines = (await readFile(rejects, 'utf8'))
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l))
    expect(lines.map((r) => [r.file, r.line])).toEqual([
      ['-', 9],
      ['-', 10],
    ])
    const query = await runCli(['query', out, '/v1/domain/mx?host=example.org'])
    expect(JSON.parse(query.stdout).results.map((o: { id: string }) => o.id)).toEqual([
      'mx-2024-01-01-example.org',
    ])
    const txt = await runCli(['query', '--dns', zone, '--date', DAY, '/v1/domain/txt?txt=DMARC1'])
    expect(JSON.parse(txt.stdout).results.map((o: { id: string }) => o.id)).toEqual([
      `txt-${DAY}-example.com`,
    ])
  }, 30_000)

  it('refuses a zone file without --date, naming the file and the option, and a --date that is no day', async () => {
    const missing = await runCli(['build', '--dns', zone, '--out', join(files.dir, 'never.dmx')])
    expect(missing.status).toBe(2)
    expect(missing.stderr).toContain(
      `domindex build: ${zone} is a zone file (sniffed from its content), which carries no date: give its records' day with --date YYYY-MM-DD`,
    )
    const bad = await runCli(['stats', '--dns', zone, '--date', '2024-02-30'])
    expect(bad.status).toBe(2)
    expect(bad.stderr).toContain(
      'domindex stats: --date must be a YYYY-MM-DD calendar date, got "2024-02-30"',
    )
  }, 30_000)
})
