/**
 * The update benchmark (SPEC 12): what an update costs against a full build, and what queries cost
 * on an engine that has taken many updates against the same engine compacted. On the seeded corpus
 * of N WHOIS records and 3N observations (`writeSample`, seed 1, cached in the temporary directory
 * and shared with bench/scale.bench.ts) and U daily deltas (bench/lib/update/deltas.ts), in one run:
 *
 * - generate: the corpus and the deltas, when missing (in this process);
 * - build: `Engine.build` of the corpus and `save` of the base snapshot;
 * - prepare: the query families picked from the corpus (bench/lib/scale/prepare-step.ts), reused
 *   when a run at this size already picked them;
 * - command ×R: `domindex update` as the CLI runs it (remove files read, open, update with delta 1,
 *   save in place), each phase timed, on a fresh copy of the base snapshot, then how the saved
 *   bytes and the save time split (bench/lib/update/save-layout.ts);
 * - cli: the real `domindex update` command once, wall time;
 * - sequence: the U updates applied in turn in one process, `compact()`, and every reverse and DNS
 *   family on both engines (bench/lib/update/sequence-step.ts).
 *
 * Each step but generate and cli runs in its own Node process (`--expose-gc`, tsx), so one step's
 * memory and compiled code never count in another's. Writes the section of this corpus size in
 * bench/reports/update.md.
 *
 * Run: `npx tsx --expose-gc bench/update.bench.ts [--records N] [--updates U] [--runs R]`
 * - `--records N`: base WHOIS records (default 1,000,000; observations 3N).
 * - `--updates U`: deltas applied in sequence (default 20).
 * - `--runs R`: measurements of `domindex update` (default 5).
 * - `--query-runs Q`: timed calls per family and engine (default 30; fewer, at least 5, once a
 *   family has taken 15 s on one engine).
 * - `--deep-page P`: the deeper page asked of each large family (default 100).
 * - `--steps LIST`: run only some of build, prepare, command, cli, sequence and reuse the others'
 *   results of the last run at this size (JSON in the run directory); `--steps none` only rewrites
 *   the report.
 */
