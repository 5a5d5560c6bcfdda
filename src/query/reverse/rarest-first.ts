/**
 * The frame of the matchers that intersect term lists rarest first (phrase.ts, name.ts): `collect`
 * takes the rarest list as the candidates and has the matcher keep those that match, reading the
 * other lists only for them when they are on disk (term-lists.ts); `filter` does the same for
 * candidates given. The matchers' own loops stay written out in each (see name.ts).
 */
import { type StoredPostings, type TermLists, termDocs, termLists } from '../../indexes/reverse/term-lists.js'

/**
 * Keeps the candidates that match, in place, and returns how many. `ownList`: the candidates are
 * the first (rarest) list itself, so candidate c is that list's entry c.
 */
export type KeepMatches = (
  lists: TermLists,
  candidates: Uint32Array,
  count: number,
  ownList: boolean,
) => number

/**
 * The documents matching, from the rarest list (`terms[0]`) on.
 *
 * @example
 * ```ts
 * collectRarestFirst(text.positions, terms, (lists, c, n, own) => this.#keep(lists, c, n, own))
 * ```
 */
export function collectRarestFirst(
  postings: StoredPostings,
  terms: readonly number[],
  keep: KeepMatches,
): Uint32Array {
  const candidates = termDocs(postings, terms[0] as number)
  return candidates.subarray(
    0,
    keep(termLists(postings, terms, candidates), candidates, candidates.length, true),
  )
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
  return keep(termLists(postings, terms, candidates.subarray(0, count)), candidates, count, false)
}
