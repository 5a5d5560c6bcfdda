/**
 * The sequence step of the update benchmark, in one process: the base snapshot opened, then every
 * update applied in turn without `compact()` (each update's wall and CPU time, the segment count
 * after it: the merge policy's merges show as drops), then `compact()` of the final engine. On
 * the updated engine and its compacted twin, every reverse and DNS family (page 0, plus a deeper
 * page of each family with enough results) is asked of both, the answers compared in full (whole
 * envelopes, records included; summaries by ranked values), and only then timed: warm-up calls,
 * then runs alternating between the two engines so that load from other jobs falls on both alike.
 */
import { Engine } from '../../../src/engine.js'
import type { Envelope, Observation, Params, SummaryResponse, WhoisRecord } from '../../../src/types.js'
import { median, memoryNow } from '../measure.js'
import { dnsAnswer } from '../scale/answers.js'
import { readFamilies } from '../scale/run-files.js'
import { deltaFiles } from './deltas.js'
import { baseSnapshot, removalsOf } from './run-files.js'

/** One update of the sequence. */
export interface SequenceUpdate {
  ms: number
  cpuMs: number
  /** Segments after the update. */
  segments: number
}

/** One family's times on both engines. */
export interface FamilyTimes {
  name: string
  /** Matches of the first parameter set (result_count, or a summary's counted values). */
  matches: number
  /** Parameter sets (200 for the host lookups). */
  sets: number
  updatedMs: number
  compactedMs: number
  /** Timed calls on each engine. */
  runs: number
}

/** What the sequence step reports. */
export interface SequenceResult {
  openMs: number
  updates: SequenceUpdate[]
  compactMs: number
  /** Process CPU time of compact() (absent in results of earlier runs). */
  compactCpuMs?: number
  counts: { whois: number; mx: number; txt: number }
  removed: { whois: number; observations: number; notHeld: number }
  replaced: { whois: number; observations: number }
  /** RSS after the open, after the updates, and holding both engines after compact(). */
  rss: { opened: number; updated: number; both: number }
  families: FamilyTimes[]
  deepPage: number
}

/** Timed calls of a family stop after this much time on one engine, once MIN_RUNS are done. */
const BUDGET_MS = 15_000
const MIN_RUNS = 5

type Kind = 'reverse' | 'mx' | 'txt'
type Response = Envelope<WhoisRecord> | Envelope<Observation> | SummaryResponse

interface Case {
  name: string
  kind: Kind
  params: Params[]
}

function ask(engine: Engine, kind: Kind, params: Params): Response {
  if (kind === 'reverse') return engine.reverse(params)
  return kind === 'mx' ? engine.mx(params) : engine.txt(params)
}

/** A response as text to compare: envelopes whole, summaries by ranked values (key order aside). */
function canonical(response: Response): string {
  return JSON.stringify('summary' in response ? dnsAnswer(response) : response)
}

function matchesOf(response: Response): number {
  if ('summary' in response)
    return Object.values(response.summary.values).reduce((s, c) => s + c, response.summary.other)
  return response.result_count
}

/** Milliseconds of each call of one pass over a case's parameter sets. */
function pass(engine: Engine, c: Case, times: number[]): void {
  for (const params of c.params) {
    const t0 = performance.now()
    ask(engine, c.kind, params)
    times.push(performance.now() - t0)
  }
}

/**
 * Applies the updates, compacts, checks and times the families.
 *
 * @param dir - the run directory (base snapshot, families)
 * @param deltas - the deltas directory
 * @param options - updates to apply, timed runs per family, the deeper page asked
 */
