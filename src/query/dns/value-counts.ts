/**
 * The counting behind DNS summaries (SPEC 6): for the matching observations, how many hold each
 * value among the items of some fields, each observation counting a value once. Two ways, by the
 * shape of the match set, both giving the same counts:
 * - a contiguous ordinal range (no criteria but a date window, the usual "summarise everything"):
 *   per item of the counted fields (items are numbered field by field, so these are a few ranges
 *   of the item columns, read in sequence), the length of its posting list, or two binary
 *   searches in it when the range is a window; no observation is visited (1.36M TXT
 *   observations, every value summarised: 7.9 ms, against 37 ms walking the values' item chains,
 *   both on a machine busy with another benchmark);
 * - any other set: per matching observation, its counted values, each once, added up in a count
 *   array held by the index (one entry a string, allocated on the first summary and zero between
 *   summaries), each value noted when first counted; the noted values then go to the sink and
 *   their counts back to zero. The work follows the matches' items, not the string table, and
 *   nothing the size of the string table is allocated per query: each such array would count as
 *   V8 external memory and bring on full collections (see matches.ts). The nameserver of a large
 *   provider (300K of 1.4M MX observations, 2M items) summarised by MX host: 23 ms, against 36 ms
 *   testing every item's postings against a bitmap of the matches (same busy machine). That is
 *   bound by memory: reading the 2M items' fields alone takes 5 ms, their values 6 more, and the
 *   increments, scattered over the count array, 9 more.
 * Both ways hand the sink only counts that can still enter its top list (`floor`); the others
 * only add to its total, so most of a million values never reach the heap.
 * Values shared by several items of the counted fields (rare: one text in two contexts) take a
 * union of those items' postings on the range path, so an observation holding both still counts
 * once (a value with one counted item among several, an MX host that is also an apex, is counted
 * from that item's postings alone); the observation path counts values, not items, so it needs
 * nothing more.
 */

import type { DnsState } from '../../indexes/dns/state.js'
import { U32List } from '../../indexes/u32-list.js'
import type { Column } from '../../storage/column.js'
import type { Matches } from './matches.js'

/** Receives each counted value once, with its count. */
export interface CountSink {
  /** Adds a value with a non-zero count. */
  add(value: number, count: number): void
  /** Counts below this (at least 1) cannot be kept: their values may be left out, their counts not. */
  readonly floor: number
  /** Adds counts whose values are left out (each below `floor` when handed over). */
  addToTotal(count: number): void
  /**
   * Counts the sink adds to some values from elsewhere (other segments), by value: a value whose
   * count is below `floor` is still handed over when its count plus this reaches the floor.
   */
  readonly extra?: ReadonlyMap<number, number> | undefined
}

// Whether a value's count (with what the sink adds to it) can still enter the sink's top list.
function kept(
  sink: CountSink,
  extra: ReadonlyMap<number, number> | undefined,
  v: number,
  count: number,
): boolean {
  return count >= sink.floor || (extra !== undefined && count + (extra.get(v) ?? 0) >= sink.floor)
}

// Observations with at most this many items deduplicate their values in a local buffer.
const SMALL = 64

/**
 * Counts the values of the given fields over the matching observations, handing each value with a
 * non-zero count to `sink` once.
 *
 * @param state - the index state
 * @param matches - the matching observations
 * @param fields - 1 for the fields whose items count
 * @param counts - one zero per string of the state (`entryCount(state.strings)`), left zero on return
 * @param sink - receives (value string id, count) pairs
 * @example
 * ```ts
 * const counts = new Uint32Array(entryCount(state.strings))
 * countValues(state, { list: null, lo: 0, hi: state.days.length }, matchingFields(state, 'txt', null), counts, top)
 * ```
 */
export function countValues(
  state: DnsState,
  matches: Matches,
  fields: Uint8Array,
  counts: Uint32Array,
  sink: CountSink,
): void {
  const ids = matches.list
  if (ids === null) byItems(state, fields, matches.lo, matches.hi, sink)
  else if (ids.length === 0) return
  else if ((ids[ids.length - 1] as number) - (ids[0] as number) + 1 === ids.length) {
    byItems(state, fields, ids[0] as number, (ids[0] as number) + ids.length, sink)
  } else byObservations(state, ids, fields, counts, sink)
}

