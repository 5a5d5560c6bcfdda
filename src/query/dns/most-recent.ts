/**
 * The `most_recent` criterion (SPEC 6): per apex, only the observations dated on the apex's latest
 * date within the window, chosen before the other criteria, so a domain that moved away from a
 * provider does not match that provider. Membership depends on the observation alone (its day
 * against its apex's newest day in the window), so it is applied as a filter on candidates, or
 * enumerated when there are no other criteria. Without an upper date bound it is the state's
 * precomputed `latestBits`: every apex's newest observation is in the window whenever the apex has
 * any in it.
 */
import { entryCount } from '../../indexes/byte-table.js'
import type { DnsState } from '../../indexes/dns/state.js'
import { readBits } from './bitmap.js'

/**
 * Every most-recent ordinal within [lo, hi), ascending.
 *
 * @param state - the index state
 * @param lo - the window's first ordinal
 * @param hi - the window's end ordinal
 * @example
 * ```ts
 * mostRecentIn(state, 0, state.days.length) // the ordinals of latestBits
 * ```
 */
export function mostRecentIn(state: DnsState, lo: number, hi: number): Uint32Array {
  if (lo === 0) return hi === 0 ? new Uint32Array(0) : readBits(latestWords(state, hi), 0, hi)
  // Ordinals run newest first, so the first one met for an apex carries its newest day in the window.
  const newest = new Int32Array(entryCount(state.hosts))
  const seen = new Uint8Array(entryCount(state.hosts))
  const out = new Uint32Array(hi - lo)
  let k = 0
  for (let o = lo; o < hi; o++) {
    const a = state.apexOf.at(o)
    const day = state.days.at(o)
    if (seen[a] === 0) {
      seen[a] = 1
      newest[a] = day
      out[k++] = o
    } else if (newest[a] === day) out[k++] = o
  }
  return out.subarray(0, k)
}

/**
 * The ordinals of `ids` (all within a window starting at `lo`) that are most recent for their apex.
 *
 * @param state - the index state
 * @param ids - sorted ordinals, each at least `lo`
 * @param lo - the window's first ordinal
 * @example
 * ```ts
 * keepMostRecent(state, nameserverMatches, 0)
 * ```
 */
export function keepMostRecent(state: DnsState, ids: Uint32Array, lo: number): Uint32Array {
  const out = new Uint32Array(ids.length)
  let k = 0
  if (lo === 0) {
    if (ids.length === 0) return out
    // Dense ids read their span of words in one piece; sparse ones a word at a time.
    const first = (ids[0] as number) >>> 5
    const end = ((ids[ids.length - 1] as number) >>> 5) + 1
    if (ids.length * 8 >= end - first) {
      const words = state.latestBits.range(first, end)
      for (let i = 0; i < ids.length; i++) {
        const o = ids[i] as number
        if ((((words[(o >>> 5) - first] as number) >>> (o & 31)) & 1) === 1) out[k++] = o
      }
    } else {
      const bits = state.latestBits
      for (let i = 0; i < ids.length; i++) {
        const o = ids[i] as number
        if (((bits.at(o >>> 5) >>> (o & 31)) & 1) === 1) out[k++] = o
      }
    }
    return out.subarray(0, k)
  }
  for (let i = 0; i < ids.length; i++) {
    const o = ids[i] as number
    const a = state.apexOf.at(o)
    // The apex's first ordinal at or after lo is its newest observation in the window.
    const from = state.apexObs.lowerBound(lo, state.apexStart.at(a), state.apexStart.at(a + 1))
    if (state.days.at(state.apexObs.at(from)) === state.days.at(o)) out[k++] = o
  }
  return out.subarray(0, k)
}

/**
 * The words of `latestBits` that hold ordinals below `hi` (> 0): a view in memory, a copy of
 * the range on disk.
 *
 * @param state - the index state
 * @param hi - the end of the ordinals wanted
 */
function latestWords(state: DnsState, hi: number): Uint32Array {
  return state.latestBits.range(0, ((hi - 1) >>> 5) + 1) as Uint32Array
}
