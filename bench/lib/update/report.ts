/**
 * The section of bench/reports/update.md for one run: the goal verdicts, `domindex update` phase by
 * phase against the build, how the save's bytes and time split, the sequence of updates with the
 * segment count after each, and every query family on the updated engine against its compacted
 * twin. Tables are Markdown; figures are medians.
 */
import { count, bytes as largeBytes, ms, seconds } from '../scale/format.js'
import type { BuildResult } from './build-step.js'
import type { CommandResult } from './command-step.js'
import type { SequenceResult } from './sequence-step.js'

/** Goal: one update at most this share of the full build. */
export const UPDATE_GOAL = 0.1
/** Goal: a family on the updated engine at most this many times its time on the compacted one. */
export const QUERY_GOAL = 1.5

/** Which invocation of the benchmark measured a step, as noted beside its result. */
export interface StepMeta {
  command: string
  /** ISO dates; `started` tells invocations apart. */
  started: string
  ended: string
  /** 1-minute load averages at the invocation's start and at the step's end (null: not noted). */
  startLoad: number | null
  endLoad: number | null
  /** The commit, and whether src/ differed from it. */
  tree: string
}

/** An invocation and the steps of it whose figures a section shows. */
export interface MeasuredBy extends StepMeta {
  steps: string[]
}

/** Everything a section shows. */
export interface UpdateRun {
  records: number
  updates: number
  machine: string
  measuredBy: MeasuredBy[]
  corpus: string
  deltas: string
  build: BuildResult
  commands: CommandResult[]
  /** Wall time of the real CLI command, process start included, or why it was not run. */
  cli: { ms: number } | { skipped: string }
  sequence: SequenceResult | { skipped: string }
}

/** Bytes as KiB below 1 MiB, else as the scale benchmark writes them. */
function bytes(n: number): string {
  return n < 2 ** 20 ? `${(n / 1024).toFixed(1)} KiB` : largeBytes(n)
}

/** A duration as milliseconds below 10 s, else as seconds. */
function duration(msValue: number): string {
  return msValue < 10_000 ? `${ms(msValue)} ms` : seconds(msValue)
}

function medianOf(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.max(0, Math.ceil(sorted.length / 2) - 1)] ?? Number.NaN
}

function pct(part: number, whole: number): string {
  return `${((100 * part) / whole).toFixed(part / whole < 0.1 ? 1 : 0)}%`
}

function verdict(ok: boolean): string {
  return ok ? 'met' : 'missed'
}

function table(header: readonly string[], rows: readonly (readonly string[])[]): string {
  const line = (cells: readonly string[]): string => `| ${cells.join(' | ')} |`
  return [line(header), line(header.map(() => '---')), ...rows.map(line)].join('\n')
}

/** Medians of the `domindex update` measurements: wall time, and process CPU time (all threads). */
interface CommandMedians {
  n: number
  open: number
  update: number
  read: number
  save: number
  whole: number
  cpu: { open: number; update: number; save: number }
}

function commandMedians(commands: readonly CommandResult[]): CommandMedians {
  const med = (pick: (c: CommandResult) => number | undefined): number =>
    medianOf(commands.flatMap((c) => pick(c) ?? []))
  return {
    n: commands.length,
    open: med((c) => c.openMs),
    update: med((c) => c.updateMs),
    read: med((c) => c.updateReadMs),
    save: med((c) => c.saveMs),
    whole: med((c) => c.openMs + c.updateMs + c.saveMs),
    cpu: { open: med((c) => c.openCpuMs), update: med((c) => c.updateCpuMs), save: med((c) => c.saveCpuMs) },
  }
}

function ratioOf(f: { updatedMs: number; compactedMs: number }): number {
  return f.updatedMs / f.compactedMs
}

