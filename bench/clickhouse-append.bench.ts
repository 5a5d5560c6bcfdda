/**
 * What appending updates to a ClickHouse export costs (src/clickhouse/README.md, "Appending
 * updates"), on the local two-shard cluster: a full export of a generated corpus (default 200,000
 * WHOIS records and 200,000 observations, seed 1), then appends of a small delta (1% of the records
 * replaced, 0.5% new, 0.1% removed) and of a large one (20% replaced: dead rows just under the
 * compaction threshold), then a compaction (an empty append told to compact). Before timing,
 * every query family is checked against the embedded engine after the same updates; query
 * latencies are measured with no dead rows, with the small delta's, with the large delta's, and
 * after compaction.
 *
 * Run: `npx tsx bench/clickhouse-append.bench.ts [--whois N] [--observations M] [--runs R]`. Needs
 * the packages of scripts/install-clickhouse.sh. Writes bench/reports/clickhouse-append.md.
 */
import { mkdirSync, writeFileSync } from 'node:fs'
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { cpus, loadavg, tmpdir, totalmem } from 'node:os'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import type { ApiTarget } from '../src/api/routes.js'
import { ClickHouseEngine } from '../src/clickhouse/clickhouse-engine.js'
import { type ClickHouseExportResult, exportToClickHouse } from '../src/clickhouse/export.js'
import { Engine } from '../src/engine.js'
import { writeSample } from '../src/generate/write-sample.js'
import type { Params, Sources } from '../src/types.js'
import { findBinaries, startLocalCluster } from '../test/clickhouse/local-cluster.js'
import { median, table } from './lib/measure.js'

const { values: args } = parseArgs({
  options: { whois: { type: 'string' }, observations: { type: 'string' }, runs: { type: 'string' } },
})
const WHOIS = Number(args.whois ?? 200_000)
const OBSERVATIONS = Number(args.observations ?? 200_000)
const RUNS = Number(args.runs ?? 10)

type Family = 'reverse' | 'mx' | 'txt'
const CASES: readonly [string, Family, Params][] = [
  ['name', 'reverse', { name: 'acme holdings' }],
  ['nameserver (large provider)', 'reverse', { nameserver: 'cloudflare.com' }],
  ['created range (one year)', 'reverse', { created_from: '2020-01-01', created_to: '2020-12-31' }],
  ['nameserver + most_recent', 'mx', { nameserver: 'cloudflare.com', most_recent: true }],
  ['txt phrase', 'txt', { txt: '_spf.google.com' }],
  ['summary: every TXT value', 'txt', { summarize: 'txt', summary_context: 'dns-txt' }],
]

const binaries = findBinaries()
if ('missing' in binaries) {
  console.error(`clickhouse append bench needs ${binaries.missing}: run scripts/install-clickhouse.sh`)
  process.exit(1)
}
const load = loadavg()[0] ?? 0
const dir = await mkdtemp(join(tmpdir(), 'domindex-ch-append-'))
const cluster = await startLocalCluster(binaries)
try {
  const files = await writeSample({ whois: WHOIS, dns: OBSERVATIONS, seed: 1, out: dir })
  const base: Sources = {
    whois: [files.whois.path],
    dns: [
      { path: files.mx.path, kind: 'mx' },
      { path: files.txt.path, kind: 'txt' },
    ],
  }
  const target = { url: cluster.urls[0]!, database: 'bench', cluster: cluster.cluster }
  const exportS = await seconds(() => exportToClickHouse(base, target))
  const small = await writeDelta('small', 0.01, 0.005, 0.001)
  const large = await writeDelta('large', 0.2, 0, 0)
  let engine = await Engine.build(base)
  const ch = await ClickHouseEngine.connect({ url: cluster.urls[1]!, database: 'bench' })

  const steps: (string | number)[][] = [['full export', WHOIS + OBSERVATIONS, 0, exportS, 'no']]
  const latencies: number[][] = [await timeCases(ch, engine)]
  const states = ['no dead rows']
  for (const [name, delta, compactRatio] of [
    ['small delta', small, Number.POSITIVE_INFINITY],
    ['large delta', large, Number.POSITIVE_INFINITY],
    ['compaction (empty append)', { sources: { whois: [], dns: [] }, remove: { whois: [], dns: [] } }, 0],
  ] as const) {
    let result: ClickHouseExportResult | undefined
    const s = await seconds(async () => {
      result = await exportToClickHouse(delta.sources, {
        ...target,
        append: true,
        remove: delta.remove,
        compactRatio,
      })
    })
    engine = await engine.update(delta.sources, { remove: delta.remove })
    const r = result as ClickHouseExportResult
    const written = r.rows.whois + r.rows.mx + r.rows.txt
    const marked =
      r.load.whoisReplaced + r.load.observationsReplaced + r.removed.whois + r.removed.observations
    steps.push([name, written, marked, s, r.compacted ? 'yes' : 'no'])
    latencies.push(await timeCases(ch, engine))
    states.push(`after ${name}`)
  }
  ch.close()

  const queryRows = CASES.map(([name, family], i) => [
    name,
    family,
    ...latencies.map((times) => times[i] as number),
  ])
  const report = `# ClickHouse appends benchmark

- Date: ${new Date().toISOString()}
- Machine: ${cpus()[0]?.model.trim() ?? 'unknown'}, ${cpus().length} cores (shared; 1-minute load ${load.toFixed(1)} at the start), ${(totalmem() / 2 ** 30).toFixed(1)} GiB, Node ${process.version}
- Command: \`npx tsx bench/clickhouse-append.bench.ts --whois ${WHOIS} --observations ${OBSERVATIONS} --runs ${RUNS}\`
- Cluster: ZooKeeper and two ClickHouse servers (Debian's 18.16) on loopback; tables Distributed
  over both shards, queries sent to the second server
- Corpus: \`writeSample({ whois: ${WHOIS}, dns: ${OBSERVATIONS}, seed: 1 })\`. Small delta: 1% of
  the WHOIS records and observations replaced (another organization; a later day), 0.5% new, 0.1%
  removed. Large delta: 20% replaced. Then an empty append with \`compactRatio: 0\`.
- Before each timing, every case's answer equals the embedded engine's after the same updates.

Writes ("marked": held rows replaced or removed, each now a dead-row marker):

\`\`\`
${table(['step', 'rows written', 'marked', 'seconds', 'compacted'], steps)}
\`\`\`

Query medians in ms (${RUNS} runs after one warm-up):

\`\`\`
${table(['case', 'kind', ...states], queryRows)}
\`\`\`
`
  mkdirSync('bench/reports', { recursive: true })
  writeFileSync('bench/reports/clickhouse-append.md', report)
  console.log(report)
} finally {
  await cluster.stop()
  await rm(dir, { recursive: true, force: true })
}

