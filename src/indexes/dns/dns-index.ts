/**
 * The frozen index of one kind of DNS observations (MX or TXT) of one segment: its state, read by
 * the query layer (src/query/dns) to answer SPEC 6 searches, the observations rebuilt from its
 * columns for a page, and its ids looked up for updates. Its whole state is plain data
 * (dns/state.ts), so a snapshot can store it and construct the index again without a build.
 */
import type { DnsKind, Observation } from '../../types.js'
import { TermDictionary } from '../term-dictionary.js'
import { buildDnsState } from './build.js'
import { buildColumns } from './columns.js'
import { type ObservationSource, observationsOf } from './observation-source.js'
import { ObservationReader } from './observations.js'
import { type DnsState, dnsStateOf, type SavedDnsState } from './state.js'

/**
 * The index of MX or TXT observations.
 *
 * @example
 * ```ts
 * const index = DnsIndex.build('mx', observations)
 * searchDnsIndex(index, parseDnsParams('mx', { nameserver: 'example-dns.net', most_recent: true }))
 * // { page: 0, pages: 1, result_count: 2, results: [...] }
 * ```
 */
export class DnsIndex {
  /** The index's plain-data state, for snapshots; never mutated. */
  readonly saved: SavedDnsState
  /** The same state as queries read it, its growing arrays behind columns (dns/state.ts). */
  readonly state: DnsState
  readonly #reader: ObservationReader
  #ids: TermDictionary | null = null

  /**
   * Wraps a state built by {@link DnsIndex.build} or read back from a snapshot.
   *
   * @param saved - the plain-data state
   */
  constructor(saved: SavedDnsState) {
    this.saved = saved
    this.state = dnsStateOf(saved)
    this.#reader = new ObservationReader(this.state)
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
}
