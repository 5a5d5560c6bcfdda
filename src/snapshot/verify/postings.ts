/**
 * Checks a set of postings (indexes/reverse/postings.ts) as the reverse queries read them: one
 * row per term of the dictionary, each row's documents strictly ascending and below the document
 * count (intersections and the k-way merges assume both), and with a payload, each entry's values
 * a non-empty, strictly ascending run (phrase and name matching walk them in order); without one,
 * no payload at all.
 */
import type { Postings } from '../../indexes/reverse/postings.js'
import { type Checklist, Violation } from './checklist.js'
import { narrowOrWide, object, offsets, sortedRuns, typedArray } from './values.js'

/** What a set of postings must cover. */
export interface PostingsShape {
  /** The number of terms (rows). */
  readonly terms: number
  /** The number of documents; every id is below it. */
  readonly docs: number
  /** Whether each entry carries a payload (positions, ordinals). */
  readonly payload: boolean
}

/**
 * Checks postings and returns them.
 *
 * @param where - their path in the content, e.g. `segments.0.reverse.text.positions`
 * @param value - the postings as read
 * @param shape - terms, documents and payload expected
 * @param checks - where the passed check goes
 * @example
 * ```ts
 * checkPostings('segments.0.reverse.postal.postings', postings, { terms: 1200, docs: 3000, payload: false }, checks)
 * ```
 */
export function checkPostings(
  where: string,
  value: unknown,
  shape: PostingsShape,
  checks: Checklist,
): Postings {
  const postings = object(where, value)
  const termStart = typedArray(`${where}.termStart`, postings['termStart'], Uint32Array, shape.terms + 1)
  const docs = typedArray(`${where}.docs`, postings['docs'], Uint32Array)
  const payloadStart = typedArray(`${where}.payloadStart`, postings['payloadStart'], Uint32Array)
  const payload = narrowOrWide(`${where}.payload`, postings['payload'])
  offsets(`${where}.termStart`, termStart, docs.length)
  sortedRuns(`${where}.docs`, docs, termStart, shape.docs)
  if (!shape.payload) {
    if (payloadStart.length !== 0 || payload.length !== 0)
      throw new Violation(where, 'carries a payload where none is kept')
    checks.passed(`${where}: rows sorted, document ids in range`, docs.length)
    return { termStart, docs, payloadStart, payload }
  }
  if (payloadStart.length !== docs.length + 1)
    throw new Violation(
      `${where}.payloadStart`,
      `holds ${payloadStart.length} offsets for ${docs.length} entries`,
    )
  offsets(`${where}.payloadStart`, payloadStart, payload.length)
  for (let e = 0; e < docs.length; e++) {
    if (payloadStart[e + 1] === payloadStart[e])
      throw new Violation(`${where}.payloadStart`, `entry ${e} has no payload value`)
  }
  sortedRuns(`${where}.payload`, payload, payloadStart, 2 ** 32)
  checks.passed(`${where}: rows sorted, document ids in range, payloads sorted`, docs.length)
  return { termStart, docs, payloadStart, payload }
}
