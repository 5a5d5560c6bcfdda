/**
 * The Engine facade: build an engine from snapshot files, then answer the API's queries in-process.
 * Query methods validate their parameters (one validator for methods and `request()`), then hand
 * the validated query to the index that answers it.
 */

import { checkTokens } from './api/auth.js'
import { type FetchFunction, fetchOver } from './api/fetch.js'
import { iterateResults } from './api/iterate-all.js'
import { handleRequest, type RequestOptions } from './api/request.js'
import type { ApiResponse } from './api/responses.js'
import type { ApiTarget } from './api/routes.js'
import { buildViews, indexProgress, updateViews } from './build/build-views.js'
import { loadOptions } from './build/engine-load-options.js'
import type {
  BuildOptions,
  EngineStats,
  OpenOptions,
  PreparedSuggestions,
  RemovalCounts,
  SaveOptions,
  SaveResult,
  UpdateOptions,
} from './engine-options.js'
import { SnapshotError } from './errors.js'
import type { LoadStats } from './ingest/load.js'
import { removalKeys } from './ingest/removal-keys.js'
import type { PivotsResponse } from './pivots/pivots.js'
import { SUGGEST_KINDS, type SuggestKind } from './pivots/suggest-kinds.js'
import type { SuggestResponse } from './pivots/suggestions.js'
import { parseDnsParams } from './query/dns-params.js'
import { parsePrioritizeParams } from './query/prioritize-params.js'
import { parseReverseParams } from './query/reverse-params.js'
import { parseSuggestParams, type SuggestParams } from './query/suggest-params.js'
import { parseWhoisParams } from './query/whois-params.js'
import { PrioritizationQueue, type PrioritizedDomain } from './queue/prioritization-queue.js'
import { writePrioritizedJsonl } from './queue/write-jsonl.js'
import { DnsSearch } from './segments/dns-search.js'
import { itemFieldsOf } from './segments/item-fields.js'
import { liveRecord } from './segments/live-docs.js'
import { mergeViews } from './segments/merge-segments.js'
import { pivotsOf } from './segments/pivot-search.js'
import { reversePage, reverseResults } from './segments/reverse-search.js'
import { savedSegments, viewsOf } from './segments/saved-segments.js'
import { freshView, liveCounts, type SegmentView } from './segments/segment.js'
import { SegmentSuggestions, type SuggestFileOrigin } from './segments/suggest-search.js'
import { fileIdentity } from './snapshot/file-identity.js'
import { readSnapshot } from './snapshot/read-snapshot.js'
import { type SnapshotOrigin, saveSnapshot } from './snapshot/save-snapshot.js'
import type { SnapshotContent } from './snapshot/snapshot-content.js'
import { Checklist } from './snapshot/verify/checklist.js'
import { cacheOptions } from './storage/cache-options.js'
import { cacheTotals, retained, type StoredFile } from './storage/stored-file.js'
import type {
  AllParams,
  DnsKind,
  DnsParams,
  Envelope,
  ItemField,
  Observation,
  PrioritizeParams,
  PrioritizeResponse,
  ReverseParams,
  Sources,
  SummaryResponse,
  TxtParams,
  WhoisParams,
  WhoisRecord,
} from './types.js'

// Module-level on purpose: a default clock written as an arrow inside `build` would share that
// function's closure context and keep every loaded record object alive for the engine's lifetime
// (measured: +2.1 KB of heap a record at 10k records).
function systemClock(): Date {
  return new Date()
}

interface Parts {
  views: readonly SegmentView[]
  load: LoadStats
  removed: RemovalCounts
  buildMs: number
  tokens: readonly string[]
  now: () => Date
  queue: PrioritizationQueue
  /**
   * The snapshot file this engine's data was read from (or last saved to, over that file), as it
   * was then; each engine updated or compacted from it starts with a copy. A save over that file
   * refuses when it has changed since: another writer (or a sibling engine) replaced it.
   */
  origin: SnapshotOrigin
  /** The snapshot files the views read sections from, each holding a reference for this engine. */
  files: readonly StoredFile[]
  /** The snapshot whose content the views hold, where value indexes are kept (opened engines). */
  suggestOrigin?: SuggestFileOrigin | undefined
  /** Set by `close()`. */
  closed: boolean
}

