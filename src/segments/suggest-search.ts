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

import { countEach } from '../pivots/count-candidates.js'
import { orderSuggestions, type SuggestResponse, suggestionCandidates } from '../pivots/suggestions.js'
import type { SuggestKind, ValueIndex } from '../pivots/value-index.js'
import { buildValueIndex, valueIndexSteps } from '../pivots/value-index-build.js'
import { ValueSpellings } from '../pivots/value-spellings.js'
import { parseReverseParams } from '../query/reverse-params.js'
import type { SuggestQuery } from '../query/suggest-params.js'
import { loadSuggestFile, readSuggestFile, type SuggestFileRead } from '../snapshot/suggest-file.js'
import type { WhoisRecord } from '../types.js'
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

/** How a kind's value index was made ready, as `engine.prepareSuggestions()` reports it. */
export interface PreparedSuggestions {
  readonly kind: SuggestKind
  /** `memory`: it was ready; `file`: read from beside the snapshot; `built`: built now. */
  readonly from: 'memory' | 'file' | 'built'
  /** The number of distinct values. */
  readonly values: number
  /** Milliseconds taken. */
  readonly ms: number
  /** The file written beside the snapshot, when one was. */
  readonly saved?: string
  /** Why a file beside the snapshot was not used (`stale`: made for other content) or not written. */
  readonly note?: string
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
    let index = this.#indexes.get(kind) ?? this.#readFile(kind).index
    if (index === undefined) {
      const spellings = new ValueSpellings(kind)
      for (const record of this.#liveRecords()) spellings.add(record)
      index = buildValueIndex(spellings.entries())
    }
    this.#indexes.set(kind, index)
    return index
  }

  /**
   * Makes a kind's value index ready without holding the event loop for long (see above), and
   * writes it beside the snapshot when it was built and the engine was opened from one.
   * Concurrent calls for one kind share one preparation.
   *
   * @example
   * ```ts
   * await suggestions.prepare('email') // { kind: 'email', from: 'built', values: 912345, ms: 8123, saved: 'corpus.dmx.suggest/email' }
   * ```
   */
  prepare(kind: SuggestKind): Promise<PreparedSuggestions> {
    const ready = this.#indexes.get(kind)
    if (ready !== undefined) return Promise.resolve({ kind, from: 'memory', values: ready.size, ms: 0 })
    let pending = this.#pending.get(kind)
    if (pending === undefined) {
      pending = this.#prepare(kind).finally(() => this.#pending.delete(kind))
      this.#pending.set(kind, pending)
    }
    return pending
  }

  async #prepare(kind: SuggestKind): Promise<PreparedSuggestions> {
    const started = performance.now()
    const ms = (): number => performance.now() - started
    const read = await this.#loadFile(kind)
    if (read.index !== undefined) {
      this.#indexes.set(kind, read.index)
      return { kind, from: 'file', values: read.index.size, ms: ms() }
    }
    const notes = read.note === undefined ? [] : [read.note]
    if (this.#origin !== undefined) {
      const built = await buildOnThread({ source: 'snapshot', ...this.#origin, kind }).catch(
        (error: unknown) => {
          notes.push(`built on this thread: ${error instanceof Error ? error.message : String(error)}`)
          return null
        },
      )
      if (built !== null) {
        this.#indexes.set(kind, built.index)
        if (built.note !== undefined) notes.push(built.note)
        return prepared(kind, built.index, ms(), notes, built.saved)
      }
    }
    const spellings = new ValueSpellings(kind)
    let slice = performance.now()
    for (const record of this.#liveRecords()) {
      spellings.add(record)
      if (performance.now() - slice > SLICE_MS) {
        await new Promise((resolve) => setImmediate(resolve))
        slice = performance.now()
      }
    }
    const steps = valueIndexSteps(spellings.entries())
    let step = steps.next()
    for (; step.done !== true; step = steps.next()) await new Promise((resolve) => setImmediate(resolve))
    this.#indexes.set(kind, step.value)
    return prepared(kind, step.value, ms(), notes)
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

  // Every live record of the views, each decoded once.
  *#liveRecords(): Generator<WhoisRecord> {
    for (const { segment, deleted } of this.#views) {
      for (let doc = 0; doc < segment.store.size; doc++) {
        if (!deleted.whois.has(doc)) yield segment.store.get(doc)
      }
    }
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
