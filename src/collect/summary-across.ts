/**
 * DNS summaries over several segments (SPEC 6, SPEC 12). Segments intern their strings apart, so
 * values meet by their text. Two ways, giving the same answer:
 * - the threshold way first (Fagin's threshold algorithm, as search engines merge per-shard top
 *   lists): each segment's own top values (four times `limit` of them), pruned at its own floor
 *   as on one index; the union of those lists are the candidates, each counted exactly in every
 *   segment where it was not listed (a string dictionary lookup, then its postings within the
 *   matches). A value in no list has at most the sum of the segments' floors, so when the
 *   `limit`-th candidate's count exceeds that sum the candidates' top list is the answer. It
 *   decodes about 4 × `limit` values a segment, whatever the segments hold.
 * - otherwise by text (summarizeByText below): exact whatever the counts, decoding every value of
 *   the smaller segments.
 * A segment's matches may be a range that still holds deleted observations (`minus`): their
 * values are counted first and taken away, by string id.
 */
import { entryAt } from '../indexes/byte-table.js'
import type { DnsState } from '../indexes/dns/state.js'
import { lowerBound } from '../indexes/gallop.js'
import { TermDictionary } from '../indexes/term-dictionary.js'
import type { Matches } from '../query/dns/matches.js'
import { type CountSink, countValues } from '../query/dns/value-counts.js'
import type { SummaryRequest } from '../query/dns-params.js'
import type { SummaryResponse } from '../types.js'
import { countedFields, TopValues } from './summary.js'

/** One segment of a summary: its state, its matches, the deleted ordinals they hold, its count array. */
export interface SummaryPart {
  readonly state: DnsState
  readonly matches: Matches
  /** Deleted ordinals inside `matches` (a range kept whole), or null. */
  readonly minus: Uint32Array | null
  /** One zero per string of the state (as for summarize), left zero. */
  readonly counts: Uint32Array
}

/**
 * Summarises the items of the matching observations of several segments.
 *
 * @param parts - the segments' states, matches, deletions inside them and count arrays
 * @param request - type, context and limit, as for summarize
 * @example
 * ```ts
 * summarizeParts([{ state, matches, minus: null, counts }, { state: s2, matches: m2, minus: Uint32Array.of(4), counts: c2 }], { type: 'host', context: 'dns-mx', limit: 5 })
 * // { summary: { other: 12, values: { 'mx.example.net': 40, ... } } }
 * ```
 */
export function summarizeParts(parts: readonly SummaryPart[], request: SummaryRequest): SummaryResponse {
  const fields = parts.map((p) => countedFields(p.state, request))
  // Per part, the counts of its deleted observations' values to take away, by string id.
  const takeAway = parts.map(({ state, matches, minus, counts }, i) => {
    const out = new Map<number, number>()
    if (minus === null || minus.length === 0) return out
    const sink: CountSink = {
      floor: 1,
      add(value, count) {
        out.set(value, count)
      },
      addToTotal() {},
    }
    countValues(state, { list: minus, lo: matches.lo, hi: matches.hi }, fields[i] as Uint8Array, counts, sink)
    return out
  })
  return byThreshold(parts, request, fields, takeAway) ?? summarizeByText(parts, request, takeAway)
}

/** How many times deeper than `limit` each segment's own list goes. */
const DEPTH = 4
/** The deepest list (summary_limit is at most 10,000). */
const MAX_DEPTH = 40_000

