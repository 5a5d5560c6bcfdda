/**
 * Spelling variants of a value (SPEC 14): the held values of a kind that FlexSearch finds for a
 * text (value-index.ts), each counted as a pivot of that value would be (count-candidates.ts),
 * the most held first.
 * The candidates are bounded (five more than the limit, at least 15) so a query counts few
 * requests: each count is a reverse search (a street's or an organization's phrase takes about
 * 0.25 ms median at 1M records).
 */
import type { SuggestQuery } from '../query/suggest-params.js'
import { type PivotCandidate, pivotCandidate } from './pivot-candidates.js'
import { normalizedValue } from './record-values.js'
import type { SuggestKind } from './suggest-kinds.js'
import type { ValueIndex } from './value-index.js'

/** One spelling variant: a held value, its pivot count and request. */
export interface Suggestion {
  readonly value: string
  readonly count: number
  readonly request: string
}

/** `engine.suggest()`'s answer. */
export interface SuggestResponse {
  readonly kind: SuggestKind
  readonly text: string
  /** At most `limit`; count descending, then value. */
  readonly suggestions: Suggestion[]
}

/**
 * The candidates to count for a query: the text's exact value first when held.
 *
 * @param index - the kind's value index
 * @param query - a validated query
 * @example
 * ```ts
 * suggestionCandidates(index, { kind: 'organization', text: 'acme hold', limit: 10 }).map((c) => c.value)
 * // ['ACME Holdings Ltd', 'Acme Holdings', 'Acme Holdngs']
 * ```
 */
export function suggestionCandidates(index: ValueIndex, query: SuggestQuery): PivotCandidate[] {
  const max = Math.max(query.limit + 5, 15)
  const values = index.candidates(query.text, normalizedValue(query.kind, query.text), max)
  return values.map((value) => pivotCandidate(query.kind, value))
}

/**
 * The answer from counted candidates (null: refused, no suggestion): count descending, then
 * value, cut to the limit. The cut keeps first the exact value (the text after the kind's
 * normalisation), then the values that start with the text (letter case aside), then the others
 * in answer order, so `jose.costa@` keeps `jose.costa@…` among ten answers even when a hundred
 * other `….costa@` values are held as often and sort before it.
 *
 * @example
 * ```ts
 * orderSuggestions({ kind: 'email', text: 'jo', limit: 1 }, candidates, [1, 5]).suggestions[0].count // 5
 * ```
 */
export function orderSuggestions(
  query: SuggestQuery,
  candidates: readonly PivotCandidate[],
  counts: readonly (number | null)[],
): SuggestResponse {
  const all: Suggestion[] = []
  candidates.forEach(({ value, request }, i) => {
    const count = counts[i]
    if (count !== null && count !== undefined) all.push({ value, count, request })
  })
  all.sort((a, b) => b.count - a.count || (a.value < b.value ? -1 : a.value > b.value ? 1 : 0))
  const exact = normalizedValue(query.kind, query.text)
  const prefix = query.text.trim().toLowerCase()
  const tier = (s: Suggestion): number =>
    normalizedValue(query.kind, s.value) === exact ? 0 : s.value.toLowerCase().startsWith(prefix) ? 1 : 2
  // A stable sort: within a tier, answer order.
  const kept = new Set([...all].sort((a, b) => tier(a) - tier(b)).slice(0, query.limit))
  return { kind: query.kind, text: query.text, suggestions: all.filter((s) => kept.has(s)) }
}
