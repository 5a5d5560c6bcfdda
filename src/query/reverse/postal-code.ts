/**
 * The `postalcode` text criterion (SPEC 5): a postal-code value equal to the query once spaces and
 * case are removed. One exact term: its document list is the answer.
 */
import type { PostalTerms } from '../../indexes/reverse/postal-terms.js'
import type { Criterion } from './criterion.js'
import { intersectInto } from './doc-ids.js'

/**
 * Matches documents holding a postal code.
 *
 * @example
 * ```ts
 * new PostalCodeMatcher(postal, 'sw1a1aa').collect() // documents with postal code 'SW1A 1AA'
 * ```
 */
export class PostalCodeMatcher implements Criterion {
  readonly estimate: number
  readonly #postal: PostalTerms
  readonly #start: number
  readonly #end: number

  /**
   * @param postal - the postal-code index
   * @param key - the query's postal key (see postalKey)
   */
  constructor(postal: PostalTerms, key: string) {
    this.#postal = postal
    const id = postal.dictionary.get(key)
    const { termStart } = postal.postings
    this.#start = id < 0 ? 0 : (termStart[id] as number)
    this.#end = id < 0 ? 0 : (termStart[id + 1] as number)
    this.estimate = this.#end - this.#start
  }

  collect(): Uint32Array {
    return this.#postal.postings.docs.slice(this.#start, this.#end)
  }

  filter(candidates: Uint32Array, count: number): number {
    return intersectInto(candidates, count, this.#postal.postings.docs, this.#start, this.#end)
  }
}
