/**
 * Spelling variants over the segments of an engine (SPEC 14). Each kind's value index is made
 * once for the engine's life (an engine never changes; `update()` and `compact()` make a new one):
 *   - read from beside the snapshot the engine was opened from, when a file there holds it for
 *     this very content (snapshot/suggest-file.ts);
 *   - else built from the values of the live records of every view, and then written beside the
 *     snapshot for the next process.
 * `prepare()` does it without holding the event loop for long: an engine opened from a snapshot
 * builds it on a worker thread that reads the same snapshot (suggest-worker.ts); any other engine
 * reads its records in slices of a few milliseconds between which other work runs (a server's
 * other clients), then sorts and numbers the values at once. `suggest()` is synchronous: a kind
 * not prepared yet is read or built on the spot.
 * Each candidate is counted from its request's match sets, as pivots are, so a count is its
 * request's result_count.
 */

import { setImmediate } from 'node:timers/promises'
import type { PreparedSuggestions } from '../engine-options.js'
import { countEach } from '../pivots/count-candidates.js'
import type { SuggestKind } from '../pivots/suggest-kinds.js'
import { orderSuggestions, type SuggestResponse, suggestionCandidates } from '../pivots/suggestions.js'
import type { ValueIndex } from '../pivots/value-index.js'
import { buildValueIndex, valueIndexSteps } from '../pivots/value-index-build.js'
import { ValueSpellings } from '../pivots/value-spellings.js'
import { parseReverseParams } from '../query/reverse-params.js'
import type { SuggestQuery } from '../query/suggest-params.js'
import { loadSuggestFile, readSuggestFile, type SuggestFileRead } from '../snapshot/suggest-file.js'
import type { WhoisRecord } from '../types.js'
import { liveIds } from './live-docs.js'
import { reverseResults } from './reverse-search.js'
import type { SegmentView } from './segment.js'
import { buildOnThread } from './suggest-thread.js'

/** The snapshot an engine's content was read from, where its value indexes are kept. */
export interface SuggestFileOrigin {
  /** The snapshot's path. */
  readonly path: string
  /** The content's fingerprint (snapshot/read-snapshot.ts). */
  readonly fingerprint: string
}

// A slice of record reading between two turns of the event loop.
const SLICE_MS = 8

/** The value indexes of an engine's views, one a kind. */
export class SegmentSuggestions {
  readonly #views: readonly SegmentView[]
  readonly #origin: SuggestFileOrigin | undefined
  readonly #indexes = new Map<SuggestKind, ValueIndex>()
  readonly #pending = new Map<SuggestKind, Promise<PreparedSuggestions>>()

  /**
   * @param views - the engine's segment views
   * @param origin - the snapshot the views were read from, unchanged, if any
   */
  constructor(views: readonly SegmentView[], origin?: SuggestFileOrigin) {
    this.#views = views
    this.#origin = origin
  }

  /**
   * The spelling variants of a validated query.
   *
   * @example
   * ```ts
   * suggestions.suggest({ kind: 'organization', text: 'acme hold', limit: 10 })
   * // { kind: 'organization', text: 'acme hold', suggestions: [{ value: 'Acme Holdings', count: 2, request: '/v1/domain/reverse?name=Acme%20Holdings' }, …] }
   * ```
   */
  suggest(query: SuggestQuery): SuggestResponse {
    const views = this.#views
    const candidates = suggestionCandidates(this.index(query.kind), query)
    const counts = countEach(
      candidates,
      (_route, params) => reverseResults(views, parseReverseParams(params)).count,
    )
    return orderSuggestions(query, candidates, counts)
  }