const NO_REMOVALS: RemovalCounts = { whois: 0, observations: 0, notHeld: 0 }

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
  readonly #mx: DnsSearch
  readonly #txt: DnsSearch
  readonly #suggestions: SegmentSuggestions

  // What request() answers through: the query methods (each validates its parameters, so the
  // casts only name them), a kind prepared before its first suggest.
  readonly #api: ApiTarget = {
    whois: (params) => this.whois(params as WhoisParams),
    reverse: (params) => this.reverse(params),
    mx: (params) => this.mx(params),
    txt: (params) => this.txt(params),
    prioritize: (params) => this.prioritize(params as PrioritizeParams),
    pivots: (params) => this.pivots(params as WhoisParams),
    suggest: async (params) => {
      this.#live()
      await this.#suggestions.prepare([parseSuggestParams(params as SuggestParams).kind])
      return this.suggest(params as SuggestParams)
    },
  }

  private constructor(parts: Parts) {
    this.#parts = parts
    this.#mx = DnsSearch.of(parts.views, 'mx')
    this.#txt = DnsSearch.of(parts.views, 'txt')
    this.#suggestions = new SegmentSuggestions(parts.views, parts.suggestOrigin)
  }

  /**
   * Streams the sources, normalises and indexes them, parsing on worker threads when the inputs
   * are large (see `workers`), within `memoryBudget` (SPEC 16): past it each part of the input is
   * written as a segment to the snapshot at `path` (or a temporary file) and read back from it.
   *
   * @param sources - WHOIS files and DNS observation files (`.jsonl`, `.ndjson`, `.gz`, JSON arrays, saved envelopes)
   * @param options - strict mode, progress callback, tokens, `memoryBudget` and `path`
   * @throws TypeError naming `memoryBudget` when it is not a whole number of bytes, or `fields`
   *   for an entry that is not a pair of field paths; SnapshotError
   *   for a bad record in strict mode, an unreadable input, or a snapshot that cannot be written
   * @example
   * ```ts
   * const engine = await Engine.build({ whois: ['whois.jsonl'] }, { path: 'corpus.dmx', memoryBudget: 512 << 20 })
   * engine.stats().segments // one a part of the input
   * ```
   */
  static async build(sources: Sources, options: BuildOptions = {}): Promise<Engine> {
    const tokens = checkTokens(options.tokens)
    const started = performance.now()
    const progress = indexProgress(options.onProgress)
    const built = await buildViews(sources, { ...loadOptions(options, progress), path: options.path })
    const engine = new Engine({
      views: built.views,
      load: built.load,
      removed: NO_REMOVALS,
      buildMs: performance.now() - started,
      tokens: tokens ?? [],
      now: options.now ?? systemClock,
      queue: new PrioritizationQueue(),
      origin: built.origin,
      files: built.file === undefined ? [] : [built.file],
      closed: false,
    })
    progress.done()
    return engine
  }

  /**
   * Opens a snapshot written by {@link Engine.save}, far faster than building from the inputs.
   *
   * @param path - the snapshot file
   * @param options - tokens and clock, as for a build (they are not saved), and `verify`
   * @throws SnapshotError `unreadable_file`, `corrupt_snapshot` (truncated, damaged; with `verify`,
   *   a broken invariant, naming its section) or `incompatible_snapshot` (another file type or
   *   format version), naming the file
   * @example
   * ```ts
   * const engine = await Engine.open('corpus.dmx')
   * engine.whois({ domain: 'example.com' }) // the same answer as before the save
   * ```
   */
  static async open(path: string, options: OpenOptions = {}): Promise<Engine> {
    const tokens = checkTokens(options.tokens) ?? []
    const checks = options.verify === true ? new Checklist() : undefined
    // Taken before reading: a save that replaces the file meanwhile then shows as a change.
    const identity = await fileIdentity(path)
    return readSnapshot(
      path,
      (content, file, fingerprint) =>
        new Engine({
          views: viewsOf(content.segments),
          load: content.load,
          removed: content.removed,
          buildMs: content.buildMs,
          tokens,
          now: options.now ?? systemClock,
          queue: PrioritizationQueue.from(content.queue),
          origin: { identity },
          files: file === undefined ? [] : [file],
          suggestOrigin: { path, fingerprint },
          closed: false,
        }),
      { cache: cacheOptions(options.cacheBytes), checks, onProgress: options.onProgress },
    )
  }

  /**
   * A new engine with the sources added and the keys removed (SPEC 12): its answers are those of
   * a build over this engine's inputs less the removed keys, followed by the new sources. Only the
   * new sources are read and indexed, into a new segment; what they replace and what is removed
   * is marked deleted in the older segments, which are shared, not copied. This engine is not
   * changed and keeps answering as before. The merge policy may merge small segments
   * (segments/merge-policy.ts).
   *
   * @param sources - new WHOIS and DNS files, as for a build (may be empty)
   * @param options - keys to remove first, strictness, progress, workers, and new `tokens`
   * @throws QueryError `invalid_parameter` (param `remove.whois` or `remove.dns`) for a removal
   *   key that is not a host name or not a string; SnapshotError as a build throws
   * @example
   * ```ts
   * const next = await engine.update({ whois: ['delta.jsonl'] }, { remove: { whois: ['dropped.example'] } })
   * next.stats().segments // 2
   * ```
   */
  async update(sources: Sources, options: UpdateOptions = {}): Promise<Engine> {
    this.#live()
    const started = performance.now()
    const removals = removalKeys(options.remove)
    const tokens = checkTokens(options.tokens)
    const old = this.#parts
    const progress = indexProgress(options.onProgress)
    const next = await updateViews(
      { views: old.views, load: old.load, near: old.origin.identity?.path },
      removals,
      sources,
      loadOptions(options, progress),
    )
    const files = retained(old.files)
    const engine = new Engine({
      views: next.views,
      load: next.load,
      removed: {
        whois: old.removed.whois + next.counts.whoisRemoved,
        observations: old.removed.observations + next.counts.observationsRemoved,
        notHeld: old.removed.notHeld + next.counts.notHeld,
      },
      buildMs: old.buildMs + (performance.now() - started),
      tokens: tokens ?? old.tokens,
      now: old.now,
      queue: PrioritizationQueue.from(old.queue.list()),
      origin: { ...old.origin },
      files: next.file === undefined ? files : [...files, next.file],
      closed: false,
    })
    progress.done()
    return engine
  }

  /**
   * A new engine with every segment merged into one, replaced and removed records dropped and
   * their space reclaimed; its answers are this engine's. This engine is not changed.
   *
   * @example
   * ```ts
   * const compacted = await engine.compact()
   * compacted.stats().segments // 1
   * ```
   */
  async compact(): Promise<Engine> {
    this.#live()
    const p = this.#parts
    const only = p.views[0]
    const clean =
      p.views.length === 1 &&
      only !== undefined &&
      only.deleted.whois.count + only.deleted.mx.count + only.deleted.txt.count === 0
    // A merge copies every live record into a segment in memory: the files are no longer read.
    const views = clean ? p.views : [freshView(mergeViews(p.views))]
    return new Engine({
      ...p,
      views,
      queue: PrioritizationQueue.from(p.queue.list()),
      origin: { ...p.origin },
      files: clean ? retained(p.files) : [],
      closed: false,
    })
  }

  /**
   * Writes the engine to one snapshot file (SPEC 10), atomically: a failed save leaves no partial
   * file, and a previous file at `path` is replaced only by a complete one. One writer at a time:
   * the save holds the snapshot's write lock (`<path>.lock`), waiting for another process's
   * `update`, `compact` or `save` to finish; saving over the file this engine was opened (or
   * updated) from refuses when another writer replaced that file since, instead of dropping
   * what it wrote.
   *
   * @param path - the snapshot file to write
   * @param options - `onProgress`, told the bytes written; `lockWaitMs`, the longest wait for the lock
   * @throws SnapshotError `unreadable_file` naming the file when it cannot be written, `locked`
   *   naming the holder when `lockWaitMs` runs out, `snapshot_changed` when another writer saved
   *   over the file this engine was read from
   * @example
   * ```ts
   * await engine.save('corpus.dmx')
   * ```
   */
  async save(path: string, options: SaveOptions = {}): Promise<SaveResult> {
    this.#live()
    const p = this.#parts
    const content: SnapshotContent = {
      segments: savedSegments(p.views),
      load: p.load,
      removed: p.removed,
      queue: p.queue.list(),
      buildMs: p.buildMs,
    }
    const written = await saveSnapshot(path, content, p.origin, {
      onProgress: options.onProgress,
      lockWaitMs: options.lockWaitMs,
      lock: options.lock,
    })
    return { inPlace: written.appended, bytesWritten: written.bytesWritten, fileBytes: written.fileBytes }
  }

  /**
   * Forward WHOIS lookup (SPEC 4).
   *
   * @example
   * ```ts
   * engine.whois({ domain: 'WWW.example.com.', apex_domain: true }) // { query: 'example.com', domain: {...}, ... } or null
   * ```
   */
  whois(params: WhoisParams): WhoisRecord | null {
    this.#live()
    const domain = parseWhoisParams(params)
    if (domain === null) return null
    return liveRecord(this.#parts.views, domain) ?? null
  }

  /**
   * What a domain shares with other domains (SPEC 14, an API extension): every email,
   * organization, phone, street, registrar and nameserver of its record and every MX host and TXT
   * value of its latest observations, each with the `count` of results of the `request` that
   * lists what shares it, rarest first.
   *
   * @param params - `{ domain, apex_domain? }`, as {@link Engine.whois}
   * @returns the pivots, or null when the engine holds neither a record nor an observation of it
   * @example
   * ```ts
   * engine.pivots({ domain: 'example.com' })
   * // { domain: 'example.com', pivots: [{ kind: 'email', value: 'jo@example.com', count: 1, request: '/v1/domain/reverse?email=jo%40example.com' }, …] }
   * ```
   */
  pivots(params: WhoisParams): PivotsResponse | null {
    this.#live()
    const domain = parseWhoisParams(params)
    if (domain === null) return null
    const record = this.whois({ domain })
    return pivotsOf(this.#parts.views, { mx: this.#mx, txt: this.#txt }, domain, record)
  }

  /**
   * Spelling variants (SPEC 14, an API extension): the held values of a kind (`email`,
   * `organization`, `street`, `registrar`, `nameserver`) that match `text` as word prefixes or
   * with a small typo, each with the `count` and `request` of its pivot, most held first. The
   * first query of a kind reads its index from beside the snapshot the engine was opened from or
   * builds it from every live record, on this thread ({@link Engine.prepareSuggestions} does it
   * without holding the event loop, as `request()` does).
   *
   * @param params - `{ kind, text, limit? }`, limit 1…100, default 10
   * @example
   * ```ts
   * engine.suggest({ kind: 'organization', text: 'acme hold' })
   * // { kind: 'organization', text: 'acme hold', suggestions: [{ value: 'Acme Holdings', count: 2, request: '/v1/domain/reverse?name=Acme%20Holdings' }, …] }
   * ```
   */
  suggest(params: SuggestParams): SuggestResponse {
    this.#live()
    return this.#suggestions.suggest(parseSuggestParams(params))
  }

  /**
   * Makes the value indexes of spelling variants ready (all five kinds by default) without
   * holding the event loop for long: an engine opened from a snapshot reads each from beside it
   * (`<snapshot>.suggest/<kind>`) or builds those missing on a worker thread, together in one
   * pass over the records, and writes them there for the next process; any other engine reads
   * its records in short slices. `ms` is each kind's time from the call.
   * `request()` prepares a kind before answering its first `/v1/domain/suggest`.
   *
   * @param kinds - the kinds to prepare
   * @throws QueryError `invalid_parameter` (param `kind`) for a kind that has no spelling variants
   * @example
   * ```ts
   * await engine.prepareSuggestions(['email']) // [{ kind: 'email', from: 'built', values: 912345, ms: 8123, saved: 'corpus.dmx.suggest/email' }]
   * ```
   */
  async prepareSuggestions(kinds: readonly SuggestKind[] = SUGGEST_KINDS): Promise<PreparedSuggestions[]> {
    this.#live()
    const checked = kinds.map((kind) => parseSuggestParams({ kind, text: 'x' }).kind)
    return this.#suggestions.prepare([...new Set(checked)])
  }

  /**
   * Reverse WHOIS search (SPEC 5).
   *
   * @example
   * ```ts
   * engine.reverse({ phrase: 'acme holdings', slop: 1 }) // { page: 0, pages: 1, result_count: 3, results: [...] }
   * ```
   */
  reverse(params: ReverseParams): Envelope<WhoisRecord> {
    this.#live()
    return reversePage(this.#parts.views, parseReverseParams(params))
  }

  /**
   * Search of DNS MX observations (SPEC 6).
   *
   * @example
   * ```ts
   * engine.mx({ nameserver: 'example-dns.net', most_recent: true }) // an envelope of observations
   * engine.mx({ summarize: 'host', summary_context: 'dns-mx' })     // { summary: {...} }
   * ```
   */
  mx(params: DnsParams & { readonly summarize?: undefined }): Envelope<Observation>
  mx(params: DnsParams & { readonly summarize: string }): SummaryResponse
  mx(params: DnsParams): Envelope<Observation> | SummaryResponse
  mx(params: DnsParams): Envelope<Observation> | SummaryResponse {
    this.#live()
    return this.#mx.search(parseDnsParams('mx', params))
  }

  /**
   * Search of DNS TXT observations (SPEC 6).
   *
   * @example
   * ```ts
   * engine.txt({ txt: 'google-site-verification', summarize: 'txt', summary_context: 'dns-txt' }) // { summary: {...} }
   * ```
   */
  txt(params: TxtParams & { readonly summarize?: undefined }): Envelope<Observation>
  txt(params: TxtParams & { readonly summarize: string }): SummaryResponse
  txt(params: TxtParams): Envelope<Observation> | SummaryResponse
  txt(params: TxtParams): Envelope<Observation> | SummaryResponse {
    this.#live()
    return this.#txt.search(parseDnsParams('txt', params))
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
  prioritize(params: PrioritizeParams): PrioritizeResponse {
    this.#live()
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
    this.#live()
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
    this.#live()
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
    this.#live()
    return handleRequest(this.#api, this.#parts.tokens, pathAndQuery, options)
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
  reverseAll(params: AllParams<ReverseParams>): AsyncIterableIterator<WhoisRecord> {
    this.#live()
    const views = this.#parts.views
    return iterateResults('reverseAll', params, (p) => reverseResults(views, parseReverseParams(p)))
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
  mxAll(params: AllParams<DnsParams>): AsyncIterableIterator<Observation> {
    this.#live()
    return iterateResults('mxAll', params, (p) => this.#mx.results(parseDnsParams('mx', p)))
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
  txtAll(params: AllParams<TxtParams>): AsyncIterableIterator<Observation> {
    this.#live()
    return iterateResults('txtAll', params, (p) => this.#txt.results(parseDnsParams('txt', p)))
  }

  /**
   * The distinct contexts and types of the items of one kind's observations, sorted: what a
   * `filter` or `expression` term can name (a term naming neither matches nothing).
   *
   * @param kind - `mx` or `txt`
   * @example
   * ```ts
   * engine.itemFields('mx') // [{ context: '', type: 'host' }, { context: 'dns-mx', type: 'host' }, { context: 'dns-mx', type: 'mx-preference' }, ...]
   * ```
   */
  itemFields(kind: DnsKind): ItemField[] {
    this.#live()
    return itemFieldsOf(this.#parts.views, kind)
  }

  /** Counts, rejects, memory and build time. */
  stats(): EngineStats {
    this.#live()
    const { rss, heapUsed, external, arrayBuffers } = process.memoryUsage()
    const p = this.#parts
    const counts = { whois: 0, mx: 0, txt: 0 }
    for (const view of p.views) {
      const live = liveCounts(view)
      counts.whois += live.whois
      counts.mx += live.mx
      counts.txt += live.txt
    }
    const cache = cacheTotals(p.files)
    return {
      // A copy: rejects and sources are the engine's own and go into every later save.
      ...structuredClone(p.load),
      // Snapshots written before raw DNS records were read have no count of them.
      dnsSkipped: p.load.dnsSkipped ?? 0,
      counts,
      buildMs: p.buildMs,
      segments: p.views.length,
      removed: { ...p.removed },
      memory: { rss, heapUsed, external, arrayBuffers, cache },
    }
  }

  /**
   * Releases the snapshot file this engine reads (SPEC 16): its descriptor is closed and its
   * cached blocks dropped once no engine updated from it still reads it. A later call of any
   * method throws. Closing twice does nothing.
   *
   * @example
   * ```ts
   * const engine = await Engine.open('corpus.dmx')
   * await engine.close()
   * engine.whois({ domain: 'example.com' }) // SnapshotError closed
   * ```
   */
  async close(): Promise<void> {
    const p = this.#parts
    if (p.closed) return
    p.closed = true
    for (const file of p.files) file.release()
  }

  #live(): void {
    if (this.#parts.closed) {
      throw new SnapshotError('closed', 'this engine was closed: open the snapshot again to use it')
    }
  }
}
