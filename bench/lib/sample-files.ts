/**
 * A generated sample corpus on disk for the benchmarks that build the engine from files: written
 * once by `writeSample` into the system's temporary directory and reused by later runs (the same
 * sizes and seed give byte-identical files).
 */
import { existsSync } from 'node:fs'
import { rename, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { writeSample } from '../../src/generate/write-sample.js'
import type { Sources } from '../../src/types.js'

/** Options of {@link sampleSources}. */
export interface SampleSourcesOptions {
  /** WHOIS records. */
  whois: number
  /** DNS observations, MX and TXT together. */
  dns: number
  /** Generator seed. */
  seed: number
}

/**
 * The directory a generated corpus is cached in.
 *
 * @param options - sizes and seed
 * @example
 * ```ts
 * sampleDir({ whois: 100_000, dns: 300_000, seed: 1 }) // '/tmp/domindex-bench-sample-100000-300000-1'
 * ```
 */
export function sampleDir(options: SampleSourcesOptions): string {
  const { whois, dns, seed } = options
  return join(tmpdir(), `domindex-bench-sample-${whois}-${dns}-${seed}`)
}

/**
 * Returns the sources of a generated corpus, writing its files first when they are missing.
 *
 * @param options - sizes and seed
 * @example
 * ```ts
 * await sampleSources({ whois: 100_000, dns: 300_000, seed: 1 }) // { whois: ['/tmp/…/whois.jsonl'], dns: [...] }
 * ```
 */
export async function sampleSources(options: SampleSourcesOptions): Promise<Sources> {
  const { whois, dns, seed } = options
  const dir = sampleDir(options)
  if (!existsSync(dir)) {
    console.log(`generating ${whois} WHOIS records and ${dns} observations in ${dir}`)
    // Written beside, then renamed: an interrupted run never leaves a partial corpus to reuse.
    const partial = `${dir}.partial`
    await rm(partial, { recursive: true, force: true })
    await writeSample({ whois, dns, seed, out: partial })
    await rename(partial, dir)
  }
  return {
    whois: [join(dir, 'whois.jsonl')],
    dns: [
      { path: join(dir, 'dns-mx.jsonl'), kind: 'mx' },
      { path: join(dir, 'dns-txt.jsonl'), kind: 'txt' },
    ],
  }
}
