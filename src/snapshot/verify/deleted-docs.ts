/**
 * Checks a deletion set (indexes/deleted-docs.ts) against the segment part it belongs to: its
 * words empty or covering exactly that part's documents, no bit set beyond them, and its count
 * the number of bits set (live counts and every page's arithmetic subtract it).
 */
import { type Checklist, Violation } from './checklist.js'
import { count, object, typedArray } from './values.js'

/**
 * Checks a deletion set state.
 *
 * @param where - its path in the content, e.g. `segments.0.deleted.whois`
 * @param value - the state as read
 * @param size - the number of documents of its segment part
 * @param checks - where the passed check goes
 * @example
 * ```ts
 * checkDeletedDocs('segments.0.deleted.mx', segment.deleted.mx, 3000, checks)
 * ```
 */
export function checkDeletedDocs(where: string, value: unknown, size: number, checks: Checklist): void {
  const state = object(where, value)
  const words = typedArray(`${where}.words`, state['words'], Uint32Array)
  const deleted = count(`${where}.count`, state['count'])
  const expected = (size + 31) >>> 5
  if (words.length !== 0 && words.length !== expected)
    throw new Violation(
      `${where}.words`,
      `holds ${words.length} words for ${size} documents (${expected} expected)`,
    )
  let set = 0
  for (let w = 0; w < words.length; w++) {
    let bits = words[w] as number
    // The last word's bits at and above size % 32 lie beyond the documents.
    if (w === expected - 1 && size % 32 !== 0 && bits >>> (size % 32) !== 0)
      throw new Violation(
        `${where}.words`,
        `deletes documents at or beyond ${size}, past the segment's documents`,
      )
    while (bits !== 0) {
      bits &= bits - 1
      set++
    }
  }
  if (set !== deleted)
    throw new Violation(`${where}.count`, `is ${deleted}, but ${set} documents are marked deleted`)
  checks.passed(`${where}: bits within the documents, count exact`, size)
}