function goalsPart(run: UpdateRun, m: CommandMedians): string {
  const { build } = run
  const share = m.update / build.buildMs
  const by = share > UPDATE_GOAL ? `, by ${(share / UPDATE_GOAL).toFixed(1)}×` : ''
  const goals = [
    `- One update (\`engine.update\`, delta 1) at most ${UPDATE_GOAL * 100}% of the full build: ` +
      `${ms(m.update)} ms against ${seconds(build.buildMs)}, **${pct(m.update, build.buildMs)}** ` +
      `(${verdict(share <= UPDATE_GOAL)}${by}); by process CPU time (all threads, less disturbed by ` +
      `other jobs) ${pct(m.cpu.update, build.buildCpuMs)}: ${seconds(m.cpu.update)} against ` +
      `${seconds(build.buildCpuMs)}. The whole command (open + update + save in place) takes ` +
      `${pct(m.whole, build.buildMs + build.saveMs)} of build + save.`,
  ]
  const seq = run.sequence
  if ('skipped' in seq) goals.push(`- Queries after ${run.updates} updates: not measured (${seq.skipped}).`)
  else {
    const worst = [...seq.families].sort((a, b) => ratioOf(b) - ratioOf(a))
    const missed = worst.filter((f) => ratioOf(f) > QUERY_GOAL)
    const top = worst[0]
    const head =
      `- Every family on the engine after ${run.updates} updates ` +
      `(${seq.updates.at(-1)?.segments ?? '?'} segments) at most ${QUERY_GOAL}× its time on the compacted engine: `
    goals.push(
      head +
        (missed.length === 0 || top === undefined
          ? `**met** (worst: ${top?.name}, ${top === undefined ? '' : ratioOf(top).toFixed(2)}×).`
          : `**missed** by ${missed.length} of ${seq.families.length} families: ` +
            `${missed.map((f) => `${f.name} ${ratioOf(f).toFixed(2)}×`).join(', ')}.`),
    )
  }
  return `### Goals\n\n${goals.join('\n')}`
}

function commandPart(run: UpdateRun, m: CommandMedians): string {
  const { build, commands, cli } = run
  const first = commands[0]
  const cpuShare = (cpu: number): string => (Number.isNaN(cpu) ? '' : pct(cpu, build.buildCpuMs))
  const row = (phase: string, wall: number, cpu: number, runs: number, notes: string): string[] => [
    phase,
    duration(wall),
    pct(wall, build.buildMs),
    Number.isNaN(cpu) ? '' : duration(cpu),
    cpuShare(cpu),
    String(runs),
    notes,
  ]
  const files = first === undefined ? '' : `${bytes(first.fileBytesBefore)} → ${bytes(first.fileBytesAfter)}`
  const rows: string[][] = [
    row(
      '`Engine.build` of the base corpus',
      build.buildMs,
      build.buildCpuMs,
      1,
      `reading ${duration(build.readMs)}`,
    ),
    row('`save` of the base (new file)', build.saveMs, Number.NaN, 1, bytes(build.fileBytes)),
    row('`Engine.open` of the snapshot', m.open, m.cpu.open, m.n, ''),
    row(
      '**`engine.update`** (delta 1)',
      m.update,
      m.cpu.update,
      m.n,
      `reading the delta ${duration(m.read)}`,
    ),
    row('`save` in place', m.save, m.cpu.save, m.n, files),
    row(
      'open + update + save',
      m.whole,
      m.cpu.open + m.cpu.update + m.cpu.save,
      m.n,
      `${pct(m.whole, build.buildMs + build.saveMs)} of build + save`,
    ),
    'ms' in cli
      ? row('`domindex update` (the CLI)', cli.ms, Number.NaN, 1, 'process start and tsx compile included')
      : ['`domindex update` (the CLI)', '', '', '', '', '0', cli.skipped],
  ]
  const delta =
    first === undefined
      ? ''
      : `${count(first.replaced.whois)} held domains replaced, ${count(first.replaced.observations)} ` +
        `observations replaced, ${count(first.removed.whois)} domains and ${count(first.removed.observations)} ` +
        `observations removed (${count(first.removed.notHeld)} keys not held); ${first.segments} segments after.`
  return `### \`domindex update\` as a user runs it

Each measurement in a fresh process, on a fresh copy of the base snapshot (copied before the
process starts, so the file is in the page cache as after a save); medians of ${m.n} runs; the
build ran once. Wall time, and process CPU time of all threads (the build parses on worker
threads, so its CPU time exceeds its wall time on an idle machine; on a busy one, wall time
stretches and CPU time much less). Delta 1: ${delta}

${table(['phase', 'wall', 'of the build', 'CPU', "of the build's CPU", 'runs', 'notes'], rows)}`
}