import { execFileSync, spawn } from 'node:child_process'
import { copyFileSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { cpus, loadavg, totalmem } from 'node:os'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { runChildStep } from './lib/child-step.js'
import { writeReportSection } from './lib/report-sections.js'
import { sampleDir, sampleSources } from './lib/sample-files.js'
import { scaleName } from './lib/scale/format.js'
import { prepareStep } from './lib/scale/prepare-step.js'
import { lockRunDir, unlockRunDir } from './lib/scale/run-files.js'
import { type BuildResult, buildStep } from './lib/update/build-step.js'
import { type CommandResult, commandStep } from './lib/update/command-step.js'
import { DNS_APEXES, deltaFiles, HALF_WHOIS, NEW_APEXES, REMOVALS, writeDeltas } from './lib/update/deltas.js'
import { INTRO, type MeasuredBy, type StepMeta, type UpdateRun, updateSection } from './lib/update/report.js'
import { baseSnapshot, deltasDir, resultFile, runDir, workSnapshot } from './lib/update/run-files.js'
import { type SequenceResult, sequenceStep } from './lib/update/sequence-step.js'

const { values: args } = parseArgs({
  options: {
    records: { type: 'string' },
    updates: { type: 'string' },
    runs: { type: 'string' },
    'query-runs': { type: 'string' },
    'deep-page': { type: 'string' },
    steps: { type: 'string' },
    // Set in a child process: the step it runs, and which measurement of the command step.
    step: { type: 'string' },
  },
})

const RECORDS = Number(args.records ?? 1_000_000)
const UPDATES = Number(args.updates ?? 20)
const RUNS = Number(args.runs ?? 5)
const QUERY_RUNS = Number(args['query-runs'] ?? 30)
const DEEP_PAGE = Number(args['deep-page'] ?? 100)
for (const [name, value, min] of [
  // The deltas observe 13,500 held apexes of the base's N/2.
  ['--records', RECORDS, 30_000],
  ['--updates', UPDATES, 1],
  ['--runs', RUNS, 1],
  ['--query-runs', QUERY_RUNS, 1],
  ['--deep-page', DEEP_PAGE, 1],
] as const) {
  if (!Number.isSafeInteger(value) || value < min) {
    console.error(`update.bench: ${name} must be a whole number, at least ${min}; got ${value}`)
    process.exit(2)
  }
}
const SEED = 1
const SAMPLE = { whois: RECORDS, dns: 3 * RECORDS, seed: SEED }
const DIR = runDir(RECORDS)
const DELTAS = deltasDir(DIR, UPDATES)
const HEAP_MB = 16_000
const MILLIONS = RECORDS / 1e6
const REPORT = new URL('./reports/update.md', import.meta.url).pathname
const STEPS = ['build', 'prepare', 'command', 'cli', 'sequence'] as const
type Step = (typeof STEPS)[number]

/** Minutes a child step may take before it is killed (at 1M: build + save ~80 s, prepare ~30 s). */
const TIMEOUT_MIN: Record<Exclude<Step, 'cli'>, number> = {
  build: 10 + 12 * MILLIONS,
  prepare: 10 + 4 * MILLIONS,
  command: 10 + 3 * MILLIONS,
  sequence: 20 + 15 * MILLIONS,
}

const ONLY =
  args.steps === undefined
    ? [...STEPS]
    : args.steps === 'none'
      ? []
      : args.steps.split(',').map((s) => s.trim())
const unknown = ONLY.filter((s) => !STEPS.includes(s as Step))
if (unknown.length > 0) {
  console.error(`update.bench: --steps takes a list of ${STEPS.join(', ')}; got ${unknown.join(', ')}`)
  process.exit(2)
}

/** Runs one step in this (child) process and writes its result. */
async function runStepHere(step: string): Promise<void> {
  const sources = await sampleSources(SAMPLE)
  let result: object
  if (step === 'build') result = await buildStep(sources, DIR)
  else if (step === 'prepare') result = await prepareStep(sources, DIR)
  else if (step === 'command') result = await commandStep(DIR, DELTAS)
  else if (step === 'sequence')
    result = await sequenceStep(DIR, DELTAS, { updates: UPDATES, runs: QUERY_RUNS, deepPage: DEEP_PAGE })
  else throw new Error(`update.bench: unknown step ${step}`)
  writeFileSync(resultFile(DIR, step), JSON.stringify(result))
}

/** Runs a step in a child process; its result, or throws naming how it failed. */
async function child<T>(step: Exclude<Step, 'cli'>, name: string = step): Promise<T> {
  console.log(`\n== ${name}, at most ${TIMEOUT_MIN[step].toFixed(0)} min`)
  const passOn = ['--records', String(RECORDS), '--updates', String(UPDATES)]
  passOn.push('--query-runs', String(QUERY_RUNS), '--deep-page', String(DEEP_PAGE))
  const outcome = await runChildStep<T>({
    script: new URL(import.meta.url).pathname,
    args: [...passOn, '--step', step],
    heapMb: HEAP_MB,
    timeoutMs: TIMEOUT_MIN[step] * 60_000,
    resultFile: resultFile(DIR, step),
  })
  if (!outcome.ok) throw new Error(`update.bench: step ${name} failed: ${outcome.failure.reason}`)
  console.log(`== ${name}: ok in ${(outcome.ms / 1000).toFixed(1)} s`)
  writeFileSync(resultFile(DIR, name), JSON.stringify(outcome.result))
  return outcome.result
}

/** A step's result of an earlier run at this size. */
function earlier<T>(name: string): T {
  const path = resultFile(DIR, name)
  if (!existsSync(path))
    throw new Error(`update.bench: no earlier result of ${name} in ${DIR}: run that step`)
  return JSON.parse(readFileSync(path, 'utf8')) as T
}

/** The real CLI on a fresh copy of the base snapshot: wall time from spawn to exit. */
function runCli(): Promise<number> {
  copyFileSync(baseSnapshot(DIR), workSnapshot(DIR))
  const files = deltaFiles(DELTAS, 1)
  const [mx, txt] = (files.sources.dns ?? []).map((s) => (typeof s === 'string' ? s : s.path))
  const cliArgs = ['update', workSnapshot(DIR), '--whois', ...(files.sources.whois as string[])]
  cliArgs.push('--mx', mx as string, '--txt', txt as string)
  cliArgs.push('--remove-whois', files.removeWhois, '--remove-dns', files.removeDns)
  const main = new URL('../src/cli/main.ts', import.meta.url).pathname
  console.log(`\n== cli: domindex ${cliArgs.join(' ')}`)
  const t0 = performance.now()
  const proc = spawn(process.execPath, ['--import', import.meta.resolve('tsx'), main, ...cliArgs], {
    stdio: ['ignore', 'inherit', 'inherit'],
  })
  return new Promise((resolve, reject) => {
    proc.on('close', (code) => {
      const ms = performance.now() - t0
      if (code === 0) resolve(ms)
      else reject(new Error(`update.bench: domindex update exited with ${code}`))
    })
  })
}

/** The commit and whether the working tree differs from it (other work in progress shares it). */
function treeState(): string {
  try {
    const head = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).trim()
    const dirty = execFileSync('git', ['status', '--porcelain', '--', 'src'], { encoding: 'utf8' })
      .split('\n')
      .filter((l) => l.trim() !== '').length
    return dirty === 0
      ? `commit ${head}`
      : `commit ${head} with ${dirty} files of src/ modified in the working tree`
  } catch {
    return 'not a git checkout'
  }
}

/** This invocation, as noted beside each step's result (a later `--steps` run may reuse them). */
const INVOCATION = {
  command: `npx tsx --expose-gc bench/update.bench.ts ${process.argv.slice(2).join(' ')}`.trim(),
  started: new Date().toISOString(),
  startLoad: loadavg()[0] ?? 0,
}

/** Notes which invocation measured a step, when, under what load and on what code. */
function noteStep(step: Step, tree: string): void {
  const meta: StepMeta = { ...INVOCATION, tree, ended: new Date().toISOString(), endLoad: loadavg()[0] ?? 0 }
  writeFileSync(resultFile(DIR, `${step}.meta`), JSON.stringify(meta))
}

