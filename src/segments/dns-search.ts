/**
 * DNS search over the segments of an engine, for one kind: matches per segment
 * (match-parts.ts), then a page merged across segments by the result order (date
 * descending, id ascending), or a summary added up across them. With one segment and no
 * deletions it is exactly the single-index search.
 */
import { mergeRanks } from '../collect/merge-order.js'
import { pageOf, type ResultSet } from '../collect/page.js'
import { summarize } from '../collect/summary.js'
import { summarizeParts } from '../collect/summary-across.js'
import { compareAcross, entryCount } from '../indexes/byte-table.js'
import { DeletedDocs } from '../indexes/deleted-docs.js'
import type { DnsIndex } from '../indexes/dns/dns-index.js'
import type { DnsState } from '../indexes/dns/state.js'
import { type Matches, matchAt, matchCount } from '../query/dns/matches.js'
import type { DnsQuery } from '../query/dns-params.js'
import type { DnsKind, Envelope, Observation, SummaryResponse } from '../types.js'
import { matchParts } from './match-parts.js'
import { type DnsPart, MostRecentAcross } from './most-recent-across.js'
import { dnsOf, type SegmentView } from './segment.js'

// One count per string of a state for summaries (query/dns/value-counts.ts): allocated on the first
// summary, then reused and left zero, so no summary allocates an array the size of the strings.
const countArrays = new WeakMap<DnsState, Uint32Array>()

function countsOf(state: DnsState): Uint32Array {
  let counts = countArrays.get(state)
  if (counts === undefined) {
    counts = new Uint32Array(entryCount(state.strings))
    countArrays.set(state, counts)
  }
  return counts
}

/**
 * The DNS search of one kind over an engine's segment views.
 *
 * @example
 * ```ts
 * DnsSearch.of(views, 'mx').search(parseDnsParams('mx', { nameserver: 'example-dns.net' }))
 * ```
 */
export class DnsSearch {
  readonly #parts: readonly DnsPart[]
  readonly #mostRecent: MostRecentAcross

  /** @param parts - the indexes of one kind of the engine's segments, with their deletions */
  constructor(parts: readonly DnsPart[]) {
    this.#parts = parts
    this.#mostRecent = new MostRecentAcross(parts)
  }

  /**
   * The search of one kind over an engine's segment views.
   *
   * @param views - the engine's segment views
   * @param kind - `mx` or `txt`
   */
  static of(views: readonly SegmentView[], kind: DnsKind): DnsSearch {
    return new DnsSearch(views.map((v) => ({ index: dnsOf(v.segment, kind), deleted: v.deleted[kind] })))
  }

  /**
   * Answers a query: a page of observations in result order, or a summary of every match.
   *
   * @param query - a query validated by parseDnsParams for this kind
   */
  search(query: DnsQuery): Envelope<Observation> | SummaryResponse {
    const parts = this.#parts
    const matches = matchParts(parts, this.#mostRecent, query, query.summary !== null)
    if (query.summary !== null) {
      const only = parts[0]
      if (parts.length === 1 && only !== undefined && only.deleted.count === 0) {
        const state = only.index.state
        return summarize(state, matches[0] as Matches, query.summary, countsOf(state))
      }
      return summarizeParts(
        parts.map((p, i) => {
          const m = matches[i] as Matches
          return {
            state: p.index.state,
            matches: m,
            // A whole window kept as a range still holds the part's deleted observations.
            minus: m.list === null && p.deleted.count > 0 ? p.deleted.within(m.lo, m.hi) : null,
            counts: countsOf(p.index.state),
          }
        }),
        query.summary,
      )
    }
    return pageOf(this.#resultsOf(matches), query.page)
  }

  /**
   * The observations a query matches, matched once and decoded a slice at a time.
   *
   * @param query - a query validated by parseDnsParams for this kind, without `summarize`
   * @example
   * ```ts
   * DnsSearch.of(views, 'mx').results(parseDnsParams('mx', { host: 'example.com' })).slice(0, 100)
   * ```
   */
  results(query: DnsQuery): ResultSet<Observation> {
    return this.#resultsOf(matchParts(this.#parts, this.#mostRecent, query, false))
  }

  #resultsOf(matches: readonly Matches[]): ResultSet<Observation> {
    const parts = this.#parts
    const lists = matches.map((m) => ({ length: matchCount(m), at: (r: number) => matchAt(m, r) }))
    return {
      count: lists.reduce((sum, l) => sum + l.length, 0),
      slice: (start, end) => {
        const ranks = mergeRanks(lists, (la, a, lb, b) => this.#before(la, a, lb, b), start, end)
        return Array.from(ranks.items, (ordinal, i) =>
          (parts[ranks.lists[i] as number] as DnsPart).index.at(ordinal),
        )
      },
    }
  }

  // Whether ordinal a of part la comes before ordinal b of part lb: date descending, id ascending.
  #before(la: number, a: number, lb: number, b: number): boolean {
    if (la === lb) return a < b
    const sa = (this.#parts[la] as DnsPart).index.state
    const sb = (this.#parts[lb] as DnsPart).index.state
    const da = sa.days.at(a)
    const db = sb.days.at(b)
    if (da !== db) return da > db
    return compareAcross(sa.ids, a, sb.ids, b) < 0
  }
}

/**
 * The search of a single DNS index (one segment, nothing deleted).
 *
 * @param index - the index
 * @param query - a query validated by parseDnsParams for the index's kind
 * @example
 * ```ts
 * searchDnsIndex(DnsIndex.build('txt', observations), parseDnsParams('txt', { txt: 'v=spf1' }))
 * ```
 */
export function searchDnsIndex(index: DnsIndex, query: DnsQuery): Envelope<Observation> | SummaryResponse {
  return new DnsSearch([{ index, deleted: DeletedDocs.none }]).search(query)
}
