/**
 * Sections read from disk (SPEC 16, issue "out of core", steps 1 to 4: stored records, term
 * dictionaries, the reverse index's postings and date columns, the DNS indexes' arrays and tables) on generated corpora
 * (`writeSample`, seed 1, with as many observations as records, half MX and half TXT):
 *
 * - Memory: at each size, a fresh child process opens the snapshot, runs every reverse family with
 *   its page of records and 1,000 forward lookups, collects garbage and reads its anonymous resident
 *   memory (`RssAnon` in /proc/self/status: the OS page cache is not the engine's), once with the
 *   sections left on disk (the default) and once with every section in memory (`verify: true`,
 *   which reads everything at open, as every open did before this change). The growth per extra
 *   record between the two sizes is the figure the issue bounds (goal: at most 40 bytes). The
 *   child also times its `Engine.open` (goal: under 1 s at any size) and its first forward lookup
 *   (which checksums each section it reads whole).
 * - Latency: in this process, 300 batches of 100 forward lookups at random domains (a page of 100
 *   random records), the first page of each reverse family and every DNS family (bench/dns.bench.ts's,
 *   up to 20 parameter sets each), on the built engine (in memory: the
 *   baseline), on the opened engine with the default cache, and with a 1 MiB cache; medians and
 *   p99 per batch, and the cache's hit rate.
 *
 * Run: `npx tsx --expose-gc bench/storage.bench.ts [--records 50000,200000]`. Writes
 * bench/reports/storage.md.
 */
