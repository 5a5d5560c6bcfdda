/**
 * Loading snapshots (SPEC 2): streams every WHOIS and DNS source (load-file.ts), checks and
 * normalises each record, replaces duplicates (a later WHOIS record for the same domain, a later
 * observation with the same id) in place (whois-collector.ts, observation-collector.ts), and counts
 * everything: records, replacements, unparsed dates, rejects per file.
 *
 * Memory: the records themselves, plus one Map from key to slot for WHOIS domains and one for
 * observation ids. The files are never held whole.
 */
import { stat } from 'node:fs/promises'
import { SnapshotError, showValue } from '../errors.js'
import type { DnsKind, Observation, Progress, Reject, Source, Sources, WhoisRecord } from '../types.js'
import { HostCheck } from './host-check.js'
import { type FileReport, loadFile } from './load-file.js'
import { ObservationCollector } from './observation-collector.js'
import { ProgressClock } from './progress-clock.js'
import { Rejects } from './rejects.js'
import { WhoisCollector } from './whois-collector.js'
import { WhoisPreparer } from './whois-record.js'

/** Options of {@link loadSources}. */
export interface LoadOptions {
  /** Throw a SnapshotError (`bad_record`) at the first reject instead of skipping it. Default false. */
  strict?: boolean
  /** Called at least once a second while loading, and once at the end with phase `done`. */
  onProgress?: (progress: Progress) => void
  /**
   * @internal Largest chunk read at a time, in bytes. Default 1 MiB; tests set it tiny to exercise
   * values split across chunks.
   */
  chunkSize?: number
}

/** How one source file loaded. */
export interface SourceStats extends FileReport {
  kind: 'whois' | 'dns'
  /** Records accepted from this file (replacements included). */
  records: number
  /** Records rejected in this file. */
  rejects: number
}

/** Counts of a load. */
export interface LoadStats {
  /** Number of source files read. */
  files: number
  /** Bytes read from disk (compressed bytes for gzip files). */
  bytes: number
  /** Distinct WHOIS domains loaded. */
  whoisRecords: number
  /** WHOIS records that replaced an earlier record of the same domain. */
  whoisReplaced: number
  /** Distinct observations loaded (MX and TXT). */
  observations: number
  /** Observations that replaced an earlier one with the same id. */
  observationsReplaced: number
  /** WHOIS date fields whose text is not a date (their `_norm` is null). */
  datesUnparsed: number
  /** All rejects counted; the first 1,000 kept in full. */
  rejects: { count: number; kept: Reject[] }
  /** Per source file, in load order. */
  sources: SourceStats[]
}

/** What a load produces: WHOIS records with their domain keys, and MX and TXT observations. */
export interface Loaded {
  whois: { keys: string[]; records: WhoisRecord[] }
  mx: Observation[]
  txt: Observation[]
  stats: LoadStats
}

const DEFAULT_CHUNK = 1 << 20

interface Input {
  path: string
  kind: 'whois' | 'dns'
  declared: DnsKind | undefined
  size: number
}

/**
 * Streams every source and returns the checked, normalised records.
 *
 * @param sources - WHOIS files and DNS files (paths, or `{path, kind}` for DNS files with empty answers)
 * @param options - strict mode and progress callback
 * @example
 * ```ts
 * const loaded = await loadSources({ whois: ['whois.jsonl.gz'], dns: [{ path: 'mx.jsonl', kind: 'mx' }] })
 * loaded.stats.whoisRecords // 3000
 * ```
 */
export async function loadSources(sources: Sources, options: LoadOptions = {}): Promise<Loaded> {
  const chunkSize = Math.max(1, Math.floor(options.chunkSize ?? DEFAULT_CHUNK))
  const inputs = [...(await inputsOf(sources.whois, 'whois')), ...(await inputsOf(sources.dns, 'dns'))]
  const totalBytes = inputs.reduce((sum, input) => sum + input.size, 0)
  const clock = new ProgressClock(options.onProgress, totalBytes)
  const rejects = new Rejects(options.strict === true)
  const hosts = new HostCheck()
  const whois = new WhoisCollector(new WhoisPreparer(hosts))
  const dns = new ObservationCollector(hosts)
  const perFile: SourceStats[] = []
  let bytes = 0
  let accepted = 0

  for (const input of inputs) {
    const file = input.path
    const rejectsBefore = rejects.count
    let records = 0
    const reject = (line: number, reason: string): void => rejects.add(file, line, reason)
    const sink = (value: unknown, line: number, where: string): void => {
      const problem = input.kind === 'whois' ? whois.add(value) : dns.add(value, input.declared)
      if (problem !== null) reject(line, where === '' ? problem : `${where}: ${problem}`)
      else {
        records++
        accepted++
      }
    }
    const bytesBefore = bytes
    const report = await loadFile(file, sink, {
      chunkSize,
      reject,
      progress: (diskBytes) => clock.tick(bytesBefore + diskBytes, accepted, rejects.count),
    })
    bytes += report.bytes
    perFile.push({ ...report, kind: input.kind, records, rejects: rejects.count - rejectsBefore })
  }

  const { mx, txt } = dns.lists()
  const loaded = whois.finish()
  const stats: LoadStats = {
    files: inputs.length,
    bytes,
    whoisRecords: loaded.records.length,
    whoisReplaced: whois.replaced,
    observations: mx.length + txt.length,
    observationsReplaced: dns.replaced,
    datesUnparsed: whois.unparsedDates,
    rejects: { count: rejects.count, kept: rejects.kept },
    sources: perFile,
  }
  clock.done(bytes, accepted, rejects.count)
  return { whois: loaded, mx, txt, stats }
}

async function inputsOf(list: readonly Source[] | undefined, kind: 'whois' | 'dns'): Promise<Input[]> {
  if (list === undefined) return []
  if (!Array.isArray(list)) {
    throw new SnapshotError(
      'unreadable_file',
      `sources.${kind} must be an array of paths, got ${showValue(list)}`,
    )
  }
  const inputs: Input[] = []
  for (const source of list as readonly unknown[]) {
    const { path, declared } = describe(source, kind)
    let size: number
    try {
      const info = await stat(path)
      if (!info.isFile()) throw new Error('not a regular file')
      size = info.size
    } catch (error) {
      throw new SnapshotError('unreadable_file', `cannot read: ${(error as Error).message}`, { file: path })
    }
    inputs.push({ path, kind, declared, size })
  }
  return inputs
}

function describe(source: unknown, kind: 'whois' | 'dns'): { path: string; declared: DnsKind | undefined } {
  if (typeof source === 'string' && source.length > 0) return { path: source, declared: undefined }
  if (typeof source === 'object' && source !== null) {
    const { path, kind: declared } = source as { path?: unknown; kind?: unknown }
    if (typeof path === 'string' && path.length > 0) {
      if (declared === undefined) return { path, declared: undefined }
      if (kind === 'dns' && (declared === 'mx' || declared === 'txt')) return { path, declared }
      const accepted = kind === 'dns' ? "'mx' or 'txt'" : 'not declared (only DNS sources have a kind)'
      throw new SnapshotError('unreadable_file', `kind must be ${accepted}, got ${showValue(declared)}`, {
        file: path,
      })
    }
  }
  throw new SnapshotError(
    'unreadable_file',
    `a ${kind} source must be a file path or {path, kind}, got ${showValue(source)}`,
  )
}
