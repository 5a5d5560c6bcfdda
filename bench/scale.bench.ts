/**
 * The scale benchmark (issue: snapshots and performance at scale): at N WHOIS records and 3N DNS
 * observations (`writeSample`, seed 1, cached in the temporary directory), in one run:
 *
 * - build throughput next to plain single-thread JSON.parse of the same lines; snapshot save and
 *   open times and size; resident memory per record after the build and after an open;
 * - median and p99 of every reverse and DNS query family through `engine.reverse`/`mx`/`txt`;
 * - the same families answered by a linear scan, SQLite (FTS5 for reverse search, B-trees and FTS5
 *   for DNS search), FlexSearch (the AND-of-words families) and Apache Lucene 8 (the reverse
 *   families, when installed: `bash scripts/install-lucene.sh`), counts checked against domindex's,
 *   ratios reported;
 * - a growth table across the scales present in the report.
 *
 * Each step runs in its own process (`--expose-gc --max-old-space-size=20000`, tsx), so one step's
 * memory never counts in another's, and a step that runs out of memory or time is recorded (exit
 * code, signal, reason) while the run goes on. Steps: generate (skipped when cached), parse, build
 * (+ save), prepare (result-order ranks and the families, picked from the data), query (open +
 * families), scan, sqlite, sqlite-dns, flexsearch, lucene (skipped when Lucene is not installed).
 *
 * Run: `npx tsx bench/scale.bench.ts --scale N` (100000, 1000000, 10000000). Writes its section of
 * bench/reports/scale.md and the growth tables, and keeps every other section. Options:
 *
 * - `--runs R`: timed runs per family for domindex and the peers (default 100); a peer stops after
 *   `--budget-s` seconds of a family (default 15), with at least 5 runs.
 * - `--scan-runs S`: passes of the scan (default 3 up to 1M records, else 1).
 * - `--peers LIST`: `all`, `none`, or some of scan, sqlite, sqlite-dns, flexsearch, lucene. Default:
 *   all up to 1M records; above, the scan and each peer whose figures at a smaller scale project within
 *   `--peer-budget-min` minutes (default 60) and 75% of the memory, or for SQLite the free disk with
 *   its databases in files (bench/lib/scale/plan.ts).
 * - `--sqlite-on-disk LIST`: those SQLite peers keep their databases in files in the run directory.
 * - `--steps LIST`: run only those steps and reuse the others' results of the last run at this
 *   scale (JSON in the run directory); the query step needs the build in the same run, because the
 *   snapshot is removed after the query step to give its disk space to the peers. `--steps none`
 *   only rewrites the report.
 * - `--plan`: print the disk check, the peers' choice and the steps' time limits; run nothing.
 */
import { existsSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { cpus, loadavg, tmpdir, totalmem } from 'node:os'
import { parseArgs } from 'node:util'
import { runChildStep } from './lib/child-step.js'
import { LucenePeer } from './lib/lucene-peer.js'
import { writeReportSection } from './lib/report-sections.js'
import { sampleDir, sampleSources } from './lib/sample-files.js'
import { buildStep } from './lib/scale/build-step.js'
import { scaleName } from './lib/scale/format.js'
import { readScaleData, scaleData } from './lib/scale/growth.js'
import { intro } from './lib/scale/intro.js'
import { parseStep, sourcePaths } from './lib/scale/parse-step.js'
import { flexSearchStep, luceneStep, sqliteDnsStep, sqliteReverseStep } from './lib/scale/peer-steps.js'
import { checkDisk, choosePeers, PEERS, SQLITE_PEERS, stepList, UsageError } from './lib/scale/plan.js'
import { prepareStep } from './lib/scale/prepare-step.js'
import { queryStep } from './lib/scale/query-step.js'
import { scaleSection } from './lib/scale/report.js'
import {
  corpusOf,
  lockRunDir,
  readEarlierStep,
  resultFile,
  runDir,
  snapshotFile,
  unlockRunDir,
  writeStepMeta,
} from './lib/scale/run-files.js'
import { type ScaleRun, STEPS, type StepName, type StepRecord } from './lib/scale/scale-run.js'
import { scanStep } from './lib/scale/scan-step.js'

const { values: args } = parseArgs({
  options: {
    scale: { type: 'string' },
    runs: { type: 'string' },
    'scan-runs': { type: 'string' },
    'budget-s': { type: 'string' },
    peers: { type: 'string' },
    'peer-budget-min': { type: 'string' },
    'sqlite-on-disk': { type: 'string' },
    plan: { type: 'boolean' },
    steps: { type: 'string' },
    // Set in a child process: the step it runs.
    step: { type: 'string' },
  },
})

const SCALE = Number(args.scale ?? Number.NaN)
if (!Number.isSafeInteger(SCALE) || SCALE < 1000) {
  console.error(
    `scale.bench: --scale must be a whole number of WHOIS records, at least 1000; got ${args.scale}`,
  )
  process.exit(2)
}
const RUNS = Number(args.runs ?? 100)
const SCAN_RUNS = Number(args['scan-runs'] ?? (SCALE <= 1_000_000 ? 3 : 1))
const BUDGET_MS = Number(args['budget-s'] ?? 15) * 1000
const PEER_BUDGET_MIN = Number(args['peer-budget-min'] ?? 60)
const SEED = 1
const HEAP_MB = 20_000
const REPORT = new URL('./reports/scale.md', import.meta.url).pathname
const SAMPLE = { whois: SCALE, dns: 3 * SCALE, seed: SEED }
const DIR = runDir(SCALE)
const MILLIONS = SCALE / 1e6

/**
 * Minutes a step may take before it is killed: a fixed part and about three times its measured
 * time per million records (at 1M on the shared 2-core machine: parse 20 s, build + save 76 s,
 * prepare 26 s, query 17 s, scan 137 s for 3 passes, SQLite 123 s and 207 s, FlexSearch 189 s;
 * Lucene about 41 s to index in bench/lucene.bench.ts, plus the corpus file and its families).
 */
const TIMEOUT_MIN: Record<StepName, number> = {
  generate: 10 + 3 * MILLIONS,
  parse: 10 + 3 * MILLIONS,
  build: 10 + 12 * MILLIONS,
  prepare: 10 + 4 * MILLIONS,
  query: 10 + 3 * MILLIONS,
  scan: 10 + 4 * MILLIONS * (SCAN_RUNS + 1),
  sqlite: 10 + 9 * MILLIONS,
  'sqlite-dns': 10 + 14 * MILLIONS,
  flexsearch: 10 + 18 * MILLIONS,
  lucene: 10 + 5 * MILLIONS,
}

/** The steps each step needs to have succeeded. */
const NEEDS: Record<StepName, StepName[]> = {
  generate: [],
  parse: ['generate'],
  build: ['generate'],
  prepare: ['generate'],
  query: ['build', 'prepare'],
  scan: ['prepare'],
  sqlite: ['prepare'],
  'sqlite-dns': ['prepare'],
  flexsearch: ['prepare'],
  lucene: ['prepare'],
}

/** The steps to run (`--steps`); the others reuse their results of an earlier run at this scale. */
const ONLY = args.steps === 'none' ? [] : args.steps?.split(',').map((s) => s.trim())
const unknownSteps = ONLY?.filter((s) => !STEPS.includes(s as StepName)) ?? []
if (unknownSteps.length > 0) {
  console.error(`scale.bench: --steps takes a list of ${STEPS.join(', ')}; got ${unknownSteps.join(', ')}`)
  process.exit(2)
}

/** This run's command, and those of the earlier runs whose results it reuses. */
const COMMAND = `npx tsx bench/scale.bench.ts ${process.argv.slice(2).join(' ')}`
const commands = new Set<string>()
/** The 1-minute load at the start of each earlier run whose results are reused, by its command. */
const startLoads = new Map<string, number>()

/** A step's result from an earlier run at this scale, when both of its files are there. */
function earlierOutcome(step: StepName): (StepRecord & { result: unknown }) | undefined {
  const earlier = readEarlierStep(DIR, step)
  if (earlier === undefined) return undefined
  const { meta, result } = earlier
  if (meta.command !== undefined) commands.add(meta.command)
  if (meta.startLoad !== undefined) startLoads.set(meta.command ?? '', meta.startLoad)
  return { ok: true, ms: meta.ms, load: meta.load, reused: meta.date, result }
}

/** Runs one step in this (child) process and writes its result. */
async function runStepHere(step: string): Promise<void> {
  const sources = await sampleSources(SAMPLE)
  const corpus = corpusOf(sources)
  const timing = {
    runs: RUNS,
    budgetMs: BUDGET_MS,
    onDisk: stepList(args['sqlite-on-disk'], SQLITE_PEERS, '--sqlite-on-disk').includes(step as StepName),
  }
  const steps: Record<StepName, () => Promise<object>> = {
    generate: async () => ({
      files: sourcePaths(sources).map((path) => ({ path, bytes: statSync(path).size })),
    }),
    parse: () => parseStep(sources),
    build: () => buildStep(sources, DIR),
    prepare: () => prepareStep(sources, DIR),
    query: () => queryStep(DIR, RUNS),
    scan: () => scanStep(corpus, DIR, SCAN_RUNS),
    sqlite: () => sqliteReverseStep(corpus, DIR, timing),
    'sqlite-dns': () => sqliteDnsStep(corpus, DIR, timing),
    flexsearch: () => flexSearchStep(corpus, DIR, timing),
    lucene: () => luceneStep(corpus, DIR, timing),
  }
  const run = steps[step as StepName]
  if (run === undefined) throw new Error(`scale.bench: unknown step ${step}; steps: ${STEPS.join(', ')}`)
  writeFileSync(resultFile(DIR, step), JSON.stringify(await run()))
}

async function orchestrate(): Promise<void> {
  const load = loadavg()[0] ?? 0
  const oldReport = existsSync(REPORT) ? readFileSync(REPORT, 'utf8') : ''
  const previous = readScaleData(oldReport).filter((d) => d.scale !== SCALE)
  const disk = checkDisk(previous, SCALE, existsSync(sampleDir(SAMPLE)))
  console.log(`disk: this run needs ${disk.message}`)
  if (disk.free < disk.need) {
    console.error(
      `scale.bench: not enough disk space: ${disk.message}. Free space (the cached corpora are ${tmpdir()}/domindex-bench-sample-*) and run again.`,
    )
    process.exitCode = 1
    return
  }
  const { chosen, onDisk, why } = choosePeers(previous, disk.forPeers, {
    scale: SCALE,
    scanRuns: SCAN_RUNS,
    budgetMin: PEER_BUDGET_MIN,
    peers: args.peers,
    sqliteOnDisk: args['sqlite-on-disk'],
  })
  for (const line of why) console.log(line)
  if (args.plan === true) {
    for (const step of STEPS) console.log(`${step}: killed after ${TIMEOUT_MIN[step].toFixed(0)} min`)
    return
  }
  mkdirSync(DIR, { recursive: true })
  const holder = lockRunDir(DIR)
  if (holder !== undefined) {
    console.error(
      `scale.bench: another run at ${SCALE} records (process ${holder}) is using ${DIR}; wait for it`,
    )
    process.exitCode = 1
    return
  }
  try {
    await runAndReport(chosen, onDisk, why, load)
  } finally {
    unlockRunDir(DIR)
  }
}

/** The 1-minute load at the start of the runs whose results this section shows. */
function startLoadText(ranHere: boolean, load: number): string {
  const loads = [...(ranHere ? [load] : []), ...startLoads.values()]
  if (loads.length === 0) return 'load at the start not recorded'
  const each = loads.length > 1 ? ' of each run' : ''
  return `1-minute load ${loads.map((l) => l.toFixed(1)).join(', ')} at the start${each}`
}

/** When the newest of the steps' results was measured (now, for a step run in this process). */
function lastDate(steps: ScaleRun['steps']): string {
  const dates = Object.values(steps).map((r) =>
    'reused' in r && r.reused !== undefined ? new Date(r.reused) : 'ms' in r ? new Date() : new Date(0),
  )
  return new Date(Math.max(...dates.map((d) => d.getTime()))).toISOString()
}

/** Runs the steps, then writes this scale's section and the growth tables over every scale. */
async function runAndReport(
  chosen: Set<StepName>,
  onDisk: Set<StepName>,
  why: string[],
  load: number,
): Promise<void> {
  const script = new URL(import.meta.url).pathname
  // Children get the options as given, but the chosen database places instead of the given ones.
  const own = ['--step', '--sqlite-on-disk']
  const passOn = [
    ...process.argv.slice(2).filter((a, i, all) => !own.includes(a) && !own.includes(all[i - 1] ?? '')),
    '--sqlite-on-disk',
    onDisk.size === 0 ? 'none' : [...onDisk].join(','),
  ]
  const steps: ScaleRun['steps'] = {}
  const results: Partial<Record<StepName, unknown>> = {}
  const lucene = LucenePeer.available()
  for (const step of STEPS) {
    const missing = NEEDS[step].filter((s) => results[s] === undefined)
    if (step === 'generate' && existsSync(sampleDir(SAMPLE))) {
      steps[step] = { skipped: `cached in ${sampleDir(SAMPLE)}` }
      results[step] = true
    } else if (ONLY !== undefined && !ONLY.includes(step)) {
      const earlier = earlierOutcome(step)
      if (earlier === undefined) steps[step] = { skipped: 'not in --steps, and no earlier result' }
      else {
        steps[step] = earlier
        results[step] = earlier.result
      }
    } else if (PEERS.includes(step) && !chosen.has(step))
      steps[step] = { skipped: 'excluded at this scale (see below)' }
    else if (step === 'lucene' && !lucene.ok) steps[step] = { skipped: lucene.reason }
    else if (missing.length > 0) steps[step] = { skipped: `needs ${missing.join(', ')}` }
    else if (step === 'query' && !existsSync(snapshotFile(DIR)))
      steps[step] = { skipped: 'needs the snapshot: run the build step in the same run' }
    else {
      console.log(`\n== ${step} (${scaleName(SCALE)}), at most ${TIMEOUT_MIN[step].toFixed(0)} min`)
      const outcome = await runChildStep<unknown>({
        script,
        args: [...passOn, '--step', step],
        heapMb: HEAP_MB,
        timeoutMs: TIMEOUT_MIN[step] * 60_000,
        resultFile: resultFile(DIR, step),
      })
      const record = { ...outcome, load: loadavg()[0] ?? 0 }
      steps[step] = record
      commands.add(COMMAND)
      if (outcome.ok) {
        results[step] = outcome.result
        const date = new Date().toISOString()
        writeStepMeta(DIR, step, {
          ms: outcome.ms,
          load: record.load,
          date,
          command: COMMAND,
          startLoad: load,
        })
      }
      console.log(
        `== ${step}: ${outcome.ok ? 'ok' : outcome.failure.reason} in ${(outcome.ms / 1000).toFixed(1)} s`,
      )
    }
    // The snapshot is only for the open: its space goes back before the peers' steps.
    if (step === 'query') rmSync(snapshotFile(DIR), { force: true })
  }

  const files = sourcePaths(await sampleSources(SAMPLE)).map((path) => ({ path, bytes: statSync(path).size }))
  const model = cpus()[0]?.model ?? 'unknown CPU'
  const ranHere = Object.values(steps).some((r) => 'ms' in r && r.reused === undefined)
  const date = lastDate(steps)
  // A section only re-rendered (`--steps none`) shows one earlier run's results as they were.
  if (!ranHere && commands.size <= 1) for (const r of Object.values(steps)) if ('reused' in r) delete r.reused
  const run: ScaleRun = {
    scale: SCALE,
    date,
    machine: `${model}, ${cpus().length} cores (shared with other jobs; ${startLoadText(ranHere, load)}), ${(totalmem() / 2 ** 30).toFixed(1)} GiB RAM, Node ${process.version}`,
    commands: [...commands],
    corpus: { dir: sampleDir(SAMPLE), files },
    steps,
    peerDecisions: why,
  }
  const typed = run as unknown as Record<string, unknown>
  const fields: [StepName, string][] = [
    ['parse', 'parse'],
    ['build', 'build'],
    ['prepare', 'prepare'],
    ['query', 'query'],
    ['scan', 'scan'],
    ['sqlite', 'sqlite'],
    ['sqlite-dns', 'sqliteDns'],
    ['flexsearch', 'flexsearch'],
    ['lucene', 'lucene'],
  ]
  for (const [step, field] of fields) if (typeof results[step] === 'object') typed[field] = results[step]
  const section = scaleSection(run, totalmem())
  const heading = `## ${SCALE} records`
  // The other scales as the report holds them now (another scale's run may have ended meanwhile).
  const others = readScaleData(existsSync(REPORT) ? readFileSync(REPORT, 'utf8') : '')
  const all = [...others.filter((d) => d.scale !== SCALE), scaleData(run)].sort((a, b) => a.scale - b.scale)
  writeReportSection(REPORT, intro(all, HEAP_MB), heading, section)
  console.log(`\nwrote ${REPORT}`)
}

try {
  if (args.step !== undefined) await runStepHere(args.step)
  else await orchestrate()
} catch (error) {
  if (!(error instanceof UsageError)) throw error
  console.error(error.message)
  process.exitCode = 2
}