function savePart(run: UpdateRun, m: CommandMedians): string {
  const { commands } = run
  const layout = commands[0]?.layout
  if (layout === undefined) return ''
  const written = medianOf(commands.map((c) => c.fileBytesAfter - c.fileBytesBefore))
  const before = medianOf(commands.map((c) => c.fileBytesBefore))
  const last = layout.segmentBytes.length - 1
  const byteRows: string[][] = [
    ['the saved file', bytes(layout.fileBytes), '100%'],
    ['live sections of its newest commit', bytes(layout.liveBytes), pct(layout.liveBytes, layout.fileBytes)],
    ...layout.segmentBytes.map((b, s) => [
      s === last ? `- segment ${s} (the update's, new)` : `- segment ${s}`,
      bytes(b),
      pct(b, layout.fileBytes),
    ]),
    ['- of which deletion sets', bytes(layout.deletedBytes), pct(layout.deletedBytes, layout.fileBytes)],
    [
      '- skeleton (load statistics, queue)',
      bytes(layout.otherBytes),
      pct(layout.otherBytes, layout.fileBytes),
    ],
  ]
  return `### Where the save goes

The save in place appends commit ${layout.generation} to the file: the update's segment, the
deletion sets that changed, the skeleton and a section table (src/snapshot/write-snapshot.ts).
It wrote ${bytes(written)} to a file of ${bytes(before)} (${pct(written, before)}), in
${duration(m.save)}.

${table(['bytes', 'size', 'share'], byteRows)}`
}

