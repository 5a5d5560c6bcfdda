/**
 * Spelling variants over the segments of an engine (SPEC 14): each kind's value index is built on
 * its first query from the values of the live records of every view, then kept for the engine's
 * life (an engine never changes; `update()` and `compact()` make a new one). Each candidate is
 * counted from its request's match sets, as pivots are, so a count is its request's result_count.
 */

import { countEach } from '../pivots/count-candidates.js'
import { recordValues } from '../pivots/record-values.js'
import { orderSuggestions, type SuggestResponse, suggestionCandidates } from '../pivots/suggestions.js'
import { type SuggestKind, ValueIndex } from '../pivots/value-index.js'
import { parseReverseParams } from '../query/reverse-params.js'
import type { SuggestQuery } from '../query/suggest-params.js'
import { reverseResults } from './reverse-search.js'
import type { SegmentView } from './segment.js'

/** The value indexes of an engine's views, one a kind, built on first use. */
export class SegmentSuggestions {
  readonly #views: readonly SegmentView[]
  readonly #indexes = new Map<SuggestKind, ValueIndex>()

  /**
   * @param views - the engine's segment views
   */
  constructor(views: readonly SegmentView[]) {
    this.#views = views
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
   * The value index of a kind, built now if it is not yet.
   *
   * @example
   * ```ts
   * suggestions.index('registrar').size // 212
   * ```
   */
  index(kind: SuggestKind): ValueIndex {
    let index = this.#indexes.get(kind)
    if (index === undefined) {
      index = new ValueIndex(liveValues(this.#views, kind))
      this.#indexes.set(kind, index)
    }
    return index
  }
}

// The values of a kind over the live records of the views, each record decoded once.
function* liveValues(views: readonly SegmentView[], kind: SuggestKind): Generator<string> {
  for (const { segment, deleted } of views) {
    for (let doc = 0; doc < segment.store.size; doc++) {
      if (!deleted.whois.has(doc)) yield* recordValues(segment.store.get(doc), kind)
    }
  }
}
