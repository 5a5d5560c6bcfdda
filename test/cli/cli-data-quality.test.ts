/**
 * The data-quality report of `build` and `update` (SPEC 13): `--rejects` writes every reject (not
 * only the 1,000 kept), `--report` lists every replacement and every date not understood with
 * its file:line, a file whose every record is rejected fails the command naming the file and
 * nothing is saved, `--max-rejects N` fails past N rejects, and skipped DNS records are counted in
 * the summary and in `stats()`.
 */
import { existsSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { Engine } from '../../src/engine.js'
import type { Reject } from '../../src/types.js'
import { type TempFiles, tempFiles, whoisRecord } from '../ingest/temp-files.js'
import { runCli } from './run-cli.js'

let files: TempFiles
let good: string
let manyBad: string
let allBad: string
let records: string
beforeAll(async () => {
  files = await tempFiles()
  good = await files.lines('good.jsonl', [whoisRecord('a.com'), whoisRecord('b.com')])
  const lines = Array.from({ length: 1800 }, (_, i) =>
    i % 3 === 0 ? JSON.stringify(whoisRecord(`m${i}.com`)) : '{oops',
  )
  manyBad = await files.write('many-bad.jsonl', `${lines.join('\n')}\n`)
  allBad = await files.write('all-bad.csv', 'domainName,registrant_organization\n,Nobody\n,Nobody either\n')
  records = await files.lines('records.jsonl', [
    { name: 'example.com', type: 'MX', value: '10 mx.example.com', date: '2024-03-05' },
    { name: 'www.example.com', type: 'MX', value: '10 mx.example.com', date: '2024-03-05' },
    { name: 'example.com', type: 'A', value: '192.0.2.1', date: '2024-03-05' },
  ])
})
afterAll(async () => {
  await files.remove()
})

const lines = async (path: string) => (await readFile(path, 'utf8')).trim().split('\n')

it('writes every reject, beyond the 1,000 an engine keeps, and the engine tells each one', async () => {
  const told: Reject[] = []
  const engine = await Engine.build({ whois: [manyBad] }, { onReject: (r) => told.push(r) })
  expect(engine.stats().rejects.count).toBe(1200)
  expect(engine.stats().rejects.kept).toHaveLength(1000)
  expect(told).toHaveLength(1200)
  const onWorker = await Engine.build({ whois: [manyBad] }, {
    onReject: (r: Reject) => told.push(r),
    workers: 1,
  } as never)
  expect(told.slice(1200)).toEqual(told.slice(0, 1200))
  expect(onWorker.stats().rejects.kept).toEqual(told.slice(0, 1000))
  const rejects = join(files.dir, 'rejects.jsonl')
  const run = await runCli([
    'build',
    '--whois',
    manyBad,
    good,
    '--out',
    join(files.dir, 'm.dmx'),
    '--rejects',
    rejects,
  ])
  expect(run.status).toBe(0)
  expect(await lines(rejects)).toHaveLength(1200)
  expect(JSON.parse((await lines(rejects))[1199] as string)).toMatchObject({ file: manyBad, line: 1800 })
}, 60_000)

it('fails, naming the file, when every record of a file is rejected, and saves nothing', async () => {
  const out = join(files.dir, 'none.dmx')
  const run = await runCli(['build', '--whois', good, allBad, '--out', out])
  expect(run.status).toBe(1)
  expect(run.stderr).toContain(`every record of ${allBad} was rejected (2 rejects); nothing saved`)
  // Its rejects' most common reasons, with a count and the first line of each.
  expect(run.stderr).toMatch(/Most common reasons: 2× ".+" \(first at line 2\)/)
  expect(existsSync(out)).toBe(false)
  const snapshot = join(files.dir, 'good.dmx')
  expect((await runCli(['build', '--whois', good, '--out', snapshot])).status).toBe(0)
  const update = await runCli(['update', snapshot, '--whois', allBad])
  expect(update.status).toBe(1)
  expect(update.stderr).toContain(`every record of ${allBad} was rejected`)
  expect((await Engine.open(snapshot)).stats().counts.whois).toBe(2)
}, 60_000)

it('warns about a file most of whose records were rejected, with the reason and what to do', async () => {
  const apexOnly = (id: string, apex: string) => ({
    date: '2024-03-05',
    id,
    items: [{ context: '', is_metadata: true, type: 'host', value: apex }],
  })
  const mx = {
    date: '2024-03-05',
    id: 'm1',
    items: [
      { context: '', is_metadata: true, type: 'host', value: 'a.com' },
      { context: 'dns-mx', is_metadata: false, type: 'host', value: 'mx.a.com' },
    ],
  }
  const dns = await files.lines('kindless.jsonl', [mx, apexOnly('e1', 'b.com'), apexOnly('e2', 'c.com')])
  const run = await runCli(['build', '--dns', dns, '--out', join(files.dir, 'kindless.dmx')])
  expect(run.status).toBe(0)
  expect(run.stderr).toContain(`warning: 2 of 3 records of ${dns} were rejected; most common reason: 2× `)
  expect(run.stderr).toContain('give the file with --mx FILE or --txt FILE')
  const many = await runCli(['build', '--whois', manyBad, '--out', join(files.dir, 'many.dmx')])
  expect(many.stderr).toMatch(
    /warning: 1,200 of 1,800 records of .+ were rejected; most common reason among the first 1,000: 1,000× /,
  )
}, 60_000)

it('fails past --max-rejects N, and counts skipped DNS records in the summary', async () => {
  const out = join(files.dir, 'max.dmx')
  const over = await runCli(['build', '--whois', manyBad, '--out', out, '--max-rejects', '999'])
  expect(over.status).toBe(1)
  expect(over.stderr).toContain('1,200 rejects, more than --max-rejects 999; nothing saved')
  expect(existsSync(out)).toBe(false)
  const within = await runCli([
    'build',
    '--whois',
    manyBad,
    '--dns',
    records,
    '--out',
    out,
    '--max-rejects',
    '1200',
  ])
  expect(within.status).toBe(0)
  expect(within.stderr).toContain('2 DNS records skipped')
  expect((await Engine.open(out)).stats().dnsSkipped).toBe(2)
  const wrong = await runCli(['build', '--whois', good, '--out', out, '--max-rejects', 'many'])
  expect(wrong.status).toBe(2)
}, 60_000)

it('lists replacements and dates not understood, with the file:line of each, in --report', async () => {
  const first = await files.lines('first.jsonl', [
    { query: 'a.com', domain: { name: 'a.com', created: 'soon' } },
    { query: 'b.com' },
  ])
  const second = await files.lines('second.jsonl', [
    { query: 'x.com' },
    { query: 'A.com.', domain: { created: '2020-01-01', updated: 'when pigs fly' } },
  ])
  const report = join(files.dir, 'report.jsonl')
  const snapshot = join(files.dir, 'report.dmx')
  const build = await runCli(['build', '--whois', first, second, '--out', snapshot, '--report', report])
  expect(build.status).toBe(0)
  expect((await lines(report)).map((l) => JSON.parse(l))).toEqual([
    { kind: 'unparsed_date', field: 'domain.created', value: 'soon', file: first, line: 1 },
    { kind: 'unparsed_date', field: 'domain.updated', value: 'when pigs fly', file: second, line: 2 },
    { kind: 'replaced', key: 'a.com', file: second, line: 2 },
  ])
  const update = await runCli(['update', snapshot, '--whois', first, '--report', report])
  expect(update.status).toBe(0)
  expect((await lines(report)).map((l) => JSON.parse(l).kind)).toEqual([
    'unparsed_date',
    'replaced',
    'replaced',
  ])
}, 60_000)
