/**
 * The Engine facade: build an engine from snapshot files, then answer the API's queries in-process.
 * Query methods validate their parameters (one validator for methods and `request()`), then hand
 * the validated query to the index that answers it.
 */

import { type FetchFunction, fetchOver } from './api/fetch.js'
import { iterateAll } from './api/iterate-all.js'
import { handleRequest, type RequestOptions } from './api/request.js'
import type { ApiResponse } from './api/responses.js'
import { buildParts } from './build/build-parts.js'
import { envelope } from './collect/page.js'
import { DnsIndex } from './indexes/dns/dns-index.js'
import { RecordStore } from './indexes/record-store.js'
import { ReverseIndex } from './indexes/reverse/reverse-index.js'
import type { LoadStats } from './ingest/load.js'
import { parseDnsParams } from './query/dns-params.js'
import { parsePrioritizeParams } from './query/prioritize-params.js'
import { parseReverseParams } from './query/reverse-params.js'
import { parseWhoisParams } from './query/whois-params.js'
import { PrioritizationQueue, type PrioritizedDomain } from './queue/prioritization-queue.js'
import { writePrioritizedJsonl } from './queue/write-jsonl.js'
import { readSnapshot } from './snapshot/read-snapshot.js'
import type { SnapshotContent } from './snapshot/snapshot-content.js'
import { writeSnapshot } from './snapshot/write-snapshot.js'
import type {
  Envelope,
  Observation,
  Params,
  PrioritizeResponse,
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
  /** The clock `prioritize()` stamps `queued_at` with. Default: the system clock. */
  now?: () => Date
  /**
   * Worker threads that read and parse the inputs while the calling thread merges; 0 parses in the
   * calling thread. Default: the machine's cores (`os.availableParallelism()`) when the inputs
   * total 64 MiB or more, else 0. Any number gives the same engine, byte for byte.
   */
  workers?: number
  /**
   * @internal Size of the byte ranges large JSON Lines files are cut into for the workers.
   * Default 16 MiB; tests set it tiny to exercise ranges on small files.
   */
  rangeBytes?: number
}

/** Options of {@link Engine.open}: those of a build that do not concern loading. */
export type OpenOptions = Pick<BuildOptions, 'tokens' | 'now'>

/** What `engine.stats()` reports. */
export interface EngineStats extends LoadStats {
  /** Records held by kind. */
  counts: { whois: number; mx: number; txt: number }
  /** Milliseconds the build took. */
  buildMs: number
  /** Resident memory of the process, in bytes, when the stats were taken. */
  memory: { rss: number; heapUsed: number; external: number; arrayBuffers: number }
}

// Module-level on purpose: a default clock written as an arrow inside `build` would share that
// function's closure context and keep every loaded record object alive for the engine's lifetime
// (measured: +2.1 KB of heap a record at 10k records).
function systemClock(): Date {
  return new Date()
}

interface Parts {
  store: RecordStore
  reverse: ReverseIndex
  mx: DnsIndex
  txt: DnsIndex
  load: LoadStats
  buildMs: number
  tokens: readonly string[]
  now: () => Date
  queue: PrioritizationQueue
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
   * Streams the sources, normalises and indexes them, parsing on worker threads when the inputs
   * are large (see `workers`).
   *
   * @param sources - WHOIS files and DNS observation files (`.jsonl`, `.ndjson`, `.gz`, JSON arrays, saved envelopes)
   * @param options - strict mode, progress callback, tokens
   */
  static async build(sources: Sources, options: BuildOptions = {}): Promise<Engine> {
    const started = performance.now()
    const report = options.onProgress
    let last: Progress | undefined
    // The loader's `done` means reading is over; to the caller it is the start of indexing, and
    // `done` comes once the engine is ready.
    const onProgress = (progress: Progress): void => {
      last = progress
      report?.(progress.phase === 'done' ? { ...progress, phase: 'index' } : progress)
    }
    const built = await buildParts(sources, {
      strict: options.strict === true,
      onProgress,
      workers: options.workers,
      rangeBytes: options.rangeBytes,
    })
    const parts: Parts = {
      ...built,
      buildMs: 0,
      tokens: options.tokens ?? [],
      now: options.now ?? systemClock,
      queue: new PrioritizationQueue(),
    }
    parts.buildMs = performance.now() - started
    if (report !== undefined && last !== undefined) report({ ...last, phase: 'done' })
    return new Engine(parts)
  }

  /**
   * Opens a snapshot written by {@link Engine.save}, far faster than building from the inputs.
   *
   * @param path - the snapshot file
   * @param options - tokens and clock, as for a build (they are not saved)
   * @throws SnapshotError `unreadable_file`, `corrupt_snapshot` (truncated, damaged) or
   *   `incompatible_snapshot` (another file type or format version), naming the file
   * @example
   * ```ts
   * const engine = await Engine.open('corpus.dmx')
   * engine.whois({ domain: 'example.com' }) // the same answer as before the save
   * ```
   */
  static open(path: string, options: OpenOptions = {}): Promise<Engine> {
    return readSnapshot(
      path,
      (content) =>
        new Engine({
          store: new RecordStore(content.store),
          reverse: new ReverseIndex(content.reverse),
          mx: new DnsIndex(content.mx),
          txt: new DnsIndex(content.txt),
          load: content.load,
          buildMs: content.buildMs,
          tokens: options.tokens ?? [],
          now: options.now ?? systemClock,
          queue: PrioritizationQueue.from(content.queue),
        }),
    )
  }

