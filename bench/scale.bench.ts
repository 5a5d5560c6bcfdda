/**
 * The scale benchmark (issue: snapshots and performance at scale): at N WHOIS records and 3N DNS
 * observations (`writeSample`, seed 1, cached in the temporary directory), in one run:
 *
 * - build throughput next to plain single-thread JSON.parse of the same lines; snapshot save and
 *   open times and size; resident memory per record after the build and after an open;
 * - median and p99 of every reverse and DNS query family through `engine.reverse`/`mx`/`txt`;
 * - the same families answered by a linear scan, SQLite (FTS5 for reverse search, B-trees and FTS5
 *   for DNS search) and FlexSearch (the AND-of-words families), counts checked against domindex's,
 *   ratios reported;
 * - a growth table across the scales present in the report.
 *
 * Each step runs in its own process (`--expose-gc --max-old-space-size=20000`, tsx), so one step's
 * memory never counts in another's, and a step that runs out of memory or time is recorded (exit
 * code, signal, reason) while the run goes on. Steps: generate (skipped when cached), parse, build
 * (+ save), prepare (result-order ranks and the families, picked from the data), query (open +
 * families), scan, sqlite, sqlite-dns, flexsearch.
 *
 * Run: `npx tsx bench/scale.bench.ts --scale 100000` (or 1000000, 10000000), options:
 * `--runs R` timed runs per family for domindex and the peers (default 100; the peers stop after
 * `--budget-s` seconds per family, default 15, with at least 5 runs); `--scan-runs S` passes of the
 * scan (default 3 up to 1M records, else 1); `--peers LIST` (`all`, `none`, or a comma list of
 * scan, sqlite, sqlite-dns, flexsearch; default all up to 1M records, above that the scan plus each
 * peer whose measured build at a smaller scale projects within `--peer-budget-min` minutes,
 * default 60, and 75% of the machine's memory); `--steps LIST` runs only those steps and reuses the
 * others' results of the last run at this scale (their JSON files in the run directory; the query
 * step needs the build in the same run, since the snapshot is removed after the query step to give
 * its disk space to the peers; `--steps none` only rewrites the report from the earlier results); `--sqlite-on-disk LIST` keeps those SQLite peers' databases in
 * files (chosen by itself above 1M when memory is short); `--plan` prints the disk check, the
 * peers' choice and the steps' time limits, and runs nothing. Writes its section of bench/reports/scale.md and the growth tables;
 * keeps every other section.
 */
import { existsSync, mkdirSync, readFileSync, rmSync, statfsSync, statSync, writeFileSync } from 'node:fs'
import { cpus, loadavg, tmpdir, totalmem } from 'node:os'
import { parseArgs } from 'node:util'
import { runChildStep } from './lib/child-step.js'
import { writeReportSection } from './lib/report-sections.js'
import { sampleDir, sampleSources } from './lib/sample-files.js'
import { buildStep } from './lib/scale/build-step.js'
import { parseStep, sourcePaths } from './lib/scale/parse-step.js'
import { flexSearchStep, sqliteDnsStep, sqliteReverseStep } from './lib/scale/peer-steps.js'
import { prepareStep } from './lib/scale/prepare-step.js'
import { queryStep } from './lib/scale/query-step.js'
import {
  growthTables,
  project,
  readScaleData,
  type ScaleRun,
  STEPS,
  type StepName,
  type StepRecord,
  scaleData,
  scaleName,
  scaleSection,
} from './lib/scale/report.js'
import { corpusOf, resultFile, runDir, snapshotFile } from './lib/scale/run-files.js'
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

/** Minutes a step may take before it is killed: a fixed part and a part per million records. */
const TIMEOUT_MIN: Record<StepName, number> = {
  generate: 10 + 15 * MILLIONS,
  parse: 10 + 10 * MILLIONS,
  build: 20 + 40 * MILLIONS,
  prepare: 10 + 10 * MILLIONS,
  query: 10 + 10 * MILLIONS,
  scan: 10 + 30 * MILLIONS * (SCAN_RUNS + 1),
  sqlite: 10 + 30 * MILLIONS,
  'sqlite-dns': 10 + 40 * MILLIONS,
  flexsearch: 10 + 60 * MILLIONS,
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
}

const PEERS: StepName[] = ['scan', 'sqlite', 'sqlite-dns', 'flexsearch']
const SQLITE_PEERS: StepName[] = ['sqlite', 'sqlite-dns']

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

/** Where the orchestrator notes a successful step's wall time, load, date and command. */
function outcomeFile(step: StepName): string {
  return resultFile(DIR, `${step}.outcome`)
}

