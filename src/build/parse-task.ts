/**
 * One unit of parallel loading: a whole input file, or a byte range of a large JSON Lines file
 * (load-range.ts). A task reads, parses, checks and normalises its records with the loader's own
 * functions (stream.ts applies the same ones in the same order), packs the accepted ones into
 * chunks with a packer of its own, and posts them as messages. Its output depends on its input
 * alone, so a build gives the same bytes whichever thread runs which task.
 *
 * Messages, in order: any number of `chunk` (records and rejects, lines counted from the task's
 * first line) and `progress` (bytes read, at most ~4 a second), then one `end`.
 */

import { ChunkPacker } from '../indexes/chunk-packer.js'
import { dayNumber } from '../indexes/dns/day.js'
import { normInstant } from '../indexes/reverse/date-column.js'
import type { FieldMap } from '../ingest/field-map.js'
import { type GroupedSource, replayGrouped } from '../ingest/formats/dns-sources.js'
import { isRecordFormat, recordSink } from '../ingest/formats/record-formats.js'
import { HostCheck } from '../ingest/host-check.js'
import { type FileContext, type FileReport, loadFile } from '../ingest/load-file.js'
import { loadRange } from '../ingest/load-range.js'
import { checkObservation } from '../ingest/observation-record.js'
import { KEPT_REJECTS } from '../ingest/rejects.js'
import { unparsedDatesOf, WhoisPreparer } from '../ingest/whois-record.js'
import type { DnsKind, Observation, SourceFormat, WhoisRecord } from '../types.js'
import type { ObservationChunk } from './observation-log.js'
import type { WhoisChunk } from './whois-log.js'

/** A task: which file, and which part of it. */
export interface ParseTask {
  /** Position in load order. */
  readonly index: number
  /** Position of its file among the inputs. */
  readonly source: number
  readonly file: string
  readonly kind: 'whois' | 'dns'
  /** The kind a DNS source declares. */
  readonly declared: DnsKind | undefined
  /** The file's format (given or sniffed). */
  readonly format: SourceFormat
  /** A byte range of a JSON Lines file; absent for a whole file of any layout. */
  readonly range?: { readonly start: number; readonly end: number }
  /** A raw-record DNS file: the observations grouped from it (formats/dns-sources.ts), not read again. */
  readonly grouped?: GroupedSource
}

/** A reject within a task: its line counted from the task's first line. */
export interface TaskReject {
  readonly line: number
  readonly reason: string
}

/** Records accepted and rejected since the previous chunk message. */
export interface ChunkMessage {
  readonly type: 'chunk'
  readonly task: number
  readonly whois?: WhoisChunk
  readonly observations?: ObservationChunk
  /** The first rejects (at most {@link KEPT_REJECTS} a task). */
  readonly rejects: readonly TaskReject[]
  /** All rejects, kept or not. */
  readonly rejectCount: number
  readonly accepted: number
  readonly datesUnparsed: number
  /** Fields held under another parser's spelling, by path (ingest/near-fields.ts); absent when none. */
  readonly nearFields?: Readonly<Record<string, number>>
  /** The dates not understood, with their lines (when the task posts notes). */
  readonly unparsed?: readonly { line: number; field: string; value: string }[]
}

/** Bytes read so far by a task. */
export interface ProgressMessage {
  readonly type: 'progress'
  readonly task: number
  readonly bytes: number
}

/** The end of a task. */
export interface EndMessage {
  readonly type: 'end'
  readonly task: number
  readonly format: FileReport['format']
  readonly gzip: boolean
  readonly bytes: number
  /** Lines of a range task (the line offset of the file's next range); 0 for a whole file. */
  readonly lines: number
  /** DNS records skipped (raw-record formats): other types, failed lookups, names that are not apexes. */
  readonly skipped: number
  /** Raw DNS records read and not rejected, which the file's count shows instead of its observations. */
  readonly read?: number
}

/** What a task posts. */
export type TaskMessage = ChunkMessage | ProgressMessage | EndMessage

/** Receives a task's messages; `transfer` lists the buffers a worker may move instead of copying. */
export type TaskPost = (message: TaskMessage, transfer: ArrayBuffer[]) => void

/** Options of {@link runParseTask}. */
export interface TaskOptions {
  /** Largest chunk read at a time, in bytes. */
  readonly chunkSize: number
  /** The most records a chunk message carries (default 16,384): a small memory budget spills between smaller chunks. */
  readonly chunkRecords?: number
  /** Stop at the first reject (the merger then throws it). */
  readonly strict: boolean
  /** Post every reject in full, not only the first {@link KEPT_REJECTS} (someone is told each one). */
  readonly everyReject?: boolean
  /** Post each record's line and each date not understood, for the data-quality report. */
  readonly notes?: boolean
  /** WHOIS fields copied to the fields domindex reads (ingest/field-map.ts). */
  readonly fields?: FieldMap
}

const PROGRESS_MS = 250

/** Thrown inside a strict task at its first reject, to stop reading. */
class StopTask extends Error {}

/**
 * Runs a task, posting its messages.
 *
 * @param task - the task
 * @param options - chunk size and strictness
 * @param post - receives the messages in order
 * @throws SnapshotError `unreadable_file` when the file cannot be read
 * @example
 * ```ts
 * await runParseTask({ index: 0, file: 'whois.jsonl', kind: 'whois', declared: undefined }, { chunkSize: 1 << 20, strict: false }, post)
 * ```
 */
