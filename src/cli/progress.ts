/**
 * Progress on stderr, of loading inputs, opening a snapshot or saving one. On a terminal: one bar
 * redrawn in place at most 10 times a second (bytes, records/s, rejects, ETA) and at each phase
 * change. Elsewhere (a log file, CI): a plain line every 5 seconds, because carriage returns and
 * escape codes make logs unreadable.
 */
import type { Progress } from '../types.js'
import { formatBytes, formatCount, formatDuration } from './format.js'

/** Where progress goes: a stream such as `process.stderr`. */
export interface ProgressSink {
  write(text: string): unknown
  isTTY?: boolean
  columns?: number
}

const TTY_INTERVAL_MS = 100
const LOG_INTERVAL_MS = 5000
const BAR_WIDTH = 20

/** Renders `onProgress` updates as a bar (terminal) or periodic lines (anything else). */
export class ProgressReporter {
  readonly #sink: ProgressSink
  readonly #now: () => number
  readonly #tty: boolean
  #started: number | undefined
  #lastDraw = Number.NEGATIVE_INFINITY
  #lastPhase: Progress['phase'] | undefined
  #drawn = false
  readonly #what: ProgressOf

  /**
   * @param sink - the stream to write to; its `isTTY` chooses bar or lines
   * @param now - a millisecond clock, injectable for tests
   * @param what - what is under way: loading inputs, opening a snapshot or saving one
   * @example
   * ```ts
   * const progress = new ProgressReporter(process.stderr)
   * await Engine.build(sources, { onProgress: (p) => progress.update(p) })
   * progress.finish()
   * ```
   */
  constructor(sink: ProgressSink, now: () => number = () => performance.now(), what: ProgressOf = 'load') {
    this.#sink = sink
    this.#now = now
    this.#what = what
    this.#tty = sink.isTTY === true
  }

  /**
   * Takes one progress update, drawing it when the throttle allows (or, on a terminal, the phase changed).
   *
   * @param progress - what `onProgress` received
   */
  update(progress: Progress): void {
    const now = this.#now()
    if (this.#started === undefined) {
      this.#started = now
      // A log gets its first line after 5 s, so that a quick load writes nothing there.
      if (!this.#tty) this.#lastDraw = now
    }
    const phaseChanged = this.#tty && progress.phase !== this.#lastPhase
    const interval = this.#tty ? TTY_INTERVAL_MS : LOG_INTERVAL_MS
    if (!phaseChanged && now - this.#lastDraw < interval) return
    this.#lastDraw = now
    this.#lastPhase = progress.phase
    const text = describe(progress, (now - this.#started) / 1000, this.#tty, this.#what)
    if (this.#tty) {
      // A terminal that reports no width (0 columns: some CI ptys, emulators) gets the usual 80.
      const columns = this.#sink.columns !== undefined && this.#sink.columns > 0 ? this.#sink.columns : 80
      const width = Math.max(20, columns - 1)
      this.#sink.write(`\r\x1b[2K${text.slice(0, width)}`)
      this.#drawn = true
    } else {
      this.#sink.write(`domindex: ${text}\n`)
    }
  }

  /** Clears the bar so that what follows starts on a clean line. */
  finish(): void {
    if (this.#drawn) this.#sink.write('\r\x1b[2K')
    this.#drawn = false
  }
}

/** What a {@link ProgressReporter} reports on: its words for the phases. */
export type ProgressOf = 'load' | 'open' | 'save'

const BYTES_VERB: Readonly<Record<ProgressOf, string>> = { load: 'reading', open: 'opening', save: 'saving' }

function describe(p: Progress, seconds: number, tty: boolean, what: ProgressOf): string {
  const rate = seconds > 0 ? p.records / seconds : 0
  const rejects = `${formatCount(p.rejects)} reject${p.rejects === 1 ? '' : 's'}`
  const moving = p.phase === 'read' || p.phase === 'write'
  // The engine indexes right after reading is done, so `done` is when indexing starts.
  if (!moving && what === 'load') return `indexing ${formatCount(p.records)} records (${rejects})`
  if (!moving) return `${what === 'open' ? 'decoding' : 'finishing'} ${formatBytes(p.totalBytes)}`
  const fraction = p.totalBytes > 0 ? Math.min(1, p.bytes / p.totalBytes) : 0
  const bytesPerSecond = seconds > 0 ? p.bytes / seconds : 0
  const eta =
    p.totalBytes > 0 && bytesPerSecond > 0 ? formatDuration((p.totalBytes - p.bytes) / bytesPerSecond) : '?'
  const percent = `${Math.floor(fraction * 100)}%`.padStart(4)
  const sizes = `${formatBytes(p.bytes)} / ${formatBytes(p.totalBytes)}`
  const verb = BYTES_VERB[what]
  const counts =
    what === 'load'
      ? `${formatCount(p.records)} records, ${formatCount(rate)} rec/s, ${rejects}, ETA ${eta}`
      : `ETA ${eta}`
  if (!tty) return `${verb} ${percent.trim()} (${sizes}), ${counts}`
  const filled = Math.round(fraction * BAR_WIDTH)
  return `${verb} [${'#'.repeat(filled)}${'.'.repeat(BAR_WIDTH - filled)}] ${percent}  ${sizes}  ${counts}`
}

/**
 * Runs a load, open or save with a {@link ProgressReporter} on stderr, clearing the bar however it
 * ends.
 *
 * @param load - the work, given the `onProgress` callback to pass on
 * @param what - what it is, for the words of the report
 * @example
 * ```ts
 * const engine = await withProgress((onProgress) => Engine.build(sources, { onProgress }))
 * await withProgress((onProgress) => engine.save('corpus.dmx', { onProgress }), 'save')
 * ```
 */
export async function withProgress<T>(
  load: (onProgress: (progress: Progress) => void) => Promise<T>,
  what: ProgressOf = 'load',
): Promise<T> {
  const reporter = new ProgressReporter(process.stderr, undefined, what)
  try {
    return await load((progress) => reporter.update(progress))
  } finally {
    reporter.finish()
  }
}