function byThreshold(
  parts: readonly SummaryPart[],
  request: SummaryRequest,
  fields: readonly Uint8Array[],
  takeAway: readonly Map<number, number>[],
): SummaryResponse | null {
  // Lists deeper than the answer: segments of alike distributions have floors that add up to about
  // the answer's last count, so lists of `limit` alone seldom decide; four times deeper, each
  // floor is far lower.
  const depth = Math.min(DEPTH * request.limit, MAX_DEPTH)
  let total = 0
  let bound = 0
  // text → count per part (-1: not listed there, to be counted)
  const candidates = new Map<string, number[]>()
  parts.forEach(({ state, matches, counts }, i) => {
    const top = new TopValues(state.strings, depth)
    const minus = takeAway[i] as Map<number, number>
    let unseen = 0
    for (const count of minus.values()) unseen += count
    const sink: CountSink =
      minus.size === 0
        ? top
        : {
            get floor() {
              return top.floor
            },
            add(value, raw) {
              const taken = minus.get(value) ?? 0
              unseen -= taken
              if (raw > taken) top.add(value, raw - taken)
            },
            addToTotal(count) {
              top.addToTotal(count)
            },
          }
    countValues(state, matches, fields[i] as Uint8Array, counts, sink)
    total += top.total - unseen
    const best = top.best()
    // A full list leaves out values of at most its last count; a list not full leaves out none.
    if (best.values.length === depth) bound += best.counts[best.values.length - 1] as number
    for (let k = 0; k < best.values.length; k++) {
      const text = entryAt(state.strings, best.values[k] as number)
      let perPart = candidates.get(text)
      if (perPart === undefined) {
        perPart = parts.map(() => -1)
        candidates.set(text, perPart)
      }
      perPart[i] = best.counts[k] as number
    }
  })
  // A bitmap of each part's listed matches, built when a candidate is first counted there.
  const bitmaps: (Uint32Array | null)[] = parts.map(() => null)
  const bitmapOf = (i: number): Uint32Array | null => {
    const list = (parts[i] as SummaryPart).matches.list
    if (list === null) return null
    let bits = bitmaps[i] ?? null
    if (bits === null) {
      bits = new Uint32Array(((parts[i] as SummaryPart).state.days.length + 31) >>> 5)
      for (let k = 0; k < list.length; k++) {
        const o = list[k] as number
        bits[o >>> 5] = (bits[o >>> 5] as number) | (1 << (o & 31))
      }
      bitmaps[i] = bits
    }
    return bits
  }
  const exact: [string, number][] = []
  for (const [text, perPart] of candidates) {
    let sum = 0
    perPart.forEach((known, i) => {
      sum +=
        known >= 0
          ? known
          : countOf(
              parts[i] as SummaryPart,
              () => bitmapOf(i),
              fields[i] as Uint8Array,
              takeAway[i] as Map<number, number>,
              text,
            )
    })
    exact.push([text, sum])
  }
  exact.sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0))
  const listed = exact.slice(0, request.limit)
  const last = listed[listed.length - 1]
  // Exact when no value outside the candidates can reach the last one listed (or, when fewer
  // than `limit` are listed, when no value is left outside at all).
  const sure = listed.length === request.limit ? last !== undefined && last[1] > bound : bound === 0
  if (!sure) return null
  return response(listed, total)
}

// The live count of a value (by text) among a part's matches: the observations holding it in a
// counted field, each once.
function countOf(
  part: SummaryPart,
  bitmap: () => Uint32Array | null,
  fields: Uint8Array,
  minus: Map<number, number>,
  text: string,
): number {
  const { state, matches } = part
  const v = stringIds(state).get(text)
  if (v < 0) return 0
  const ordinals: number[] = []
  let items = 0
  let only = -1
  for (let it = state.valueFirstItem.at(v); it >= 0; it = state.itemNextSameValue.at(it)) {
    if (fields[state.itemField.at(it)] === 0) continue
    items++
    only = it
  }
  if (items === 0) return 0
  const postings = state.itemPostings
  let count = 0
  if (items === 1) {
    const begin = state.itemPostStart.at(only)
    const end = state.itemPostStart.at(only + 1)
    count = within(postings.range(begin, end) as Uint32Array, 0, end - begin, matches, bitmap)
  } else {
    for (let it = state.valueFirstItem.at(v); it >= 0; it = state.itemNextSameValue.at(it)) {
      if (fields[state.itemField.at(it)] === 0) continue
      const end = state.itemPostStart.at(it + 1)
      for (let j = state.itemPostStart.at(it); j < end; j++) {
        ordinals.push(postings.at(j))
      }
    }
    const distinct = Uint32Array.from(new Set(ordinals)).sort()
    count = within(distinct, 0, distinct.length, matches, bitmap)
  }
  return count - (minus.get(v) ?? 0)
}

// How many of the sorted ordinals a[begin, end) are among the matches: two binary searches in a
// range, bit tests against the matches' bitmap in a list.
function within(
  a: Uint32Array,
  begin: number,
  end: number,
  matches: Matches,
  bitmap: () => Uint32Array | null,
): number {
  if (matches.list === null) {
    const from = lowerBound(a, matches.lo, begin, end)
    return lowerBound(a, matches.hi, from, end) - from
  }
  const bits = bitmap() as Uint32Array
  let count = 0
  for (let j = begin; j < end; j++) {
    const o = a[j] as number
    count += ((bits[o >>> 5] as number) >>> (o & 31)) & 1
  }
  return count
}

