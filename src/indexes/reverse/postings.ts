/**
 * Postings: for every term, the ascending ids of the documents holding it, and optionally a payload
 * per (term, document) entry: the term's positions in that document, or the ordinals of the values
 * holding it. Plain data, so that a snapshot can save and reopen it without rebuilding.
 *
 * Layout (compressed sparse rows, term-major):
 *   termStart     Uint32Array(T+1)  term t's entries are [termStart[t], termStart[t + 1])
 *   docs          Uint32Array(E)    entry → document id
 *   payloadStart  Uint32Array(E+1)  entry e's payload is payload[payloadStart[e], payloadStart[e + 1]);
 *                                   empty (length 0) when the postings carry no payload
 *   payload       Uint16Array(P) when every value fits in 16 bits, else Uint32Array(P): payload
 *                                   values, term-major then document then value order. Positions of a
 *                                   typical record stay far below 2^16 / 4, so the narrow form halves
 *                                   the largest array (130 of ~650 index bytes a generated record).
 * Invariants: within a term, docs are strictly ascending; within an entry, payload values are
 * strictly ascending; every entry of a payload-carrying posting list has at least one value.
 */

import { LazyArray, rangeOf, type StoredArray } from '../../storage/lazy-array.js'
import { lowerBound } from '../gallop.js'
import { grow } from '../grow.js'
import { PostingsLayout } from './postings-layout.js'
import { VarintChunks } from './varint-chunks.js'

/** The plain-data state of a posting list set. */
export interface Postings {
  readonly termStart: Uint32Array
  readonly docs: Uint32Array
  readonly payloadStart: Uint32Array
  readonly payload: Uint16Array | Uint32Array
}

/**
 * Postings whose entries may stay on disk (the registration text's, in an opened snapshot, SPEC
 * 16): the term offsets are in memory, the documents and payloads are read a term at a time.
 */
export interface StoredPostings {
  readonly termStart: Uint32Array
  readonly docs: StoredArray<Uint32Array>
  readonly payloadStart: StoredArray<Uint32Array>
  readonly payload: StoredArray<Uint16Array | Uint32Array>
}

/**
 * The documents of terms `lo` … `hi − 1` in term order (one term by default; −1 for a term not in
 * the dictionary: none): a view of postings in memory, a copy of the range of postings on disk.
 * Use {@link ownTermDocs} for an array to change.
 *
 * @example
 * ```ts
 * termDocs(exact.postings, exact.dictionary.get('sw1a1aa')) // the documents with that postal code
 * ```
 */
export function termDocs(postings: StoredPostings, lo: number, hi = lo + 1): Uint32Array {
  if (lo < 0) return new Uint32Array(0)
  return rangeOf(postings.docs, postings.termStart[lo] as number, postings.termStart[hi] as number)
}

/**
 * As {@link termDocs}, in an array of its own that the caller may change.
 *
 * @example
 * ```ts
 * const candidates = ownTermDocs(grams, rarest) // then narrowed in place
 * ```
 */
export function ownTermDocs(postings: StoredPostings, lo: number, hi = lo + 1): Uint32Array {
  const docs = termDocs(postings, lo, hi)
  return postings.docs instanceof LazyArray ? docs : docs.slice()
}

/**
 * The lists of some terms, ready to search: list s is `docs[listStart[s], listEnd[s])`, and entry
 * e's payload is `payload[payloadStart[e], payloadStart[e + 1])`. For postings on disk the arrays
 * are shared scratch space, valid until the next {@link termLists} call: use them, do not keep them.
 */
export interface TermLists {
  readonly docs: Uint32Array
  readonly payloadStart: Uint32Array
  readonly payload: Uint16Array | Uint32Array
  readonly listStart: Uint32Array
  readonly listEnd: Uint32Array
}

/**
 * The lists of `terms` (−1: a term not in the dictionary, an empty list). Postings in memory are
 * searched where they are (the lists are ranges of their arrays); postings on disk have the
 * terms' lists read into arrays of their own, laid out as the postings are (each list's payloads
 * follow the previous list's, so an entry's payload ends where the next entry's starts).
 *
 * With `within` (ascending documents: the only ones the caller will look for), a list on disk
 * more than {@link RESTRICT_RATIO} times longer than `within` keeps only its entries for those
 * documents, found by galloping over the documents on disk an element at a time: a rare phrase
 * term then reads a few blocks of a common term's list, not all of it (skip data's purpose).
 *
 * @example
 * ```ts
 * const lists = termLists(text.positions, [dictionary.get('acme'), dictionary.get('holdings')])
 * lists.docs.subarray(lists.listStart[0], lists.listEnd[0]) // the documents holding 'acme'
 * ```
 */
