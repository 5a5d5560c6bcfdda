/**
 * Builds within a memory budget (SPEC 16, issue "out of core", step 5) on generated corpora
 * (`writeSample`, seed 1, three observations a WHOIS record):
 *
 * - Memory: each build runs in a fresh child process, `Engine.build(sources, { path, memoryBudget })`
 *   with parse workers on both cores; the child reports its peak resident memory (`VmHWM` in
 *   /proc/self/status, worker threads included: the engine reads its files with positioned reads,
 *   never memory-mapped, so resident memory is the process's own) above what it held before the
 *   build. The goal: the peak is the budget plus a fixed overhead, the same at every size. The
 *   unbounded build (one part) is the baseline.
 * - Time: the build's wall time, segments made, and the snapshot's size.
 * - Queries on the engine the build returns (it reads the snapshot): every reverse family with its
 *   page and every DNS family of bench/dns.bench.ts (up to 20 parameter sets each), 30 batches each
 *   after one warm-up; medians and p99 per batch, against the unbounded build's one segment.
 *
 * Run: `npx tsx bench/budget.bench.ts [--records 250000,1000000] [--budgets 256M,1G,none]`.
 * Writes bench/reports/budget.md.
 */
import { spawnSync } from 'node:child_process'
import { readFileSync, statSync, writeFileSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { cpus, loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'
import { readSize } from '../src/cli/args.js'
import { Engine } from '../src/engine.js'
import type { Observation, WhoisRecord } from '../src/types.js'
import { dnsFamilies, sampleApexes } from './lib/dns-families.js'
import { type Latency, table, timeBatches } from './lib/measure.js'
import { headLines } from './lib/parse-lines.js'
import { reverseFamilies } from './lib/reverse-families.js'
import { sampleDir, sampleSources } from './lib/sample-files.js'

const { values: args } = parseArgs({
  options: {
    records: { type: 'string' },
    budgets: { type: 'string' },
    child: { type: 'string' },
    budget: { type: 'string' },
  },
})
const SELF = fileURLToPath(import.meta.url)
/** An unbounded budget: the whole input in one part. */
const UNBOUNDED = 2 ** 50

function status(field: string): number {
  const line = readFileSync('/proc/self/status', 'utf8')
    .split('\n')
    .find((l) => l.startsWith(`${field}:`))
  return Number(line?.replace(/\D+/g, '') ?? 0) * 1024
}

interface ChildReport {
  before: number
  peak: number
  buildMs: number
  segments: number
  fileBytes: number
  reverse: Latency
  dns: Latency
  counts: { whois: number; mx: number; txt: number }
}

/** Child: build within the budget into a fresh snapshot, report memory, time and query latency. */
async function child(records: number, budget: number): Promise<void> {
  const sample = { whois: records, dns: records * 3, seed: 1 }
  const sources = await sampleSources(sample)
  const dir = await mkdtemp(join(tmpdir(), 'domindex-budget-bench-'))
  const path = join(dir, 'built.dmx')
  try {
    const before = status('VmRSS')
    const started = performance.now()
    const engine = await Engine.build(sources, { path, memoryBudget: budget })
    const buildMs = performance.now() - started
    const peak = status('VmHWM')
    const stats = engine.stats()
    const whois = headLines<WhoisRecord>(join(sampleDir(sample), 'whois.jsonl'), 2_000)
    const families = reverseFamilies(whois)
    const mx = headLines<Observation>(join(sampleDir(sample), 'dns-mx.jsonl'), 20_000)
    const dns = dnsFamilies(sampleApexes(mx, 20)).flatMap((f) =>
      f.params.slice(0, 20).map((params) => [f.kind, params] as const),
    )
    const reverse = timeBatches(() => {
      for (const [, params] of families) engine.reverse(params)
    }, 30)
    const dnsTimes = timeBatches(() => {
      for (const [kind, params] of dns) {
        if (kind === 'mx') engine.mx(params)
        else engine.txt(params)
      }
    }, 30)
    const report: ChildReport = {
      before,
      peak,
      buildMs,
      segments: stats.segments,
      fileBytes: statSync(path).size,
      reverse,
      dns: dnsTimes,
      counts: stats.counts,
    }
    await engine.close()
    process.stdout.write(`${JSON.stringify(report)}\n`)
  } finally {
    await rm(dir, { recursive: true, force: true })
  }
}

function runChild(records: number, budget: number): ChildReport {
  const run = spawnSync(
    process.execPath,
    ['--import', 'tsx', SELF, '--child', String(records), '--budget', String(budget)],
    { encoding: 'utf8', maxBuffer: 1 << 24 },
  )
  if (run.status !== 0) throw new Error(`build child failed: ${run.stderr}`)
  return JSON.parse(run.stdout.trim().split('\n').at(-1) as string) as ChildReport
}

async function main(): Promise<void> {
  if (args.child !== undefined) return child(Number(args.child), Number(args.budget))
  const sizes = (args.records ?? '250000,1000000').split(',').map(Number)
  const budgetNames = (args.budgets ?? '256M,1G,none').split(',')
  const budgetOf = (name: string): number => (name === 'none' ? UNBOUNDED : readSize('budgets', name))
  const mib = (bytes: number): string => (bytes / 2 ** 20).toFixed(0)
  const rows: (string | number)[][] = []
  for (const n of sizes) {
    // Written once, before any child runs, so that no child times the generator.
    await sampleSources({ whois: n, dns: n * 3, seed: 1 })
    let baseline: ChildReport | undefined
    for (const name of ['none', ...budgetNames.filter((b) => b !== 'none')]) {
      const r = runChild(n, budgetOf(name))
      baseline ??= r
      if (JSON.stringify(r.counts) !== JSON.stringify(baseline.counts))
        throw new Error(
          `budget ${name} counted ${JSON.stringify(r.counts)}, one part ${JSON.stringify(baseline.counts)}`,
        )
      rows.push([
        n,
        name,
        mib(r.peak - r.before),
        name === 'none' ? '-' : mib(r.peak - r.before - budgetOf(name)),
        (r.buildMs / 1000).toFixed(1),
        (r.buildMs / baseline.buildMs).toFixed(2),
        r.segments,
        Math.round(r.fileBytes / n),
        `${r.reverse.median.toFixed(1)} / ${r.reverse.p99.toFixed(1)}`,
        (r.reverse.median / baseline.reverse.median).toFixed(2),
        `${r.dns.median.toFixed(1)} / ${r.dns.p99.toFixed(1)}`,
        (r.dns.median / baseline.dns.median).toFixed(2),
      ])
      console.log(rows.at(-1)?.join('  '))
    }
  }
  const report = [
    '# Builds within a memory budget (SPEC 16, step 5)',
    '',
    `\`npx tsx bench/budget.bench.ts --records ${sizes.join(',')} --budgets ${budgetNames.join(',')}\` on ${cpus().length} cores, load ${loadavg()[0]?.toFixed(1)}, ${new Date().toISOString()}.`,
    'Generated corpora (seed 1), three observations a WHOIS record; each build in a fresh child process with parse workers on both cores, writing its snapshot as it goes.',
    '',
    '```',
    table(
      [
        'WHOIS records',
        'budget',
        'peak MiB over start',
        'over budget MiB',
        'build s',
        'build × one part',
        'segments',
        'file bytes a record',
        'reverse ms median / p99',
        'reverse × one part',
        'DNS ms median / p99',
        'DNS × one part',
      ],
      rows,
    ),
    '```',
    '',
    'Peak: `VmHWM` less the resident memory before the build (worker threads included). Reverse: every reverse family with its page in one batch; DNS: every DNS family of bench/dns.bench.ts, up to 20 parameter sets each, in one batch; 30 batches after a warm-up, on the engine the build returned (reading its snapshot through the default cache).',
    '',
  ].join('\n')
  writeFileSync(new URL('./reports/budget.md', import.meta.url), report)
  console.log(report)
}

await main()
