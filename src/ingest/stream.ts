/**
 * The streaming half of loading (SPEC 2): reads every WHOIS and DNS source (load-file.ts), checks
 * and normalises each record with the same functions in the same order as ever, counts rejects
 * (throwing at the first one in strict mode), and hands each accepted record to the caller at once.
 * Nothing is kept: duplicates are the caller's to replace (load.ts collects them in memory; the
 * ClickHouse exporter replaces them server-side), so memory stays bounded whatever the input size.
 */
import type { DnsKind, Observation, Progress, Reject, Sources, WhoisRecord } from '../types.js'
import type { FieldMap } from './field-map.js'
import { groupDnsSources, replayGrouped } from './formats/dns-sources.js'
import { isRecordFormat, recordSink } from './formats/record-formats.js'
import { HostCheck } from './host-check.js'
import { type FileReport, loadFile } from './load-file.js'
import { checkObservation } from './observation-record.js'
import { ProgressClock } from './progress-clock.js'
import { Rejects } from './rejects.js'
import { type Input, withSourceInputs } from './source-inputs.js'
import { WhoisPreparer } from './whois-record.js'

/** Options of {@link streamSources}. */
export interface StreamOptions {
  /** Throw a SnapshotError (`bad_record`) at the first reject instead of skipping it. Default false. */
  strict?: boolean
  /** Told every reject, also beyond the first 1,000 kept. */
  onReject?: (reject: Reject) => void
  /** WHOIS fields copied to the fields domindex reads before each record is checked (field-map.ts). */
  fields?: FieldMap
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
  /**
   * Records accepted from this file (replacements included); for raw DNS records (SPEC 13), the
   * records read and not rejected, grouped into observations or skipped.
   */
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
  /**
   * WHOIS fields held under another parser's spelling of a field the loader reads, by path, with
   * the number of records holding them (near-fields.ts: `domain.registrar`); absent when none.
   */
  nearFields?: Record<string, number>
  /**
   * Raw DNS records skipped (SPEC 13): of a type other than MX, TXT or NS, answers other than
   * NOERROR, at a name that is not an apex, NS records with no MX or TXT answer to end.
   */
  dnsSkipped: number
  /** All rejects counted; the first 1,000 kept in full. */
  rejects: { count: number; kept: Reject[] }
  /** Per source file, in load order. */
  sources: SourceStats[]
}

const DEFAULT_CHUNK = 1 << 20

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
  return withSourceInputs(sources, (inputs) => streamInputs(inputs, options))
}

async function streamInputs(inputs: readonly Input[], options: StreamOptions): Promise<StreamStats> {
  const chunkSize = Math.max(1, Math.floor(options.chunkSize ?? DEFAULT_CHUNK))
  const totalBytes = inputs.reduce((sum, input) => sum + input.size, 0)
  const clock = new ProgressClock(options.onProgress, totalBytes)
  const rejects = new Rejects(options.strict === true, options.onReject)
  const hosts = new HostCheck()
  const preparer = new WhoisPreparer(hosts, options.fields)
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

  const grouped = await groupDnsSources(
    inputs,
    chunkSize,
    options.strict === true,
    rejects.wantsEvery,
    (read) => clock.tick(read, 0, rejects.count),
  )
  let dnsSkipped = 0
  for (const [index, input] of inputs.entries()) {
    const file = input.name
    const rejectsBefore = rejects.count
    let records = 0
    const reject = (line: number, reason: string): void => rejects.add(file, line, reason)
    const checked = (value: unknown, line: number, where: string): void => {
      const problem = accept(value, input)
      if (problem !== null) reject(line, where === '' ? problem : `${where}: ${problem}`)
      else records++
    }
    const bytesBefore = bytes
    const group = grouped.get(index)
    let report: FileReport
    if (group !== undefined) {
      rejects.countMore(replayGrouped(group, reject, checked))
      dnsSkipped += group.skipped
      records = group.read
      report = { file, format: group.format, gzip: group.gzip, bytes: group.bytes }
      clock.tick(bytesBefore + group.bytes, whoisRecords + observations, rejects.count)
    } else {
      const format = input.format
      const sink = isRecordFormat(format) ? recordSink(format, checked, reject) : checked
      report = await loadFile(input.path, sink, {
        chunkSize,
        csv: format === 'csv',
        reject,
        progress: (diskBytes) => {
          clock.tick(bytesBefore + diskBytes, whoisRecords + observations, rejects.count)
          return onChunk?.()
        },
      })
    }
    bytes += report.bytes
    perFile.push({ ...report, kind: input.kind, records, rejects: rejects.count - rejectsBefore })
  }

  clock.done(bytes, whoisRecords + observations, rejects.count)
  const nearFields = preparer.near.take()
  return {
    files: inputs.length,
    bytes,
    whoisRecords,
    observations,
    datesUnparsed,
    ...(Object.keys(nearFields).length > 0 ? { nearFields } : {}),
    dnsSkipped,
    rejects: { count: rejects.count, kept: rejects.kept },
    sources: perFile,
  }
}