// Per counted item (field by field, each field's items one range, read in sequence): the postings
// of its value within [lo, hi). A value carried by several items is counted at the first counted
// one, by the union of its counted items' postings when there are several.
function byItems(state: DnsState, fields: Uint8Array, lo: number, hi: number, sink: CountSink): void {
  const start = state.itemPostStart
  const postings = state.itemPostings
  const itemValue = state.itemValue
  const next = state.itemNextSameValue
  const everything = lo === 0 && hi === state.days.length
  const extra = sink.extra?.size === 0 ? undefined : sink.extra
  // Counts below the sink's floor only add to its total: summed here, handed over once.
  let rest = 0
  for (let f = 0; f < fields.length; f++) {
    if (fields[f] === 0) continue
    for (let it = state.fieldItemStart[f] as number; it < (state.fieldItemStart[f + 1] as number); it++) {
      const v = itemValue.at(it)
      let count: number
      if (next.at(it) === -1 || countedAlone(state, fields, v, it)) {
        const begin = start.at(it)
        const end = start.at(it + 1)
        if (everything) count = end - begin
        else {
          const from = postings.lowerBound(lo, begin, end)
          count = postings.lowerBound(hi, from, end) - from
        }
      } else if (firstCounted(state, fields, v) === it) count = sharedValueCount(state, fields, v, lo, hi)
      else continue
      if (kept(sink, extra, v, count)) sink.add(v, count)
      else rest += count
    }
  }
  sink.addToTotal(rest)
}

// Whether `item` is the only item of value v's chain whose field is counted.
function countedAlone(state: DnsState, fields: Uint8Array, v: number, item: number): boolean {
  for (let it = state.valueFirstItem.at(v); it >= 0; it = state.itemNextSameValue.at(it)) {
    if (it !== item && fields[state.itemField.at(it)] === 1) return false
  }
  return true
}

// The first item of a value's chain (item order) whose field is counted.
function firstCounted(state: DnsState, fields: Uint8Array, v: number): number {
  let it = state.valueFirstItem.at(v)
  while (fields[state.itemField.at(it)] === 0) it = state.itemNextSameValue.at(it)
  return it
}

// The count of a value carried by several counted items: the distinct ordinals in [lo, hi) over
// those items.
function sharedValueCount(state: DnsState, fields: Uint8Array, v: number, lo: number, hi: number): number {
  const matched: number[] = []
  for (let it = state.valueFirstItem.at(v); it >= 0; it = state.itemNextSameValue.at(it)) {
    if (fields[state.itemField.at(it)] === 0) continue
    const end = state.itemPostStart.at(it + 1)
    for (let j = state.itemPostStart.at(it); j < end; j++) {
      const o = state.itemPostings.at(j)
      if (o >= lo && o < hi) matched.push(o)
    }
  }
  return new Set(matched).size
}

// Per matching observation: its counted values, each once, added to `counts`, noting each value
// on its first count; then the noted values go to the sink and their counts back to zero.
function byObservations(
  state: DnsState,
  ids: Uint32Array,
  fields: Uint8Array,
  counts: Uint32Array,
  sink: CountSink,
): void {
  const start = state.obsItemStart
  const field = state.obsItemField
  const value = state.obsItemValue
  const counted = new U32List()
  // An observation's own earlier values are compared in a small buffer (in cache); one with more
  // items than it (rare) sorts its values instead.
  const seen = new Uint32Array(SMALL)
  for (let i = 0; i < ids.length; i++) {
    const o = ids[i] as number
    const from = start.at(o)
    const to = start.at(o + 1)
    if (to - from > SMALL) {
      countLarge(fields, field, value, from, to, counts, counted)
      continue
    }
    let k = 0
    for (let j = from; j < to; j++) {
      if (fields[field.at(j)] === 0) continue
      const v = value.at(j)
      let q = 0
      while (q < k && seen[q] !== v) q++
      if (q < k) continue
      seen[k++] = v
      const count = counts[v] as number
      if (count === 0) counted.push(v)
      counts[v] = count + 1
    }
  }
  let rest = 0
  const extra = sink.extra?.size === 0 ? undefined : sink.extra
  for (let i = 0; i < counted.length; i++) {
    const v = counted.get(i)
    const count = counts[v] as number
    if (kept(sink, extra, v, count)) sink.add(v, count)
    else rest += count
    counts[v] = 0
  }
  sink.addToTotal(rest)
}

// Adds one to the count of each distinct counted value among occurrences [from, to), noting the
// values counted for the first time.
function countLarge(
  fields: Uint8Array,
  field: Column,
  value: Column,
  from: number,
  to: number,
  counts: Uint32Array,
  counted: U32List,
): void {
  const values: number[] = []
  for (let j = from; j < to; j++) if (fields[field.at(j)] === 1) values.push(value.at(j))
  values.sort((a, b) => a - b)
  for (let q = 0; q < values.length; q++) {
    const v = values[q] as number
    if (q > 0 && values[q - 1] === v) continue
    if (counts[v] === 0) counted.push(v)
    counts[v] = (counts[v] as number) + 1
  }
}
