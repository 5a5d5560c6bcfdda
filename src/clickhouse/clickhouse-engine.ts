/**
 * `ClickHouseEngine`: the embedded engine's query methods over tables written by
 * `exportToClickHouse`. Each method validates with the embedded engine's validator (so the same
 * parameters give the same QueryError), compiles the validated query to SQL, and returns the body
 * the embedded engine returns for the same data. `request`, `fetch` and the `…All` iterators are
 * the API layer's own, over this engine's asynchronous methods.
 *
 * Where SPEC is silent: `prioritize` queues in this process (as the embedded engine does), not in
 * ClickHouse: the queue is a collector's to-do list, not part of the exported corpus.
 */
import { type FetchFunction, fetchOver } from '../api/fetch.js'
import { iterateAll } from '../api/iterate-all.js'
import { handleRequest, type RequestOptions } from '../api/request.js'
import type { ApiResponse } from '../api/responses.js'
import type { ApiTarget } from '../api/routes.js'
import { countEachAsync } from '../pivots/count-candidates.js'
import { pivotCandidates } from '../pivots/pivot-candidates.js'
import { orderPivots, type PivotsResponse } from '../pivots/pivots.js'
import type { SuggestKind } from '../pivots/suggest-kinds.js'
import { orderSuggestions, type SuggestResponse, suggestionCandidates } from '../pivots/suggestions.js'
import type { ValueIndex } from '../pivots/value-index.js'
import { parseDnsParams } from '../query/dns-params.js'
import { parsePrioritizeParams } from '../query/prioritize-params.js'
import { parseReverseParams } from '../query/reverse-params.js'
import { parseSuggestParams, type SuggestParams } from '../query/suggest-params.js'
import { parseWhoisParams } from '../query/whois-params.js'
import { PrioritizationQueue, type PrioritizedDomain } from '../queue/prioritization-queue.js'
import { buildOnThread } from '../segments/suggest-thread.js'
import type {
  AllParams,
  DnsParams,
  Envelope,
  Observation,
  PrioritizeParams,
  PrioritizeResponse,
  ReverseParams,
  SummaryResponse,
  TxtParams,
  WhoisParams,
  WhoisRecord,
} from '../types.js'
import { searchDns } from './dns-search.js'
import { ClickHouseHttp } from './http-client.js'
import { lookupWhois, searchReverse } from './reverse-search.js'
import { DEAD_TABLES, TABLES } from './schema.js'
import { sqlIdentifier, sqlString } from './sql-literal.js'
import { liveGeneration } from './suggest-values.js'

/** Options of {@link ClickHouseEngine.connect}. */
export interface ClickHouseEngineOptions {
  /** The HTTP interface of a ClickHouse server of the cluster, e.g. `http://127.0.0.1:8123`. */
  url: string
  /** The database `exportToClickHouse` wrote. */
  database: string
  /** Bearer tokens `request()` accepts; none means no check. */
  tokens?: readonly string[]
  /** The clock `prioritize()` stamps `queued_at` with. Default: the system clock. */
  now?: () => Date
  /** Milliseconds a single request may take. Default 300,000. */
  timeoutMs?: number
}

/**
 * The embedded engine's query surface over an exported corpus in ClickHouse.
 *
 * @example
 * ```ts
 * const ch = await ClickHouseEngine.connect({ url: 'http://127.0.0.1:8123', database: 'dmx' })
 * await ch.reverse({ phrase: 'acme holdings', slop: 1 }) // the envelope engine.reverse gives
 * ch.close()
 * ```
 */
export class ClickHouseEngine implements ApiTarget {
  readonly #client: ClickHouseHttp
  readonly #db: string
  readonly #tokens: readonly string[]
  readonly #now: () => Date
  readonly #queue = new PrioritizationQueue()
  // Each kind's value index and the generation of the live rows it was built from (an update
  // makes another, and the index is built again).
  readonly #valueIndexes = new Map<SuggestKind, { generation: string; index: Promise<ValueIndex> }>()

  readonly #options: ClickHouseEngineOptions

  private constructor(client: ClickHouseHttp, db: string, options: ClickHouseEngineOptions) {
    this.#options = options
    this.#client = client
    this.#db = db
    this.#tokens = options.tokens ?? []
    this.#now = options.now ?? (() => new Date())
  }

