/**
 * The files of one scale-benchmark run in its working directory (the system's temporary directory,
 * beside the cached corpus): each step's JSON result, the snapshot, the result-order ranks and the
 * query families every step asks. All are the benchmark's own and removed or replaced by later runs.
 */
import { readFileSync, writeFileSync } from 'node:fs'
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
