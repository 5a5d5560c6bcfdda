/**
 * The `name` criterion (SPEC 5): every query token occurs in one `organization` value of any
 * contact section, in any order. Candidates are the documents holding every token (the tokens'
 * lists intersected rarest first, term-lists.ts); a candidate matches when the tokens' sorted lists of value
 * ordinals share one ordinal.
 */
import type { RegistrationText } from '../../indexes/reverse/registration-text.js'
import { docFrequency, type StoredPostings, type TermLists } from '../../indexes/reverse/term-lists.js'
import type { Criterion } from './criterion.js'
import { collectRarestFirst, filterRarestFirst, type KeepMatches } from './rarest-first.js'

/**
 * Matches organization names holding every token.
 *
 * @example
 * ```ts
 * new NameMatcher(text, ['holdings', 'acme']).collect() // documents with e.g. 'ACME Holdings Ltd'
 * ```
 */
export class NameMatcher implements Criterion {
  readonly estimate: number
  readonly #names: StoredPostings
  // The tokens' term ids, rarest first.
  readonly #terms: number[]
  readonly #ordStart: Uint32Array
  readonly #ordEnd: Uint32Array
  #payload: Uint16Array | Uint32Array = new Uint16Array(0)

  /**
   * @param text - the registration-text index
   * @param tokens - the analysed query's distinct tokens
   */
  constructor(text: RegistrationText, tokens: readonly string[]) {
    this.#names = text.organizations
    const size = (id: number) => docFrequency(text.organizations, id)
    this.#terms = tokens.map((token) => text.dictionary.get(token)).sort((a, b) => size(a) - size(b))
    this.#ordStart = new Uint32Array(tokens.length)
    this.#ordEnd = new Uint32Array(tokens.length)
    this.estimate = Math.min(...this.#terms.map(size))
  }

  collect(): Uint32Array {
    if (this.estimate === 0) return new Uint32Array(0)
    return collectRarestFirst(this.#names, this.#terms, this.#keeper)
  }

  filter(candidates: Uint32Array, count: number): number {
    if (this.estimate === 0) return 0
    return filterRarestFirst(this.#names, this.#terms, candidates, count, this.#keeper)
  }

  readonly #keeper: KeepMatches = (lists, into) => this.#keep(lists, into)

  /** Writes the documents of `lists` whose ordinals share a value to `into`; returns how many. */
  #keep(lists: TermLists, into: Uint32Array): number {
    const { docs, payloadStart } = lists
    this.#payload = lists.payload
    const slots = this.#terms.length
    const count = docs.length
    if (slots === 1) {
      into.set(docs)
      return count
    }
    let kept = 0
    for (let c = 0; c < count; c++) {
      for (let s = 0; s < slots; s++) {
        this.#ordStart[s] = payloadStart[s * count + c] as number
        this.#ordEnd[s] = payloadStart[s * count + c + 1] as number
      }
      if (this.#shareOrdinal()) into[kept++] = docs[c] as number
    }
    return kept
  }

  /** Whether the current document's ordinal lists (in #ordStart/#ordEnd) have a common value. */
  #shareOrdinal(): boolean {
    const payload = this.#payload
    const slots = this.#terms.length
    for (let at = this.#ordStart[0] as number, end = this.#ordEnd[0] as number; at < end; at++) {
      const ordinal = payload[at] as number
      let inAll = true
      for (let s = 1; s < slots && inAll; s++) {
        let k = this.#ordStart[s] as number
        const kEnd = this.#ordEnd[s] as number
        while (k < kEnd && (payload[k] as number) < ordinal) k++
        // Ordinals are tried ascending, so the skipped values are never needed again.
        this.#ordStart[s] = k
        inAll = k < kEnd && payload[k] === ordinal
      }
      if (inAll) return true
    }
    return false
  }
}
