/**
 * The frame of the matchers that intersect term lists rarest first (phrase.ts, name.ts): the lists
 * are intersected by their documents (term-lists.ts), and the matcher keeps the documents holding
 * every term whose payloads match. The matchers' own loops stay written out in each (see name.ts).
 */
import { type StoredPostings, type TermLists, termLists } from '../../indexes/reverse/term-lists.js'

/**
 * Writes the documents of `lists` whose payloads match to `into[0 …]`, in order; returns how many.
 */
export type KeepMatches = (lists: TermLists, into: Uint32Array) => number

/**
 * The documents matching: those holding every term (rarest first) whose payloads the matcher keeps.
 *
 * @example
 * ```ts
 * collectRarestFirst(text.positions, terms, (lists, into) => this.#keep(lists, into))
 * ```
 */
export function collectRarestFirst(
  postings: StoredPostings,
  terms: readonly number[],
  keep: KeepMatches,
): Uint32Array {
  const lists = termLists(postings, terms)
  const matches = new Uint32Array(lists.docs.length)
  return matches.subarray(0, keep(lists, matches))
}

/**
 * Keeps the first `count` candidates that match, in place; returns how many.
 *
 * @example
 * ```ts
 * filterRarestFirst(text.positions, terms, candidates, count, keep)
 * ```
 */
export function filterRarestFirst(
  postings: StoredPostings,
  terms: readonly number[],
  candidates: Uint32Array,
  count: number,
  keep: KeepMatches,
): number {
  return keep(termLists(postings, terms, candidates.subarray(0, count)), candidates)
}
