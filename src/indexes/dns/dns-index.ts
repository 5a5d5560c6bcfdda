/**
 * The frozen index of one kind of DNS observations (MX or TXT), answering SPEC 6 searches:
 * the query's criteria give sorted observation ordinals (src/query/dns), which become a page of
 * observations rebuilt from the columns, or a summary. Its whole state is plain data
 * (dns/state.ts), so a snapshot can store it and construct the index again without a build.
 */
import { envelope } from '../../collect/page.js'
import { summarize } from '../../collect/summary.js'
import { matchObservations } from '../../query/dns/match.js'
import { matchAt, matchCount } from '../../query/dns/matches.js'
import type { DnsQuery } from '../../query/dns-params.js'
import type { DnsKind, Envelope, Observation, SummaryResponse } from '../../types.js'
import { entryCount } from '../byte-table.js'
import { buildDnsState } from './build.js'
import { buildColumns } from './columns.js'
import { type ObservationSource, observationsOf } from './observation-source.js'
import { ObservationReader } from './observations.js'
import type { DnsState } from './state.js'
import { TermDictionary } from '../term-dictionary.js'

/**
 * The index of MX or TXT observations.
 *
 * @example
 * ```ts
 * const index = DnsIndex.build('mx', observations)
 * index.search(parseDnsParams('mx', { nameserver: 'example-dns.net', most_recent: true }))
 * // { page: 0, pages: 1, result_count: 2, results: [...] }
 * ```
 */
export class DnsIndex {
  /** The index's plain-data state, for snapshots; never mutated. */
  readonly state: DnsState
  // One count per string for summaries (query/dns/value-counts.ts): allocated on the first summary,
  // then reused, so no summary allocates an array the size of the string table.
  #counts: Uint32Array | null = null
  readonly #reader: ObservationReader
  #ids: TermDictionary | null = null

  /**
   * Wraps a state built by {@link DnsIndex.build} or read back from a snapshot.
   *
   * @param state - the plain-data state
   */
  constructor(state: DnsState) {
    this.state = state
    this.#reader = new ObservationReader(state)
  }

  /**
   * Builds the index of one kind.
   *
   * @param kind - `mx` or `txt`
   * @param observations - validated observations (apex host item first), ids unique: an array, or
   *   a source that decodes them one at a time (dns/observation-source.ts)
   * @example
   * ```ts
   * DnsIndex.build('txt', [{ date: '2024-01-02', id: 't1', items: [...] }]).size // 1
   * DnsIndex.build('mx', packedSource).size // packedSource.size
   * ```
   */
  static build(kind: DnsKind, observations: readonly Observation[] | ObservationSource): DnsIndex {
    const source = 'get' in observations ? observations : observationsOf(observations)
    return new DnsIndex(buildDnsState(kind, buildColumns(source)))
  }

  /** The number of observations. */
  get size(): number {
    return this.state.days.length
  }

  /**
   * The ordinal of an observation id, or -1 (the id dictionary is built on first use: updates
   * look ids up to mark what they replace or remove).
   *
   * @example
   * ```ts
   * index.ordinalOf('obs-1') // 0
   * ```
   */
  ordinalOf(id: string): number {
    this.#ids ??= TermDictionary.over(this.state.ids)
    return this.#ids.get(id)
  }

  /**
   * The observation at an ordinal, rebuilt as loaded.
   *
   * @example
   * ```ts
   * index.at(0) // { date: '2024-05-01', id: 'obs-1', items: [...] }
   * ```
   */
  at(ordinal: number): Observation {
    return this.#reader.at(ordinal)
  }

  /**
   * Answers a query: a page of observations in result order, or a summary of every match.
   *
   * @param query - a query validated by parseDnsParams for this index's kind
   * @example
   * ```ts
   * index.search(parseDnsParams('txt', { txt: '_spf.google.com', summarize: 'host', summary_context: 'dns-ns' }))
   * // { summary: { other: 0, values: { 'ns1.example-dns.net': 3 } } }
   * ```
   */
  search(query: DnsQuery): Envelope<Observation> | SummaryResponse {
    const state = this.state
    const matches = matchObservations(state, query)
    if (query.summary !== null) {
      this.#counts ??= new Uint32Array(entryCount(state.strings))
      return summarize(state, matches, query.summary, this.#counts)
    }
    return envelope(matchCount(matches), query.page, (rank) => this.#reader.at(matchAt(matches, rank)))
  }
}
