/**
 * The files of one update-benchmark run, in the system's temporary directory beside the cached base
 * corpus (bench/lib/sample-files.ts): the update deltas (deltas.ts), the base snapshot the build step
 * saves, the working copy each `domindex update` measurement rewrites in place, the query families
 * the prepare step picks (bench/lib/scale/prepare-step.ts) and each step's JSON result. All are the
 * benchmark's own and replaced by later runs; the deltas and families are reused.
 */
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { readKeyFiles } from '../../../src/cli/key-files.js'
import type { DeltaFiles } from './deltas.js'

/**
 * The working directory of a run over a base corpus of `records` WHOIS records.
 *
 * @example
 * ```ts
 * runDir(100_000) // '/tmp/domindex-bench-update-100000'
 * ```
 */
export function runDir(records: number): string {
  return join(tmpdir(), `domindex-bench-update-${records}`)
}

/** Where the deltas of `updates` updates are written. */
export function deltasDir(dir: string, updates: number): string {
  return join(dir, `deltas-${updates}`)
}

/** The snapshot of the base corpus, as the build step saves it. */
export function baseSnapshot(dir: string): string {
  return join(dir, 'base.dmx')
}

/** The copy of the base snapshot that one `domindex update` measurement rewrites in place. */
export function workSnapshot(dir: string): string {
  return join(dir, 'work.dmx')
}

/** Where a step writes its result. */
export function resultFile(dir: string, step: string): string {
  return join(dir, `${step}.json`)
}

/** The removal keys of an update, read as `domindex update` reads its remove files. */
export async function removalsOf(files: DeltaFiles): Promise<{ whois: string[]; dns: string[] }> {
  return {
    whois: await readKeyFiles('remove-whois', [files.removeWhois]),
    dns: await readKeyFiles('remove-dns', [files.removeDns]),
  }
}