export function termLists(
  postings: StoredPostings,
  terms: readonly number[],
  within?: Uint32Array,
): TermLists {
  const { termStart, docs, payloadStart, payload } = postings
  const slots = terms.length
  const listStart = new Uint32Array(slots)
  const listEnd = new Uint32Array(slots)
  if (!(docs instanceof LazyArray || payloadStart instanceof LazyArray || payload instanceof LazyArray)) {
    terms.forEach((t, s) => {
      listStart[s] = t < 0 ? 0 : (termStart[t] as number)
      listEnd[s] = t < 0 ? 0 : (termStart[t + 1] as number)
    })
    return { docs, payloadStart, payload, listStart, listEnd }
  }
  const withPayload = payloadStart.length > 0
  // Per slot: the entries kept, as a range of the postings or as the entries for `within`.
  const picked = terms.map((t): { from: number; to: number; entries: number[] | null } => {
    if (t < 0) return { from: 0, to: 0, entries: null }
    const from = termStart[t] as number
    const to = termStart[t + 1] as number
    if (within === undefined || within.length * RESTRICT_RATIO >= to - from)
      return { from, to, entries: null }
    return { from, to, entries: entriesFor(docs, within, from, to) }
  })
  let entries = 0
  picked.forEach((p, s) => {
    listStart[s] = entries
    entries += p.entries === null ? p.to - p.from : p.entries.length
    listEnd[s] = entries
  })
  // Into the scratch arrays, reused from call to call: nothing is allocated for the lists.
  scratch.docs = room(scratch.docs, entries, Uint32Array)
  scratch.starts = room(scratch.starts, withPayload ? entries + 1 : 0, Uint32Array)
  const localDocs = scratch.docs
  const localStarts = scratch.starts
  // First the documents and the payload offsets, rebased to where each list's payload will go.
  const ranges: number[] = []
  let values = 0
  picked.forEach((p, s) => {
    const at = listStart[s] as number
    if (p.entries === null) {
      if (p.to === p.from) return
      copyRange(docs, p.from, p.to, localDocs, at)
      if (!withPayload) return
      // n + 1 offsets: the last lands on the next list's first, overwritten after it is read here.
      copyRange(payloadStart, p.from, p.to + 1, localStarts, at)
      const n = p.to - p.from
      const base = localStarts[at] as number
      const end = localStarts[at + n] as number
      for (let i = 0; i < n; i++) localStarts[at + i] = (localStarts[at + i] as number) - base + values
      ranges.push(base, end)
      values += end - base
      return
    }
    p.entries.forEach((e, i) => {
      localDocs[at + i] = valueAt(docs, e)
      if (!withPayload) return
      const begin = valueAt(payloadStart, e)
      const end = valueAt(payloadStart, e + 1)
      localStarts[at + i] = values
      ranges.push(begin, end)
      values += end - begin
    })
  })
  if (withPayload) localStarts[entries] = values
  // Then the payloads, range after range, in the same order.
  const wide =
    (payload instanceof LazyArray
      ? payload.kind
      : payload instanceof Uint32Array
        ? 'Uint32Array'
        : 'Uint16Array') === 'Uint32Array'
  if (wide) scratch.wide = room(scratch.wide, values, Uint32Array)
  else scratch.narrow = room(scratch.narrow, values, Uint16Array)
  const localPayload = wide ? scratch.wide : scratch.narrow
  for (let r = 0, at = 0; r < ranges.length; r += 2) {
    const begin = ranges[r] as number
    const end = ranges[r + 1] as number
    copyRange(payload, begin, end, localPayload, at)
    at += end - begin
  }
  return {
    docs: localDocs.subarray(0, entries),
    payloadStart: localStarts.subarray(0, withPayload ? entries + 1 : 0),
    payload: localPayload.subarray(0, values),
    listStart,
    listEnd,
  }
}

// termLists' arrays for postings on disk. A TermLists is used within the call that asked for it
// (a matcher's collect or filter), so one set serves every call; each grows to the largest lists
// asked for. Allocating them anew measured as the tail of phrase queries on disk: collections of
// megabytes of copied lists, a p90 of 5–8 ms against a median of 1.3 at 1M records.
const scratch = {
  docs: new Uint32Array(0),
  starts: new Uint32Array(0),
  narrow: new Uint16Array(0),
  wide: new Uint32Array(0),
}

// `array` when it holds `n` elements, else a new one of twice the size needed (contents dropped).
function room<T extends Uint16Array | Uint32Array>(array: T, n: number, Kind: { new (n: number): T }): T {
  return array.length >= n ? array : new Kind(Math.max(1024, 2 * n))
}

