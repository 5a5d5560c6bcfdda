/**
 * Phrase with slop over registration text (SPEC 5), also used for `street` text (a phrase whose
 * positions must be street values) and for `phrase` under the `street`/`postalcode`/`phone` flags.
 *
 * Lucene's sloppy phrase rule: with query term i at document position p_i, the document matches when
 * some choice of pairwise distinct positions gives max(p_i − i) − min(p_i − i) ≤ slop. Writing
 * d_i = p_i − i, that is: some window [w, w + slop] holds every d_i. For a fixed w each query
 * index i may use the positions in [w + i, w + i + slop]; positions of different terms are
 * distinct anyway, and the indices of one repeated term have equally long windows ordered by
 * start, so giving each index in turn the first free position in its window finds distinct
 * positions whenever any exist (earliest-deadline greedy on intervals sorted by both ends).
 *
 * No match spans two values: values are 100 empty positions apart, so if some query indices sat in
 * a value A and later ones in a value B, an index between them would need a position inside the
 * gap (its window is slop + 1 ≤ 51 wide), and indices placed out of order across the gap would need
 * a slop above 100. Hence the field-class mask (street, postal code, phone flags) is checked on one
 * position of a fitting assignment.
 *
 * Candidates come from intersecting the terms' document lists, rarest first, block by block through
 * their skip data (term-lists.ts); positions are only read for documents holding every term, and w sweeps upwards by jumps (see #matchesPositions), so
 * a document costs at most its positions of the query's terms × the query's length (at most 64
 * tokens, reverse-params.ts) gallops.
 */
import { lowerBound } from '../../indexes/gallop.js'
import type { RegistrationText } from '../../indexes/reverse/registration-text.js'
import { docFrequency, type TermLists } from '../../indexes/reverse/term-lists.js'
import type { Criterion } from './criterion.js'
import { collectRarestFirst, filterRarestFirst, type KeepMatches } from './rarest-first.js'

/** A class mask admitting every field class. */
export const ALL_FIELDS = 0b1111

/**
 * Matches a phrase with slop, optionally only in values of some field classes.
 *
 * @example
 * ```ts
 * const m = new PhraseMatcher(text, ['quick', 'fox'], 1, ALL_FIELDS)
 * m.collect() // documents with 'quick … fox' at most one position apart, e.g. 'the quick brown fox'
 * ```
 */
export class PhraseMatcher implements Criterion {
  readonly estimate: number
  readonly #text: RegistrationText
  readonly #slop: number
  readonly #mask: number
  readonly #length: number
  // Per distinct term ("slot"), ordered rarest first: its term id.
  readonly #terms: number[]
  // Query index → slot, and per slot its query indices ascending: slotIndex[slotIndexStart[s] …].
  readonly #slotOf: Uint32Array
  readonly #slotIndexStart: Uint32Array
  readonly #slotIndex: Uint32Array
  // Per-document scratch: each slot's position-code range.
  readonly #posStart: Uint32Array
  readonly #posEnd: Uint32Array
  #payload: Uint16Array | Uint32Array = new Uint16Array(0)

