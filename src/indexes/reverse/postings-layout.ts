/**
 * Lays postings (postings.ts) out from occurrences that the caller produces twice in the same
 * order, for example by replaying a compact per-document record of its own: a counting pass sizes
 * every term's row, then a scattering pass writes each occurrence straight into its row, in
 * document order within the term. No occurrence is stored in between, so besides the finished
 * postings this needs only four arrays of T values (last document and last value of each term, and
 * the cursors of its entries and values). Occurrences follow the rules of `PostingsBuilder.add`.
 */

import type { Postings } from './postings.js'

const NONE = new Uint32Array(0)

/**
 * A two-pass postings layout: count, {@link PostingsLayout.allocate}, scatter, finish.
 *
 * @example
 * ```ts
 * const layout = new PostingsLayout(6, true)
 * for (const pass of ['count', 'scatter']) {
 *   if (pass === 'scatter') layout.allocate()
 *   layout.startDoc(0); layout.add(5, 0); layout.add(1, 1); layout.add(5, 2)
 * }
 * layout.finish() // term 5: docs [0], payload [0, 2]; term 1: docs [0], payload [1]
 * ```
 */
export class PostingsLayout {
  readonly #withPayload: boolean
  readonly #termCount: number
  // Per term: 1 + the last document that held it in this pass, and its last value there.
  readonly #lastDoc: Uint32Array
  readonly #lastValue: Uint32Array
  // At t + 1, for term t: first the number of its entries (values), then where its next one goes,
  // and after the scattering pass the start of term t + 1.
  readonly #termStart: Uint32Array
  readonly #valueStart: Uint32Array
  #scatter = false
  #doc = -1
  #maxValue = 0
  #docs = NONE
  #payloadStart = NONE
  #payload: Uint16Array | Uint32Array = NONE

  /**
   * @param termCount - the number of terms T; every term added must be below it
   * @param withPayload - keep a payload per entry or only the documents
   */
  constructor(termCount: number, withPayload: boolean) {
    this.#termCount = termCount
    this.#withPayload = withPayload
    this.#lastDoc = new Uint32Array(termCount)
    this.#lastValue = new Uint32Array(withPayload ? termCount : 0)
    this.#termStart = new Uint32Array(termCount + 1)
    this.#valueStart = new Uint32Array(withPayload ? termCount + 1 : 0)
  }

  /**
   * Starts document `doc`; documents must ascend within a pass.
   *
   * @example
   * ```ts
   * layout.startDoc(0)
   * ```
   */
  startDoc(doc: number): void {
    if (doc <= this.#doc) throw new Error(`domindex: documents must ascend, got ${doc} after ${this.#doc}`)
    this.#doc = doc
  }

  /**
   * Counts or places an occurrence of `term` in the current document with payload `value`: values
   * of one term must ascend within a document, a value equal to the term's previous one is
   * dropped, and without payload only the first occurrence of a term counts.
   *
   * @example
   * ```ts
   * layout.add(5, 0)
   * ```
   */
  add(term: number, value: number): void {
    if (!(term < this.#termCount)) throw new Error(`domindex: term ${term} ≥ termCount ${this.#termCount}`)
    const t = term + 1
    if (this.#lastDoc[term] !== this.#doc + 1) {
      this.#lastDoc[term] = this.#doc + 1
      const e = this.#termStart[t] as number
      this.#termStart[t] = e + 1
      if (this.#scatter) this.#docs[e] = this.#doc
      if (!this.#withPayload) return
      if (this.#scatter) this.#payloadStart[e] = this.#valueStart[t] as number
    } else {
      if (!this.#withPayload) return
      const last = this.#lastValue[term] as number
      if (value <= last) {
        if (value === last) return
        throw new Error(`domindex: values of term ${term} must ascend, got ${value} after ${last}`)
      }
    }
    if (!this.#scatter && value > this.#maxValue) this.#maxValue = value
    this.#lastValue[term] = value
    const at = this.#valueStart[t] as number
    this.#valueStart[t] = at + 1
    if (this.#scatter) this.#payload[at] = value
  }

  /**
   * Ends the counting pass: allocates the postings at their exact sizes for the scattering pass,
   * which must add the same occurrences in the same order.
   *
   * @example
   * ```ts
   * layout.allocate()
   * ```
   */
  allocate(): void {
    const termStart = this.#termStart
    const valueStart = this.#valueStart
    let entries = 0
    let values = 0
    for (let t = 1; t <= this.#termCount; t++) {
      const e = termStart[t] as number
      termStart[t] = entries
      entries += e
      if (!this.#withPayload) continue
      const v = valueStart[t] as number
      valueStart[t] = values
      values += v
    }
    this.#docs = new Uint32Array(entries)
    this.#payloadStart = new Uint32Array(this.#withPayload ? entries + 1 : 0)
    this.#payload = this.#maxValue < 0x10000 ? new Uint16Array(values) : new Uint32Array(values)
    this.#lastDoc.fill(0)
    this.#doc = -1
    this.#scatter = true
  }

  /**
   * The postings, after the scattering pass.
   *
   * @example
   * ```ts
   * layout.finish().termStart.length // 7
   * ```
   */
  finish(): Postings {
    if (!this.#scatter) throw new Error('domindex: postings layout finished before its scattering pass')
    if (this.#withPayload) this.#payloadStart[this.#docs.length] = this.#payload.length
    return {
      termStart: this.#termStart,
      docs: this.#docs,
      payloadStart: this.#payloadStart,
      payload: this.#payload,
    }
  }
}
