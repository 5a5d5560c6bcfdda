/**
 * Paging (SPEC 7): 100 results a page, zero-based pages, exact counts, a page past the end empty.
 */
import type { Envelope } from '../types.js'

/** Results per page, as the HTTP API returns them. */
export const PAGE_SIZE = 100

/**
 * Builds the envelope of one page over `total` ordered results.
 *
 * @param total - the exact result count
 * @param page - the zero-based page
 * @param resultAt - the result at an ordinal in [0, total)
 */
export function envelope<T>(total: number, page: number, resultAt: (ordinal: number) => T): Envelope<T> {
  const results: T[] = []
  const start = page * PAGE_SIZE
  const end = Math.min(total, start + PAGE_SIZE)
  for (let i = start; i < end; i++) results.push(resultAt(i))
  return { page, pages: Math.ceil(total / PAGE_SIZE), result_count: total, results }
}

/** The ordered results of one search, matched once, decoded a slice at a time. */
export interface ResultSet<T> {
  /** The exact result count. */
  readonly count: number
  /**
   * The results at ranks [start, end), decoded now.
   *
   * @param start - the first rank, ≥ 0
   * @param end - the end rank, ≤ count
   */
  slice(start: number, end: number): T[]
}

/**
 * The envelope of one page of a result set.
 *
 * @param results - the search's results
 * @param page - the zero-based page
 * @example
 * ```ts
 * pageOf({ count: 3, slice: (s, e) => ['a', 'b', 'c'].slice(s, e) }, 0) // { page: 0, pages: 1, result_count: 3, results: ['a', 'b', 'c'] }
 * ```
 */
export function pageOf<T>(results: ResultSet<T>, page: number): Envelope<T> {
  const start = Math.min(results.count, page * PAGE_SIZE)
  const end = Math.min(results.count, start + PAGE_SIZE)
  return {
    page,
    pages: Math.ceil(results.count / PAGE_SIZE),
    result_count: results.count,
    results: results.slice(start, end),
  }
}
