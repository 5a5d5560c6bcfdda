/**
 * DNS summaries (SPEC 6): over every matching observation, how many observations hold each value
 * among items of the summarised type (and context); the top `limit` values by count descending,
 * ties by value ascending (code-unit order), and `other`, the sum of the counts left out.
 * Values are counted as loaded (case kept), by their interned string ids in a typed-array counter;
 * the top values come from a bounded heap, so a million distinct values are never sorted.
 */

import { U32List } from '../indexes/dns-growable.js'
import { type DnsState, matchingFields } from '../indexes/dns-state.js'
import type { SummaryRequest } from '../query/dns-params.js'
import type { SummaryResponse } from '../types.js'

// Observations with at most this many items deduplicate their values in a local buffer.
const SMALL = 64

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
  const counts = new Uint32Array(state.strings.length)
  const touched = new U32List()
  const start = state.obsItemStart
  const field = state.obsItemField
  const value = state.obsItemValue
  // A value counts once per observation. An observation's own earlier values are compared in a
  // small buffer (a few items, in cache); only observations with more items than the buffer use a
  // per-value "last counted" array, which costs a random memory access per item.
  const counted = new Uint32Array(SMALL)
  let lastSeen: Uint32Array | null = null
  let total = 0
  for (let i = 0; i < ids.length; i++) {
    const o = ids[i] as number
    const from = start[o] as number
    const to = start[o + 1] as number
    let k = 0
    for (let j = from; j < to; j++) {
      if (fields[field[j] as number] === 0) continue
      const v = value[j] as number
      if (to - from <= SMALL) {
        let seen = false
        for (let q = 0; q < k && !seen; q++) seen = counted[q] === v
        if (seen) continue
        counted[k++] = v
      } else {
        lastSeen ??= new Uint32Array(state.strings.length)
        if (lastSeen[v] === o + 1) continue
        lastSeen[v] = o + 1
      }
      if (counts[v] === 0) touched.push(v)
      counts[v] = (counts[v] as number) + 1
      total++
    }
  }
  const values: Record<string, number> = {}
  const top = topValues(state.strings, counts, touched.toArray(), request.limit)
  let listed = 0
  for (let i = 0; i < top.length; i++) {
    const v = top[i] as number
    listed += counts[v] as number
    // defineProperty, not assignment: a value `__proto__` must become an own key, not a prototype.
    Object.defineProperty(values, state.strings[v] as string, {
      value: counts[v],
      enumerable: true,
      writable: true,
      configurable: true,
    })
  }
  return { summary: { other: total - listed, values } }
}

/**
 * The `limit` best value ids (count descending, then value ascending), best first.
 *
 * @param strings - the string table
 * @param counts - the count of each string id
 * @param candidates - the ids with a non-zero count
 * @param limit - how many to keep
 * @example
 * ```ts
 * topValues(['a', 'b', 'c'], Uint32Array.of(2, 5, 2), Uint32Array.of(0, 1, 2), 2) // [1, 0]
 * ```
 */
export function topValues(
  strings: readonly string[],
  counts: Uint32Array,
  candidates: Uint32Array,
  limit: number,
): Uint32Array {
  const better = (a: number, b: number): boolean => {
    const ca = counts[a] as number
    const cb = counts[b] as number
    return ca > cb || (ca === cb && (strings[a] as string) < (strings[b] as string))
  }
  // A min-heap of the best `limit` seen so far, the worst at the root.
  const heap = new Uint32Array(Math.min(limit, candidates.length))
  let size = 0
  for (let i = 0; i < candidates.length; i++) {
    const v = candidates[i] as number
    if (size < heap.length) {
      let at = size++
      while (at > 0) {
        const parent = (at - 1) >>> 1
        if (!better(heap[parent] as number, v)) break
        heap[at] = heap[parent] as number
        at = parent
      }
      heap[at] = v
      continue
    }
    // Most candidates of a large summary count less than the root: rejected on the counts alone,
    // without a call or a string comparison.
    const rootCount = counts[heap[0] as number] as number
    const count = counts[v] as number
    if (count < rootCount || (count === rootCount && !better(v, heap[0] as number))) continue
    let at = 0
    for (;;) {
      const left = 2 * at + 1
      if (left >= size) break
      const right = left + 1
      const worse = right < size && better(heap[left] as number, heap[right] as number) ? right : left
      if (!better(v, heap[worse] as number)) break
      heap[at] = heap[worse] as number
      at = worse
    }
    heap[at] = v
  }
  return heap.sort((a, b) => (better(a, b) ? -1 : better(b, a) ? 1 : 0))
}
