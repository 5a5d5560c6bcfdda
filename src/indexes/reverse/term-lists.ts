/**
 * Reading postings (packed-postings.ts), in memory or left on disk (SPEC 16): a term's documents,
 * and the lists of a query's terms with their payloads, as the matchers search them. A term's
 * bytes are read through the storage layer and decoded into scratch arrays reused from call to
 * call; a term whose list is far longer than the documents the caller looks for is read a block
 * at a time through its skip data.
 */
import type { StoredArray } from '../../storage/lazy-array.js'
import { bytesOf, type StoredBytes } from '../../storage/lazy-section.js'
import { offsetAt } from './packed-postings.js'
import { BLOCK, ByteReader, PayloadReader, SKIP_BYTES, ValueBuffer } from './packed-reader.js'

/**
 * Postings in their stored layout (packed-postings.ts): the term offsets in memory, the packed
 * documents and payloads in memory or on disk, read a term at a time.
 */
export interface StoredPostings {
  /** Term t has entries [termStart[t], termStart[t + 1]): its document frequency. */
  readonly termStart: Uint32Array
  /** Term t's packed documents are docBytes[docAt[t], docAt[t + 1]). */
  readonly docAt: StoredArray<Uint32Array | Float64Array>
  readonly docBytes: StoredBytes
  /** Term t's payloads are payloadBytes[payloadAt[t], payloadAt[t + 1]); empty without payloads. */
  readonly payloadAt: StoredArray<Uint32Array | Float64Array>
  readonly payloadBytes: StoredBytes
}

/**
 * The documents of terms `lo` … `hi − 1` in term order (one term by default; −1 for a term not in
 * the dictionary: none), decoded into an array of their own that the caller may change.
 *
 * @example
 * ```ts
 * termDocs(exact.postings, exact.dictionary.get('sw1a1aa')) // the documents with that postal code
 * ```
 */
export function termDocs(postings: StoredPostings, lo: number, hi = lo + 1): Uint32Array {
  if (lo < 0) return new Uint32Array(0)
  const { termStart } = postings
  const first = termStart[lo] as number
  const docs = new Uint32Array((termStart[hi] as number) - first)
  if (docs.length === 0) return docs
  const base = offsetAt(postings.docAt, lo)
  const reader = new ByteReader(bytesOf(postings.docBytes, base, offsetAt(postings.docAt, hi)), 0)
  for (let t = lo; t < hi; t++) {
    const from = termStart[t] as number
    decodeDocs(reader, (termStart[t + 1] as number) - from, docs, from - first)
  }
  return docs
}

/**
 * The lists of some terms, ready to search: list s is `docs[listStart[s], listEnd[s])`, and entry
 * e's payload is `payload[payloadStart[e], payloadStart[e + 1])`. The arrays are shared scratch
 * space, valid until the next {@link termLists} call: use them, do not keep them.
 */
export interface TermLists {
  readonly docs: Uint32Array
  readonly payloadStart: Uint32Array
  readonly payload: Uint16Array | Uint32Array
  readonly listStart: Uint32Array
  readonly listEnd: Uint32Array
}

/**
 * The lists of `terms` (−1: a term not in the dictionary, an empty list), decoded one after the
 * other into shared scratch arrays (each list's payloads follow the previous list's, so an entry's
 * payload ends where the next entry's starts).
 *
 * With `within` (ascending documents: the only ones the caller will look for), a list more than
 * {@link RESTRICT_RATIO} times longer than `within` keeps only its entries for those documents:
 * its skip data says which blocks may hold them, and only those are decoded, so a rare phrase term
 * reads a few blocks of a common term's list, not all of it.
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
  const { termStart } = postings
  const withPayload = postings.payloadAt.length > 0
  const slots = terms.length
  const listStart = new Uint32Array(slots)
  const listEnd = new Uint32Array(slots)
  const restricted = terms.map(
    (t) => t >= 0 && within !== undefined && within.length * RESTRICT_RATIO < size(termStart, t),
  )
  // Room for every list whole: a restricted list keeps at most as many entries as `within`.
  let room = 0
  terms.forEach((t, s) => {
    if (t >= 0)
      room += restricted[s]
        ? Math.min(size(termStart, t), (within as Uint32Array).length)
        : size(termStart, t)
  })
  scratch.docs = grown(scratch.docs, room)
  scratch.starts = grown(scratch.starts, withPayload ? room + 1 : 0)
  const out: Decoded = { docs: scratch.docs, starts: scratch.starts, entries: 0, values: 0 }
  terms.forEach((t, s) => {
    listStart[s] = out.entries
    if (t >= 0) {
      if (restricted[s]) readWithin(postings, t, within as Uint32Array, out)
      else readWhole(postings, t, out)
    }
    listEnd[s] = out.entries
  })
  if (withPayload) out.starts[out.entries] = out.values
  return {
    docs: out.docs.subarray(0, out.entries),
    payloadStart: out.starts.subarray(0, withPayload ? out.entries + 1 : 0),
    payload: scratch.payload.values.subarray(0, out.values),
    listStart,
    listEnd,
  }
}

/**
 * How much longer than the documents looked for a list must be for {@link termLists} to read it
 * through its skip data: a document looked for decodes at most one block of {@link BLOCK}
 * entries with their payloads, so below about 2·BLOCK entries a document reading the whole list
 * costs no more.
 */
export const RESTRICT_RATIO = 2 * BLOCK

// Where termLists decodes to: documents and payload offsets, the next entry, the next value.
interface Decoded {
  docs: Uint32Array<ArrayBuffer>
  starts: Uint32Array<ArrayBuffer>
  entries: number
  values: number
}

