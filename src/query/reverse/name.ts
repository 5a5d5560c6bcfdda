/**
 * The `name` criterion (SPEC 5): every query token occurs in one `organization` value of any
 * contact section, in any order. Candidates are the documents holding every token (galloping over
 * the tokens' lists, rarest first); a candidate matches when the tokens' sorted lists of value
 * ordinals share one ordinal.
 */
import { lowerBound } from '../../indexes/gallop.js'
import type { RegistrationText } from '../../indexes/reverse/registration-text.js'
import type { StoredPostings, TermLists } from '../../indexes/reverse/term-lists.js'
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
    const { termStart } = text.organizations
    const size = (id: number) => (id < 0 ? 0 : (termStart[id + 1] as number) - (termStart[id] as number))
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

  readonly #keeper: KeepMatches = (lists, candidates, count, ownList) =>
    this.#keep(lists, candidates, count, ownList)

  /**
   * Keeps the candidates that match. `ownList`: the candidates are the first (rarest) list itself,
   * so candidate c is that list's entry c and needs no search in it.
   */
  #keep(lists: TermLists, candidates: Uint32Array, count: number, ownList: boolean): number {
    const { docs, payloadStart, listStart, listEnd } = lists
    this.#payload = lists.payload
    const slots = listStart.length
    const cursor = listStart.slice()
    const first = ownList ? 1 : 0
    let kept = 0
    // The seek below is written out here and in phrase.ts on purpose: one shared seek function
    // measured about 2x slower for name and slop-2 queries at 100k records (0.11 → 0.25 ms median).
    for (let c = 0; c < count; c++) {
      const doc = candidates[c] as number
      let holdsAll = true
      if (ownList) {
        const e = (listStart[0] as number) + c
        this.#ordStart[0] = payloadStart[e] as number
        this.#ordEnd[0] = payloadStart[e + 1] as number
      }
      for (let s = first; s < slots; s++) {
        const end = listEnd[s] as number
        const e = lowerBound(docs, doc, cursor[s] as number, end)
        cursor[s] = e
        if (e === end) return kept
        if (docs[e] !== doc) {
          holdsAll = false
          break
        }
        this.#ordStart[s] = payloadStart[e] as number
        this.#ordEnd[s] = payloadStart[e + 1] as number
      }
      if (holdsAll && (slots === 1 || this.#shareOrdinal())) candidates[kept++] = doc
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
