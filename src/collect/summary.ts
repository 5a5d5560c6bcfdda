/**
 * DNS summaries (SPEC 6): over every matching observation, how many observations hold each value
 * among items of the summarised type (and context); the top `limit` values by count descending,
 * ties by value ascending (code-unit order), and `other`, the sum of the counts left out.
 * Values are counted as loaded (case kept), by their interned string ids (query/dns/value-counts.ts);
 * the top values come from a bounded heap, so a million distinct values are never sorted.
 */

import { type DnsState, matchingFields } from '../indexes/dns-state.js'
import { countValues } from '../query/dns/value-counts.js'
import type { SummaryRequest } from '../query/dns-params.js'
import type { SummaryResponse } from '../types.js'

/**
 * Summarises the items of matching observations.
 *
 * @param state - the index state
 * @param ids - the matching ordinals
 * @param request - type, context (null: every context, metadata items left out; `""`: the
 *   metadata items) and limit
 * @example
 * ```ts
 * summarize(state, matches, { type: 'txt', context: 'dns-txt', limit: 2 })
 * // { summary: { other: 40, values: { 'v=spf1 include:_spf.google.com ~all': 120, 'v=spf1 -all': 75 } } }
 * ```
 */
export function summarize(state: DnsState, ids: Uint32Array, request: SummaryRequest): SummaryResponse {
  const fields = matchingFields(state, request.type, request.context)
  // Metadata items count only when the context asked for is theirs, the empty one.
  if (request.context !== '')
    for (let f = 0; f < fields.length; f++) if (state.fieldMeta[f] === 1) fields[f] = 0
  const { values: candidates, counts, total } = countValues(state, ids, fields)
  const top = topValues(state.strings, candidates, counts, request.limit)
  const values: Record<string, number> = {}
  let listed = 0
  for (let i = 0; i < top.length; i++) {
    const at = top[i] as number
    const count = counts[at] as number
    listed += count
    // defineProperty, not assignment: a value `__proto__` must become an own key, not a prototype.
    Object.defineProperty(values, state.strings[candidates[at] as number] as string, {
      value: count,
      enumerable: true,
      writable: true,
      configurable: true,
    })
  }
  return { summary: { other: total - listed, values } }
}

/**
 * The positions of the `limit` best candidates (count descending, then value ascending), best first.
 *
 * @param strings - the string table
 * @param values - the candidates' string ids
 * @param counts - the candidates' counts, in parallel
 * @param limit - how many to keep
 * @example
 * ```ts
 * topValues(['a', 'b', 'c'], Uint32Array.of(0, 1, 2), Uint32Array.of(2, 5, 2), 2) // [1, 0]
 * ```
 */
export function topValues(
  strings: readonly string[],
  values: Uint32Array,
  counts: Uint32Array,
  limit: number,
): Uint32Array {
  const better = (a: number, b: number): boolean => {
    const ca = counts[a] as number
    const cb = counts[b] as number
    return (
      ca > cb ||
      (ca === cb && (strings[values[a] as number] as string) < (strings[values[b] as number] as string))
    )
  }
  // A min-heap of the best `limit` positions seen so far, the worst at the root.
  const heap = new Uint32Array(Math.min(limit, values.length))
  let size = 0
  for (let p = 0; p < values.length; p++) {
    if (size < heap.length) {
      let at = size++
      while (at > 0) {
        const parent = (at - 1) >>> 1
        if (!better(heap[parent] as number, p)) break
        heap[at] = heap[parent] as number
        at = parent
      }
      heap[at] = p
      continue
    }
    // Most candidates of a large summary count less than the root: rejected on the counts alone,
    // without a call or a string comparison.
    const rootCount = counts[heap[0] as number] as number
    const count = counts[p] as number
    if (count < rootCount || (count === rootCount && !better(p, heap[0] as number))) continue
    let at = 0
    for (;;) {
      const left = 2 * at + 1
      if (left >= size) break
      const right = left + 1
      const worse = right < size && better(heap[left] as number, heap[right] as number) ? right : left
      if (!better(p, heap[worse] as number)) break
      heap[at] = heap[worse] as number
      at = worse
    }
    heap[at] = p
  }
  return heap.sort((a, b) => (better(a, b) ? -1 : better(b, a) ? 1 : 0))
}
