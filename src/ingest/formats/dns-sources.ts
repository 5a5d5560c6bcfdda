/**
 * The DNS sources whose files hold raw records (`dns-records`, `zdns`, `zone`; SPEC 13), read before the
 * others and grouped into observations across all of them: one per apex, date and kind, whatever
 * file and line its records come from (dns-grouper.ts). Each observation is then loaded as if its
 * group's first record's file held it, at that record's line, so rejects, replacement and counts
 * work as for any observation. A record that cannot be read is a reject at its file:line; a record
 * of another type, at a name that is not an apex, or a failed lookup is skipped and counted.
 */
import type { Observation, SourceFormat } from '../../types.js'
import { type FileContext, loadFile, type RecordSink } from '../load-file.js'
import { KEPT_REJECTS } from '../rejects.js'
import type { Input } from '../source-inputs.js'
import { DnsGrouper } from './dns-grouper.js'
import { type DnsRecord, type DnsSkip, parseDnsRecordLine } from './dns-record.js'
import { parseZdnsLine } from './zdns.js'
import { ZoneReader } from './zone.js'

/** What one raw-record file contributes once grouped. */
export interface GroupedSource {
  /** The observations whose group starts in this file, in order of first appearance. */
  readonly observations: Observation[]
  /** The line of each observation's first record. */
  readonly lines: number[]
  /** The first rejects of the file (at most {@link KEPT_REJECTS}, unless every one is asked for). */
  readonly rejects: { line: number; reason: string }[]
  /** All rejects of the file. */
  rejectCount: number
  /** Records of the file skipped: other types, failed lookups, names that are not apexes. */
  skipped: number
  /** Records of the file read and not rejected (grouped or skipped). */
  read: number
  /** Bytes read from disk. */
  bytes: number
  /** `lines` or `json`, as the file was read. */
  format: 'lines' | 'json' | 'csv'
  gzip: boolean
}

/**
 * Hands a grouped file's rejects and observations on, as if they were read from it now: each
 * kept reject at its line, each observation at its group's first line.
 *
 * @param source - what the file contributes
 * @param reject - told each kept reject
 * @param sink - told each observation
 * @returns the rejects counted beyond those kept
 * @example
 * ```ts
 * rejects.countMore(replayGrouped(grouped.get(2), reject, sink))
 * ```
 */
export function replayGrouped(
  source: GroupedSource,
  reject: (line: number, reason: string) => void,
  sink: RecordSink,
): number {
  for (const { line, reason } of source.rejects) reject(line, reason)
  source.observations.forEach((observation, i) => {
    sink(observation, source.lines[i] as number, '')
  })
  return source.rejectCount - source.rejects.length
}

/**
 * Whether a format holds raw DNS records to group.
 *
 * @example
 * ```ts
 * isDnsRecordFormat('zone') // true
 * ```
 */
export function isDnsRecordFormat(format: SourceFormat): format is 'dns-records' | 'zdns' | 'zone' {
  return format === 'dns-records' || format === 'zdns' || format === 'zone'
}

/**
 * Reads every raw-record DNS input and groups the records into observations.
 *
 * @param inputs - all inputs of a load; those of another format are left alone
 * @param chunkSize - the read size
 * @param strict - stop reading at the first reject (the load then throws it)
 * @param everyReject - keep every reject in full, not only the first {@link KEPT_REJECTS}
 * @param progress - told the bytes read so far from the raw-record files, as they are read
 * @param held - in an update, the observation an engine holds under an id: the records it was
 *   grouped from come first in its group again, as in a build over all the inputs
 * @returns per input index, what it contributes
 * @example
 * ```ts
 * const grouped = await groupDnsSources(inputs, 1 << 20, false)
 * grouped.get(2)?.observations.length // 325
 * ```
 */