export async function sequenceStep(
  dir: string,
  deltas: string,
  options: { updates: number; runs: number; deepPage: number },
): Promise<SequenceResult> {
  const t0 = performance.now()
  let engine = await Engine.open(baseSnapshot(dir))
  const openMs = performance.now() - t0
  const opened = memoryNow().rss
  const updates: SequenceUpdate[] = []
  for (let u = 1; u <= options.updates; u++) {
    const files = deltaFiles(deltas, u)
    const remove = await removalsOf(files)
    const cpu0 = process.cpuUsage()
    const t = performance.now()
    engine = await engine.update(files.sources, { remove })
    const ms = performance.now() - t
    const cpu = process.cpuUsage(cpu0)
    const segments = engine.stats().segments
    updates.push({ ms, cpuMs: (cpu.user + cpu.system) / 1000, segments })
    console.log(`update ${u}: ${ms.toFixed(0)} ms, ${segments} segments`)
  }
  const updatedRss = memoryNow().rss
  const compactCpu0 = process.cpuUsage()
  const t1 = performance.now()
  const compacted = await engine.compact()
  const compactMs = performance.now() - t1
  const compactCpu = process.cpuUsage(compactCpu0)
  const both = memoryNow().rss
  console.log(`compact: ${compactMs.toFixed(0)} ms`)

  const families = readFamilies(dir)
  const cases: Case[] = [
    ...families.reverse.map(([name, params]): Case => ({ name, kind: 'reverse', params: [params] })),
    ...families.dns.map((f): Case => ({ name: f.name, kind: f.kind, params: [...f.params] })),
  ]
  // A deeper page of every single-query family with results beyond it.
  for (const c of [...cases]) {
    const first = c.params[0] as Params
    if (c.params.length !== 1) continue
    const response = ask(compacted, c.kind, first)
    if ('summary' in response || response.pages <= options.deepPage) continue
    cases.push({
      name: `${c.name}, page ${options.deepPage}`,
      kind: c.kind,
      params: [{ ...first, page: options.deepPage }],
    })
  }

  // Answers first: every parameter set of every case, the two engines compared in full.
  const matches = cases.map((c) => {
    let first = Number.NaN
    c.params.forEach((params, i) => {
      const a = ask(engine, c.kind, params)
      const b = ask(compacted, c.kind, params)
      if (canonical(a) !== canonical(b)) {
        throw new Error(
          `update.bench: ${c.name}: the updated engine answers ${JSON.stringify(params)} differently from its compacted twin`,
        )
      }
      if (i === 0) first = matchesOf(b)
    })
    return first
  })
  console.log(`answers equal on ${cases.length} families`)

  const timed = cases.map((c, i): FamilyTimes => {
    const a: number[] = []
    const b: number[] = []
    for (let w = 0; w < 3; w++) {
      pass(engine, c, [])
      pass(compacted, c, [])
    }
    // Many parameter sets (host lookups): a few passes; one set: `runs` calls, fewer (at least
    // MIN_RUNS) once BUDGET_MS have gone to one engine.
    const passes = c.params.length > 1 ? Math.max(1, Math.ceil(options.runs / 10)) : options.runs
    const spent = (times: readonly number[]): number => times.reduce((sum, t) => sum + t, 0)
    for (let r = 0; r < passes; r++) {
      if (r >= MIN_RUNS && Math.max(spent(a), spent(b)) > BUDGET_MS) break
      if (r % 2 === 0) {
        pass(engine, c, a)
        pass(compacted, c, b)
      } else {
        pass(compacted, c, b)
        pass(engine, c, a)
      }
    }
    const row = {
      name: c.name,
      matches: matches[i] as number,
      sets: c.params.length,
      updatedMs: median(a),
      compactedMs: median(b),
      runs: b.length,
    }
    console.log(
      `${row.name}: ${row.updatedMs.toFixed(3)} ms updated, ${row.compactedMs.toFixed(3)} ms compacted`,
    )
    return row
  })
  const stats = engine.stats()
  return {
    openMs,
    updates,
    compactMs,
    compactCpuMs: (compactCpu.user + compactCpu.system) / 1000,
    counts: stats.counts,
    removed: stats.removed,
    replaced: { whois: stats.whoisReplaced, observations: stats.observationsReplaced },
    rss: { opened, updated: updatedRss, both },
    families: timed,
    deepPage: options.deepPage,
  }
}
