/**
 * DNS summaries (SPEC 6): over every matching observation, how many observations hold each value
 * among items of the summarised type (and context); the top `limit` values by count descending,
 * ties by value ascending (code-unit order), and `other`, the sum of the counts left out.
 * Values are counted as loaded (case kept), by their interned string ids (query/dns/value-counts.ts),
 * and streamed into a bounded heap as they are counted: a million distinct values are never
 * gathered, let alone sorted.
 */
import { type ByteTable, entryAt } from '../indexes/byte-table.js'
import { type DnsState, matchingFields } from '../indexes/dns/state.js'
import type { Matches } from '../query/dns/matches.js'
import { type CountSink, countValues } from '../query/dns/value-counts.js'
import type { SummaryRequest } from '../query/dns-params.js'
import type { SummaryResponse } from '../types.js'

/**
 * Summarises the items of matching observations.
 *
 * @param state - the index state
 * @param matches - the matching observations
 * @param request - type, context (null: every context, metadata items left out; `""`: the
 *   metadata items) and limit
 * @param counts - one zero per string of the state, left zero (see countValues)
 * @example
 * ```ts
 * summarize(state, matches, { type: 'txt', context: 'dns-txt', limit: 2 }, new Uint32Array(entryCount(state.strings)))
 * // { summary: { other: 40, values: { 'v=spf1 include:_spf.google.com ~all': 120, 'v=spf1 -all': 75 } } }
 * ```
 */
export function summarize(
  state: DnsState,
  matches: Matches,
  request: SummaryRequest,
  counts: Uint32Array,
): SummaryResponse {
  const top = new TopValues(state.strings, request.limit)
  countValues(state, matches, countedFields(state, request), counts, top)
  const best = top.best()
  const values: Record<string, number> = {}
  let listed = 0
  for (let i = 0; i < best.values.length; i++) {
    const count = best.counts[i] as number
    listed += count
    // defineProperty, not assignment: a value `__proto__` must become an own key, not a prototype.
    Object.defineProperty(values, entryAt(state.strings, best.values[i] as number), {
      value: count,
      enumerable: true,
      writable: true,
      configurable: true,
    })
  }
  return { summary: { other: top.total - listed, values } }
}

/**
 * The fields whose items a summary counts: of the type (and context); metadata items only when
 * the context asked for is theirs, the empty one.
 *
 * @example
 * ```ts
 * countedFields(state, { type: 'host', context: 'dns-mx', limit: 10 }) // Uint8Array [0, 1, 0, 0]
 * ```
 */
export function countedFields(state: DnsState, request: SummaryRequest): Uint8Array {
  const fields = matchingFields(state, request.type, request.context)
  if (request.context !== '') {
    for (let f = 0; f < fields.length; f++) if (state.fieldMeta[f] === 1) fields[f] = 0
  }
  return fields
}

/**
 * The `limit` best (value, count) pairs offered to it, by count descending, then value ascending:
 * a min-heap of the best seen so far with the worst at the root, so that most offers of a large
 * summary are turned away on their count alone. Values tied on their count are compared by text,
 * each decoded once while it is in the heap or being offered (on an opened snapshot a comparison
 * of two entries reads their offsets and bytes from disk: the MX summary of a large provider,
 * whose per-domain hosts tie by the thousand, spent most of its time there).
 *
 * @example
 * ```ts
 * const top = new TopValues(byteTableOf(3, (i) => ['a', 'b', 'c'][i]), 2)
 * top.add(0, 2); top.add(1, 5); top.add(2, 2)
 * top.best() // { values: [1, 0], counts: [5, 2] }; top.total === 9
 * ```
 */
export class TopValues implements CountSink {
  /** The sum of every count offered. */
  total = 0
  readonly #strings: ByteTable
  readonly #values: Uint32Array
  readonly #counts: Uint32Array
  #size = 0
  /** The decoded text of the values in the heap and of the one being offered. */
  readonly #texts = new Map<number, string>()

  /**
   * @param strings - the string table the values index
   * @param limit - how many pairs to keep
   */
  constructor(strings: ByteTable, limit: number) {
    this.#strings = strings
    this.#values = new Uint32Array(limit)
    this.#counts = new Uint32Array(limit)
  }

  /** Counts below this cannot be kept: the root's count once the heap is full (ties can). */
  get floor(): number {
    return this.#size < this.#values.length || this.#size === 0 ? 1 : (this.#counts[0] as number)
  }

  /** Adds to the total counts whose values cannot be kept (below {@link floor}). */
  addToTotal(count: number): void {
    this.total += count
  }

  /** Offers a value (string id) with its count. */
  add(value: number, count: number): void {
    this.total += count
    const values = this.#values
    const counts = this.#counts
    if (this.#size < values.length) {
      let at = this.#size++
      while (at > 0) {
        const parent = (at - 1) >>> 1
        if (!this.#better(values[parent] as number, counts[parent] as number, value, count)) break
        values[at] = values[parent] as number
        counts[at] = counts[parent] as number
        at = parent
      }
      values[at] = value
      counts[at] = count
      return
    }
    if (values.length === 0) return
    if (!this.#better(value, count, values[0] as number, counts[0] as number)) {
      this.#texts.delete(value)
      return
    }
    this.#texts.delete(values[0] as number)
    let at = 0
    for (;;) {
      const left = 2 * at + 1
      if (left >= this.#size) break
      const right = left + 1
      const worse =
        right < this.#size &&
        this.#better(
          values[left] as number,
          counts[left] as number,
          values[right] as number,
          counts[right] as number,
        )
          ? right
          : left
      if (!this.#better(value, count, values[worse] as number, counts[worse] as number)) break
      values[at] = values[worse] as number
      counts[at] = counts[worse] as number
      at = worse
    }
    values[at] = value
    counts[at] = count
  }

  /** The kept pairs, best first. */
  best(): { values: Uint32Array; counts: Uint32Array } {
    const order = Array.from({ length: this.#size }, (_, i) => i)
    const values = this.#values
    const counts = this.#counts
    order.sort((a, b) =>
      this.#better(values[a] as number, counts[a] as number, values[b] as number, counts[b] as number)
        ? -1
        : 1,
    )
    return {
      values: Uint32Array.from(order, (i) => values[i] as number),
      counts: Uint32Array.from(order, (i) => counts[i] as number),
    }
  }

  // Whether (a, ca) ranks before (b, cb). Counts decide first, so strings are compared on ties only.
  #better(a: number, ca: number, b: number, cb: number): boolean {
    return ca > cb || (ca === cb && this.#text(a) < this.#text(b))
  }

  // A value's text, decoded on its first comparison (UTF-16 order, as compareEntries compares).
  #text(value: number): string {
    let text = this.#texts.get(value)
    if (text === undefined) {
      text = entryAt(this.#strings, value)
      this.#texts.set(value, text)
    }
    return text
  }
}
