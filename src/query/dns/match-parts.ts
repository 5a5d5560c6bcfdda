/**
 * DNS matching over the segments of an engine: each segment's matches as on one index, less its
 * deleted observations, and with `most_recent` decided over every segment (most-recent-across.ts)
 * instead of within one. One segment without deletions is matched exactly as a single index is.
 */
import type { DnsQuery } from '../dns-params.js'
import { windowRange } from './date-window.js'
import { matchObservations } from './match.js'
import type { Matches } from './matches.js'
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
    const deleted = part.deleted
    const bits = query.mostRecent && !windowed ? mostRecent.latestBits(p) : null
    const size = m.list === null ? m.hi - m.lo : m.list.length
    const out = new Uint32Array(size)
    let k = 0
    for (let r = 0; r < size; r++) {
      const o = m.list === null ? m.lo + r : (m.list[r] as number)
      if (bits !== null) {
        if ((((bits[o >>> 5] as number) >>> (o & 31)) & 1) === 1) out[k++] = o
        continue
      }
      if (deleted.has(o)) continue
      if (query.mostRecent && !mostRecent.inWindow(p, o, windows)) continue
      out[k++] = o
    }
    return { list: out.subarray(0, k), lo: m.lo, hi: m.hi }
  })
}
