/**
 * The exact-value criteria: `postalcode` text (SPEC 5), `email` and `registrar` (SPEC 14). A value
 * matches when its key (indexes/reverse/exact-keys.ts) equals the query's: one term of an
 * {@link ExactTerms}, whose document list is the answer, so the estimate is the exact count.
 */
import type { ExactTerms } from '../../indexes/reverse/exact-terms.js'
import { TermDocList } from '../../indexes/reverse/term-doc-list.js'
import { docFrequency, type StoredPostings, termDocs, termLists } from '../../indexes/reverse/term-lists.js'
import type { Criterion } from './criterion.js'

/**
 * Matches the documents holding a value with one key.
 *
 * @example
 * ```ts
 * new ExactTermMatcher(postal, 'sw1a1aa').collect()         // documents with postal code 'SW1A 1AA'
 * new ExactTermMatcher(email, 'info@acme.com').estimate     // how many hold ' Info@ACME.com', say
 * ```
 */
export class ExactTermMatcher implements Criterion {
  readonly estimate: number
  readonly #postings: StoredPostings
  readonly #id: number

  /**
   * @param terms - the criterion's index (postal codes, emails or registrars)
   * @param key - the query's key, as exact-keys.ts makes it
   */
  constructor(terms: ExactTerms, key: string) {
    const id = terms.dictionary.get(key)
    this.#postings = terms.postings
    this.#id = id
    this.estimate = docFrequency(terms.postings, id)
  }

  collect(): Uint32Array {
    return termDocs(this.#postings, this.#id)
  }

  docList(): TermDocList | undefined {
    return this.#id < 0 ? undefined : new TermDocList(this.#postings, this.#id)
  }

  filter(candidates: Uint32Array, count: number): number {
    if (this.#id < 0 || count === 0) return 0
    // Only the blocks that may hold a candidate are decoded (their skip data says which).
    const docs = termLists(this.#postings, [this.#id], candidates.subarray(0, count)).docs
    candidates.set(docs)
    return docs.length
  }
}
