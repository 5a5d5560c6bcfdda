/**
 * Galloping search in sorted typed arrays (ids, ordinals, slots, position codes): the query layer's merges and
 * range cuts, and the index layer's lookups of a few kept entries by ordinal.
 */

/**
 * The first index in [from, to) whose id is not below `x` (`to` when none).
 *
 * @param a - a sorted list
 * @param x - the id sought
 * @param from - where to start
 * @param to - where to stop (default: the end)
 * @example
 * ```ts
 * lowerBound(Uint32Array.of(2, 4, 6), 5, 0) // 2
 * ```
 */
export function lowerBound(a: Uint16Array | Uint32Array, x: number, from: number, to = a.length): number {
  // Gallop: double the step from `from`, then binary search the last step, so a hit near the
  // previous one costs O(log distance), not O(log length).
  let step = 1
  let lo = from
  let hi = from
  while (hi < to && (a[hi] as number) < x) {
    lo = hi + 1
    hi += step
    step *= 2
  }
  if (hi > to) hi = to
  while (lo < hi) {
    const mid = (lo + hi) >>> 1
    if ((a[mid] as number) < x) lo = mid + 1
    else hi = mid
  }
  return lo
}

/**
 * {@link lowerBound} over elements read one at a time by `at` (a sorted array left on disk, read
 * through the block cache). The typed-array form above stays for the hot loops: a call per
 * element measured slower there.
 *
 * @example
 * ```ts
 * lowerBoundAt((i) => docs.at(i), 5000, 0, docs.length)
 * ```
 */
export function lowerBoundAt(at: (i: number) => number, x: number, from: number, to: number): number {
  let step = 1
  let lo = from
  let hi = from
  while (hi < to && at(hi) < x) {
    lo = hi + 1
    hi += step
    step *= 2
  }
  if (hi > to) hi = to
  while (lo < hi) {
    const mid = (lo + hi) >>> 1
    if (at(mid) < x) lo = mid + 1
    else hi = mid
  }
  return lo
}