  /**
   * @param text - the registration-text index
   * @param tokens - the analysed query, in order, repeats kept
   * @param slop - the allowed slop (0 … 50)
   * @param mask - bit c set admits positions in fields of class c
   */
  constructor(text: RegistrationText, tokens: readonly string[], slop: number, mask: number) {
    this.#text = text
    this.#slop = slop
    this.#mask = mask
    this.#length = tokens.length
    const distinct = [...new Set(tokens)]
    const ids = distinct.map((token) => text.dictionary.get(token))
    const df = ids.map((id) => docFrequency(text.positions, id))
    const order = distinct.map((_, s) => s).sort((a, b) => (df[a] as number) - (df[b] as number))
    const slots = order.length
    this.#terms = order.map((original) => ids[original] as number)
    const slotOfToken = new Map(order.map((original, s) => [distinct[original] as string, s]))
    this.#slotOf = Uint32Array.from(tokens, (token) => slotOfToken.get(token) as number)
    this.#slotIndexStart = new Uint32Array(slots + 1)
    for (const s of this.#slotOf) this.#slotIndexStart[s + 1] = (this.#slotIndexStart[s + 1] as number) + 1
    for (let s = 0; s < slots; s++) {
      this.#slotIndexStart[s + 1] =
        (this.#slotIndexStart[s + 1] as number) + (this.#slotIndexStart[s] as number)
    }
    this.#slotIndex = new Uint32Array(tokens.length)
    const fill = this.#slotIndexStart.slice(0, slots)
    for (let i = 0; i < tokens.length; i++) {
      const s = this.#slotOf[i] as number
      this.#slotIndex[fill[s] as number] = i
      fill[s] = (fill[s] as number) + 1
    }
    this.#posStart = new Uint32Array(slots)
    this.#posEnd = new Uint32Array(slots)
    this.estimate = Math.min(...df)
  }

  collect(): Uint32Array {
    if (this.estimate === 0) return new Uint32Array(0)
    return collectRarestFirst(this.#text.positions, this.#terms, this.#keeper)
  }

  filter(candidates: Uint32Array, count: number): number {
    if (this.estimate === 0) return 0
    return filterRarestFirst(this.#text.positions, this.#terms, candidates, count, this.#keeper)
  }

  readonly #keeper: KeepMatches = (lists, into) => this.#keep(lists, into)

  /** Writes the documents of `lists` whose positions hold the phrase to `into`; returns how many. */
  #keep(lists: TermLists, into: Uint32Array): number {
    const { docs, payloadStart } = lists
    this.#payload = lists.payload
    const slots = this.#terms.length
    const count = docs.length
    // One term, any field: holding the term is the match, no positions needed.
    if (this.#length === 1 && this.#mask === ALL_FIELDS) {
      into.set(docs)
      return count
    }
    let kept = 0
    for (let c = 0; c < count; c++) {
      for (let s = 0; s < slots; s++) {
        this.#posStart[s] = payloadStart[s * count + c] as number
        this.#posEnd[s] = payloadStart[s * count + c + 1] as number
      }
      if (this.#matchesPositions()) into[kept++] = docs[c] as number
    }
    return kept
  }

  /**
   * Whether the current document's positions (in #posStart/#posEnd) satisfy the phrase: a sweep over
   * the window start w, ascending. For one w, each query index i in turn (per slot, indices
   * ascending) takes the first free position at or after w + i, which must be at most w + i + slop.
   * That greedy position never decreases as w grows, so when index i fails with position q, no w
   * below q − i − slop can work and the sweep jumps there; when no position is left, none can. Each
   * step thus moves w to a new value q − i − slop, so a document costs at most (its positions of the
   * query's terms) × (query length) steps of one gallop each, and usually a few. The former check
   * tried every (position, index) pair and scanned each term's positions from the start: 64 repeated
   * tokens at slop 50 on eight values repeating the token 3,000 times measured 2.4 s, now 11 ms.
   *
   * The field class is checked on index 0's position: w fixes the one value a fitting assignment
   * lies in (index 0's window is at most 51 wide, values are 100 apart), so a rejected class moves w
   * past that position.
   */
  #matchesPositions(): boolean {
    const payload = this.#payload
    const slop = this.#slop
    const slots = this.#terms.length
    const first = this.#slotOf[0] as number
    let w = ((payload[this.#posStart[first] as number] as number) >>> 2) - slop
    for (;;) {
      let next = w
      let code0 = 0
      for (let s = 0; s < slots && next === w; s++) {
        let at = this.#posStart[s] as number
        const end = this.#posEnd[s] as number
        const kEnd = this.#slotIndexStart[s + 1] as number
        for (let k = this.#slotIndexStart[s] as number; k < kEnd; k++) {
          const i = this.#slotIndex[k] as number
          at = seekPosition(payload, w + i, at, end)
          if (at === end) return false
          const p = (payload[at] as number) >>> 2
          if (p > w + i + slop) {
            next = p - i - slop
            break
          }
          if (i === 0) code0 = payload[at] as number
          at++
        }
      }
      if (next === w) {
        if (((this.#mask >>> (code0 & 3)) & 1) === 1) return true
        next = (code0 >>> 2) + 1
      }
      w = next
    }
  }
}

/** The first of a term's position codes (position · 4 + class) in [at, end) at or after position `lo`. */
function seekPosition(payload: Uint16Array | Uint32Array, lo: number, at: number, end: number): number {
  // Usually the position at hand already fits (a term's next occurrence); else gallop, since the
  // sweep moves forward in small steps.
  const x = lo * 4
  if (at >= end || (payload[at] as number) >= x) return at
  return lowerBound(payload, x, at + 1, end)
}
