/**
 * The streaming half of loading (SPEC 2): reads every WHOIS and DNS source (load-file.ts), checks
 * and normalises each record with the same functions in the same order as ever, counts rejects
 * (throwing at the first one in strict mode), and hands each accepted record to the caller at once.
 * Nothing is kept: duplicates are the caller's to replace (load.ts collects them in memory; the
 * ClickHouse exporter replaces them server-side), so memory stays bounded whatever the input size.
 */
import { stat } from 'node:fs/promises'
import { SnapshotError, showValue } from '../errors.js'
import type { DnsKind, Observation, Progress, Reject, Source, Sources, WhoisRecord } from '../types.js'
import { HostCheck } from './host-check.js'
import { type FileReport, loadFile } from './load-file.js'
import { checkObservation } from './observation-record.js'
import { ProgressClock } from './progress-clock.js'
import { Rejects } from './rejects.js'
import { WhoisPreparer } from './whois-record.js'

/** Options of {@link streamSources}. */
export interface StreamOptions {
  /** Throw a SnapshotError (`bad_record`) at the first reject instead of skipping it. Default false. */
  strict?: boolean
  /** Called at least once a second while reading, and once at the end with phase `done`. */
  onProgress?: (progress: Progress) => void
  /**
   * @internal Largest chunk read at a time, in bytes. Default 1 MiB; tests set it tiny to exercise
   * values split across chunks.
   */
  chunkSize?: number
  /** Receives each accepted WHOIS record, `_norm` fields added, with its normalised domain key. */
  onWhois: (key: string, record: WhoisRecord) => void
  /** Receives each accepted observation with its kind and id. */
  onObservation: (kind: DnsKind, id: string, observation: Observation) => void
  /**
   * Called after each chunk read (at most `chunkSize` bytes of records); reading waits for the
   * promise it returns: the consumer's backpressure.
   */
  onChunk?: () => Promise<void> | undefined
}

/** How one source file loaded. */
export interface SourceStats extends FileReport {
  kind: 'whois' | 'dns'
  /** Records accepted from this file (replacements included). */
  records: number
  /** Records rejected in this file. */
  rejects: number
}

/** Counts of a stream: every accepted record, duplicates included. */
export interface StreamStats {
  /** Number of source files read. */
  files: number
  /** Bytes read from disk (compressed bytes for gzip files). */
  bytes: number
  /** WHOIS records accepted, duplicates included. */
  whoisRecords: number
  /** Observations accepted (MX and TXT), duplicates included. */
  observations: number
  /** WHOIS date fields whose text is not a date (their `_norm` is null). */
  datesUnparsed: number
  /** All rejects counted; the first 1,000 kept in full. */
  rejects: { count: number; kept: Reject[] }
  /** Per source file, in load order. */
  sources: SourceStats[]
}

const DEFAULT_CHUNK = 1 << 20

/** One source file, checked to exist, with its kind and size. */
export interface Input {
  path: string
  kind: 'whois' | 'dns'
  declared: DnsKind | undefined
  size: number
}

/**
 * Streams every source, checks and normalises each record, and hands the accepted ones on.
 *
 * @param sources - WHOIS files and DNS files (paths, or `{path, kind}` for DNS files with empty answers)
 * @param options - the record callbacks, strict mode, progress, backpressure
 * @returns the counts; duplicates are counted as records, not replaced
 * @example
 * ```ts
 * const stats = await streamSources({ whois: ['whois.jsonl.gz'] }, {
 *   onWhois: (key, record) => rows.push(whoisRow(key, record)),
 *   onObservation: () => {},
 * })
 * stats.whoisRecords // 3000
 * ```
 */