// Elements [start, end) of a stored array into `into` from `at` on.
function copyRange(
  stored: StoredArray<Uint16Array | Uint32Array>,
  start: number,
  end: number,
  into: Uint16Array | Uint32Array,
  at: number,
): void {
  if (stored instanceof LazyArray) stored.copy(start, end, into, at)
  else into.set(stored.subarray(start, end), at)
}

/**
 * How much longer than the documents looked for a list on disk must be for {@link termLists} to
 * gallop over it instead of reading it whole: a probe is a block-cache lookup of a few hundred
 * nanoseconds and a document is found in about 2·log2(gap) probes, where a whole read costs about
 * a nanosecond a byte (4 to 12 bytes an entry).
 */
export const RESTRICT_RATIO = 1024

// The entries of [from, to) whose documents are in `within` (ascending).
function entriesFor(docs: StoredArray<Uint32Array>, within: Uint32Array, from: number, to: number): number[] {
  const found: number[] = []
  let e = from
  for (let i = 0; i < within.length && e < to; i++) {
    const doc = within[i] as number
    e = docs instanceof LazyArray ? docs.lowerBound(doc, e, to) : lowerBound(docs, doc, e, to)
    if (e < to && valueAt(docs, e) === doc) found.push(e++)
  }
  return found
}

function valueAt(array: StoredArray<Uint16Array | Uint32Array>, i: number): number {
  return array instanceof LazyArray ? array.at(i) : (array[i] as number)
}

/**
 * Collects (term, document, payload) occurrences in document order and lays them out term-major.
 * Build memory stays in typed arrays: per document the occurrences are grouped by term with a
 * counting sort over the document's own terms and appended to a varint stream (varint-chunks.ts)
 * as a run: the gap to the previous run's document, the number of groups, then per group its term
 * and, with payload, its value count and values, each as the difference from the value before it
 * (the first from the previous group's first value, modulo 2^32).
 * `finish` replays the stream twice into a PostingsLayout (postings-layout.ts): a counting pass
 * that sizes the term-major arrays exactly, then a consuming, scattering pass that gives each
 * stream chunk back once read, so no per-token or per-term JS object is ever made. The peak is the
 * stream (~1.5 bytes a value, ~2.7 a term id) plus the finished postings; a builder that keeps a
 * smaller record of its own replays that into a PostingsLayout directly.
 *
 * @example
 * ```ts
 * const b = new PostingsBuilder(true)
 * b.startDoc(0); b.add(5, 0); b.add(5, 2); b.add(1, 1); b.endDoc()
 * b.finish(6) // term 5: docs [0], payload [0, 2]; term 1: docs [0], payload [1]
 * ```
 */
export class PostingsBuilder {
  readonly #withPayload: boolean
  // Per term: 1 + the last document that held it, and its group within that document.
  #lastDoc: Uint32Array = new Uint32Array(1024)
  #groupOf: Uint32Array = new Uint32Array(1024)
  // The current document's groups (one per distinct term) and occurrences.
  #groupTerm: Uint32Array = new Uint32Array(64)
  #groupCount: Uint32Array = new Uint32Array(64)
  #groupLast: Uint32Array = new Uint32Array(64)
  #groups = 0
  #occGroup: Uint32Array = new Uint32Array(256)
  #occValue: Uint32Array = new Uint32Array(256)
  #occurrences = 0
  #sorted: Uint32Array = new Uint32Array(256)
  #doc = -1
  // Document-major output: one run per document with pairs, and their number.
  readonly #runs = new VarintChunks()
  #runCount = 0
  #runDoc = -1
  #maxTerm = -1

  /** @param withPayload - keep a payload per entry (positions, ordinals) or only the documents */
  constructor(withPayload: boolean) {
    this.#withPayload = withPayload
  }

