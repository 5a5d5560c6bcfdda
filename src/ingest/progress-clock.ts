/**
 * Time-based progress reporting: `tick()` is cheap enough to call per chunk and calls the callback
 * at most, and (while loading runs) at least, about once a second.
 */
import type { Progress } from '../types.js'

const INTERVAL_MS = 1000

/**
 * Calls `onProgress` when a second has passed since the last report.
 *
 * @example
 * ```ts
 * const clock = new ProgressClock(console.log, 1_000_000)
 * clock.tick(4096, 10, 0) // reports only if a second has passed
 * clock.done(1_000_000, 2500, 1)
 * ```
 */
export class ProgressClock {
  readonly #onProgress: ((progress: Progress) => void) | undefined
  readonly #totalBytes: number
  #last = performance.now()

  /**
   * @param onProgress - the user's callback, if any
   * @param totalBytes - the summed size of the input files on disk
   */
  constructor(onProgress: ((progress: Progress) => void) | undefined, totalBytes: number) {
    this.#onProgress = onProgress
    this.#totalBytes = totalBytes
  }

  /** Reports `read` progress if a second has passed since the last report. */
  tick(bytes: number, records: number, rejects: number): void {
    if (this.#onProgress === undefined) return
    const now = performance.now()
    if (now - this.#last < INTERVAL_MS) return
    this.#last = now
    this.#onProgress({ phase: 'read', bytes, totalBytes: this.#totalBytes, records, rejects })
  }

  /** Reports the end of loading. */
  done(bytes: number, records: number, rejects: number): void {
    this.#onProgress?.({ phase: 'done', bytes, totalBytes: this.#totalBytes, records, rejects })
  }
}