  /**
   * The value index of a kind, read or built now (on this thread) if it is not ready.
   *
   * @example
   * ```ts
   * suggestions.index('registrar').size // 212
   * ```
   */
  index(kind: SuggestKind): ValueIndex {
    const index =
      this.#indexes.get(kind) ??
      this.#readFile(kind).index ??
      (indexesOf(liveRecords(this.#views), [kind]).get(kind) as ValueIndex)
    this.#indexes.set(kind, index)
    return index
  }

  /**
   * Makes the value indexes of kinds ready without holding the event loop for long (see above),
   * the kinds to build built together in one pass over the records, and writes each beside the
   * snapshot when the engine was opened from one. A kind already being prepared shares that
   * preparation.
   *
   * @param kinds - the kinds, each once
   * @example
   * ```ts
   * await suggestions.prepare(['email']) // [{ kind: 'email', from: 'built', values: 912345, ms: 8123, saved: 'corpus.dmx.suggest/email' }]
   * ```
   */
  prepare(kinds: readonly SuggestKind[]): Promise<PreparedSuggestions[]> {
    const fresh = kinds.filter((kind) => !this.#indexes.has(kind) && !this.#pending.has(kind))
    if (fresh.length > 0) {
      const batch = this.#prepareAll(fresh)
      for (const kind of fresh) {
        const one = batch.then((all) => all.get(kind) as PreparedSuggestions)
        this.#pending.set(kind, one)
        void one.finally(() => this.#pending.delete(kind)).catch(() => undefined)
      }
    }
    return Promise.all(
      kinds.map((kind) => {
        const ready = this.#indexes.get(kind)
        if (ready !== undefined && !fresh.includes(kind)) {
          return { kind, from: 'memory', values: ready.size, ms: 0 } as const
        }
        return this.#pending.get(kind) as Promise<PreparedSuggestions>
      }),
    )
  }

  async #prepareAll(kinds: readonly SuggestKind[]): Promise<Map<SuggestKind, PreparedSuggestions>> {
    const started = performance.now()
    const ms = (): number => performance.now() - started
    const done = new Map<SuggestKind, PreparedSuggestions>()
    const notes = new Map<SuggestKind, string[]>(kinds.map((kind) => [kind, []]))
    for (const kind of kinds) {
      const read = await this.#loadFile(kind)
      if (read.index !== undefined) {
        this.#indexes.set(kind, read.index)
        done.set(kind, { kind, from: 'file', values: read.index.size, ms: ms() })
      } else if (read.note !== undefined) notes.get(kind)?.push(read.note)
    }
    const missing = kinds.filter((kind) => !done.has(kind))
    if (missing.length === 0) return done
    if (this.#origin !== undefined) {
      const built = await buildOnThread({ source: 'snapshot', ...this.#origin, kinds: missing }).catch(
        (error: unknown) => {
          const reason = `built on this thread: ${error instanceof Error ? error.message : String(error)}`
          for (const kind of missing) notes.get(kind)?.push(reason)
          return null
        },
      )
      if (built !== null) {
        for (const [kind, { index, saved, note }] of built) {
          this.#indexes.set(kind, index)
          if (note !== undefined) notes.get(kind)?.push(note)
          done.set(kind, prepared(kind, index, ms(), notes.get(kind) ?? [], saved))
        }
        return done
      }
    }
    const spellings = new Map(missing.map((kind) => [kind, new ValueSpellings(kind)]))
    let slice = performance.now()
    for (const record of liveRecords(this.#views)) {
      for (const gathered of spellings.values()) gathered.add(record)
      if (performance.now() - slice > SLICE_MS) {
        await setImmediate()
        slice = performance.now()
      }
    }
    for (const [kind, gathered] of spellings) {
      const steps = valueIndexSteps(gathered.entries())
      let step = steps.next()
      for (; step.done !== true; step = steps.next()) await setImmediate()
      this.#indexes.set(kind, step.value)
      done.set(kind, prepared(kind, step.value, ms(), notes.get(kind) ?? []))
    }
    return done
  }

  // The index kept beside the snapshot, or why there is none to use: read now, or without
  // holding the event loop.
  #readFile(kind: SuggestKind): { index?: ValueIndex; note?: string } {
    if (this.#origin === undefined) return {}
    const { path, fingerprint } = this.#origin
    return usable(readSuggestFile(path, fingerprint, kind))
  }

  async #loadFile(kind: SuggestKind): Promise<{ index?: ValueIndex; note?: string }> {
    if (this.#origin === undefined) return {}
    const { path, fingerprint } = this.#origin
    return usable(await loadSuggestFile(path, fingerprint, kind))
  }
}

/**
 * The value indexes of kinds over records, built in one pass.
 *
 * @param records - the live records
 * @param kinds - the kinds to index
 * @example
 * ```ts
 * indexesOf(liveRecords(views), ['email', 'registrar']).get('email')?.size // 912345
 * ```
 */
export function indexesOf(
  records: Iterable<WhoisRecord>,
  kinds: readonly SuggestKind[],
): Map<SuggestKind, ValueIndex> {
  const spellings = new Map(kinds.map((kind) => [kind, new ValueSpellings(kind)]))
  for (const record of records) for (const gathered of spellings.values()) gathered.add(record)
  return new Map([...spellings].map(([kind, gathered]) => [kind, buildValueIndex(gathered.entries())]))
}

/**
 * Every live record of the views, each decoded once.
 *
 * @param views - segment views
 * @example
 * ```ts
 * for (const record of liveRecords(views)) console.log(record.query)
 * ```
 */
export function* liveRecords(views: readonly SegmentView[]): Generator<WhoisRecord> {
  for (const { segment, deleted } of views) {
    for (const doc of liveIds(segment.store.size, deleted.whois)) yield segment.store.get(doc)
  }
}

function usable(read: SuggestFileRead): { index?: ValueIndex; note?: string } {
  if ('index' in read) return { index: read.index }
  if (read.reason === 'none') return {}
  const why = read.reason === 'stale' ? 'made for an earlier content' : 'damaged'
  return { note: `the file beside the snapshot was ${why}; built again` }
}

function prepared(
  kind: SuggestKind,
  index: ValueIndex,
  ms: number,
  notes: readonly string[],
  saved?: string,
): PreparedSuggestions {
  return {
    kind,
    from: 'built',
    values: index.size,
    ms,
    ...(saved === undefined ? {} : { saved }),
    ...(notes.length === 0 ? {} : { note: notes.join('; ') }),
  }
}
