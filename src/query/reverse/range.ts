/**
 * The date-range criteria (`created_from/_to`, `updated_from/_to`, `expires_from/_to`, SPEC 5):
 * inclusive bounds on a date column. The documents in range are a slice of the column's instant
 * order, and a candidate is checked by comparing its rank with the slice's bounds.
 */
import type { DateColumn } from '../../indexes/reverse/date-column.js'
import { sortedDistinct } from '../../indexes/sorted-distinct.js'
import type { Criterion } from './criterion.js'
import { DocRun } from './doc-list.js'

/**
 * Matches documents whose instant lies in [from, to].
 *
 * @example
 * ```ts
 * new RangeMatcher(created, 1577836800, 1609459199, n).collect() // documents created in 2020
 * ```
 */
export class RangeMatcher implements Criterion {
  readonly estimate: number
  readonly #column: DateColumn
  readonly #lo: number
  readonly #hi: number
  readonly #docCount: number
  readonly #from: number
  readonly #to: number
  readonly #ordered: boolean

  /**
   * @param column - the date column
   * @param from - the earliest instant, epoch seconds (-Infinity for none)
   * @param to - the latest instant, epoch seconds (Infinity for none)
   * @param docCount - the number of documents
   * @param ordered - whether documents are numbered by this column's instant, latest first and
   *   those without one last (the `created` column: result order, SPEC 7)
   */
  constructor(column: DateColumn, from: number, to: number, docCount: number, ordered = false) {
    this.#column = column
    this.#from = from
    this.#to = to
    this.#ordered = ordered
    const { lo, hi } = column.range(from, to)
    this.#lo = lo
    this.#hi = hi
    this.#docCount = docCount
    this.estimate = hi - lo
  }

  collect(): Uint32Array {
    const docs = this.#column.docs.range(this.#lo, this.#hi) as Uint32Array
    // Documents are numbered by creation instant, so a `created` range is a run of consecutive
    // ids: when the (distinct) ids span exactly their count, they are that run, written out in
    // one pass instead of sorted.
    let min = 0xffffffff
    let max = -1
    for (let i = 0; i < docs.length; i++) {
      const doc = docs[i] as number
      if (doc < min) min = doc
      if (doc > max) max = doc
    }
    if (max - min + 1 !== docs.length) return sortedDistinct(docs, this.#docCount)
    const run = new Uint32Array(docs.length)
    for (let i = 0; i < run.length; i++) run[i] = min + i
    return run
  }

  /**
   * In the ordering column the documents in range are a run of consecutive ids: its ends are found
   * by binary search over the documents' instants (2·log2 n reads), nothing else is read.
   */
  docList(): DocRun | undefined {
    if (!this.#ordered) return undefined
    const column = this.#column
    // The first document whose instant is below `bound` (or strictly below with `strict`), or has none.
    const firstBelow = (bound: number, strict: boolean): number => {
      let lo = 0
      let hi = this.#docCount
      while (lo < hi) {
        const mid = (lo + hi) >>> 1
        const instant = column.instantOf(mid)
        if (Number.isNaN(instant) || (strict ? instant < bound : instant <= bound)) hi = mid
        else lo = mid + 1
      }
      return lo
    }
    const first = firstBelow(this.#to, false)
    const end = firstBelow(this.#from, true)
    // The run holds exactly the instants in range, as the ranks count them; anything else falls back.
    return end - first === this.estimate ? new DocRun(first, this.estimate) : undefined
  }

  filter(candidates: Uint32Array, count: number): number {
    const rank = this.#column.rank
    const lo = this.#lo
    const hi = this.#hi
    let kept = 0
    for (let c = 0; c < count; c++) {
      const doc = candidates[c] as number
      const r = rank.at(doc)
      if (r >= lo && r < hi) candidates[kept++] = doc
    }
    return kept
  }
}
