/**
 * Runs parsed JSON lines of a raw DNS format through its parser and a {@link DnsGrouper}, as a load
 * would, and keeps what each line became: the tests assert on all of it.
 */
import { DnsGrouper, type GroupedObservation } from '../../src/ingest/formats/dns-grouper.js'
import { type DnsRecord, type DnsSkip, parseDnsRecordLine } from '../../src/ingest/formats/dns-record.js'
import { parseZdnsLine } from '../../src/ingest/formats/zdns.js'

/** A line (1-based) and why it was rejected or skipped. */
export interface LineReason {
  line: number
  reason: string
}

/** What grouping a file's lines gave. */
export interface Grouped {
  observations: GroupedObservation[]
  rejects: LineReason[]
  /** Lines the parser skipped (a type or status that holds nothing to load). */
  skippedLines: LineReason[]
  /** Records the grouper skipped on `add` (a name that is no apex). */
  skippedRecords: LineReason[]
  /** The records added, with their line. */
  records: { line: number; record: DnsRecord }[]
  grouper: DnsGrouper
}

type Parser = (value: unknown) => DnsRecord | DnsRecord[] | DnsSkip | string

/** The `dns-records` parser under the common signature. */
export const dnsRecords: Parser = parseDnsRecordLine
/** The `zdns` parser under the common signature. */
export const zdns: Parser = parseZdnsLine

/** Parses and groups `lines` as the file `file` would be. */
export function groupLines(parse: Parser, lines: readonly unknown[], file = 'records.jsonl'): Grouped {
  const grouper = new DnsGrouper()
  const out: Grouped = {
    observations: [],
    rejects: [],
    skippedLines: [],
    skippedRecords: [],
    records: [],
    grouper,
  }
  lines.forEach((value, i) => {
    const line = i + 1
    const parsed = parse(value)
    if (typeof parsed === 'string') out.rejects.push({ line, reason: parsed })
    else if ('skip' in parsed) out.skippedLines.push({ line, reason: parsed.skip })
    else {
      for (const record of Array.isArray(parsed) ? parsed : [parsed]) {
        out.records.push({ line, record })
        const added = grouper.add(record, { file, line })
        if (added !== 'ok') out.skippedRecords.push({ line, reason: added })
      }
    }
  })
  out.observations = [...grouper.observations()]
  return out
}