/** A step's result from an earlier run at this scale, when both of its files are there. */
function earlierOutcome(step: StepName): (StepRecord & { result: unknown }) | undefined {
  const result = resultFile(DIR, step)
  if (!existsSync(result) || !existsSync(outcomeFile(step))) return undefined
  const meta = JSON.parse(readFileSync(outcomeFile(step), 'utf8')) as {
    ms: number
    load: number
    date: string
    command?: string
    startLoad?: number
  }
  if (meta.command !== undefined) commands.add(meta.command)
  if (meta.startLoad !== undefined) startLoads.set(meta.command ?? '', meta.startLoad)
  return {
    ok: true,
    ms: meta.ms,
    load: meta.load,
    reused: meta.date,
    result: JSON.parse(readFileSync(result, 'utf8')) as unknown,
  }
}

/** Runs one step in this (child) process and writes its result. */
async function runStepHere(step: string): Promise<void> {
  const sources = await sampleSources(SAMPLE)
  const corpus = corpusOf(sources)
  const timing = {
    runs: RUNS,
    budgetMs: BUDGET_MS,
    onDisk: onDiskList(args['sqlite-on-disk']).includes(step as StepName),
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
  }
  const run = steps[step as StepName]
  if (run === undefined) throw new Error(`scale.bench: unknown step ${step}; steps: ${STEPS.join(', ')}`)
  writeFileSync(resultFile(DIR, step), JSON.stringify(await run()))
}

/** The SQLite peers that keep their databases in files (`--sqlite-on-disk`, or chosen above 1M). */
function onDiskList(given: string | undefined): StepName[] {
  if (given === undefined || given === 'none') return []
  const list = given === 'all' ? SQLITE_PEERS : given.split(',').map((s) => s.trim())
  const unknown = list.filter((p) => !SQLITE_PEERS.includes(p as StepName))
  if (unknown.length > 0) {
    console.error(
      `scale.bench: --sqlite-on-disk takes all, none or ${SQLITE_PEERS.join(', ')}; got ${unknown}`,
    )
    process.exit(2)
  }
  return list as StepName[]
}

interface PeerChoice {
  chosen: Set<StepName>
  onDisk: Set<StepName>
  why: string[]
}

/**
 * Which peers run at this scale, where SQLite keeps its databases, and why: all in memory up to 1M
 * records; above, each peer whose figures at the largest smaller scale project within the time
 * budget and 75% of the memory (a SQLite peer that does not fit in memory runs on disk when its
 * projected database fits the free disk).
 *
 * @param previous - the figures of the other scales in the report
 * @param freeDisk - the disk left for database files once the corpus is written
 */
function choosePeers(previous: ReturnType<typeof readScaleData>, freeDisk: number): PeerChoice {
  const onDisk = new Set(onDiskList(args['sqlite-on-disk']))
  const given = args.peers
  if (given !== undefined) {
    const list = given === 'all' ? PEERS : given === 'none' ? [] : given.split(',').map((s) => s.trim())
    const unknown = list.filter((p) => !PEERS.includes(p as StepName))
    if (unknown.length > 0) {
      console.error(
        `scale.bench: --peers takes all, none or a list of ${PEERS.join(', ')}; got ${unknown.join(', ')}`,
      )
      process.exit(2)
    }
    return { chosen: new Set(list as StepName[]), onDisk, why: [`Peers as given: --peers ${given}.`] }
  }
  if (SCALE <= 1_000_000) {
    return { chosen: new Set(PEERS), onDisk, why: ['Peers: all (the default up to 1M records).'] }
  }
  const chosen = new Set<StepName>(['scan'])
  const why = [`Peers: the scan (${SCAN_RUNS} pass); the others by projection from smaller scales:`]
  const roomy = 0.75 * totalmem()
  const gib = (n: number) => `${(n / 2 ** 30).toFixed(1)} GiB`
  for (const peer of ['sqlite', 'sqlite-dns', 'flexsearch'] as const) {
    const measured = previous.filter((d) => d.scale < SCALE && d.peers[peer] !== undefined)
    const last = measured.at(-1)
    const lastPeer = last?.peers[peer]
    if (last === undefined || lastPeer === undefined) {
      why.push(`${peer}: not run, no measurement at a smaller scale to project from (force it with --peers).`)
      continue
    }
    const first = measured.at(-2)
    const firstPeer = first?.peers[peer]
    // The growth exponent of its wall time between the two largest measured scales (1 = linear).
    const k =
      first === undefined || firstPeer === undefined
        ? 1
        : Math.min(
            2,
            Math.max(1, Math.log(lastPeer.wallMs / firstPeer.wallMs) / Math.log(last.scale / first.scale)),
          )
    const minutes = (lastPeer.wallMs * (SCALE / last.scale) ** k) / 60_000
    const memory = project(lastPeer.maxRss, lastPeer.rssBefore ?? 0, last.scale, SCALE)
    // On disk: the database, plus its staging and index builds (half as much again).
    const disk = 1.5 * (lastPeer.bytes ?? 0) * (SCALE / last.scale)
    const sqlite = SQLITE_PEERS.includes(peer)
    const inMemory = memory <= roomy && !onDisk.has(peer)
    const asFile = sqlite && !inMemory && disk > 0 && disk <= freeDisk
    const run = minutes <= PEER_BUDGET_MIN && (inMemory || asFile)
    if (run) chosen.add(peer)
    if (run && asFile) onDisk.add(peer)
    const verdict = !run ? 'not run' : asFile ? 'run with its databases on disk' : 'run in memory'
    why.push(
      `${peer}: ${verdict}: ${(lastPeer.wallMs / 60_000).toFixed(1)} min and ${gib(lastPeer.maxRss)} peak at ${scaleName(last.scale)} project to ${minutes.toFixed(0)} min (growth exponent ${k.toFixed(2)}) and ${gib(memory)} here${sqlite ? `, or ${gib(disk)} of database files` : ''}; the limits are ${PEER_BUDGET_MIN} min, ${gib(roomy)} of memory${sqlite ? ` and ${gib(freeDisk)} of disk` : ''}.`,
    )
  }
  return { chosen, onDisk, why }
}