  /**
   * Connects to a server and checks that the database holds an exported corpus.
   *
   * @param options - server, database, tokens
   * @throws Error when the server cannot be reached or the tables are missing
   * @example
   * ```ts
   * const ch = await ClickHouseEngine.connect({ url: 'http://127.0.0.1:8123', database: 'dmx' })
   * ```
   */
  static async connect(options: ClickHouseEngineOptions): Promise<ClickHouseEngine> {
    const db = sqlIdentifier(options.database, 'database')
    const client = new ClickHouseHttp({
      url: options.url,
      ...(options.timeoutMs === undefined ? {} : { timeoutMs: options.timeoutMs }),
    })
    try {
      const rows = await client.rows<{ name: string }>(
        `SELECT name FROM system.tables WHERE database = ${sqlString(db)}`,
      )
      const present = new Set(rows.map((row) => row.name))
      const needed = [...TABLES.map((t) => t.name), ...DEAD_TABLES.map((t) => `${t.name}_local`)]
      const missing = needed.filter((name) => !present.has(name))
      if (missing.length > 0) {
        throw new Error(
          `domindex: database ${db} lacks the table(s) ${missing.join(', ')}; run exportToClickHouse (domindex export-clickhouse) first` +
            (missing.length < needed.length
              ? ' (an export written before updates existed must be written again)'
              : ''),
        )
      }
    } catch (error) {
      client.close()
      throw error
    }
    return new ClickHouseEngine(client, db, options)
  }

