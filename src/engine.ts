/**
 * The Engine facade: build an engine from snapshot files, then answer the API's queries in-process.
 * Query methods validate their parameters (one validator for methods and `request()`), then hand
 * the validated query to the index that answers it.
 */

import { resultOrder } from './collect/order.js'
import { envelope } from './collect/page.js'
import { DnsIndex } from './indexes/dns-index.js'
import { RecordStore } from './indexes/record-store.js'
import { ReverseIndex } from './indexes/reverse-index.js'
import { type LoadStats, loadSources } from './ingest/load.js'
import { parseDnsParams } from './query/dns-params.js'
import { parseReverseParams } from './query/reverse-params.js'
import { parseWhoisParams } from './query/whois-params.js'
import type {
  Envelope,
  Observation,
  Params,
  Progress,
  Sources,
  SummaryResponse,
  WhoisRecord,
} from './types.js'

/** Options of {@link Engine.build}. */
export interface BuildOptions {
  /** Throw a SnapshotError at the first rejected record instead of skipping it. Default false. */
  strict?: boolean
  /** Called with loading progress at least once a second. */
  onProgress?: (progress: Progress) => void
  /** Bearer tokens `request()` accepts; none means no check. */
  tokens?: readonly string[]
}

/** What `engine.stats()` reports. */
export interface EngineStats extends LoadStats {
  /** Records held by kind. */
  counts: { whois: number; mx: number; txt: number }
  /** Milliseconds the build took. */
  buildMs: number
  /** Resident memory of the process, in bytes, when the stats were taken. */
  memory: { rss: number; heapUsed: number; external: number; arrayBuffers: number }
}

interface Parts {
  store: RecordStore
  reverse: ReverseIndex
  mx: DnsIndex
  txt: DnsIndex
  load: LoadStats
  buildMs: number
  tokens: readonly string[]
}

/**
 * An in-memory search engine over WHOIS records and DNS MX/TXT observations.
 *
 * @example
 * ```ts
 * const engine = await Engine.build({ whois: ['data/whois.jsonl'], dns: ['data/dns-mx.jsonl'] })
 * engine.whois({ domain: 'www.example.com', apex_domain: true }) // the record of example.com, or null
 * ```
 */
export class Engine {
  readonly #parts: Parts

  private constructor(parts: Parts) {
    this.#parts = parts
  }

  /**
   * Streams the sources, normalises and indexes them.
   *
   * @param sources - WHOIS files and DNS observation files (`.jsonl`, `.ndjson`, `.gz`, JSON arrays, saved envelopes)
   * @param options - strict mode, progress callback, tokens
   */
  static async build(sources: Sources, options: BuildOptions = {}): Promise<Engine> {
    const started = performance.now()
    const loaded = await loadSources(sources, {
      ...(options.strict === undefined ? {} : { strict: options.strict }),
      ...(options.onProgress === undefined ? {} : { onProgress: options.onProgress }),
    })
    const order = resultOrder(loaded.whois.records, loaded.whois.keys)
    const records = Array.from(order, (i) => loaded.whois.records[i] as WhoisRecord)
    const keys = Array.from(order, (i) => loaded.whois.keys[i] as string)
    const parts: Parts = {
      store: new RecordStore(records, keys),
      reverse: ReverseIndex.build(records),
      mx: DnsIndex.build('mx', loaded.mx),
      txt: DnsIndex.build('txt', loaded.txt),
      load: loaded.stats,
      buildMs: 0,
      tokens: options.tokens ?? [],
    }
    parts.buildMs = performance.now() - started
    return new Engine(parts)
  }

  /**
   * Forward WHOIS lookup (SPEC 4).
   *
   * @example
   * ```ts
   * engine.whois({ domain: 'WWW.example.com.', apex_domain: true }) // { query: 'example.com', domain: {...}, ... } or null
   * ```
   */
  whois(params: Params): WhoisRecord | null {
    const domain = parseWhoisParams(params)
    return domain === null ? null : this.#parts.store.lookup(domain)
  }

  /**
   * Reverse WHOIS search (SPEC 5).
   *
   * @example
   * ```ts
   * engine.reverse({ phrase: 'acme holdings', slop: 1 }) // { page: 0, pages: 1, result_count: 3, results: [...] }
   * ```
   */
  reverse(params: Params): Envelope<WhoisRecord> {
    const query = parseReverseParams(params)
    const docs = this.#parts.reverse.search(query)
    const store = this.#parts.store
    return envelope(docs.length, query.page, (i) => store.get(docs[i] as number))
  }

  /**
   * Search of DNS MX observations (SPEC 6).
   *
   * @example
   * ```ts
   * engine.mx({ nameserver: 'example-dns.net', most_recent: true }) // an envelope of observations
   * ```
   */
  mx(params: Params): Envelope<Observation> | SummaryResponse {
    return this.#parts.mx.search(parseDnsParams('mx', params))
  }

  /**
   * Search of DNS TXT observations (SPEC 6).
   *
   * @example
   * ```ts
   * engine.txt({ txt: 'google-site-verification', summarize: 'txt', summary_context: 'dns-txt' }) // { summary: {...} }
   * ```
   */
  txt(params: Params): Envelope<Observation> | SummaryResponse {
    return this.#parts.txt.search(parseDnsParams('txt', params))
  }

  /** Counts, rejects, memory and build time. */
  stats(): EngineStats {
    const { rss, heapUsed, external, arrayBuffers } = process.memoryUsage()
    const p = this.#parts
    return {
      ...p.load,
      counts: { whois: p.store.size, mx: p.mx.size, txt: p.txt.size },
      buildMs: p.buildMs,
      memory: { rss, heapUsed, external, arrayBuffers },
    }
  }
}
