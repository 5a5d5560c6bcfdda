/**
 * Checks a set of packed postings (indexes/reverse/packed-postings.ts) as the reverse queries read
 * them: one row per term of the dictionary, each row's bytes decoding exactly (skip entries
 * agreeing with their blocks), its documents strictly ascending and below the document
 * count (intersections and the k-way merges assume both), and with a payload, each entry's values
 * a non-empty, strictly ascending run (phrase and name matching walk them in order); without one,
 * no payload at all.
 */
import { unpackPostings } from '../../indexes/reverse/packed-postings.js'
import type { Postings } from '../../indexes/reverse/postings.js'
import { type Checklist, Violation } from './checklist.js'
import { object, offsets, sortedRuns, typedArray } from './values.js'

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
  const stored = object(where, value)
  const termStart = typedArray(`${where}.termStart`, stored['termStart'], Uint32Array, shape.terms + 1)
  const docAt = offsetArray(`${where}.docAt`, stored['docAt'])
  const docBytes = typedArray(`${where}.docBytes`, stored['docBytes'], Uint8Array)
  const payloadAt = offsetArray(`${where}.payloadAt`, stored['payloadAt'])
  const payloadBytes = typedArray(`${where}.payloadBytes`, stored['payloadBytes'], Uint8Array)
  if (!shape.payload && (payloadAt.length !== 0 || payloadBytes.length !== 0))
    throw new Violation(where, 'carries a payload where none is kept')
  if (shape.payload && payloadAt.length === 0)
    throw new Violation(`${where}.payloadAt`, 'is empty where payloads are kept')
  offsets(`${where}.termStart`, termStart, termStart[shape.terms] as number)
  let postings: Postings
  try {
    postings = unpackPostings({ termStart, docAt, docBytes, payloadAt, payloadBytes })
  } catch (error) {
    throw new Violation(where, (error as Error).message.replace(/^postings: /, ''))
  }
  const { docs, payloadStart, payload } = postings
  sortedRuns(`${where}.docBytes`, docs, termStart, shape.docs)
  if (!shape.payload) {
    checks.passed(`${where}: packed rows decode exactly, sorted, document ids in range`, docs.length)
    return postings
  }
  sortedRuns(`${where}.payloadBytes`, payload, payloadStart, 2 ** 32)
  checks.passed(
    `${where}: packed rows decode exactly, sorted, document ids in range, payloads sorted`,
    docs.length,
  )
  return postings
}

// Byte offsets of a packed stream: Uint32, or Float64 past 4 GiB.
function offsetArray(where: string, value: unknown): Uint32Array | Float64Array {
  if (value instanceof Float64Array) return value
  return typedArray(where, value, Uint32Array)
}
