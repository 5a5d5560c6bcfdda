/**
 * Puts the parse tasks' messages back together in load order: records into the WHOIS and
 * observation logs (which replace duplicates), rejects into the ledger with file line numbers
 * (a range's lines offset by the lines of the ranges before it), counts per source file, and
 * progress from every task at once. The result is the same whatever the number of threads,
 * because messages are applied in task order.
 */
import type { LoadStats } from '../ingest/load.js'
import { addNearFields } from '../ingest/near-fields.js'
import { ProgressClock } from '../ingest/progress-clock.js'
import { Rejects } from '../ingest/rejects.js'
import type { Input } from '../ingest/source-inputs.js'
import type { SourceStats } from '../ingest/stream.js'
import type { LoadNote, Progress, Reject } from '../types.js'
import { ObservationLog } from './observation-log.js'
import type { ChunkMessage, EndMessage, ParseTask, ProgressMessage } from './parse-task.js'
import { WhoisLog } from './whois-log.js'

/** Options of a {@link LoadMerger}. */
export interface MergeOptions {
  readonly strict: boolean
  readonly onProgress: ((progress: Progress) => void) | undefined
  /** Told every reject, also beyond the first 1,000 kept. */
  readonly onReject?: ((reject: Reject) => void) | undefined
  /** Told each replacement and each date not understood (the chunks then carry their lines). */
  readonly onNote?: ((note: LoadNote) => void) | undefined
  /** Bytes read before the tasks ran (raw DNS files, grouped first): progress starts there. */
  readonly readBefore?: number
  /** Told the key, file and line of each record (the chunks then carry their lines). */
  readonly onRecord?: ((kind: 'whois' | 'dns', key: string, file: string, line: number) => void) | undefined
  /** Where a build within a memory budget cuts its input into parts (memory-budget.ts). */
  readonly parts?: PartCuts | undefined
}

/** The logs of one part of a build, handed over when the part is full. */
export interface PartLogs {
  readonly whois: WhoisLog
  readonly observations: ObservationLog
}

/** When a part is full, and what takes it. */
export interface PartCuts {
  /** True when a part of this many distinct WHOIS records and observations is full. */
  full(whois: number, observations: number): boolean
  /** Indexes and spills a full part; the next chunk is applied once it is done. */
  spill(logs: PartLogs): Promise<void>
}

/**
 * Applies task messages in load order.
 *
 * @example
 * ```ts
 * const merger = new LoadMerger(inputs, tasks, { strict: false, onProgress: undefined })
 * merger.apply(message) // each chunk and end message, in task order
 * merger.stats()        // the LoadStats of the build
 * ```
 */
export class LoadMerger {
  #whois = new WhoisLog()
  #observations: ObservationLog | undefined = new ObservationLog()
  // The log's counts, kept once it is taken (stats() reads the log until then).
  #observationCounts = { size: 0, replaced: 0 }
  /** The counts of the parts spilled before the current one. */
  readonly #spilled = { whois: 0, whoisReplaced: 0, observations: 0, observationsReplaced: 0 }
  readonly #parts: PartCuts | undefined
  readonly #inputs: readonly Input[]
  readonly #tasks: readonly ParseTask[]
  readonly #rejects: Rejects
  readonly #clock: ProgressClock
  readonly #sources: SourceStats[]
  /** The task being applied, and the lines of its file before it (ranges of a file run in order). */
  #task = -1
  #lineOffset = 0
  /** The line offset of the next range of the file being read. */
  #nextOffset = 0
  readonly #taskBytes: Float64Array
  #bytesRead = 0
  #accepted = 0
  #datesUnparsed = 0
  readonly #nearFields: Record<string, number> = {}
  #dnsSkipped = 0
  readonly #onNote: ((note: LoadNote) => void) | undefined
  readonly #onRecord: MergeOptions['onRecord']

