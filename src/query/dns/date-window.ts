/**
 * The `from`/`to` criterion (SPEC 6): inclusive on the observation's day. Ordinals are sorted by
 * date descending, so a window is one ordinal range found by two binary searches.
 */

import type { DnsState } from '../../indexes/dns/state.js'
import type { Column } from '../../storage/column.js'

/**
 * The ordinal range [lo, hi) of the observations dated within [from, to].
 *
 * @param state - the index state
 * @param from - the first day, or null for no lower bound
 * @param to - the last day, or null for no upper bound
 * @example
 * ```ts
 * windowRange(state, 19723, 19723) // [lo, hi): the observations of 2024-01-01
 * ```
 */
export function windowRange(state: DnsState, from: number | null, to: number | null): [number, number] {
  const days = state.days
  const lo = to === null ? 0 : firstAtOrBefore(days, to)
  const hi = from === null ? days.length : firstAtOrBefore(days, from - 1)
  return [lo, Math.max(lo, hi)]
}

// The first ordinal whose day is at most `day` (days descend).
function firstAtOrBefore(days: Column, day: number): number {
  let lo = 0
  let hi = days.length
  while (lo < hi) {
    const mid = (lo + hi) >>> 1
    if (days.at(mid) > day) lo = mid + 1
    else hi = mid
  }
  return lo
}
