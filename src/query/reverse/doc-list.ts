/**
 * A criterion's matching documents as a list read by rank (as collect/merge-order.ts reads its
 * lists): an array the matchers filled, a run of consecutive ids, or one term's postings read a
 * block at a time (indexes/reverse/term-doc-list.ts). A query whose only criterion is one term or
 * one `created` range so costs its page, not its matches: the count is the list's length, as
 * Lucene's `Weight.count` answers a term query from its document frequency.
 */
import type { OrderedList } from '../../collect/merge-order.js'

/** Ascending document ids, read by rank. */
export interface DocList extends OrderedList {
  /** Every document, in an array of its own. */
  toArray(): Uint32Array
}

/**
 * Documents held in an array.
 *
 * @example
 * ```ts
 * new ArrayDocs(Uint32Array.of(3, 8)).at(1) // 8
 * ```
 */
export class ArrayDocs implements DocList {
  readonly docs: Uint32Array
  readonly length: number

  /** @param docs - ascending document ids */
  constructor(docs: Uint32Array) {
    this.docs = docs
    this.length = docs.length
  }

  at(rank: number): number {
    return this.docs[rank] as number
  }

  toArray(): Uint32Array {
    return this.docs
  }
}

/**
 * The documents `first` … `first + length − 1`.
 *
 * @example
 * ```ts
 * new DocRun(10, 3).toArray() // Uint32Array [10, 11, 12]
 * ```
 */
export class DocRun implements DocList {
  readonly first: number
  readonly length: number

  /**
   * @param first - the first document
   * @param length - how many consecutive documents
   */
  constructor(first: number, length: number) {
    this.first = first
    this.length = length
  }

  at(rank: number): number {
    return this.first + rank
  }

  toArray(): Uint32Array {
    const docs = new Uint32Array(this.length)
    for (let i = 0; i < docs.length; i++) docs[i] = this.first + i
    return docs
  }
}
