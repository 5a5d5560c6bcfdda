/**
 * DNS matching over the segments of an engine: each segment's matches as on one index, less its
 * deleted observations, and with `most_recent` decided over every segment (most-recent-across.ts)
 * instead of within one. One segment without deletions is matched exactly as a single index is.
 */
import { windowRange } from '../query/dns/date-window.js'
import { matchObservations } from '../query/dns/match.js'
import type { Matches } from '../query/dns/matches.js'
import type { DnsQuery } from '../query/dns-params.js'
import { liveAmong, liveInRange } from './live-docs.js'
import type { DnsPart, MostRecentAcross } from './most-recent-across.js'

/**
 * The matching live observations of each part, ordinals ascending (= result order in the part).
 * With `ranges`, a part whose matches are a whole window (no criteria, no most_recent) keeps it as
 * a range, deleted observations included: a summary counts the range and takes those away
 * (collect/summary.ts), which is far cheaper than counting a list of every live ordinal.
 *
 * @param parts - the segments' indexes of the query's kind, with their deletions
 * @param mostRecent - the most-recent rule over these parts
 * @param query - a validated query
 * @param ranges - keep whole windows as ranges even where observations are deleted
 * @example
 * ```ts
 * matchParts(parts, new MostRecentAcross(parts), parseDnsParams('mx', { most_recent: true })) // [Matches, Matches]
 * ```
 */
export function matchParts(
  parts: readonly DnsPart[],
  mostRecent: MostRecentAcross,
  query: DnsQuery,
  ranges = false,
): Matches[] {
  const only = parts[0]
  if (parts.length === 1 && only !== undefined && only.deleted.count === 0) {
    return [matchObservations(only.index.state, query)]
  }
  const any = query.mostRecent ? { ...query, mostRecent: false } : query
  const windowed = query.from !== null || query.to !== null
  const windows: number[] = []
  if (query.mostRecent && windowed) {
    for (const part of parts) windows.push(...windowRange(part.index.state, query.from, query.to))
  }
  return parts.map((part, p) => {
    const m = matchObservations(part.index.state, any)
    if (!query.mostRecent && (part.deleted.count === 0 || (ranges && m.list === null))) return m
    // Without a window, the part's latest bits already leave its deleted observations out.
    if (query.mostRecent && !windowed)
      return { list: withBits(m, mostRecent.latestBits(p)), lo: m.lo, hi: m.hi }
    const live = m.list === null ? liveInRange(part.deleted, m.lo, m.hi) : liveAmong(part.deleted, m.list)
    if (!query.mostRecent) return { list: live, lo: m.lo, hi: m.hi }
    const out = new Uint32Array(live.length)
    let k = 0
    for (let r = 0; r < live.length; r++) {
      const o = live[r] as number
      if (mostRecent.inWindow(p, o, windows)) out[k++] = o
    }
    return { list: out.subarray(0, k), lo: m.lo, hi: m.hi }
  })
}

// The ordinals of the matches whose bit is set.
function withBits(m: Matches, bits: Uint32Array): Uint32Array {
  const size = m.list === null ? m.hi - m.lo : m.list.length
  const out = new Uint32Array(size)
  let k = 0
  for (let r = 0; r < size; r++) {
    const o = m.list === null ? m.lo + r : (m.list[r] as number)
    if ((((bits[o >>> 5] as number) >>> (o & 31)) & 1) === 1) out[k++] = o
  }
  return out.subarray(0, k)
}