export async function groupDnsSources(
  inputs: readonly Input[],
  chunkSize: number,
  strict: boolean,
  everyReject = false,
  progress?: (bytes: number) => void,
  held?: (id: string) => Observation | undefined,
): Promise<Map<number, GroupedSource>> {
  let bytesBefore = 0
  const grouper = new DnsGrouper()
  const seeded = new Set<string>()
  const grouped = new Map<number, GroupedSource>()
  let parserSkips = 0
  for (const [index, input] of inputs.entries()) {
    if (input.kind !== 'dns' || !isDnsRecordFormat(input.format)) continue
    const source: GroupedSource = {
      observations: [],
      lines: [],
      rejects: [],
      rejectCount: 0,
      skipped: 0,
      read: 0,
      bytes: 0,
      format: 'lines',
      gzip: false,
    }
    grouped.set(index, source)
    const reject = (line: number, reason: string): void => {
      source.rejectCount++
      if (everyReject || source.rejects.length < KEPT_REJECTS) source.rejects.push({ line, reason })
      if (strict) throw new StopReading()
    }
    const where = { file: String(index), line: 0 }
    const context: FileContext = {
      chunkSize,
      reject,
      text: input.format === 'zone',
      progress: (bytes) => {
        progress?.(bytesBefore + bytes)
        return undefined
      },
    }
    const add = (record: DnsRecord): void => {
      const day = `${record.day} ${record.name}`
      if (held !== undefined && !seeded.has(day)) {
        seeded.add(day)
        for (const kind of ['mx', 'txt'] as const) {
          const observation = held(`${kind}-${record.day}-${record.name}`)
          if (observation !== undefined)
            for (const before of recordsOf(observation)) grouper.add(before, where)
        }
      }
      if (grouper.add(record, where) !== 'ok') source.skipped++
    }
    const take = (parsed: DnsRecord | DnsRecord[] | DnsSkip | string, line: number, at = ''): void => {
      where.line = line
      if (typeof parsed === 'string') {
        reject(line, at === '' ? parsed : `${at}: ${parsed}`)
        return
      }
      source.read++
      if (isSkip(parsed)) {
        source.skipped++
        parserSkips++
      } else if (Array.isArray(parsed)) for (const record of parsed) add(record)
      else add(parsed)
    }
    // A zone file's lines are text, read in order by one reader that knows the origin and owner.
    const zone = input.format === 'zone' ? new ZoneReader(input.date as string, take) : undefined
    const parse = input.format === 'zdns' ? parseZdnsLine : parseDnsRecordLine
    const sink: RecordSink =
      zone === undefined
        ? (value, line, at) => take(parse(value), line, at)
        : (text, line) => zone.push(text as string, line)
    try {
      const report = await loadFile(input.path, sink, context)
      zone?.end()
      source.bytes = report.bytes
      bytesBefore += report.bytes
      source.format = report.format
      source.gzip = report.gzip
    } catch (error) {
      if (!(error instanceof StopReading)) throw error
      return grouped
    }
  }
  // Groups are whole only now: each goes to the file of its first record.
  const skippedBefore = [...grouped.values()].reduce((sum, s) => sum + s.skipped, 0)
  for (const { observation, file, line } of grouper.observations()) {
    const source = grouped.get(Number(file)) as GroupedSource
    source.observations.push(observation)
    source.lines.push(line)
  }
  // NS records left without an MX or TXT observation are known only now; they count for the last file.
  const late = grouper.skipped + parserSkips - skippedBefore
  const last = [...grouped.values()].at(-1)
  if (last !== undefined && late > 0) last.skipped += late
  return grouped
}

/**
 * The records a grouped observation was made of (its MX pairs or TXT values, and NS hosts).
 *
 * @param observation - an observation the grouper made (`<kind>-<date>-<apex>`)
 * @example
 * ```ts
 * recordsOf(held) // [{ name: 'example.com', kind: 'mx', value: 'mx1.example.com', preference: 10, day: '2024-03-05' }, ...]
 * ```
 */
function recordsOf(observation: Observation): DnsRecord[] {
  const { items, date: day } = observation
  const name = items[0]?.value ?? ''
  const records: DnsRecord[] = []
  let selector = ''
  for (let i = 1; i < items.length; i++) {
    const item = items[i] as Observation['items'][number]
    const policy = POLICY_NAMES.get(item.context)
    if (item.context === 'dns-txt') records.push({ name, kind: 'txt', value: item.value, day })
    else if (policy !== undefined && item.type === 'selector') selector = item.value
    else if (policy !== undefined && item.type === 'txt') {
      records.push({ name: policy(name, selector), kind: 'txt', value: item.value, day })
    } else if (item.context === 'dns-ns') records.push({ name, kind: 'ns', value: item.value, day })
    else if (item.context === 'dns-mx' && item.type === 'host') {
      const preference = Number(items[i + 1]?.value)
      records.push({ name, kind: 'mx', value: item.value, preference, day })
    }
  }
  return records
}

// The owner name of a mail-policy TXT item's record, from its context (dns-grouper.ts).
const POLICY_NAMES = new Map<string, (apex: string, selector: string) => string>([
  ['dns-txt-dmarc', (apex) => `_dmarc.${apex}`],
  ['dns-txt-mta-sts', (apex) => `_mta-sts.${apex}`],
  ['dns-txt-tlsrpt', (apex) => `_smtp._tls.${apex}`],
  ['dns-txt-dkim', (apex, selector) => `${selector}._domainkey.${apex}`],
  ['dns-txt-bimi', (apex, selector) => `${selector}._bimi.${apex}`],
])

/** Thrown at the first reject in strict mode, to stop reading. */
class StopReading extends Error {}

function isSkip(value: DnsRecord | DnsRecord[] | DnsSkip): value is DnsSkip {
  return !Array.isArray(value) && 'skip' in value
}
