/**
 * The ClickHouse engine next to the embedded engine, on one generated corpus (default 1,000,000
 * WHOIS records and 1,000,000 DNS observations, seed 1): load throughput of `exportToClickHouse`
 * into the local two-shard cluster (test/clickhouse/local-cluster.ts: ZooKeeper and two ClickHouse
 * servers on loopback), then the reverse and DNS query families of bench/reverse.bench.ts and
 * bench/dns.bench.ts on both engines. Each family checks that both engines give the same answer
 * (count and first page, or the whole summary) before timing; ClickHouse is asked through the second
 * server, so every query crosses shards.
 *
 * Run: `npx tsx bench/clickhouse.bench.ts [--whois N] [--observations M] [--runs R]`. Needs the
 * packages of scripts/install-clickhouse.sh. The embedded engine holds the corpus in memory (about
 * 5 GB at the defaults), so the script runs itself again with a larger heap when needed.
 * Writes bench/reports/clickhouse.md.
 */
import { spawnSync } from 'node:child_process'
import { mkdirSync, writeFileSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { cpus, loadavg, tmpdir, totalmem } from 'node:os'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { getHeapStatistics } from 'node:v8'
import { ClickHouseEngine } from '../src/clickhouse/clickhouse-engine.js'
import { exportToClickHouse } from '../src/clickhouse/export.js'
import { Engine } from '../src/engine.js'
import { writeSample } from '../src/generate/write-sample.js'
import type { Params, WhoisRecord } from '../src/types.js'
import { findBinaries, startLocalCluster } from '../test/clickhouse/local-cluster.js'
import { median, quantile, table } from './lib/measure.js'

const { values: args } = parseArgs({
  options: { whois: { type: 'string' }, observations: { type: 'string' }, runs: { type: 'string' } },
})
const WHOIS = Number(args.whois ?? 1_000_000)
const OBSERVATIONS = Number(args.observations ?? 1_000_000)
const RUNS = Number(args.runs ?? 10)

// About 4 KB of heap per WHOIS record and 2 KB per observation while the engine is built.
const heapMb = Math.ceil((WHOIS * 4096 + OBSERVATIONS * 2048) / 2 ** 20) + 2048
if (
  getHeapStatistics().heap_size_limit / 2 ** 20 < heapMb &&
  process.env['DOMINDEX_BENCH_CHILD'] === undefined
) {
  const child = spawnSync(
    process.execPath,
    [
      ...process.execArgv,
      `--max-old-space-size=${heapMb}`,
      process.argv[1] as string,
      ...process.argv.slice(2),
    ],
    { stdio: 'inherit', env: { ...process.env, DOMINDEX_BENCH_CHILD: '1' } },
  )
  process.exit(child.status ?? 1)
}

type Family = 'reverse' | 'mx' | 'txt'
interface Case {
  family: Family
  name: string
  params: Params
}

const binaries = findBinaries()
if ('missing' in binaries) {
  console.error(`clickhouse bench needs ${binaries.missing}: run scripts/install-clickhouse.sh`)
  process.exit(1)
}
const load = loadavg()[0] ?? 0
const dir = await mkdtemp(join(tmpdir(), 'domindex-ch-bench-'))
const cluster = await startLocalCluster(binaries)
try {
  let started = performance.now()
  const files = await writeSample({ whois: WHOIS, dns: OBSERVATIONS, seed: 1, out: dir })
  const generateS = (performance.now() - started) / 1000
  const sources = {
    whois: [files.whois.path],
    dns: [
      { path: files.mx.path, kind: 'mx' as const },
      { path: files.txt.path, kind: 'txt' as const },
    ],
  }
  const bytes = files.whois.bytes + files.mx.bytes + files.txt.bytes
  const exported = await exportToClickHouse(sources, {
    url: cluster.urls[0]!,
    database: 'bench',
    cluster: cluster.cluster,
  })
  const rows = exported.rows.whois + exported.rows.mx + exported.rows.txt
  started = performance.now()
  const engine = await Engine.build(sources)
  const buildS = (performance.now() - started) / 1000
  const ch = await ClickHouseEngine.connect({ url: cluster.urls[1]!, database: 'bench' })

  const cases = pickCases(engine)
  const results: (string | number)[][] = []
  // The families' plain signatures: a union of the engines' overloaded methods is not callable.
  const embeddedTarget: Record<Family, (params: Params) => unknown> = engine
  const remoteTarget: Record<Family, (params: Params) => Promise<unknown>> = ch
  for (const c of cases) {
    const embedded = () => embeddedTarget[c.family](c.params)
    const remote = () => remoteTarget[c.family](c.params)
    const expected = JSON.stringify(embedded())
    const actual = JSON.stringify(await remote())
    if (actual !== expected) throw new Error(`${c.name}: the engines disagree on ${JSON.stringify(c.params)}`)
    const answer = JSON.parse(expected) as {
      result_count?: number
      summary?: { other: number; values: Record<string, number> }
    }
    const matches =
      answer.result_count ??
      Object.values(answer.summary?.values ?? {}).reduce((a, b) => a + b, answer.summary?.other ?? 0)
    const local = timeSync(embedded)
    const cluster = await timeAsync(remote)
    results.push([
      c.name,
      c.family,
      matches,
      median(local),
      median(cluster),
      quantile(cluster, 0.99),
      median(cluster) / median(local),
    ])
  }
  ch.close()

  const header = [
    'family',
    'kind',
    'matches',
    'embedded median ms',
    'clickhouse median ms',
    'clickhouse p99 ms',
    'ratio',
  ]
  const text = table(header, results)
  const report = `# ClickHouse engine benchmark

- Date: ${new Date().toISOString()}
- Machine: ${cpus()[0]?.model.trim() ?? 'unknown'}, ${cpus().length} cores (shared; 1-minute load ${load.toFixed(1)} at the start), ${(totalmem() / 2 ** 30).toFixed(1)} GiB, Node ${process.version}
- Command: \`npx tsx bench/clickhouse.bench.ts --whois ${WHOIS} --observations ${OBSERVATIONS} --runs ${RUNS}\`
- Cluster: ZooKeeper and two ClickHouse servers (Debian's 18.16) on loopback, started in ${(cluster.startupMs / 1000).toFixed(2)} s;
  tables Distributed over both shards, queries sent to the second server
- Corpus: \`writeSample({ whois: ${WHOIS}, dns: ${OBSERVATIONS}, seed: 1 })\`, ${(bytes / 2 ** 20).toFixed(0)} MiB of JSON Lines (generated in ${generateS.toFixed(1)} s)
- Export: load ${(exported.loadMs / 1000).toFixed(1)} s (the embedded loader), upload ${(exported.uploadMs / 1000).toFixed(1)} s:
  ${Math.round(rows / (exported.uploadMs / 1000))} rows/s (${rows} rows), ${(bytes / 2 ** 20 / ((exported.loadMs + exported.uploadMs) / 1000)).toFixed(1)} MiB/s of input end to end
- Embedded build of the same sources: ${buildS.toFixed(1)} s
- Timing: each family's page 0 (or summary) through the public methods, ${RUNS} runs after one warm-up, both engines
  checked to give identical JSON first. "ratio" is ClickHouse median / embedded median.

\`\`\`
${text}
\`\`\`
`
  mkdirSync('bench/reports', { recursive: true })
  writeFileSync('bench/reports/clickhouse.md', report)
  console.log('wrote bench/reports/clickhouse.md')
} finally {
  await cluster.stop()
  await rm(dir, { recursive: true, force: true })
}

function timeSync(fn: () => unknown): number[] {
  fn()
  const times: number[] = []
  for (let i = 0; i < RUNS; i++) {
    const t0 = performance.now()
    fn()
    times.push(performance.now() - t0)
  }
  return times
}

async function timeAsync(fn: () => Promise<unknown>): Promise<number[]> {
  await fn()
  const times: number[] = []
  for (let i = 0; i < RUNS; i++) {
    const t0 = performance.now()
    await fn()
    times.push(performance.now() - t0)
  }
  return times
}

// Query terms taken from the corpus, as bench/reverse.bench.ts and bench/dns.bench.ts pick theirs.
function pickCases(engine: Engine): Case[] {
  const some = engine.reverse({ created_from: '1900-01-01', page: 37 }).results
  const record = some.find(
    (r) => typeof r.registrant?.organization === 'string' && r.registrant.street !== undefined,
  ) as WhoisRecord
  const organization = String(record.registrant?.organization)
  const street = [record.registrant?.street].flat()[0] ?? organization
  const words = organization.split(/\s+/)
  const mx = engine.mx({ most_recent: true, page: 11 })
  const apex = 'results' in mx ? String(mx.results[0]?.items[0]?.value) : 'example.com'
  return [
    { family: 'reverse', name: 'rare phrase', params: { phrase: String(street) } },
    { family: 'reverse', name: 'common phrase', params: { phrase: words.slice(0, 2).join(' ') } },
    {
      family: 'reverse',
      name: 'phrase, slop 2',
      params: { phrase: [...words].reverse().slice(0, 2).join(' '), slop: 2 },
    },
    { family: 'reverse', name: 'name', params: { name: words.slice(0, 2).join(' ') } },
    { family: 'reverse', name: 'nameserver (large provider)', params: { nameserver: 'cloudflare.com' } },
    {
      family: 'reverse',
      name: 'created range (one year)',
      params: { created_from: '2020-01-01', created_to: '2020-12-31' },
    },
    {
      family: 'reverse',
      name: 'combination',
      params: { name: words.slice(0, 2).join(' '), nameserver: 'cloudflare.com', updated_from: '2020-01-01' },
    },
    { family: 'mx', name: 'host (apex lookup)', params: { host: apex } },
    { family: 'mx', name: 'nameserver, large provider', params: { nameserver: 'cloudflare.com' } },
    {
      family: 'mx',
      name: 'nameserver + most_recent',
      params: { nameserver: 'cloudflare.com', most_recent: true },
    },
    { family: 'txt', name: 'txt phrase', params: { txt: '_spf.google.com' } },
    {
      family: 'mx',
      name: 'summary: MX hosts of a large provider',
      params: { nameserver: 'cloudflare.com', summarize: 'host', summary_context: 'dns-mx' },
    },
    {
      family: 'txt',
      name: 'summary: every TXT value',
      params: { summarize: 'txt', summary_context: 'dns-txt' },
    },
    {
      family: 'mx',
      name: 'expression with OR and NOT',
      params: {
        expression: '(dns-mx.host:google.com OR dns-mx.host:outlook.com) NOT dns-ns.host:cloudflare.com',
      },
    },
  ]
}