// termLists' arrays, reused from call to call (a TermLists is used within the call that asked for
// it). Allocating them anew measured as the tail of phrase queries: collections of megabytes of
// lists, a p90 of 5–8 ms against a median of 1.3 at 1M records.
const scratch = {
  docs: new Uint32Array(0),
  starts: new Uint32Array(0),
  payload: new ValueBuffer(),
}
// A block's documents and payloads, for lists read through their skip data.
const blockDocs = new Uint32Array(BLOCK)
const blockStarts = new Uint32Array(BLOCK + 1)
const blockValues = new ValueBuffer()

function size(termStart: Uint32Array, t: number): number {
  return (termStart[t + 1] as number) - (termStart[t] as number)
}

// `array` when it holds `n` elements, else a new one of twice the size needed (contents dropped).
function grown(array: Uint32Array<ArrayBuffer>, n: number): Uint32Array<ArrayBuffer> {
  return array.length >= n ? array : new Uint32Array(Math.max(1024, 2 * n))
}

// Decodes n documents at the reader into `into` from `at`, skipping the term's skip data.
function decodeDocs(reader: ByteReader, n: number, into: Uint32Array, at: number): void {
  const k = n >>> 7
  reader.at += k * SKIP_BYTES
  let previous = -1
  for (let j = 0; j < k; j++) previous = reader.block(into, at + j * BLOCK, previous)
  for (let i = k * BLOCK; i < n; i++) {
    previous += reader.varint() + 1
    into[at + i] = previous
  }
}

// Term t's whole list, appended to `out`.
function readWhole(postings: StoredPostings, t: number, out: Decoded): void {
  const n = size(postings.termStart, t)
  if (n === 0) return
  const docStart = offsetAt(postings.docAt, t)
  // Decoded before the payloads are read: a read from disk may reuse the bytes of the one before.
  decodeDocs(
    new ByteReader(bytesOf(postings.docBytes, docStart, offsetAt(postings.docAt, t + 1)), 0),
    n,
    out.docs,
    out.entries,
  )
  if (postings.payloadAt.length > 0) {
    const bytes = bytesOf(
      postings.payloadBytes,
      offsetAt(postings.payloadAt, t),
      offsetAt(postings.payloadAt, t + 1),
    )
    const reader = new PayloadReader(bytes)
    scratch.payload.length = out.values
    const k = n >>> 7
    for (let j = 0; j <= k; j++) {
      const size = j < k ? BLOCK : n - k * BLOCK
      reader.entries(size, j < k, scratch.payload, out.starts, out.entries + j * BLOCK)
    }
    out.values = scratch.payload.length
  }
  out.entries += n
}

// The entries of term t whose documents are in `within` (ascending), appended to `out`: the skip
// data names the one block that may hold each document, and each block is decoded once.
function readWithin(postings: StoredPostings, t: number, within: Uint32Array, out: Decoded): void {
  const n = size(postings.termStart, t)
  const k = n >>> 7
  const withPayload = postings.payloadAt.length > 0
  const docStart = offsetAt(postings.docAt, t)
  const docEnd = offsetAt(postings.docAt, t + 1)
  const payloadBase = withPayload ? offsetAt(postings.payloadAt, t) : 0
  const payloadEnd = withPayload ? offsetAt(postings.payloadAt, t + 1) - payloadBase : 0
  const skip = bytesOf(postings.docBytes, docStart, docStart + k * SKIP_BYTES).slice()
  const view = new DataView(skip.buffer, skip.byteOffset, skip.byteLength)
  const lastDoc = (j: number): number => view.getUint32(j * SKIP_BYTES, true)
  const docsEnd = (j: number): number =>
    j < 0 ? k * SKIP_BYTES : j < k ? view.getUint32(j * SKIP_BYTES + 4, true) : docEnd - docStart
  const valuesEnd = (j: number): number =>
    j < 0 ? 0 : j < k ? view.getUint32(j * SKIP_BYTES + 8, true) : payloadEnd
  let block = -1
  let blockSize = 0
  let j = 0
  let i = 0
  for (let w = 0; w < within.length; w++) {
    const doc = within[w] as number
    while (j < k && lastDoc(j) < doc) j++
    if (j !== block) {
      block = j
      i = 0
      blockSize = j < k ? BLOCK : n - k * BLOCK
      const reader = new ByteReader(
        bytesOf(postings.docBytes, docStart + docsEnd(j - 1), docStart + docsEnd(j)),
        0,
      )
      const previous = j === 0 ? -1 : lastDoc(j - 1)
      if (j < k) reader.block(blockDocs, 0, previous)
      else for (let e = 0, d = previous; e < blockSize; e++) blockDocs[e] = d += reader.varint() + 1
      if (withPayload) {
        const payloads = new PayloadReader(
          bytesOf(postings.payloadBytes, payloadBase + valuesEnd(j - 1), payloadBase + valuesEnd(j)),
        )
        blockValues.length = 0
        payloads.entries(blockSize, j < k, blockValues, blockStarts, 0)
        blockStarts[blockSize] = blockValues.length
      }
    }
    while (i < blockSize && (blockDocs[i] as number) < doc) i++
    if (i === blockSize || blockDocs[i] !== doc) continue
    out.docs[out.entries] = doc
    if (withPayload) {
      out.starts[out.entries] = out.values
      const from = blockStarts[i] as number
      const to = blockStarts[i + 1] as number
      const payload = scratch.payload
      payload.length = out.values
      payload.reserve(to - from)
      payload.values.set(blockValues.values.subarray(from, to), out.values)
      out.values += to - from
      payload.length = out.values
    }
    out.entries++
    i++
  }
}
