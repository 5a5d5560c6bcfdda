/**
 * In-place intersection of document-id sets held as ascending Uint32Arrays, with the galloping
 * search of indexes/gallop.ts (indexes/sorted-distinct.ts turns an unordered id multiset into one).
 */

import { lowerBound } from '../../indexes/gallop.js'

/**
 * Keeps the first `count` candidates that also occur in `ids[start, end)`, compacting them to the
 * front of `candidates`.
 *
 * @returns the number kept
 * @example
 * ```ts
 * const c = Uint32Array.of(1, 5, 9)
 * intersectInto(c, 3, Uint32Array.of(5, 6, 9), 0, 3) // 2, c starts with [5, 9]
 * ```
 */
export function intersectInto(
  candidates: Uint32Array,
  count: number,
  ids: Uint32Array,
  start: number,
  end: number,
): number {
  let kept = 0
  let cursor = start
  for (let c = 0; c < count; c++) {
    const doc = candidates[c] as number
    cursor = lowerBound(ids, doc, cursor, end)
    if (cursor === end) break
    if (ids[cursor] === doc) candidates[kept++] = doc
  }
  return kept
}