/**
 * Stops with a clear message when the disk cannot hold the corpus and the snapshot; returns the
 * disk left for the peers' database files (the snapshot is removed before the peers run).
 */
function checkDisk(previous: ReturnType<typeof readScaleData>): number {
  const corpusCached = existsSync(sampleDir(SAMPLE))
  // Measured: 2,954 bytes of JSON Lines a WHOIS record with its 3 observations; a snapshot of
  // ~2,000 bytes a record (the largest measured ratio is used when there is one).
  const corpus = corpusCached ? 0 : 3000 * SCALE
  const perRecord = Math.max(2500, ...previous.map((d) => d.snapshotPerRecord ?? 0))
  const need = corpus + 1.1 * perRecord * SCALE + 16 * SCALE + 2 * 2 ** 30
  const { bavail, bsize } = statfsSync(tmpdir())
  const free = bavail * bsize
  const gb = (n: number) => `${(n / 1e9).toFixed(1)} GB`
  console.log(`disk: ${gb(free)} free in ${tmpdir()}, this run needs about ${gb(need)}`)
  if (free < need) {
    console.error(
      `scale.bench: not enough disk space in ${tmpdir()} for ${SCALE} records: about ${gb(need)} needed ` +
        `(${corpusCached ? 'corpus cached' : `corpus ${gb(corpus)}`}, snapshot ${gb(1.1 * perRecord * SCALE)}, ranks and margin), ` +
        `${gb(free)} free. Free space (other scales' cached corpora are ${tmpdir()}/domindex-bench-sample-*) and run again.`,
    )
    process.exit(1)
  }
  return free - corpus - 16 * SCALE - 2 * 2 ** 30
}

