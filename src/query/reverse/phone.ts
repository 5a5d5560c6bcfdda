/**
 * The `phone` text criterion (SPEC 5): the query's digits occur as a contiguous run in the digits of
 * one `phone` value. Candidates are the documents holding every 4-digit gram of the query (the
 * rarest gram's list narrowed by the others, block by block through their skip data); each is
 * verified against its stored digits.
 */
import { type DigitsIndex, GRAM, GRAM_COUNT } from '../../indexes/reverse/digits-index.js'
import { docFrequency, termLists } from '../../indexes/reverse/term-lists.js'
import type { Criterion } from './criterion.js'

/**
 * Matches documents with a phone number containing a run of digits.
 *
 * @example
 * ```ts
 * new PhoneMatcher(digits, '6502530000').collect() // documents with phone +1.6502530000
 * ```
 */
export class PhoneMatcher implements Criterion {
  readonly estimate: number
  readonly #digits: DigitsIndex
  readonly #query: Uint8Array
  // The query's distinct grams, rarest first.
  readonly #grams: number[]

  /**
   * @param digits - the digits index
   * @param query - the query's digits (at least 4), as text
   */
  constructor(digits: DigitsIndex, query: string) {
    this.#digits = digits
    this.#query = Uint8Array.from(query, (ch) => ch.charCodeAt(0) - 48)
    const grams = new Set<number>()
    let gram = 0
    for (let i = 0; i < this.#query.length; i++) {
      gram = (gram * 10 + (this.#query[i] as number)) % GRAM_COUNT
      if (i >= GRAM - 1) grams.add(gram)
    }
    const df = (g: number): number => docFrequency(digits.grams, g)
    this.#grams = [...grams].sort((a, b) => df(a) - df(b))
    this.estimate = df(this.#grams[0] as number)
  }

  collect(): Uint32Array {
    // The grams' lists intersected rarest first, each decoding only the blocks that may hold a
    // candidate; a copy, since termLists reuses its arrays.
    const candidates = termLists(this.#digits.grams, this.#grams).docs.slice()
    return candidates.subarray(0, this.filter(candidates, candidates.length))
  }

  filter(candidates: Uint32Array, count: number): number {
    let kept = 0
    for (let c = 0; c < count; c++) {
      const doc = candidates[c] as number
      if (this.#digits.contains(doc, this.#query)) candidates[kept++] = doc
    }
    return kept
  }
}
