/**
 * PLACEHOLDER (replaced by the reverse-search work): the reverse WHOIS index.
 */
import type { ReverseQuery } from '../query/reverse-params.js'
import type { WhoisRecord } from '../types.js'

/** The frozen reverse-search index over records numbered in result order. */
export class ReverseIndex {
  readonly #size: number
  private constructor(size: number) {
    this.#size = size
  }

  /** Builds the index; document id = array index. */
  static build(records: readonly WhoisRecord[]): ReverseIndex {
    return new ReverseIndex(records.length)
  }

  /** The matching document ids, ascending (= result order). */
  search(query: ReverseQuery): Uint32Array {
    void query
    return new Uint32Array(this.#size)
  }
}