const INTRO = `# Scale benchmark: 100k, 1M and 10M WHOIS records

The whole engine at three scales of a generated corpus (\`writeSample\`, seed 1: N WHOIS records and
3N DNS observations, half MX and half TXT, over N/2 apexes), against plain \`JSON.parse\` of the same
lines and against peers on the same data and queries, in the same run. Regenerate a section with the
command it names (\`npx tsx bench/scale.bench.ts --scale N\`); a run replaces its own section and
these tables, and keeps the others.

Method:

- Each step runs in its own Node process (\`--expose-gc --max-old-space-size=${HEAP_MB}\`, tsx) and reports
  JSON back; a step that fails (out of memory, timeout) is recorded with its exit code or signal.
  Memory "held" is RSS after a full collection minus the process's RSS before the step's work; peak
  RSS is the process's own maximum.
- JSON.parse baseline: every line of the three files read in 1 MiB chunks and \`JSON.parse\`d on one
  thread, values dropped (bench/lib/parse-lines.ts); lines/s against the build's records/s (WHOIS
  records + observations), by wall time and by process CPU time.
- domindex: \`Engine.build(sources)\` with default options, \`engine.save\`, then in a fresh process
  \`Engine.open\` and each family through \`engine.reverse\`/\`mx\`/\`txt\` (validation, search, page of 100
  decoded, or the summary): 3 warm-up calls, then the timed runs; the host family is 200 lookups,
  one run each.
- Families: the reverse families of bench/lib/reverse-families.ts and the DNS families of
  bench/lib/dns-families.ts, their terms picked from the corpus in result order.
- Peers (each in its own process, streaming the corpus with each record's result-order rank, so
  their rows are numbered as domindex numbers documents and a first page needs no sort):
  - scan: every record through the loader, matched in batches of 2,048 with the brute-force rules
    of test/reverse/reference.ts and the DNS families' scan rules; only the matching is timed, so a
    pass stands for a scan over records held in memory (10M records do not fit as objects). Each
    batch was just parsed and is still in the CPU caches, so this is a lower bound of an in-memory
    scan (bench/reverse.bench.ts's scan over 1M records held in an array took 2–3× longer per
    family). \`most_recent\` adds a first pass for each apex's latest date.
  - SQLite FTS5 (bench/lib/sqlite-peer.ts): phrase = FTS5 phrase query, name = AND of terms in the
    organisation column, nameserver = reversed-host B-tree range, dates = B-tree ranges. Slop runs as
    \`NEAR\`, which is unordered and not Lucene slop: shown with †, not a goal.
  - SQLite for DNS (bench/lib/sqlite-dns-peer.ts): host = B-tree equality on the apex, nameserver and
    expression host terms = reversed-host B-tree ranges per context, txt = FTS5 phrase query (the
    same rule: consecutive tokens in one value), from/to = B-tree on the day, most_recent =
    \`max(day)\` per apex through an (apex, day) index, summaries = GROUP BY with a window total.
  - FlexSearch 0.8 (bench/lib/flexsearch-peer.ts): AND of words within one value; exact for name,
    an approximation (†) for a phrase; it cannot answer nameserver or date queries (n/a).
  The peers' build times count their own inserts and index creation only.
- Goals (the issue): at 10M records everything fits in this machine with room to spare; build at
  least 0.80× single-thread JSON.parse throughput; open() at least 20× faster than a build; every
  family under 10 ms median at 1M and at least 10× faster than SQLite on the same query.
`

/** The report's introduction: the method and the growth tables over every scale. */
function intro(all: ReturnType<typeof readScaleData>): string {
  // A third-level heading: a second-level one would start a section of its own (report-sections.ts).
  return `${INTRO}\n### Growth across scales\n\n${growthTables(all)}\n`
}

async function orchestrate(): Promise<void> {
  const load = loadavg()[0] ?? 0
  const oldReport = existsSync(REPORT) ? readFileSync(REPORT, 'utf8') : ''
  const previous = readScaleData(oldReport).filter((d) => d.scale !== SCALE)
  const { chosen, onDisk, why } = choosePeers(previous, checkDisk(previous))
  for (const line of why) console.log(line)
  if (args.plan === true) {
    for (const step of STEPS) console.log(`${step}: killed after ${TIMEOUT_MIN[step].toFixed(0)} min`)
    return
  }
  mkdirSync(DIR, { recursive: true })
  if (!lockRunDir()) return
  try {
    await runAndReport(chosen, onDisk, why, load)
  } finally {
    rmSync(lockFile(), { force: true })
  }
}

/** The lock that keeps two runs at one scale from sharing the run directory. */
function lockFile(): string {
  return resultFile(DIR, 'run.lock')
}

/** Takes the run directory, or says which process holds it and returns false. */
function lockRunDir(): boolean {
  try {
    writeFileSync(lockFile(), String(process.pid), { flag: 'wx' })
    return true
  } catch {
    const holder = Number(readFileSync(lockFile(), 'utf8'))
    let alive = true
    try {
      process.kill(holder, 0)
    } catch {
      alive = false
    }
    if (!alive) {
      writeFileSync(lockFile(), String(process.pid))
      return true
    }
    console.error(
      `scale.bench: another run at ${SCALE} records (process ${holder}) is using ${DIR}; wait for it to end`,
    )
    process.exitCode = 1
    return false
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
        writeFileSync(
          outcomeFile(step),
          JSON.stringify({
            ms: outcome.ms,
            load: record.load,
            date: new Date(),
            command: COMMAND,
            startLoad: load,
          }),
        )
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
  const run: ScaleRun = {
    scale: SCALE,
    date: lastDate(steps),
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
  ]
  for (const [step, field] of fields) if (typeof results[step] === 'object') typed[field] = results[step]
  const section = scaleSection(run, totalmem())
  const heading = `## ${SCALE} records`
  // The other scales as the report holds them now (another scale's run may have ended meanwhile).
  const others = readScaleData(existsSync(REPORT) ? readFileSync(REPORT, 'utf8') : '')
  const all = [...others.filter((d) => d.scale !== SCALE), scaleData(run)].sort((a, b) => a.scale - b.scale)
  writeReportSection(REPORT, intro(all), heading, section)
  console.log(`\nwrote ${REPORT}`)
}

if (args.step !== undefined) await runStepHere(args.step)
else await orchestrate()