export async function runParseTask(task: ParseTask, options: TaskOptions, post: TaskPost): Promise<void> {
  const hosts = new HostCheck()
  const preparer = new WhoisPreparer(hosts, options.fields)
  // WHOIS records stay packed for the engine's lifetime: table-coded here, off the main thread.
  const packer = new ChunkPacker({ tableCoded: task.kind === 'whois', maxValues: options.chunkRecords })
  let keys: string[] = []
  let created: number[] = []
  let ids: string[] = []
  let days: number[] = []
  let kinds: number[] = []
  let lines: number[] = []
  let unparsed: { line: number; field: string; value: string }[] = []
  const notes = options.notes === true
  let rejects: TaskReject[] = []
  let kept = 0
  let rejectCount = 0
  let accepted = 0
  let datesUnparsed = 0
  let lastProgress = performance.now()

  const flush = (): void => {
    if (packer.count === 0 && rejectCount === 0) return
    const packed = packer.take()
    const transfer = [
      packed.bytes.buffer,
      packed.ends.buffer,
      packed.table.buffer,
      packed.tableEnds.buffer,
    ].map((buffer) => buffer as ArrayBuffer)
    let message: ChunkMessage
    const nearFields = preparer.near.take()
    const counts = {
      rejects,
      rejectCount,
      accepted,
      datesUnparsed,
      ...(notes ? { unparsed } : {}),
      ...(Object.keys(nearFields).length > 0 ? { nearFields } : {}),
    }
    const lineList = notes ? { lines: Uint32Array.from(lines) } : {}
    if (lineList.lines !== undefined) transfer.push(lineList.lines.buffer as ArrayBuffer)
    if (task.kind === 'whois') {
      const whois: WhoisChunk = { packed, keys, created: Float64Array.from(created), ...lineList }
      transfer.push(whois.created.buffer as ArrayBuffer)
      message = { type: 'chunk', task: task.index, whois, ...counts }
    } else {
      const observations: ObservationChunk = {
        packed,
        ids,
        days: Int32Array.from(days),
        kinds: Uint8Array.from(kinds),
        ...lineList,
      }
      transfer.push(observations.days.buffer as ArrayBuffer, observations.kinds.buffer as ArrayBuffer)
      message = { type: 'chunk', task: task.index, observations, ...counts }
    }
    keys = []
    created = []
    ids = []
    days = []
    kinds = []
    lines = []
    unparsed = []
    rejects = []
    rejectCount = 0
    accepted = 0
    datesUnparsed = 0
    post(message, transfer)
  }

  const reject = (line: number, reason: string): void => {
    rejectCount++
    if (kept < KEPT_REJECTS || options.everyReject === true) {
      kept++
      rejects.push({ line, reason })
    }
    if (options.strict) throw new StopTask()
  }

  const accept = (value: unknown, line: number): string | null => {
    if (task.kind === 'whois') {
      if (!preparer.check(value)) return preparer.reason
      datesUnparsed += preparer.unparsedDates
      if (notes && preparer.unparsedDates > 0) {
        for (const date of unparsedDatesOf(value as WhoisRecord)) unparsed.push({ line, ...date })
      }
      keys.push(preparer.key)
      created.push(normInstant((value as WhoisRecord).domain?.created_norm))
    } else {
      const check = checkObservation(value, task.declared, hosts)
      if (!check.ok) return check.reason
      ids.push(check.id)
      days.push(dayNumber((value as Observation).date))
      kinds.push(check.kind === 'mx' ? 0 : 1)
    }
    accepted++
    if (notes) lines.push(line)
    packer.add(value)
    if (packer.full) flush()
    return null
  }

  const checked = (value: unknown, line: number, where: string): void => {
    const problem = accept(value, line)
    if (problem !== null) reject(line, where === '' ? problem : `${where}: ${problem}`)
  }
  const sink = isRecordFormat(task.format) ? recordSink(task.format, checked, reject) : checked

  const context: FileContext = {
    chunkSize: options.chunkSize,
    reject,
    progress: (bytes) => {
      const now = performance.now()
      if (now - lastProgress >= PROGRESS_MS) {
        lastProgress = now
        post({ type: 'progress', task: task.index, bytes }, [])
      }
      return undefined
    },
  }

  let end: EndMessage
  try {
    if (task.grouped !== undefined) {
      const { grouped } = task
      // The replay's `reject` calls add to rejectCount as it runs: read it only after the call.
      const beyondKept = replayGrouped(grouped, reject, sink)
      rejectCount += beyondKept
      end = {
        type: 'end',
        task: task.index,
        format: grouped.format,
        gzip: grouped.gzip,
        bytes: grouped.bytes,
        lines: 0,
        skipped: grouped.skipped,
        read: grouped.read,
      }
    } else if (task.range === undefined) {
      const report = await loadFile(task.file, sink, { ...context, csv: task.format === 'csv' })
      end = {
        type: 'end',
        task: task.index,
        format: report.format,
        gzip: report.gzip,
        bytes: report.bytes,
        lines: 0,
        skipped: 0,
      }
    } else {
      const report = await loadRange(task.file, task.range.start, task.range.end, sink, context)
      end = {
        type: 'end',
        task: task.index,
        format: 'lines',
        gzip: false,
        bytes: report.bytes,
        lines: report.lines,
        skipped: 0,
      }
    }
  } catch (error) {
    if (!(error instanceof StopTask)) throw error
    // Strict mode: the reject is posted; the merger throws it, so the rest of the task is moot.
    end = { type: 'end', task: task.index, format: 'lines', gzip: false, bytes: 0, lines: 0, skipped: 0 }
  }
  flush()
  post(end, [])
}