function response(listed: readonly [string, number][], total: number): SummaryResponse {
  const values: Record<string, number> = {}
  let sum = 0
  for (const [text, count] of listed) {
    sum += count
    // defineProperty, not assignment: a value `__proto__` must become an own key, not a prototype.
    Object.defineProperty(values, text, {
      value: count,
      enumerable: true,
      writable: true,
      configurable: true,
    })
  }
  return { summary: { other: total - sum, values } }
}

// The summary by text: the smaller segments' counts summed by text first, then looked up in the
// largest segment's strings; that segment streams its counts as on one index, with the smaller
// segments' counts as extras by its own string ids, and only the values that can still enter the
// top list with their extra are decoded. Exact whatever the counts, but it decodes every value of
// the smaller segments.
function summarizeByText(
  parts: readonly SummaryPart[],
  request: SummaryRequest,
  takeAway: readonly Map<number, number>[],
): SummaryResponse {
  let pending = 0
  for (const minus of takeAway) for (const count of minus.values()) pending += count
  const live = (part: number, value: number, count: number): number => {
    const minus = (takeAway[part] as Map<number, number>).get(value)
    if (minus === undefined) return count
    pending -= minus
    return count - minus
  }
  let largest = 0
  parts.forEach((p, i) => {
    if (p.state.days.length > (parts[largest] as (typeof parts)[0]).state.days.length) largest = i
  })
  const small = new Map<string, number>()
  let total = 0
  parts.forEach(({ state, matches, counts }, i) => {
    if (i === largest) return
    const sink: CountSink = {
      floor: 1,
      add(value, raw) {
        const count = live(i, value, raw)
        if (count === 0) return
        const text = entryAt(state.strings, value)
        small.set(text, (small.get(text) ?? 0) + count)
        total += count
      },
      addToTotal(count) {
        total += count
      },
    }
    countValues(state, matches, countedFields(state, request), counts, sink)
  })
  const top = new TextTop(request.limit)
  const big = parts[largest]
  if (big !== undefined) {
    const strings = big.state.strings
    // The smaller segments' counts, by the largest segment's string id where it holds the value.
    const extra = new Map<number, number>()
    if (small.size > 0) {
      const ids = stringIds(big.state)
      for (const [text, count] of small) {
        const id = ids.get(text)
        if (id < 0) continue
        extra.set(id, count)
        small.delete(text)
      }
    }
    const sink: CountSink = {
      get floor() {
        return top.floor
      },
      extra,
      add(value, raw) {
        const more = extra.get(value) ?? 0
        extra.delete(value)
        const count = live(largest, value, raw)
        total += count
        if (count + more > 0) top.offer(entryAt(strings, value), count + more)
      },
      addToTotal(count) {
        total += count
      },
    }
    countValues(big.state, big.matches, countedFields(big.state, request), big.counts, sink)
    // Values of the smaller segments the largest holds but did not hand over (not matched there,
    // or too rare to enter even with their extra).
    for (const [id, count] of extra) top.offer(entryAt(strings, id), count)
  }
  for (const [text, count] of small) top.offer(text, count)
  // Deleted values whose counts went to the total unseen (below the floor) are taken from it now.
  total -= pending
  return response(top.best(), total)
}

/**
 * The `limit` best (text, count) pairs offered, by count descending, then text ascending: offers
 * gather in an array that is sorted and cut back to `limit` whenever it doubles, which sets the
 * floor below which an offer cannot be kept.
 */
class TextTop {
  readonly #limit: number
  #kept: [string, number][] = []
  /** Counts below this cannot be kept (ties can). */
  floor = 1

  constructor(limit: number) {
    this.#limit = limit
  }

  offer(text: string, count: number): void {
    if (count < this.floor) return
    this.#kept.push([text, count])
    if (this.#kept.length >= 2 * this.#limit + 64) {
      this.#kept = this.best()
      this.floor = (this.#kept[this.#kept.length - 1] as [string, number])[1]
    }
  }

  best(): [string, number][] {
    return this.#kept
      .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0))
      .slice(0, this.#limit)
  }
}

// Per state, a dictionary of its strings (distinct, interned once), built on the first summary over
// several segments and kept: it meets the smaller segments' values with the largest one's ids.
const stringDictionaries = new WeakMap<DnsState, TermDictionary>()

function stringIds(state: DnsState): TermDictionary {
  let ids = stringDictionaries.get(state)
  if (ids === undefined) {
    ids = TermDictionary.over(state.strings)
    stringDictionaries.set(state, ids)
  }
  return ids
}
