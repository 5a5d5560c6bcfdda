/**
 * PLACEHOLDER (replaced by the DNS-search work): the MX or TXT observation index.
 */
import { envelope } from '../collect/page.js'
import type { DnsQuery } from '../query/dns-params.js'
import type { DnsKind, Envelope, Observation, SummaryResponse } from '../types.js'

/** The frozen index of one kind of observations. */
export class DnsIndex {
  readonly #observations: readonly Observation[]
  private constructor(observations: readonly Observation[]) {
    this.#observations = observations
  }

  /** Builds the index of one kind. */
  static build(kind: DnsKind, observations: readonly Observation[]): DnsIndex {
    void kind
    return new DnsIndex(observations)
  }

  /** The number of observations. */
  get size(): number {
    return this.#observations.length
  }

  /** Answers a query: a page, or a summary. */
  search(query: DnsQuery): Envelope<Observation> | SummaryResponse {
    return envelope(this.#observations.length, query.page, (i) => this.#observations[i] as Observation)
  }
}
