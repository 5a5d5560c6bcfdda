/**
 * Pivots over the segments of an engine (SPEC 14): the domain's live record and latest
 * observations give the candidates, and each is counted from its request's match sets, as
 * `request()` would count them, without decoding a page.
 */

import { countEach } from '../pivots/count-candidates.js'
import { pivotCandidates } from '../pivots/pivot-candidates.js'
import { orderPivots, type PivotsResponse } from '../pivots/pivots.js'
import { parseDnsParams } from '../query/dns-params.js'
import { parseReverseParams } from '../query/reverse-params.js'
import type { Observation, WhoisRecord } from '../types.js'
import type { DnsSearch } from './dns-search.js'
import { reverseResults } from './reverse-search.js'
import type { SegmentView } from './segment.js'

/** The DNS searches of an engine, by kind. */
export interface DnsSearches {
  readonly mx: DnsSearch
  readonly txt: DnsSearch
}

/**
 * The pivots of a normalised domain, or null when the engine holds neither its WHOIS record nor
 * an observation of it.
 *
 * @param views - the engine's segment views
 * @param dns - its DNS searches
 * @param domain - the normalised domain (already its apex when asked for)
 * @param record - its live WHOIS record, or null
 * @example
 * ```ts
 * pivotsOf(views, { mx, txt }, 'example.com', record) // { domain: 'example.com', pivots: [...] }
 * ```
 */
export function pivotsOf(
  views: readonly SegmentView[],
  dns: DnsSearches,
  domain: string,
  record: WhoisRecord | null,
): PivotsResponse | null {
  const latest = (kind: 'mx' | 'txt'): Observation[] => {
    const results = dns[kind].results(parseDnsParams(kind, { host: domain, most_recent: true }))
    return results.slice(0, results.count)
  }
  const mx = latest('mx')
  const txt = latest('txt')
  if (record === null && mx.length === 0 && txt.length === 0) return null
  const candidates = pivotCandidates(record, mx, txt)
  const counts = countEach(candidates, (route, params) =>
    route === 'reverse'
      ? reverseResults(views, parseReverseParams(params)).count
      : dns[route].results(parseDnsParams(route, params)).count,
  )
  return orderPivots(domain, candidates, counts)
}