import { spawnSync } from 'node:child_process'
import { mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { rm } from 'node:fs/promises'
import { cpus, loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'
import { Engine } from '../src/engine.js'
import { Random } from '../src/generate/random.js'
import type { Observation, WhoisRecord } from '../src/types.js'
import { dnsFamilies, sampleApexes } from './lib/dns-families.js'
import { table, timeBatches } from './lib/measure.js'
import { headLines } from './lib/parse-lines.js'
import { reverseFamilies } from './lib/reverse-families.js'
import { sampleDir, sampleSources } from './lib/sample-files.js'

const { values: args } = parseArgs({
  options: {
    records: { type: 'string' },
    child: { type: 'string' },
    mode: { type: 'string' },
  },
})
const SELF = fileURLToPath(import.meta.url)

/** The first `count` records of the sample's WHOIS file (read from its first 64 MiB). */
function headRecords(dir: string, count: number): WhoisRecord[] {
  return headLines<WhoisRecord>(join(dir, 'whois.jsonl'), count)
}

function rssAnon(): number {
  const line = readFileSync('/proc/self/status', 'utf8')
    .split('\n')
    .find((l) => l.startsWith('RssAnon:'))
  return Number(line?.replace(/\D+/g, '') ?? 0) * 1024
}

function collect(): void {
  const gc = (globalThis as { gc?: () => void }).gc
  gc?.()
  gc?.()
}

/** Child: open, query, report RssAnon. */
async function memoryChild(path: string, mode: string): Promise<void> {
  const dir = sampleDir({ whois: Number(args.records), dns: Number(args.records), seed: 1 })
  // A fixed cache of 16 MiB: the cache is memory too, bounded by its option and not by the data, so
  // the default 256 MiB would hide what grows with the records behind what the queries cached.
  const opening = performance.now()
  const engine = await Engine.open(path, mode === 'memory' ? { verify: true } : { cacheBytes: 16 << 20 })
  const openMs = performance.now() - opening
  const records = headRecords(dir, 2_000)
  // The first forward lookup after the open checksums each section it reads whole (SPEC 16).
  const first = performance.now()
  engine.whois({ domain: String((records[0] as WhoisRecord).query) })
  const firstLookupMs = performance.now() - first
  for (const [, params] of reverseFamilies(records)) engine.reverse(params)
  const random = new Random(3)
  for (let i = 0; i < 1_000; i++) {
    const record = records[random.int(records.length)] as WhoisRecord
    engine.whois({ domain: String(record.query) })
  }
  engine.mx({ summarize: 'host' })
  engine.txt({ summarize: 'value' })
  collect()
  const { heapUsed, arrayBuffers } = process.memoryUsage()
  process.stdout.write(
    `${JSON.stringify({ rssAnon: rssAnon(), heapUsed, arrayBuffers, openMs, firstLookupMs, cache: engine.stats().memory.cache })}\n`,
  )
}

interface ChildMemory {
  rssAnon: number
  heapUsed: number
  arrayBuffers: number
  /** `Engine.open` in a fresh process, the file in the page cache. */
  openMs: number
  /** The first forward lookup after it. */
  firstLookupMs: number
}

function runMemoryChild(path: string, records: number, mode: string): ChildMemory {
  const child = spawnSync(
    process.execPath,
    ['--expose-gc', '--import', 'tsx', SELF, '--child', path, '--records', String(records), '--mode', mode],
    { encoding: 'utf8', maxBuffer: 1 << 24 },
  )
  if (child.status !== 0) throw new Error(`memory child failed: ${child.stderr}`)
  return JSON.parse(child.stdout.trim().split('\n').at(-1) as string) as ChildMemory
}

async function main(): Promise<void> {
  if (args.child !== undefined) return memoryChild(args.child, args.mode ?? 'disk')
  const sizes = (args.records ?? '50000,200000').split(',').map(Number)
  const root = join(tmpdir(), `domindex-storage-bench-${process.pid}`)
  mkdirSync(root, { recursive: true })
  const memoryRows: (string | number)[][] = []
  const latencyRows: (string | number)[][] = []
  const familyRows: (string | number)[][] = []
  const byMode: Record<string, ChildMemory[]> = { disk: [], memory: [] }
  for (const n of sizes) {
    const sample = { whois: n, dns: n, seed: 1 }
    const built = await Engine.build(await sampleSources(sample))
    const dir = sampleDir(sample)
    const path = join(root, `corpus-${n}.dmx`)
    await built.save(path)
    for (const mode of ['disk', 'memory'] as const) {
      const measured = runMemoryChild(path, n, mode)
      byMode[mode]?.push(measured)
      const mib = (bytes: number): string => (bytes / 2 ** 20).toFixed(1)
      memoryRows.push([
        n,
        mode,
        mib(measured.rssAnon),
        Math.round(measured.rssAnon / n),
        mib(measured.heapUsed),
        mib(measured.arrayBuffers),
        measured.openMs.toFixed(0),
        measured.firstLookupMs.toFixed(1),
      ])
    }
    const records = headRecords(dir, 20_000)
    const random = new Random(5)
    const pages = Array.from({ length: 301 }, () =>
      Array.from({ length: 100 }, () => String((records[random.int(records.length)] as WhoisRecord).query)),
    )
    const families = reverseFamilies(records.slice(0, 2_000))
    const mx = headLines<Observation>(join(dir, 'dns-mx.jsonl'), 20_000)
    const dnsByFamily = dnsFamilies(sampleApexes(mx, 20))
    const dns = dnsByFamily.flatMap((f) => f.params.slice(0, 20).map((params) => [f.kind, params] as const))
    const engines: [string, Engine][] = [
      ['built (in memory)', built],
      ['opened, default cache', await Engine.open(path)],
      ['opened, 1 MiB cache', await Engine.open(path, { cacheBytes: 1 << 20 })],
    ]
    for (const [name, engine] of engines) {
      let p = 0
      const lookups = timeBatches(() => {
        for (const domain of pages[p++ % pages.length] as string[]) engine.whois({ domain })
      }, 300)
      const reverse = timeBatches(() => {
        for (const [, params] of families) engine.reverse(params)
      }, 30)
      const dnsTimes = timeBatches(() => {
        for (const [kind, params] of dns) {
          if (kind === 'mx') engine.mx(params)
          else engine.txt(params)
        }
      }, 30)
      // Each DNS family alone, so that a slow one is seen (the batch above sums them).
      for (const family of dnsByFamily) {
        const one = timeBatches(() => {
          for (const params of family.params.slice(0, 20)) {
            if (family.kind === 'mx') engine.mx(params)
            else engine.txt(params)
          }
        }, 30)
        familyRows.push([n, name, family.name, one.median.toFixed(3), one.p99.toFixed(3)])
      }
      const { hitRate } = engine.stats().memory.cache
      latencyRows.push([
        n,
        name,
        lookups.median.toFixed(3),
        lookups.p99.toFixed(3),
        reverse.median.toFixed(3),
        reverse.p99.toFixed(3),
        dnsTimes.median.toFixed(3),
        dnsTimes.p99.toFixed(3),
        name.startsWith('built') ? '-' : `${(hitRate * 100).toFixed(1)}%`,
      ])
    }
    for (const [, engine] of engines.slice(1)) await engine.close()
    memoryRows.push([
      n,
      'file bytes',
      (statSync(path).size / 2 ** 20).toFixed(1),
      Math.round(statSync(path).size / n),
    ])
  }
  const growth = (mode: string, field: keyof ChildMemory): string => {
    const [a, b] = byMode[mode] ?? []
    const [na, nb] = sizes
    if (a === undefined || b === undefined || na === undefined || nb === undefined) return '-'
    return ((b[field] - a[field]) / (nb - na)).toFixed(0)
  }
  const report = [
    '# Sections read from disk (SPEC 16, steps 1 to 4)',
    '',
    `\`npx tsx --expose-gc bench/storage.bench.ts --records ${sizes.join(',')}\` on ${cpus().length} cores, load ${loadavg()[0]?.toFixed(1)}, ${new Date().toISOString()}.`,
    '',
    '## Anonymous resident memory after opening and querying (fresh process each)',
    '',
    '```',
    table(
      [
        'records',
        'mode',
        'RssAnon MiB',
        'bytes a record',
        'heap MiB',
        'array buffers MiB',
        'open ms',
        'first lookup ms',
      ],
      memoryRows,
    ),
    '```',
    '',
    `Growth per extra record between ${sizes.join(' and ')}, RssAnon (heap + array buffers): ` +
      `sections on disk ${growth('disk', 'rssAnon')} (${growth('disk', 'heapUsed')} + ${growth('disk', 'arrayBuffers')}) bytes, ` +
      `everything in memory ${growth('memory', 'rssAnon')} (${growth('memory', 'heapUsed')} + ${growth('memory', 'arrayBuffers')}) bytes.`,
    '',
    '## Latency (ms per batch: 100 forward lookups at random domains; every reverse family with its page; every DNS family of bench/dns.bench.ts, up to 20 parameter sets each, with its page or summary)',
    '',
    '```',
    table(
      [
        'records',
        'engine',
        'lookups median',
        'lookups p99',
        'reverse median',
        'reverse p99',
        'DNS median',
        'DNS p99',
        'cache hit rate',
      ],
      latencyRows,
    ),
    '```',
    '',
    '## DNS families one at a time (ms per batch of up to 20 parameter sets)',
    '',
    '```',
    table(['records', 'engine', 'family', 'median', 'p99'], familyRows),
    '```',
    '',
  ].join('\n')
  writeFileSync(join(fileURLToPath(new URL('.', import.meta.url)), 'reports', 'storage.md'), report)
  process.stdout.write(report)
  await rm(root, { recursive: true, force: true })
}

await main()
