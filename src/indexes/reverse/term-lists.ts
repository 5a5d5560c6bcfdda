/**
 * Reading postings that may stay on disk (SPEC 16): a term's documents, and the lists of a
 * query's terms with their payloads, as the matchers search them. Postings in memory are searched
 * where they are; postings of an opened snapshot are read a term at a time through the storage
 * layer, into scratch arrays reused from call to call.
 */
import { LazyArray, rangeOf, type StoredArray } from '../../storage/lazy-array.js'
import { lowerBound, lowerBoundAt } from '../gallop.js'

/**
 * Postings whose entries may stay on disk (the registration text's, in an opened snapshot, SPEC
 * 16): the term offsets are in memory, the documents and payloads are read a term at a time.
 */
export interface StoredPostings {
  readonly termStart: Uint32Array
  readonly docs: StoredArray<Uint32Array>
  readonly payloadStart: StoredArray<Uint32Array>
  readonly payload: StoredArray<Uint16Array | Uint32Array>
}

/**
 * The documents of terms `lo` … `hi − 1` in term order (one term by default; −1 for a term not in
 * the dictionary: none): a view of postings in memory, a copy of the range of postings on disk.
 * Use {@link ownTermDocs} for an array to change.
 *
 * @example
 * ```ts
 * termDocs(exact.postings, exact.dictionary.get('sw1a1aa')) // the documents with that postal code
 * ```
 */
export function termDocs(postings: StoredPostings, lo: number, hi = lo + 1): Uint32Array {
  if (lo < 0) return new Uint32Array(0)
  return rangeOf(postings.docs, postings.termStart[lo] as number, postings.termStart[hi] as number)
}

/**
 * As {@link termDocs}, in an array of its own that the caller may change.
 *
 * @example
 * ```ts
 * const candidates = ownTermDocs(grams, rarest) // then narrowed in place
 * ```
 */
export function ownTermDocs(postings: StoredPostings, lo: number, hi = lo + 1): Uint32Array {
  const docs = termDocs(postings, lo, hi)
  return postings.docs instanceof LazyArray ? docs : docs.slice()
}

/**
 * The lists of some terms, ready to search: list s is `docs[listStart[s], listEnd[s])`, and entry
 * e's payload is `payload[payloadStart[e], payloadStart[e + 1])`. For postings on disk the arrays
 * are shared scratch space, valid until the next {@link termLists} call: use them, do not keep them.
 */
export interface TermLists {
  readonly docs: Uint32Array
  readonly payloadStart: Uint32Array
  readonly payload: Uint16Array | Uint32Array
  readonly listStart: Uint32Array
  readonly listEnd: Uint32Array
}

/**
 * The lists of `terms` (−1: a term not in the dictionary, an empty list). Postings in memory are
 * searched where they are (the lists are ranges of their arrays); postings on disk have the
 * terms' lists read into arrays of their own, laid out as the postings are (each list's payloads
 * follow the previous list's, so an entry's payload ends where the next entry's starts).
 *
 * With `within` (ascending documents: the only ones the caller will look for), a list on disk
 * more than {@link RESTRICT_RATIO} times longer than `within` keeps only its entries for those
 * documents, found by galloping over the documents on disk an element at a time: a rare phrase
 * term then reads a few blocks of a common term's list, not all of it (skip data's purpose).
 *
 * @example
 * ```ts
 * const lists = termLists(text.positions, [dictionary.get('acme'), dictionary.get('holdings')])
 * lists.docs.subarray(lists.listStart[0], lists.listEnd[0]) // the documents holding 'acme'
 * ```
 */