  /**
   * Forward WHOIS lookup (SPEC 4).
   *
   * @example
   * ```ts
   * await ch.whois({ domain: 'WWW.example.com.', apex_domain: true }) // the record of example.com, or null
   * ```
   */
  async whois(params: WhoisParams): Promise<WhoisRecord | null> {
    const domain = parseWhoisParams(params)
    return domain === null ? null : lookupWhois(this.#client, this.#db, domain)
  }

  /**
   * Reverse WHOIS search (SPEC 5).
   *
   * @example
   * ```ts
   * await ch.reverse({ phrase: 'acme holdings', slop: 1 }) // { page: 0, pages: 1, result_count: 3, results: [...] }
   * ```
   */
  async reverse(params: ReverseParams): Promise<Envelope<WhoisRecord>> {
    return searchReverse(this.#client, this.#db, parseReverseParams(params))
  }

  /**
   * Search of DNS MX observations (SPEC 6).
   *
   * @example
   * ```ts
   * await ch.mx({ nameserver: 'example-dns.net', most_recent: true }) // an envelope of observations
   * ```
   */
  mx(params: DnsParams & { readonly summarize?: undefined }): Promise<Envelope<Observation>>
  mx(params: DnsParams & { readonly summarize: string }): Promise<SummaryResponse>
  mx(params: DnsParams): Promise<Envelope<Observation> | SummaryResponse>
  async mx(params: DnsParams): Promise<Envelope<Observation> | SummaryResponse> {
    return searchDns(this.#client, this.#db, parseDnsParams('mx', params))
  }

  /**
   * Search of DNS TXT observations (SPEC 6).
   *
   * @example
   * ```ts
   * await ch.txt({ txt: 'google-site-verification', summarize: 'txt', summary_context: 'dns-txt' }) // { summary: {...} }
   * ```
   */
  txt(params: TxtParams & { readonly summarize?: undefined }): Promise<Envelope<Observation>>
  txt(params: TxtParams & { readonly summarize: string }): Promise<SummaryResponse>
  txt(params: TxtParams): Promise<Envelope<Observation> | SummaryResponse>
  async txt(params: TxtParams): Promise<Envelope<Observation> | SummaryResponse> {
    return searchDns(this.#client, this.#db, parseDnsParams('txt', params))
  }

  /**
   * What a domain shares with other domains (SPEC 14), as {@link Engine.pivots}: each count is the
   * `result_count` of the pivot's request on this server.
   *
   * @example
   * ```ts
   * await ch.pivots({ domain: 'example.com' }) // { domain: 'example.com', pivots: [...] }, or null
   * ```
   */
  async pivots(params: WhoisParams): Promise<PivotsResponse | null> {
    const domain = parseWhoisParams(params)
    if (domain === null) return null
    const latest = async (kind: 'mx' | 'txt'): Promise<Observation[]> => {
      const observations: Observation[] = []
      for (let page = 0; ; page++) {
        const query = parseDnsParams(kind, { host: domain, most_recent: true, page })
        const found = (await searchDns(this.#client, this.#db, query)) as Envelope<Observation>
        observations.push(...found.results)
        if (page + 1 >= found.pages) return observations
      }
    }
    const [record, mx, txt] = await Promise.all([
      lookupWhois(this.#client, this.#db, domain),
      latest('mx'),
      latest('txt'),
    ])
    if (record === null && mx.length === 0 && txt.length === 0) return null
    const candidates = pivotCandidates(record, mx, txt)
    const counts = await countEachAsync(candidates, async (route, p) => {
      const found =
        route === 'reverse'
          ? await searchReverse(this.#client, this.#db, parseReverseParams(p))
          : ((await searchDns(this.#client, this.#db, parseDnsParams(route, p))) as Envelope<Observation>)
      return found.result_count
    })
    return orderPivots(domain, candidates, counts)
  }

  /**
   * Spelling variants (SPEC 14), as {@link Engine.suggest}: the values are read from every live
   * row on the first query of a kind (and again after an update); each count is the
   * `result_count` of the value's request on this server.
   *
   * @example
   * ```ts
   * await ch.suggest({ kind: 'registrar', text: 'godady' }) // { kind: 'registrar', text: 'godady', suggestions: [...] }
   * ```
   */
  async suggest(params: SuggestParams): Promise<SuggestResponse> {
    const query = parseSuggestParams(params)
    const generation = await liveGeneration(this.#client, this.#db)
    let cached = this.#valueIndexes.get(query.kind)
    if (cached === undefined || cached.generation !== generation) {
      // Built on a worker thread: reading every live record holds a thread for seconds at 1M.
      const index = buildOnThread({
        source: 'clickhouse',
        url: this.#options.url,
        timeoutMs: this.#options.timeoutMs,
        database: this.#db,
        kind: query.kind,
      }).then((built) => {
        const index = built?.get(query.kind)?.index
        if (index === undefined)
          throw new Error(`domindex: the suggestion worker built no ${query.kind} index`)
        return index
      })
      cached = { generation, index }
      this.#valueIndexes.set(query.kind, cached)
      // A failed read is not kept: the next query reads again.
      const entry = cached
      index.catch(() => {
        if (this.#valueIndexes.get(query.kind) === entry) this.#valueIndexes.delete(query.kind)
      })
    }
    const candidates = suggestionCandidates(await cached.index, query)
    const counts = await countEachAsync(
      candidates,
      async (_route, p) => (await searchReverse(this.#client, this.#db, parseReverseParams(p))).result_count,
    )
    return orderSuggestions(query, candidates, counts)
  }

  /**
   * Queues a domain for WHOIS collection (SPEC 9), in this process.
   *
   * @example
   * ```ts
   * ch.prioritize({ domain: 'Example.ORG.' }) // { domain: 'example.org', queued: true, queued_at: '…', already_queued: false }
   * ```
   */
  prioritize(params: PrioritizeParams): PrioritizeResponse {
    return this.#queue.add(parsePrioritizeParams(params), this.#now())
  }

  /**
   * The prioritisation queue in queue order.
   *
   * @example
   * ```ts
   * ch.prioritized() // [{ domain: 'example.org', queued_at: '2024-05-01T10:00:00Z' }]
   * ```
   */
  prioritized(): PrioritizedDomain[] {
    return this.#queue.list()
  }

  /**
   * Answers an API request as the HTTP API would (SPEC 8); never throws. A failure of the
   * ClickHouse server is a 500 with its message.
   *
   * @param pathAndQuery - a path with its query string, or a full URL
   * @param options - headers and method
   * @example
   * ```ts
   * await ch.request('/v1/domain/reverse?phrase=acme&page=1') // { status: 200, body: { page: 1, ... } }
   * ```
   */
  request(pathAndQuery: string, options: RequestOptions = {}): Promise<ApiResponse> {
    return handleRequest(this, this.#tokens, pathAndQuery, options)
  }

  /**
   * A fetch-compatible function over {@link ClickHouseEngine.request}, bound to this engine.
   *
   * @example
   * ```ts
   * const res = await ch.fetch('https://any.host/v1/domain/mx?host=example.com')
   * await res.json() // { page: 0, pages: 1, result_count: 2, results: [...] }
   * ```
   */
  readonly fetch: FetchFunction = fetchOver((pathAndQuery, options) => this.request(pathAndQuery, options))

  /**
   * Every reverse-search result in result order, page after page.
   *
   * @example
   * ```ts
   * for await (const record of ch.reverseAll({ name: 'acme' })) console.log(record.query)
   * ```
   */
  reverseAll(params: AllParams<ReverseParams>): AsyncIterableIterator<WhoisRecord> {
    return iterateAll('reverseAll', params, (p) => this.reverse(p))
  }

  /**
   * Every MX search result in result order.
   *
   * @example
   * ```ts
   * for await (const observation of ch.mxAll({ nameserver: 'example-dns.net' })) console.log(observation.id)
   * ```
   */
  mxAll(params: AllParams<DnsParams>): AsyncIterableIterator<Observation> {
    return iterateAll('mxAll', params, (p) => this.mx(p))
  }

  /**
   * Every TXT search result in result order.
   *
   * @example
   * ```ts
   * for await (const observation of ch.txtAll({ txt: 'v=spf1' })) console.log(observation.id)
   * ```
   */
  txtAll(params: AllParams<TxtParams>): AsyncIterableIterator<Observation> {
    return iterateAll('txtAll', params, (p) => this.txt(p))
  }

  /** Closes the idle connections to the server. */
  close(): void {
    this.#client.close()
  }
}
