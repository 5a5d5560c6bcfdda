/**
 * The files of one scale-benchmark run in its working directory (the system's temporary directory,
 * beside the cached corpus): each step's JSON result, the snapshot, the result-order ranks and the
 * query families every step asks. All are the benchmark's own and removed or replaced by later runs.
 */
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { DnsKind, Params, Sources } from '../../../src/types.js'
import { type DnsFamily, dnsFamilies } from '../dns-families.js'

/** The query families of a run, as the prepare step picked them from the corpus. */
export interface FamilyChoice {
  /** [family name, parameters] of reverse search (bench/lib/reverse-families.ts). */
  reverse: [string, Params][]
  /** The apexes of the DNS host family (bench/lib/dns-families.ts). */
  apexSample: string[]
}

/** A corpus of plain paths: WHOIS files and DNS files with their kinds. */
export interface Corpus {
  whois: string[]
  dns: { path: string; kind: DnsKind }[]
}

/**
 * The corpus of sources whose DNS files declare their kind (as `sampleSources` returns them).
 *
 * @throws Error when a source is not of that shape
 */
export function corpusOf(sources: Sources): Corpus {
  const whois = (sources.whois ?? []).map((s) => (typeof s === 'string' ? s : s.path))
  const dns = (sources.dns ?? []).map((s) => {
    if (typeof s === 'string' || s.kind === undefined)
      throw new Error(`DNS source without a kind: ${String(s)}`)
    return { path: s.path, kind: s.kind }
  })
  return { whois, dns }
}

/** The working directory of a run at `scale` WHOIS records. */
export function runDir(scale: number): string {
  return join(tmpdir(), `domindex-bench-scale-${scale}`)
}

/** Where a step writes its result. */
export function resultFile(dir: string, step: string): string {
  return join(dir, `${step}.json`)
}

/** The snapshot the build step saves and the query step opens. */
export function snapshotFile(dir: string): string {
  return join(dir, 'corpus.dmx')
}

/** A kind's ranks in result order, by stream position (little-endian uint32). */
export function rankFile(dir: string, kind: 'whois' | DnsKind): string {
  return join(dir, `ranks-${kind}.u32`)
}

/** Writes the families the prepare step picked. */
export function writeFamilies(dir: string, choice: FamilyChoice): void {
  writeFileSync(join(dir, 'families.json'), JSON.stringify(choice))
}

/** Reads the families of a run: the reverse ones as picked, the DNS ones rebuilt from the apex sample. */
export function readFamilies(dir: string): { reverse: [string, Params][]; dns: DnsFamily[] } {
  const choice = JSON.parse(readFileSync(join(dir, 'families.json'), 'utf8')) as FamilyChoice
  return { reverse: choice.reverse, dns: dnsFamilies(choice.apexSample) }
}

/** What the orchestrator notes of a successful step beside its result. */
export interface StepMeta {
  ms: number
  /** The 1-minute load at the step's end. */
  load: number
  date: string
  command?: string
  /** The 1-minute load at the start of the run. */
  startLoad?: number
}

function metaFile(dir: string, step: string): string {
  return resultFile(dir, `${step}.outcome`)
}

/** Notes a successful step's wall time, load, date and command beside its result. */
export function writeStepMeta(dir: string, step: string, meta: StepMeta): void {
  writeFileSync(metaFile(dir, step), JSON.stringify(meta))
}

/** A step's result and notes from an earlier run, when both files are there. */
export function readEarlierStep(dir: string, step: string): { meta: StepMeta; result: unknown } | undefined {
  const result = resultFile(dir, step)
  if (!existsSync(result) || !existsSync(metaFile(dir, step))) return undefined
  return {
    meta: JSON.parse(readFileSync(metaFile(dir, step), 'utf8')) as StepMeta,
    result: JSON.parse(readFileSync(result, 'utf8')) as unknown,
  }
}

function lockFile(dir: string): string {
  return resultFile(dir, 'run.lock')
}

/**
 * Takes the run directory for this process, so two runs at one scale never share it (one would
 * delete the other's results). A lock left by a process that has ended is taken over.
 *
 * @returns undefined when taken, else the process id holding it
 */
export function lockRunDir(dir: string): number | undefined {
  try {
    writeFileSync(lockFile(dir), String(process.pid), { flag: 'wx' })
    return undefined
  } catch {
    const holder = Number(readFileSync(lockFile(dir), 'utf8'))
    try {
      process.kill(holder, 0)
      return holder
    } catch {
      writeFileSync(lockFile(dir), String(process.pid))
      return undefined
    }
  }
}

/** Gives the run directory back. */
export function unlockRunDir(dir: string): void {
  rmSync(lockFile(dir), { force: true })
}