export function termLists(
  postings: StoredPostings,
  terms: readonly number[],
  within?: Uint32Array,
): TermLists {
  const { termStart, docs, payloadStart, payload } = postings
  const slots = terms.length
  const listStart = new Uint32Array(slots)
  const listEnd = new Uint32Array(slots)
  if (!(docs instanceof LazyArray || payloadStart instanceof LazyArray || payload instanceof LazyArray)) {
    terms.forEach((t, s) => {
      listStart[s] = t < 0 ? 0 : (termStart[t] as number)
      listEnd[s] = t < 0 ? 0 : (termStart[t + 1] as number)
    })
    return { docs, payloadStart, payload, listStart, listEnd }
  }
  const withPayload = payloadStart.length > 0
  // Per slot: the entries kept, as a range of the postings or as the entries for `within`.
  const picked = terms.map((t): { from: number; to: number; entries: number[] | null } => {
    if (t < 0) return { from: 0, to: 0, entries: null }
    const from = termStart[t] as number
    const to = termStart[t + 1] as number
    if (within === undefined || within.length * RESTRICT_RATIO >= to - from)
      return { from, to, entries: null }
    return { from, to, entries: entriesFor(docs, within, from, to) }
  })
  let entries = 0
  picked.forEach((p, s) => {
    listStart[s] = entries
    entries += p.entries === null ? p.to - p.from : p.entries.length
    listEnd[s] = entries
  })
  // Into the scratch arrays, reused from call to call: nothing is allocated for the lists.
  scratch.docs = room(scratch.docs, entries, Uint32Array)
  scratch.starts = room(scratch.starts, withPayload ? entries + 1 : 0, Uint32Array)
  const localDocs = scratch.docs
  const localStarts = scratch.starts
  // First the documents and the payload offsets, rebased to where each list's payload will go.
  const ranges: number[] = []
  let values = 0
  picked.forEach((p, s) => {
    const at = listStart[s] as number
    if (p.entries === null) {
      if (p.to === p.from) return
      copyRange(docs, p.from, p.to, localDocs, at)
      if (!withPayload) return
      // n + 1 offsets: the last lands on the next list's first, overwritten after it is read here.
      copyRange(payloadStart, p.from, p.to + 1, localStarts, at)
      const n = p.to - p.from
      const base = localStarts[at] as number
      const end = localStarts[at + n] as number
      for (let i = 0; i < n; i++) localStarts[at + i] = (localStarts[at + i] as number) - base + values
      ranges.push(base, end)
      values += end - base
      return
    }
    p.entries.forEach((e, i) => {
      localDocs[at + i] = valueAt(docs, e)
      if (!withPayload) return
      const begin = valueAt(payloadStart, e)
      const end = valueAt(payloadStart, e + 1)
      localStarts[at + i] = values
      ranges.push(begin, end)
      values += end - begin
    })
  })
  if (withPayload) localStarts[entries] = values
  // Then the payloads, range after range, in the same order.
  const wide =
    (payload instanceof LazyArray
      ? payload.kind
      : payload instanceof Uint32Array
        ? 'Uint32Array'
        : 'Uint16Array') === 'Uint32Array'
  if (wide) scratch.wide = room(scratch.wide, values, Uint32Array)
  else scratch.narrow = room(scratch.narrow, values, Uint16Array)
  const localPayload = wide ? scratch.wide : scratch.narrow
  for (let r = 0, at = 0; r < ranges.length; r += 2) {
    const begin = ranges[r] as number
    const end = ranges[r + 1] as number
    copyRange(payload, begin, end, localPayload, at)
    at += end - begin
  }
  return {
    docs: localDocs.subarray(0, entries),
    payloadStart: localStarts.subarray(0, withPayload ? entries + 1 : 0),
    payload: localPayload.subarray(0, values),
    listStart,
    listEnd,
  }
}

// termLists' arrays for postings on disk. A TermLists is used within the call that asked for it
// (a matcher's collect or filter), so one set serves every call; each grows to the largest lists
// asked for. Allocating them anew measured as the tail of phrase queries on disk: collections of
// megabytes of copied lists, a p90 of 5–8 ms against a median of 1.3 at 1M records.
const scratch = {
  docs: new Uint32Array(0),
  starts: new Uint32Array(0),
  narrow: new Uint16Array(0),
  wide: new Uint32Array(0),
}

// `array` when it holds `n` elements, else a new one of twice the size needed (contents dropped).
function room<T extends Uint16Array | Uint32Array>(array: T, n: number, Kind: { new (n: number): T }): T {
  return array.length >= n ? array : new Kind(Math.max(1024, 2 * n))
}

// Elements [start, end) of a stored array into `into` from `at` on.
function copyRange(
  stored: StoredArray<Uint16Array | Uint32Array>,
  start: number,
  end: number,
  into: Uint16Array | Uint32Array,
  at: number,
): void {
  if (stored instanceof LazyArray) stored.copy(start, end, into, at)
  else into.set(stored.subarray(start, end), at)
}

/**
 * How much longer than the documents looked for a list on disk must be for {@link termLists} to
 * gallop over it instead of reading it whole: a probe is a block-cache lookup of a few hundred
 * nanoseconds and a document is found in about 2·log2(gap) probes, where a whole read costs about
 * a nanosecond a byte (4 to 12 bytes an entry).
 */
export const RESTRICT_RATIO = 1024

// The entries of [from, to) whose documents are in `within` (ascending).
function entriesFor(docs: StoredArray<Uint32Array>, within: Uint32Array, from: number, to: number): number[] {
  const found: number[] = []
  let e = from
  for (let i = 0; i < within.length && e < to; i++) {
    const doc = within[i] as number
    e = docs instanceof LazyArray ? lowerBoundAt((i) => docs.at(i), doc, e, to) : lowerBound(docs, doc, e, to)
    if (e < to && valueAt(docs, e) === doc) found.push(e++)
  }
  return found
}

function valueAt(array: StoredArray<Uint16Array | Uint32Array>, i: number): number {
  return array instanceof LazyArray ? array.at(i) : (array[i] as number)
}