export async function streamSources(sources: Sources, options: StreamOptions): Promise<StreamStats> {
  const chunkSize = Math.max(1, Math.floor(options.chunkSize ?? DEFAULT_CHUNK))
  const inputs = await sourceInputs(sources)
  const totalBytes = inputs.reduce((sum, input) => sum + input.size, 0)
  const clock = new ProgressClock(options.onProgress, totalBytes)
  const rejects = new Rejects(options.strict === true)
  const hosts = new HostCheck()
  const preparer = new WhoisPreparer(hosts)
  const { onWhois, onObservation, onChunk } = options
  const perFile: SourceStats[] = []
  let bytes = 0
  let whoisRecords = 0
  let observations = 0
  let datesUnparsed = 0

  const accept = (value: unknown, input: Input): string | null => {
    if (input.kind === 'whois') {
      if (!preparer.check(value)) return preparer.reason
      datesUnparsed += preparer.unparsedDates
      whoisRecords++
      onWhois(preparer.key, value as WhoisRecord)
      return null
    }
    const check = checkObservation(value, input.declared, hosts)
    if (!check.ok) return check.reason
    observations++
    onObservation(check.kind, check.id, value as Observation)
    return null
  }

  for (const input of inputs) {
    const file = input.path
    const rejectsBefore = rejects.count
    let records = 0
    const reject = (line: number, reason: string): void => rejects.add(file, line, reason)
    const sink = (value: unknown, line: number, where: string): void => {
      const problem = accept(value, input)
      if (problem !== null) reject(line, where === '' ? problem : `${where}: ${problem}`)
      else records++
    }
    const bytesBefore = bytes
    const report = await loadFile(file, sink, {
      chunkSize,
      reject,
      progress: (diskBytes) => {
        clock.tick(bytesBefore + diskBytes, whoisRecords + observations, rejects.count)
        return onChunk?.()
      },
    })
    bytes += report.bytes
    perFile.push({ ...report, kind: input.kind, records, rejects: rejects.count - rejectsBefore })
  }

  clock.done(bytes, whoisRecords + observations, rejects.count)
  return {
    files: inputs.length,
    bytes,
    whoisRecords,
    observations,
    datesUnparsed,
    rejects: { count: rejects.count, kept: rejects.kept },
    sources: perFile,
  }
}
/**
 * The source files of one kind, described and checked to be readable regular files.
 *
 * @param list - the paths (or `{path, kind}`) given for `kind`
 * @param kind - `whois` or `dns`
 * @throws SnapshotError `unreadable_file` naming a file that cannot be read; TypeError for a malformed source
 * @example
 * ```ts
 * await inputsOf([{ path: 'mx.jsonl', kind: 'mx' }], 'dns') // [{ path: 'mx.jsonl', kind: 'dns', declared: 'mx', size: 1797893 }]
 * ```
 */
export async function inputsOf(list: readonly Source[] | undefined, kind: 'whois' | 'dns'): Promise<Input[]> {
  if (list === undefined) return []
  if (!Array.isArray(list)) {
    throw new TypeError(`domindex: sources.${kind} must be an array of paths, got ${showValue(list)}`)
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
      throw new TypeError(`domindex: ${path}: kind must be ${accepted}, got ${showValue(declared)}`)
    }
  }
  throw new TypeError(
    `domindex: a ${kind} source must be a file path or {path, kind}, got ${showValue(source)}`,
  )
}

/**
 * The inputs of every source list, in load order (WHOIS, then DNS), after checking that `sources`
 * is an object with no key but `whois` and `dns` (a misspelt key would otherwise load nothing).
 *
 * @throws TypeError naming an unknown key or a malformed source; SnapshotError `unreadable_file`
 *   for a file that cannot be read
 * @example
 * ```ts
 * await sourceInputs({ whois: ['w.jsonl'] }) // [{ path: 'w.jsonl', kind: 'whois', declared: undefined, size: 1024 }]
 * await sourceInputs({ whios: ['w.jsonl'] } as Sources) // TypeError: unknown source key "whios"
 * ```
 */
export async function sourceInputs(sources: Sources): Promise<Input[]> {
  if (sources === null || typeof sources !== 'object' || Array.isArray(sources)) {
    throw new TypeError(`domindex: sources must be an object { whois?, dns? }, got ${showValue(sources)}`)
  }
  for (const key of Object.keys(sources)) {
    if (key !== 'whois' && key !== 'dns') {
      throw new TypeError(`domindex: unknown source key ${JSON.stringify(key)}; sources take whois and dns`)
    }
  }
  return [...(await inputsOf(sources.whois, 'whois')), ...(await inputsOf(sources.dns, 'dns'))]
}
