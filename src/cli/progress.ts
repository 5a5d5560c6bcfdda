/**
 * Loading progress on stderr. On a terminal: one bar redrawn in place at most 10 times a second
 * (bytes, records/s, rejects, ETA) and at each phase change. Elsewhere (a log file, CI): a plain
 * line every 5 seconds, because carriage returns and escape codes make logs unreadable.
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

  /**
   * @param sink - the stream to write to; its `isTTY` chooses bar or lines
   * @param now - a millisecond clock, injectable for tests
   * @example
   * ```ts
   * const progress = new ProgressReporter(process.stderr)
   * await Engine.build(sources, { onProgress: (p) => progress.update(p) })
   * progress.finish()
   * ```
   */
  constructor(sink: ProgressSink, now: () => number = () => performance.now()) {
    this.#sink = sink
    this.#now = now
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
    const text = describe(progress, (now - this.#started) / 1000, this.#tty)
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

function describe(p: Progress, seconds: number, tty: boolean): string {
  const rate = seconds > 0 ? p.records / seconds : 0
  const rejects = `${formatCount(p.rejects)} reject${p.rejects === 1 ? '' : 's'}`
  // The engine indexes right after reading is done, so `done` is when indexing starts.
  if (p.phase !== 'read') return `indexing ${formatCount(p.records)} records (${rejects})`
  const fraction = p.totalBytes > 0 ? Math.min(1, p.bytes / p.totalBytes) : 0
  const bytesPerSecond = seconds > 0 ? p.bytes / seconds : 0
  const eta =
    p.totalBytes > 0 && bytesPerSecond > 0 ? formatDuration((p.totalBytes - p.bytes) / bytesPerSecond) : '?'
  const percent = `${Math.floor(fraction * 100)}%`.padStart(4)
  const sizes = `${formatBytes(p.bytes)} / ${formatBytes(p.totalBytes)}`
  const counts = `${formatCount(p.records)} records, ${formatCount(rate)} rec/s, ${rejects}, ETA ${eta}`
  if (!tty) return `reading ${percent.trim()} (${sizes}), ${counts}`
  const filled = Math.round(fraction * BAR_WIDTH)
  return `reading [${'#'.repeat(filled)}${'.'.repeat(BAR_WIDTH - filled)}] ${percent}  ${sizes}  ${counts}`
}

/**
 * Runs a load with a {@link ProgressReporter} on stderr, clearing the bar however the load ends.
 *
 * @param load - the load, given the `onProgress` callback to pass on
 * @example
 * ```ts
 * const engine = await withProgress((onProgress) => Engine.build(sources, { onProgress }))
 * ```
 */
export async function withProgress<T>(
  load: (onProgress: (progress: Progress) => void) => Promise<T>,
): Promise<T> {
  const reporter = new ProgressReporter(process.stderr)
  try {
    return await load((progress) => reporter.update(progress))
  } finally {
    reporter.finish()
  }
}
