/**
 * Counting pivot candidates (pivots, spelling variants) with an engine's counter: each candidate's
 * request counted as `request()` counts it; a request the API refuses (a QueryError: a value past
 * a query limit) has no count, null, and so gives no pivot or suggestion. Any other failure is the
 * engine's and is thrown.
 */
import { QueryError } from '../errors.js'
import type { Params } from '../types.js'
import type { PivotCandidate, PivotRoute } from './pivot-candidates.js'

/** Counts the results of a request: its `result_count`. */
export type Counter = (route: PivotRoute, params: Params) => number

/**
 * Each candidate's count, or null when its request is refused.
 *
 * @example
 * ```ts
 * countEach(candidates, (route, params) => engineCount(route, params)) // [3, null, 1]
 * ```
 */
export function countEach(candidates: readonly PivotCandidate[], count: Counter): (number | null)[] {
  return candidates.map((c) => {
    try {
      return count(c.route, c.params)
    } catch (error) {
      return refused(error)
    }
  })
}

/**
 * {@link countEach} for an engine that counts asynchronously (the ClickHouse engine).
 *
 * @example
 * ```ts
 * await countEachAsync(candidates, async (route, params) => (await ch.reverse(params)).result_count)
 * ```
 */
export function countEachAsync(
  candidates: readonly PivotCandidate[],
  count: (route: PivotRoute, params: Params) => Promise<number>,
): Promise<(number | null)[]> {
  return Promise.all(candidates.map((c) => count(c.route, c.params).catch(refused)))
}

function refused(error: unknown): null {
  if (error instanceof QueryError) return null
  throw error
}
