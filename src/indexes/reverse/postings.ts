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