function sequencePart(run: UpdateRun, seq: SequenceResult): string {
  const { build } = run
  const rows = seq.updates.map((u, i) => [
    String(i + 1),
    ms(u.ms),
    ms(u.cpuMs),
    pct(u.ms, build.buildMs),
    String(u.segments),
  ])
  const medianUpdate = medianOf(seq.updates.map((u) => u.ms))
  const total = seq.updates.reduce((sum, u) => sum + u.ms, 0)
  const mean = total / seq.updates.length
  const slowest = seq.updates.reduce((most, u) => Math.max(most, u.ms), 0)
  return `### ${run.updates} updates in sequence, one process

The base snapshot opened (${seconds(seq.openMs)}), then each delta applied to the engine the previous
update returned (no \`compact()\`). The merge policy (merge factor 10) merges the segments of one
level inside the update that makes them ten: segments after each update below.

- Median update ${ms(medianUpdate)} ms (${pct(medianUpdate, build.buildMs)} of the build); the slowest, with a merge,
  ${ms(slowest)} ms (${pct(slowest, build.buildMs)}); all ${seq.updates.length} together ${seconds(total)}, ${ms(mean)} ms an update with
  the merges spread over them (${pct(mean, build.buildMs)} of the build).
- \`compact()\` of the final engine: **${seconds(seq.compactMs)}** (${pct(seq.compactMs, build.buildMs)} of the build)${seq.compactCpuMs === undefined ? '' : `; CPU ${seconds(seq.compactCpuMs)} (${pct(seq.compactCpuMs, build.buildCpuMs)} of the build's)`}.
- Final engine: ${count(seq.counts.whois)} WHOIS records, ${count(seq.counts.mx)} MX and ${count(seq.counts.txt)} TXT observations; over the
  build and the updates ${count(seq.replaced.whois)} domains and ${count(seq.replaced.observations)} observations replaced, ${count(seq.removed.whois)}
  domains and ${count(seq.removed.observations)} observations removed, ${count(seq.removed.notHeld)} removal keys not held.
- RSS: ${bytes(seq.rss.opened)} after the open, ${bytes(seq.rss.updated)} after the updates, ${bytes(seq.rss.both)} holding both
  the updated and the compacted engine.

${table(['update', 'ms', 'CPU ms', 'of the build', 'segments after'], rows)}`
}

function queriesPart(run: UpdateRun, seq: SequenceResult): string {
  const rows = seq.families.map((f) => {
    const r = ratioOf(f)
    const bold = r > QUERY_GOAL ? '**' : ''
    return [
      f.name,
      count(f.matches),
      f.sets > 1 ? `${f.sets} lookups` : '1',
      String(f.runs),
      ms(f.updatedMs),
      ms(f.compactedMs),
      `${bold}${r.toFixed(2)}×${bold}`,
      verdict(r <= QUERY_GOAL),
    ]
  })
  const most = seq.families.reduce((m, f) => Math.max(m, f.sets > 1 ? 0 : f.runs), 0)
  return `### Queries: updated engine against its compacted twin

The engine after ${run.updates} updates (${seq.updates.at(-1)?.segments ?? '?'} segments) and \`compact()\` of it (1 segment), in the
same process. Every answer was compared first, in full (envelopes with their records; summaries
by ranked values): all equal. Then each family: 3 warm-up calls on each engine, then timed calls
alternating between the two engines (up to ${most} a family, at least 5, fewer once a family has
taken 15 s on one engine); medians. The host family is 200 lookups a pass, each timed. Deeper
pages: page ${seq.deepPage} of each family with more than ${seq.deepPage + 1} pages. Goal: updated ≤ ${QUERY_GOAL}× compacted.

${table(['family', 'matches', 'queries', 'runs', 'updated ms', 'compacted ms', 'ratio', 'goal'], rows)}`
}

/**
 * The report section of a run.
 *
 * @param run - the run's figures
 * @example
 * ```ts
 * updateSection(run) // '- Machine: …\n\n### Goals\n…'
 * ```
 */
export function updateSection(run: UpdateRun): string {
  const m = commandMedians(run.commands)
  const parts = [
    `- Machine: ${run.machine}
${run.measuredBy.map((m) => `- Steps ${m.steps.join(', ')}: \`${m.command}\`, ${m.started.slice(0, 16)}–${m.ended.slice(11, 16)} UTC, 1-minute load ${m.startLoad?.toFixed(1) ?? '?'} at the start and ${m.endLoad?.toFixed(1) ?? '?'} at the end, ${m.tree}`).join('\n')}
- Base corpus: ${run.corpus}
- Deltas: ${run.deltas}`,
    goalsPart(run, m),
    commandPart(run, m),
    savePart(run, m),
  ]
  if (!('skipped' in run.sequence))
    parts.push(sequencePart(run, run.sequence), queriesPart(run, run.sequence))
  return parts.filter((p) => p !== '').join('\n\n')
}

/** The report's introduction (rewritten by every run). */
export const INTRO = `# Update benchmark: \`engine.update\`, \`domindex update\` and queries over segments

SPEC 12: an update costs time proportional to its new data, and queries do not degrade without
bound as updates accumulate. On the seeded corpus (\`writeSample\`, seed 1: N WHOIS records and 3N
observations) and a feed of daily deltas (bench/lib/update/deltas.ts: 10,000 WHOIS records, half
replacing held domains with changed contents and half new; 30,000 observations of 15,000 apexes,
13,500 held and 1,500 new, dated after every base observation; 100 domains and 100 observation
ids removed), this measures:

1. the full build of the base corpus (\`Engine.build\` + \`save\`), against which an update is judged;
2. \`domindex update\` as a user runs it: open the snapshot, update, save in place, each phase timed
   in a fresh process per measurement (goal: the update ≤ 10% of the build at 1M), and where the
   save's bytes and time go;
3. \`engine.update\` applied 20 times in sequence without \`compact()\`, each update's time and the
   segment count after it, \`compact()\`'s time, and every reverse and DNS family of
   bench/lib/reverse-families.ts and bench/lib/dns-families.ts on the final engine against its
   compacted twin (goal: ≤ 1.5×), answers checked equal first.

Run: \`npx tsx --expose-gc bench/update.bench.ts [--records N] [--updates U] [--runs R]\` (options in
the file's header). Each run replaces its own section (one per corpus size) and keeps the others.`
