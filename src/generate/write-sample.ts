/**
 * Writes a generated sample corpus as JSON Lines: `whois.jsonl`, `dns-mx.jsonl` and `dns-txt.jsonl`,
 * streaming record by record (constant memory at any size). The same options give byte-identical
 * files on every run and platform.
 */
import { mkdir } from 'node:fs/promises'
import { join } from 'node:path'
import { LineWriter } from './line-writer.js'
import { generateObservations } from './observations.js'
import { generateWhois } from './whois.js'

/** Options of {@link writeSample}. */
export interface WriteSampleOptions {
  /** Number of WHOIS records. */
  whois: number
  /** Number of DNS observations, MX and TXT together (half each). */
  dns: number
  /** Any integer; the same seed gives the same files. */
  seed: number
  /** Directory to write into (created if missing). */
  out: string
  /** Distinct apex domains of the DNS observations. Default: one per 6 observations (3 MX and 3 TXT each). */
  apexes?: number
}

/** What {@link writeSample} wrote. */
export interface SampleFiles {
  whois: { path: string; records: number; bytes: number }
  mx: { path: string; records: number; bytes: number }
  txt: { path: string; records: number; bytes: number }
}

/**
 * Generates and writes a sample corpus.
 *
 * @param options - sizes, seed and output directory
 * @example
 * ```ts
 * await writeSample({ whois: 3000, dns: 6000, seed: 1, out: 'data' })
 * // { whois: { path: 'data/whois.jsonl', records: 3000, bytes: ... }, mx: {...}, txt: {...} }
 * ```
 */
export async function writeSample(options: WriteSampleOptions): Promise<SampleFiles> {
  const { whois, dns, seed, out } = options
  await mkdir(out, { recursive: true })
  const files: SampleFiles = {
    whois: { path: join(out, 'whois.jsonl'), records: 0, bytes: 0 },
    mx: { path: join(out, 'dns-mx.jsonl'), records: 0, bytes: 0 },
    txt: { path: join(out, 'dns-txt.jsonl'), records: 0, bytes: 0 },
  }
  const whoisOut = new LineWriter(files.whois.path)
  for (const record of generateWhois({ count: whois, seed })) {
    await whoisOut.line(JSON.stringify(record))
    files.whois.records++
  }
  await whoisOut.close()
  files.whois.bytes = whoisOut.bytes

  const mxOut = new LineWriter(files.mx.path)
  const txtOut = new LineWriter(files.txt.path)
  const apexes = options.apexes ?? Math.max(1, Math.ceil(dns / 6))
  for (const observation of generateObservations({ apexes, count: dns, seed })) {
    // Generated ids start with the kind, which also covers observations with empty answers.
    const target = observation.id.startsWith('mx-') ? files.mx : files.txt
    await (target === files.mx ? mxOut : txtOut).line(JSON.stringify(observation))
    target.records++
  }
  await Promise.all([mxOut.close(), txtOut.close()])
  files.mx.bytes = mxOut.bytes
  files.txt.bytes = txtOut.bytes
  return files
}
