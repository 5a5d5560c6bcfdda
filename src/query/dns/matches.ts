/**
 * The answer of DNS matching: the matching ordinals (ascending = result order) as a list, or, when
 * every ordinal of a window matches (no criteria), as the range itself. A summary of everything
 * then never materialises millions of ordinals: each such array costs V8 "external memory", which
 * triggers full collections that mark every object the caller holds (measured: 1.1 s each with
 * 1.5M loaded observations, every third query).
 */

/** Matching ordinals: `list`, or every ordinal of [lo, hi) when `list` is null. */
export interface Matches {
  readonly list: Uint32Array | null
  readonly lo: number
  readonly hi: number
}

/**
 * The number of matches.
 *
 * @example
 * ```ts
 * matchCount({ list: null, lo: 10, hi: 15 }) // 5
 * ```
 */
export function matchCount(m: Matches): number {
  return m.list === null ? m.hi - m.lo : m.list.length
}

/**
 * The match at a rank in [0, matchCount(m)).
 *
 * @example
 * ```ts
 * matchAt({ list: Uint32Array.of(3, 9), lo: 0, hi: 10 }, 1) // 9
 * ```
 */
export function matchAt(m: Matches, rank: number): number {
  return m.list === null ? m.lo + rank : (m.list[rank] as number)
}
