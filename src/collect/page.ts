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