  /**
   * Writes the engine to one snapshot file (SPEC 10), atomically: a failed save leaves no partial
   * file, and a previous file at `path` is replaced only by a complete one.
   *
   * @param path - the snapshot file to write
   * @throws SnapshotError `unreadable_file` naming the file when it cannot be written
   * @example
   * ```ts
   * await engine.save('corpus.dmx')
   * ```
   */
  save(path: string): Promise<void> {
    const p = this.#parts
    const content: SnapshotContent = {
      store: p.store.state,
      reverse: p.reverse.state,
      mx: p.mx.state,
      txt: p.txt.state,
      load: p.load,
      queue: p.queue.list(),
      buildMs: p.buildMs,
    }
    return writeSnapshot(path, content)
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

  /**
   * Queues a domain for WHOIS collection (SPEC 9); asking again for a queued domain keeps its place.
   *
   * @param params - `{ domain }`, normalised like a host
   * @example
   * ```ts
   * engine.prioritize({ domain: 'Example.ORG.' })
   * // { domain: 'example.org', queued: true, queued_at: '2024-05-01T10:00:00Z', already_queued: false }
   * ```
   */
  prioritize(params: Params): PrioritizeResponse {
    return this.#parts.queue.add(parsePrioritizeParams(params), this.#parts.now())
  }

  /**
   * The prioritisation queue in queue order.
   *
   * @example
   * ```ts
   * engine.prioritized() // [{ domain: 'example.org', queued_at: '2024-05-01T10:00:00Z' }]
   * ```
   */
  prioritized(): PrioritizedDomain[] {
    return this.#parts.queue.list()
  }

  /**
   * Writes the prioritisation queue as JSON Lines for a collector, atomically.
   *
   * @param path - the file to write
   * @returns the number of domains written
   * @example
   * ```ts
   * await engine.exportPrioritized('queue.jsonl') // 1; line: {"domain":"example.org","queued_at":"2024-05-01T10:00:00Z"}
   * ```
   */
  exportPrioritized(path: string): Promise<number> {
    return writePrioritizedJsonl(path, this.#parts.queue.list())
  }

  /**
   * Answers an API request as the HTTP API would (SPEC 8); never throws.
   *
   * @param pathAndQuery - a path with its query string, or a full URL (only path and query count)
   * @param options - headers (`Authorization: Bearer <token>` when the engine has tokens) and method
   * @example
   * ```ts
   * await engine.request('/v1/domain/reverse?phrase=acme&page=1') // { status: 200, body: { page: 1, ... } }
   * await engine.request('/v1/domain/reverse?slop=x')            // { status: 400, body: { error: { code: 'invalid_parameter', param: 'slop', ... } } }
   * ```
   */
  request(pathAndQuery: string, options: RequestOptions = {}): Promise<ApiResponse> {
    return handleRequest(this, this.#parts.tokens, pathAndQuery, options)
  }

  /**
   * A fetch-compatible function over {@link Engine.request}, bound to this engine.
   *
   * @example
   * ```ts
   * const f = engine.fetch
   * const res = await f('https://any.host/v1/domain/mx?host=example.com', { headers: { authorization: 'Bearer t' } })
   * await res.json() // { page: 0, pages: 1, result_count: 2, results: [...] }
   * ```
   */
  readonly fetch: FetchFunction = fetchOver((pathAndQuery, options) => this.request(pathAndQuery, options))

  /**
   * Every reverse-search result in result order, page after page; parameters are validated at the call.
   *
   * @param params - as {@link Engine.reverse}, without `page`
   * @example
   * ```ts
   * for await (const record of engine.reverseAll({ name: 'acme' })) console.log(record.query)
   * ```
   */
  reverseAll(params: Params): AsyncIterableIterator<WhoisRecord> {
    return iterateAll('reverseAll', params, (p) => this.reverse(p))
  }

  /**
   * Every MX search result in result order; parameters are validated at the call.
   *
   * @param params - as {@link Engine.mx}, without `page` or `summarize`
   * @example
   * ```ts
   * for await (const observation of engine.mxAll({ nameserver: 'example-dns.net' })) console.log(observation.id)
   * ```
   */
  mxAll(params: Params): AsyncIterableIterator<Observation> {
    return iterateAll('mxAll', params, (p) => this.mx(p))
  }

  /**
   * Every TXT search result in result order; parameters are validated at the call.
   *
   * @param params - as {@link Engine.txt}, without `page` or `summarize`
   * @example
   * ```ts
   * for await (const observation of engine.txtAll({ txt: 'v=spf1' })) console.log(observation.id)
   * ```
   */
  txtAll(params: Params): AsyncIterableIterator<Observation> {
    return iterateAll('txtAll', params, (p) => this.txt(p))
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