  /**
   * @param inputs - the checked inputs
   * @param tasks - their tasks in load order
   * @param options - strictness and the progress callback
   */
  constructor(inputs: readonly Input[], tasks: readonly ParseTask[], options: MergeOptions) {
    this.#inputs = inputs
    this.#tasks = tasks
    this.#rejects = new Rejects(options.strict, options.onReject)
    this.#onNote = options.onNote
    this.#bytesRead = options.readBefore ?? 0
    this.#onRecord = options.onRecord
    this.#parts = options.parts
    this.#clock = new ProgressClock(
      options.onProgress,
      inputs.reduce((sum, input) => sum + input.size, 0),
    )
    this.#sources = inputs.map((input) => ({
      file: input.name,
      format: 'lines',
      gzip: false,
      bytes: 0,
      kind: input.kind,
      records: 0,
      rejects: 0,
    }))
    this.#taskBytes = new Float64Array(tasks.length)
  }

  /** The WHOIS records of the current part. */
  get whois(): WhoisLog {
    return this.#whois
  }

  /** Notes a task's bytes read so far; any task, any order. */
  progress(message: ProgressMessage): void {
    const before = this.#taskBytes[message.task] as number
    this.#taskBytes[message.task] = message.bytes
    this.#bytesRead += message.bytes - before
    this.#clock.tick(this.#bytesRead, this.#accepted, this.#rejects.count)
  }

  /**
   * Applies a chunk or end message of the task now due (task order). When the chunk fills the
   * part, the part is spilled: the returned promise settles once it is, and no message may be
   * applied before.
   *
   * @throws SnapshotError `bad_record` at the first reject in strict mode
   */
  apply(message: ChunkMessage | EndMessage): Promise<void> | undefined {
    const task = this.#tasks[message.task] as ParseTask
    const source = this.#sources[task.source] as SourceStats
    const offset = this.#offsetOf(task)
    if (message.type === 'end') {
      this.#nextOffset = offset + message.lines
      source.format = message.format
      source.gzip = message.gzip
      source.bytes += message.bytes
      this.#dnsSkipped += message.skipped
      if (message.read !== undefined) source.records = message.read
      // A grouped file's bytes were counted while it was read, before the tasks.
      if (task.grouped === undefined)
        this.progress({ type: 'progress', task: message.task, bytes: message.bytes })
      return undefined
    }
    for (const reject of message.rejects) this.#rejects.add(source.file, offset + reject.line, reject.reason)
    this.#rejects.countMore(message.rejectCount - message.rejects.length)
    source.rejects += message.rejectCount
    source.records += message.accepted
    this.#accepted += message.accepted
    this.#datesUnparsed += message.datesUnparsed
    addNearFields(this.#nearFields, message.nearFields)
    const note = this.#onNote
    const file = source.file
    for (const { line, field, value } of message.unparsed ?? []) {
      note?.({ kind: 'unparsed_date', field, value, file, line: offset + line })
    }
    const { whois, observations } = message
    const replaced = (keys: readonly string[], lines: Uint32Array | undefined) =>
      note === undefined || lines === undefined
        ? undefined
        : (i: number) =>
            note({ kind: 'replaced', key: keys[i] as string, file, line: offset + (lines[i] as number) })
    const record = this.#onRecord
    if (record !== undefined) {
      const keys = whois?.keys ?? []
      whois?.lines?.forEach((line, i) => {
        record('whois', keys[i] as string, file, offset + line)
      })
      const ids = observations?.ids ?? []
      observations?.lines?.forEach((line, i) => {
        record('dns', ids[i] as string, file, offset + line)
      })
    }
    if (whois !== undefined && whois.keys.length > 0) this.whois.add(whois, replaced(whois.keys, whois.lines))
    if (observations !== undefined && observations.ids.length > 0) {
      const log = this.#observations
      if (log === undefined) throw new Error('domindex: observations merged after the log was taken')
      log.add(observations, replaced(observations.ids, observations.lines))
    }
    this.#clock.tick(this.#bytesRead, this.#accepted, this.#rejects.count)
    return this.#spillWhenFull()
  }

  /** Hands the part over when it is full, and starts the next. */
  #spillWhenFull(): Promise<void> | undefined {
    const parts = this.#parts
    const observations = this.#observations
    if (parts === undefined || observations === undefined) return undefined
    if (!parts.full(this.#whois.size, observations.size)) return undefined
    const whois = this.#whois
    const spilled = this.#spilled
    spilled.whois += whois.size
    spilled.whoisReplaced += whois.replaced
    spilled.observations += observations.size
    spilled.observationsReplaced += observations.replaced
    this.#whois = new WhoisLog()
    this.#observations = new ObservationLog()
    return parts.spill({ whois, observations })
  }

  /**
   * Hands over the observation log, so that it can be dropped once indexed (the merger keeps its
   * counts for {@link stats}).
   */
  takeObservations(): ObservationLog {
    const log = this.#observations
    if (log === undefined) throw new Error('domindex: the observation log was already taken')
    this.#observationCounts = { size: log.size, replaced: log.replaced }
    this.#observations = undefined
    return log
  }

  /** Reports the end of reading (phase `done` of the loader). */
  done(): void {
    this.#clock.done(this.#bytesRead, this.#accepted, this.#rejects.count)
  }

  /** The counts of the load. */
  stats(): LoadStats {
    return {
      files: this.#inputs.length,
      bytes: this.#sources.reduce((sum, source) => sum + source.bytes, 0),
      whoisRecords: this.#spilled.whois + this.#whois.size,
      whoisReplaced: this.#spilled.whoisReplaced + this.#whois.replaced,
      observations: this.#spilled.observations + (this.#observations ?? this.#observationCounts).size,
      observationsReplaced:
        this.#spilled.observationsReplaced + (this.#observations ?? this.#observationCounts).replaced,
      datesUnparsed: this.#datesUnparsed,
      ...(Object.keys(this.#nearFields).length > 0 ? { nearFields: { ...this.#nearFields } } : {}),
      dnsSkipped: this.#dnsSkipped,
      rejects: { count: this.#rejects.count, kept: this.#rejects.kept },
      sources: this.#sources,
    }
  }

  #offsetOf(task: ParseTask): number {
    if (task.index !== this.#task) {
      this.#task = task.index
      this.#lineOffset = task.range !== undefined && task.range.start > 0 ? this.#nextOffset : 0
    }
    return this.#lineOffset
  }
}
