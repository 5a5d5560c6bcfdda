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
import { U32Chunks } from '../u32-chunks.js'

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
 * counting sort over the document's own terms, appended as (term, count, values) pairs, and
 * `finish` scatters the pairs into their terms' rows (a counting sort by term), so no per-token or
 * per-term JS object is ever made. Peak memory is about twice the final payload.
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
  // Document-major output: per document with pairs, its id and the end of its pairs.
  readonly #runDoc = new U32Chunks()
  readonly #runEnd = new U32Chunks()
  readonly #pairTerm = new U32Chunks()
  readonly #pairCount = new U32Chunks()
  readonly #values = new U32Chunks()
  #maxTerm = -1
  #maxValue = 0

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
    } else {
      g = this.#groupOf[term] as number
      if (!this.#withPayload || this.#groupLast[g] === value) return
    }
    this.#groupLast[g] = value
    if (value > this.#maxValue) this.#maxValue = value
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
   * Ends the current document, appending its pairs.
   *
   * @example
   * ```ts
   * b.endDoc()
   * ```
   */
  endDoc(): void {
    const groups = this.#groups
    if (groups === 0) return
    for (let g = 0; g < groups; g++) {
      this.#pairTerm.push(this.#groupTerm[g] as number)
      this.#pairCount.push(this.#groupCount[g] as number)
    }
    this.#runDoc.push(this.#doc)
    this.#runEnd.push(this.#pairTerm.length)
    if (!this.#withPayload) return
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
    for (let k = 0; k < offset; k++) this.#values.push(this.#sorted[k] as number)
  }

  /**
   * Lays the collected pairs out term-major.
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
    const pairs = this.#pairTerm.length
    const termStart = new Uint32Array(termCount + 1)
    const valueStart = new Uint32Array(this.#withPayload ? termCount + 1 : 0)
    for (let p = 0; p < pairs; p++) {
      const t = this.#pairTerm.get(p)
      termStart[t + 1] = (termStart[t + 1] as number) + 1
      if (this.#withPayload) valueStart[t + 1] = (valueStart[t + 1] as number) + this.#pairCount.get(p)
    }
    for (let t = 0; t < termCount; t++) {
      termStart[t + 1] = (termStart[t + 1] as number) + (termStart[t] as number)
      if (this.#withPayload) valueStart[t + 1] = (valueStart[t + 1] as number) + (valueStart[t] as number)
    }
    const docs = new Uint32Array(pairs)
    const payloadStart = new Uint32Array(this.#withPayload ? pairs + 1 : 0)
    const payload =
      this.#maxValue < 0x10000 ? new Uint16Array(this.#values.length) : new Uint32Array(this.#values.length)
    const entryCursor = termStart.slice(0, termCount)
    const valueCursor = valueStart.slice(0, termCount)
    let p = 0
    let q = 0
    for (let r = 0; r < this.#runDoc.length; r++) {
      const doc = this.#runDoc.get(r)
      const end = this.#runEnd.get(r)
      for (; p < end; p++) {
        const t = this.#pairTerm.get(p)
        const e = entryCursor[t] as number
        entryCursor[t] = e + 1
        docs[e] = doc
        if (!this.#withPayload) continue
        const n = this.#pairCount.get(p)
        let at = valueCursor[t] as number
        payloadStart[e] = at
        for (let i = 0; i < n; i++) payload[at++] = this.#values.get(q++)
        valueCursor[t] = at
      }
    }
    if (this.#withPayload) payloadStart[pairs] = payload.length
    return { termStart, docs, payloadStart, payload }
  }
}