async function seconds(fn: () => Promise<unknown>): Promise<number> {
  const t0 = performance.now()
  await fn()
  return (performance.now() - t0) / 1000
}

// A delta: `replaced` of the records with another organization (WHOIS) or a later day
// (observations), `fresh` new ones (renamed copies), `removed` removed.
async function writeDelta(
  name: string,
  replaced: number,
  fresh: number,
  removed: number,
): Promise<{ sources: Sources; remove: { whois: string[]; dns: string[] } }> {
  const lines = async (path: string) => (await readFile(path, 'utf8')).split('\n').filter((l) => l !== '')
  const whois = await lines(join(dir, 'whois.jsonl'))
  const mx = await lines(join(dir, 'dns-mx.jsonl'))
  const every = (list: string[], share: number, offset: number) =>
    share === 0 ? [] : list.filter((_, i) => (i + offset) % Math.round(1 / share) === 0)
  const whoisOut = [
    ...every(whois, replaced, 0).map((l) =>
      l.replace(/"organization":"[^"]*"/, '"organization":"Acme Holdings"'),
    ),
    ...every(whois, fresh, 1).map((l) => l.replaceAll(/"(name|query)":"([^"]*)"/g, `"$1":"${name}-$2"`)),
  ]
  const mxOut = [
    ...every(mx, replaced, 0).map((l) => l.replace(/"date":"[^"]*"/, '"date":"2026-11-26"')),
    ...every(mx, fresh, 1).map((l) => l.replace(/"id":"([^"]*)"/, `"id":"${name}-$1"`)),
  ]
  const domain = (l: string) => (JSON.parse(l) as { domain: { name: string } }).domain.name
  const id = (l: string) => (JSON.parse(l) as { id: string }).id
  await writeFile(join(dir, `${name}-whois.jsonl`), `${whoisOut.join('\n')}\n`)
  await writeFile(join(dir, `${name}-mx.jsonl`), `${mxOut.join('\n')}\n`)
  return {
    sources: {
      whois: [join(dir, `${name}-whois.jsonl`)],
      dns: [{ path: join(dir, `${name}-mx.jsonl`), kind: 'mx' }],
    },
    remove: { whois: every(whois, removed, 2).map(domain), dns: every(mx, removed, 2).map(id) },
  }
}

// Checks every case against the embedded engine, then returns each one's median latency.
// Typed as ApiTarget: a union of the engines' overloaded methods (`engine[family]`) is not callable.
async function timeCases(ch: ApiTarget, engine: ApiTarget): Promise<number[]> {
  const medians: number[] = []
  for (const [name, family, params] of CASES) {
    if (JSON.stringify(await ch[family](params)) !== JSON.stringify(engine[family](params))) {
      throw new Error(`${name}: the engines disagree on ${JSON.stringify(params)}`)
    }
    const times: number[] = []
    for (let i = 0; i < RUNS; i++) {
      const t0 = performance.now()
      await ch[family](params)
      times.push(performance.now() - t0)
    }
    medians.push(median(times))
  }
  return medians
}
