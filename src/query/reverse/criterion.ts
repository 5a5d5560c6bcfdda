/**
 * The contract between the reverse-search planner and its matchers: one matcher per criterion,
 * made per query, each able to produce its own matches or to narrow someone else's candidates.
 */

import type { DocList } from './doc-list.js'

/**
 * One criterion of a reverse search, bound to the index.
 *
 * @example
 * ```ts
 * const c: Criterion = new ExactTermMatcher(postal, '94043')
 * c.estimate                          // 120: at most this many documents match
 * const docs = c.collect()            // the matches, ascending
 * c.filter(docs, docs.length)         // keeps those that match (all of them here)
 * ```
 */
export interface Criterion {
  /** An upper bound of the number of matching documents, known before any matching work. */
  readonly estimate: number
  /** Every matching document id, ascending; the array is the caller's to modify. */
  collect(): Uint32Array
  /**
   * Keeps the candidates that match, compacting them to the front in their order.
   *
   * @param candidates - ascending document ids
   * @param count - how many of `candidates` are in use
   * @returns how many were kept
   */
  filter(candidates: Uint32Array, count: number): number
  /**
   * The matches as a list read by rank without decoding them all, when the criterion can give one
   * (one term's postings, a run of documents); the planner uses it for a query of this criterion
   * alone, whose count is then the list's length.
   */
  docList?(): DocList | undefined
}
