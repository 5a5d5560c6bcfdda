/**
 * The reject ledger of a load (SPEC 2): every reject is counted, the first 1,000 are kept in full,
 * and in strict mode the first one throws a SnapshotError naming file and line.
 */
import { SnapshotError } from '../errors.js'
import type { Reject } from '../types.js'

/**
 * How many rejects are kept in full (SPEC 2); all are counted.
 *
 * @example
 * ```ts
 * stats.rejects.kept.length <= KEPT_REJECTS // true
 * ```
 */
export const KEPT_REJECTS = 1000

/**
 * Counts rejects and keeps the first {@link KEPT_REJECTS}.
 *
 * @example
 * ```ts
 * const rejects = new Rejects(false)
 * rejects.add('a.jsonl', 3, 'not valid JSON: Unexpected token')
 * rejects.count // 1
 * ```
 */
export class Rejects {
  readonly #strict: boolean
  /** Number of rejects so far. */
  count = 0
  /** The first rejects, in full. */
  readonly kept: Reject[] = []

  readonly #onReject: ((reject: Reject) => void) | undefined

  /**
   * @param strict - throw at the first reject instead of recording it
   * @param onReject - told every reject, also those beyond the ones kept
   */
  constructor(strict: boolean, onReject?: (reject: Reject) => void) {
    this.#strict = strict
    this.#onReject = onReject
  }

  /** Whether every reject must reach this ledger in full (someone is told each one). */
  get wantsEvery(): boolean {
    return this.#onReject !== undefined
  }

  /** Counts rejects that are not kept (beyond the first ones of a part read elsewhere). */
  countMore(n: number): void {
    this.count += n
  }

  /** Records (or, in strict mode, throws) a reject. */
  add(file: string, line: number, reason: string): void {
    if (this.#strict) throw new SnapshotError('bad_record', reason, { file, line })
    this.count++
    if (this.kept.length < KEPT_REJECTS) this.kept.push({ file, line, reason })
    this.#onReject?.({ file, line, reason })
  }
}