  /**
   * Starts document `doc`; documents must come in strictly ascending order.
   *
   * @example
   * ```ts
   * b.startDoc(0)
   * ```
   */
  startDoc(doc: number): void {
    if (doc <= this.#doc) throw new Error(`domindex: documents must ascend, got ${doc} after ${this.#doc}`)
    this.#doc = doc
    this.#groups = 0
    this.#occurrences = 0
  }

  /**
   * Records that `term` occurs in the current document with payload `value`. Values of one term
   * must be added in ascending order; a value equal to the term's previous one is dropped, and
   * without payload only the first occurrence of a term counts.
   *
   * @example
   * ```ts
   * b.add(5, 0)
   * ```
   */
  add(term: number, value: number): void {
    if (term >= this.#lastDoc.length) {
      this.#lastDoc = grow(this.#lastDoc, term + 1)
      this.#groupOf = grow(this.#groupOf, term + 1)
    }
    if (term > this.#maxTerm) this.#maxTerm = term
    let g: number
    if (this.#lastDoc[term] !== this.#doc + 1) {
      g = this.#groups++
      if (g >= this.#groupTerm.length) {
        this.#groupTerm = grow(this.#groupTerm, g + 1)
        this.#groupCount = grow(this.#groupCount, g + 1)
        this.#groupLast = grow(this.#groupLast, g + 1)
      }
      this.#lastDoc[term] = this.#doc + 1
      this.#groupOf[term] = g
      this.#groupTerm[g] = term
      this.#groupCount[g] = 0
      // Without payload a document lists its terms only: no value is kept.
      if (!this.#withPayload) return
    } else {
      g = this.#groupOf[term] as number
      if (!this.#withPayload) return
      const last = this.#groupLast[g] as number
      if (value <= last) {
        if (value === last) return
        throw new Error(`domindex: values of term ${term} must ascend, got ${value} after ${last}`)
      }
    }
    this.#groupLast[g] = value
    this.#groupCount[g] = (this.#groupCount[g] as number) + 1
    const k = this.#occurrences++
    if (k >= this.#occGroup.length) {
      this.#occGroup = grow(this.#occGroup, k + 1)
      this.#occValue = grow(this.#occValue, k + 1)
    }
    this.#occGroup[k] = g
    this.#occValue[k] = value
  }

  /**
   * Ends the current document, appending its run.
   *
   * @example
   * ```ts
   * b.endDoc()
   * ```
   */
  endDoc(): void {
    const groups = this.#groups
    if (groups === 0) return
    const runs = this.#runs
    runs.push(this.#doc - this.#runDoc - 1)
    runs.push(groups)
    this.#runDoc = this.#doc
    this.#runCount++
    if (!this.#withPayload) {
      for (let g = 0; g < groups; g++) runs.push(this.#groupTerm[g] as number)
      return
    }
    // Counting sort of the document's occurrences by group; groupLast is reused as the cursor.
    let offset = 0
    for (let g = 0; g < groups; g++) {
      this.#groupLast[g] = offset
      offset += this.#groupCount[g] as number
    }
    if (offset > this.#sorted.length) this.#sorted = grow(this.#sorted, offset)
    for (let k = 0; k < this.#occurrences; k++) {
      const g = this.#occGroup[k] as number
      const at = this.#groupLast[g] as number
      this.#sorted[at] = this.#occValue[k] as number
      this.#groupLast[g] = at + 1
    }
    // A group's first value is written as the difference from the previous group's first value,
    // modulo 2^32: groups are numbered in order of first occurrence, so for positions it is the
    // small step to the next new token instead of the whole position.
    for (let g = 0, k = 0, first = 0; g < groups; g++) {
      const count = this.#groupCount[g] as number
      runs.push(this.#groupTerm[g] as number)
      runs.push(count)
      const end = k + count
      let previous = this.#sorted[k] as number
      runs.push((previous - first) >>> 0)
      first = previous
      for (k++; k < end; k++) {
        const value = this.#sorted[k] as number
        runs.push(value - previous)
        previous = value
      }
    }
  }

  /**
   * Lays the collected runs out term-major; the builder must not be used afterwards.
   *
   * @param termCount - the number of terms T (at least 1 + the largest term added)
   * @example
   * ```ts
   * b.finish(6).termStart.length // 7
   * ```
   */
  finish(termCount: number): Postings {
    if (termCount <= this.#maxTerm)
      throw new Error(`domindex: termCount ${termCount} ≤ term ${this.#maxTerm}`)
    // The per-term scratch goes before the layout is allocated.
    this.#lastDoc = new Uint32Array(0)
    this.#groupOf = new Uint32Array(0)
    const layout = new PostingsLayout(termCount, this.#withPayload)
    this.#replay(layout, false)
    layout.allocate()
    this.#replay(layout, true)
    return layout.finish()
  }

  /** Adds every run's occurrences to the layout, giving each stream chunk back once read if `consume`. */
  #replay(layout: PostingsLayout, consume: boolean): void {
    const runs = this.#runs.reader(consume)
    for (let r = 0, doc = -1; r < this.#runCount; r++) {
      doc += runs.next() + 1
      layout.startDoc(doc)
      let first = 0
      for (let g = runs.next(); g > 0; g--) {
        const term = runs.next()
        if (!this.#withPayload) {
          layout.add(term, 0)
          continue
        }
        const n = runs.next()
        first = (first + runs.next()) >>> 0
        layout.add(term, first)
        for (let i = 1, value = first; i < n; i++) {
          value += runs.next()
          layout.add(term, value)
        }
      }
    }
  }
}