/** The invocations that measured the figures shown, each with its steps. */
function invocations(): MeasuredBy[] {
  const byStart = new Map<string, MeasuredBy>()
  for (const step of STEPS) {
    const path = resultFile(DIR, `${step}.meta`)
    if (!existsSync(path)) continue
    const meta = JSON.parse(readFileSync(path, 'utf8')) as StepMeta
    const seen = byStart.get(meta.started)
    if (seen === undefined) byStart.set(meta.started, { ...meta, steps: [step] })
    else {
      seen.steps.push(step)
      if (meta.ended > seen.ended) Object.assign(seen, { ended: meta.ended, endLoad: meta.endLoad })
    }
  }
  return [...byStart.values()].sort((a, b) => (a.started < b.started ? -1 : 1))
}

async function orchestrate(): Promise<void> {
  mkdirSync(DIR, { recursive: true })
  // Two runs at one size would overwrite each other's results and snapshots.
  const holder = lockRunDir(DIR)
  if (holder !== undefined) {
    console.error(
      `update.bench: another run at ${RECORDS} records (process ${holder}) is using ${DIR}; wait for it`,
    )
    process.exitCode = 1
    return
  }
  try {
    await measureAndReport()
  } finally {
    unlockRunDir(DIR)
  }
}

async function measureAndReport(): Promise<void> {
  const tree = treeState()
  await sampleSources(SAMPLE)
  if (!existsSync(DELTAS)) {
    console.log(`generating ${UPDATES} deltas in ${DELTAS}`)
    const t0 = performance.now()
    await writeDeltas(DELTAS, { records: RECORDS, updates: UPDATES, seed: SEED })
    console.log(`deltas written in ${((performance.now() - t0) / 1000).toFixed(1)} s`)
  }
  const runs = (step: Step): boolean => ONLY.includes(step)

  let build: BuildResult
  if (runs('build')) {
    build = await child<BuildResult>('build')
    noteStep('build', tree)
  } else build = earlier<BuildResult>('build')
  if (runs('prepare') || !existsSync(join(DIR, 'families.json'))) {
    await child('prepare')
    noteStep('prepare', tree)
  }

  const commands: CommandResult[] = []
  if (runs('command')) {
    for (let r = 0; r < RUNS; r++) {
      copyFileSync(baseSnapshot(DIR), workSnapshot(DIR))
      commands.push(await child<CommandResult>('command', `command-${r + 1}`))
    }
    writeFileSync(resultFile(DIR, 'commands'), JSON.stringify(commands))
    noteStep('command', tree)
  } else commands.push(...earlier<CommandResult[]>('commands'))

  let cli: UpdateRun['cli']
  if (runs('cli')) {
    cli = { ms: await runCli() }
    writeFileSync(resultFile(DIR, 'cli'), JSON.stringify(cli))
    noteStep('cli', tree)
  } else cli = existsSync(resultFile(DIR, 'cli')) ? earlier<UpdateRun['cli']>('cli') : { skipped: 'not run' }
  rmSync(workSnapshot(DIR), { force: true })

  let sequence: SequenceResult
  if (runs('sequence')) {
    sequence = await child<SequenceResult>('sequence')
    noteStep('sequence', tree)
  } else sequence = earlier<SequenceResult>('sequence')

  const model = cpus()[0]?.model ?? 'unknown CPU'
  const run: UpdateRun = {
    records: RECORDS,
    updates: UPDATES,
    machine: `${model}, ${cpus().length} cores shared with other jobs, ${(totalmem() / 2 ** 30).toFixed(1)} GiB RAM, Node ${process.version}`,
    measuredBy: invocations(),
    corpus: `\`writeSample({ whois: ${RECORDS}, dns: ${3 * RECORDS}, seed: ${SEED} })\` in ${sampleDir(SAMPLE)}: ${build.counts.whois.toLocaleString('en-US')} WHOIS records, ${build.counts.mx.toLocaleString('en-US')} MX and ${build.counts.txt.toLocaleString('en-US')} TXT observations`,
    deltas: `${UPDATES} updates in ${DELTAS}, each ${(2 * HALF_WHOIS).toLocaleString('en-US')} WHOIS records (${HALF_WHOIS.toLocaleString('en-US')} replacing held domains, ${HALF_WHOIS.toLocaleString('en-US')} new), ${(2 * DNS_APEXES).toLocaleString('en-US')} observations (${(DNS_APEXES - NEW_APEXES).toLocaleString('en-US')} held apexes and ${NEW_APEXES.toLocaleString('en-US')} new, one MX and one TXT each), ${REMOVALS} domains and ${REMOVALS} observation ids removed`,
    build,
    commands,
    cli,
    sequence,
  }
  mkdirSync(new URL('./reports/', import.meta.url).pathname, { recursive: true })
  writeReportSection(
    REPORT,
    INTRO,
    `## ${scaleName(RECORDS)} records, ${UPDATES} updates`,
    updateSection(run),
  )
  console.log(`\nwrote ${REPORT}`)
}

if (args.step !== undefined) await runStepHere(args.step)
else await orchestrate()
