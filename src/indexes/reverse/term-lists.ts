/**
 * Reading postings (packed-postings.ts), in memory or left on disk (SPEC 16): a term's documents,
 * and the lists of a query's terms with their payloads, as the matchers search them. A term's
 * bytes are read through the storage layer and decoded into scratch arrays reused from call to
 * call; a term whose list is far longer than the documents the caller looks for is read a block
 * at a time through its skip data.
 */
import { rangeOf, type StoredArray } from '../../storage/lazy-array.js'
import { bytesOf, type StoredBytes } from '../../storage/lazy-section.js'
import { lowerBound } from '../gallop.js'
import { offsetAt } from './packed-postings.js'
import { BLOCK, ByteReader, pickFromBlock, pickFromTail, SKIP_BYTES, ValueBuffer } from './packed-reader.js'

/**
 * Postings in their stored layout (packed-postings.ts): the term offsets in memory, the packed
 * documents and payloads in memory or on disk, read a term at a time.
 */
export interface StoredPostings {
  /** Term t has entries [termStart[t], termStart[t + 1]): its document frequency. */
  readonly termStart: StoredArray<Uint32Array>
  /** Term t's packed documents are docBytes[docAt[t], docAt[t + 1]). */
  readonly docAt: StoredArray<Uint32Array | Float64Array>
  readonly docBytes: StoredBytes
  /** Term t's payloads are payloadBytes[payloadAt[t], payloadAt[t + 1]); empty without payloads. */
  readonly payloadAt: StoredArray<Uint32Array | Float64Array>
  readonly payloadBytes: StoredBytes
}

/**
 * Where term t's entries start among all the terms' entries (the entries of the terms before it);
 * read through the cache when the term offsets stay on disk.
 *
 * @example
 * ```ts
 * entryStart(postings, 3) - entryStart(postings, 1) // the entries of terms 1 and 2
 * ```
 */
export function entryStart(postings: StoredPostings, t: number): number {
  return offsetAt(postings.termStart, t)
}

/**
 * Term t's document frequency: 0 for −1, a term not in the dictionary.
 *
 * @example
 * ```ts
 * docFrequency(exact.postings, exact.dictionary.get('sw1a1aa')) // documents with that postal code
 * ```
 */
export function docFrequency(postings: StoredPostings, t: number): number {
  return t < 0 ? 0 : entryStart(postings, t + 1) - entryStart(postings, t)
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
  const starts = rangeOf(postings.termStart, lo, hi + 1)
  const first = starts[0] as number
  const docs = new Uint32Array((starts[hi - lo] as number) - first)
  if (docs.length === 0) return docs
  const base = offsetAt(postings.docAt, lo)
  const reader = new ByteReader(bytesOf(postings.docBytes, base, offsetAt(postings.docAt, hi)), 0)
  for (let i = 0; i < hi - lo; i++) {
    const from = starts[i] as number
    decodeDocs(reader, (starts[i + 1] as number) - from, docs, from - first)
  }
  return docs
}

/**
 * The documents holding every one of some terms, each term's entry for each of them, ready to
 * search: document `docs[c]` has term s's payload `payload[payloadStart[s · docs.length + c] …
 * payloadStart[s · docs.length + c + 1])`. The arrays are shared scratch space, valid until the
 * next {@link termLists} call: use them, do not keep them.
 */
export interface TermLists {
  /** The documents holding every term, ascending. */
  readonly docs: Uint32Array
  /** Where each (term, document) entry's payload starts; empty without payloads. */
  readonly payloadStart: Uint32Array
  readonly payload: Uint32Array
}

/**
 * The documents holding every one of `terms` (−1: a term not in the dictionary, held by none), and
 * only those in `within` when it is given, with each term's payload for each of them.
 *
 * The lists are intersected by their documents first, in the order given (rarest first is
 * cheapest): a list's skip data says which of its blocks may hold a document still looked for, and
 * only those blocks are decoded. Payloads are read last, and only for the entries of the documents
 * that hold every term: a block's payloads are bit-packed runs read where the entry lies, so an
 * entry costs its own values, not its block's.
 *
 * @example
 * ```ts
 * const lists = termLists(text.positions, [dictionary.get('acme'), dictionary.get('holdings')])
 * lists.docs // the documents holding both 'acme' and 'holdings'
 * ```
 */
export function termLists(
  postings: StoredPostings,
  terms: readonly number[],
  within?: Uint32Array,
): TermLists {
  const slots = terms.length
  const withPayload = postings.payloadAt.length > 0
  // Documents first: each list's entries for the documents still looked for.
  let alive: Uint32Array | undefined = within
  let aliveCount = within?.length ?? 0
  for (let s = 0; s < slots; s++) {
    const t = terms[s] as number
    const room = t < 0 ? 0 : Math.min(docFrequency(postings, t), alive === undefined ? 2 ** 32 : aliveCount)
    const slot = slotScratch(s, room)
    slot.count = t < 0 || room === 0 ? 0 : matchDocs(postings, t, alive, aliveCount, slot)
    alive = slot.docs
    aliveCount = slot.count
    if (aliveCount === 0) return EMPTY
  }
  if (slots === 0) return EMPTY
  const docs = (alive as Uint32Array).subarray(0, aliveCount)
  if (!withPayload) return { docs, payloadStart: EMPTY.payloadStart, payload: EMPTY.payload }
  // Then the payloads of the entries of the documents holding every term.
  scratch.starts = grown(scratch.starts, slots * aliveCount + 1)
  const payload = scratch.payload
  payload.length = 0
  for (let s = 0; s < slots; s++) {
    const slot = slotScratches[s] as SlotScratch
    // This list's entries of the final documents (a subset of its own, in the same order).
    let kept = 0
    for (let e = 0, c = 0; c < aliveCount; e++) {
      if (slot.docs[e] === docs[c]) {
        slot.entries[kept++] = slot.entries[e] as number
        c++
      }
    }
    readPayloads(postings, terms[s] as number, slot.entries, kept, scratch.starts, s * aliveCount)
  }
  scratch.starts[slots * aliveCount] = payload.length
  return {
    docs,
    payloadStart: scratch.starts.subarray(0, slots * aliveCount + 1),
    payload: payload.values.subarray(0, payload.length),
  }
}

const EMPTY: TermLists = {
  docs: new Uint32Array(0),
  payloadStart: new Uint32Array(0),
  payload: new Uint32Array(0),
}

// A list's entries for the documents looked for: their documents and their indices in the list.
interface SlotScratch {
  docs: Uint32Array<ArrayBuffer>
  entries: Uint32Array<ArrayBuffer>
  count: number
}

// Per query term, its entries (reused from call to call, as the arrays below).
const slotScratches: SlotScratch[] = []

function slotScratch(s: number, room: number): SlotScratch {
  let slot = slotScratches[s]
  if (slot === undefined) {
    slot = { docs: new Uint32Array(0), entries: new Uint32Array(0), count: 0 }
    slotScratches[s] = slot
  }
  if (slot.docs.length < room) {
    slot.docs = grown(slot.docs, room)
    slot.entries = new Uint32Array(slot.docs.length)
  }
  return slot
}

// termLists' arrays, reused from call to call (a TermLists is used within the call that asked for
// it). Allocating them anew measured as the tail of phrase queries: collections of megabytes of
// lists, a p90 of 5–8 ms against a median of 1.3 at 1M records.
const scratch = {
  starts: new Uint32Array(0),
  payload: new ValueBuffer(),
}
// A block's documents; a term's skip data as words (last document, end of the block's documents,
// end of its payloads).
const blockDocs = new Uint32Array(BLOCK)
let skipBuffer = new ArrayBuffer(SKIP_BYTES * 64)
let skipBytes = new Uint8Array(skipBuffer)
let skipWords = new Uint32Array(skipBuffer)
// The one reader the decoding loops move over the bytes they are given.
const reader = new ByteReader(new Uint8Array(0), 0)

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
  reader.varintDocs(n - k * BLOCK, into, at + k * BLOCK, previous)
}

// Copies the k skip entries at `bytes[at …]` to skipWords.
function loadSkips(stored: StoredBytes, start: number, k: number): void {
  const length = k * SKIP_BYTES
  if (length > skipBytes.length) {
    skipBuffer = new ArrayBuffer(2 * length)
    skipBytes = new Uint8Array(skipBuffer)
    skipWords = new Uint32Array(skipBuffer)
  }
  if (length === 0) return
  if (stored instanceof Uint8Array) skipBytes.set(stored.subarray(start, start + length))
  else stored.copy(start, skipBytes.subarray(0, length))
}

// The entries of term t whose documents are in alive[0, aliveCount) (all of them when `alive` is
// undefined), into `slot`; returns how many. Only the blocks whose range may hold a document looked
// for are decoded; the bytes are read a block at a time when few blocks are wanted, whole when most are.
function matchDocs(
  postings: StoredPostings,
  t: number,
  alive: Uint32Array | undefined,
  aliveCount: number,
  slot: SlotScratch,
): number {
  const n = docFrequency(postings, t)
  const docStart = offsetAt(postings.docAt, t)
  const docEnd = offsetAt(postings.docAt, t + 1)
  if (alive === undefined) {
    reader.bytes = bytesOf(postings.docBytes, docStart, docEnd)
    reader.at = 0
    decodeDocs(reader, n, slot.docs, 0)
    for (let e = 0; e < n; e++) slot.entries[e] = e
    return n
  }
  const k = n >>> 7
  const blocks = n > k * BLOCK ? k + 1 : k
  loadSkips(postings.docBytes, docStart, k)
  const whole = 2 * aliveCount >= blocks
  const bytes = whole ? bytesOf(postings.docBytes, docStart, docEnd) : undefined
  const docs = slot.docs
  const entries = slot.entries
  let count = 0
  let a = 0
  for (let j = 0; j < blocks && a < aliveCount; j++) {
    const last = j < k ? (skipWords[3 * j] as number) : 2 ** 32
    if ((alive[a] as number) > last) continue
    const from = j === 0 ? k * SKIP_BYTES : (skipWords[3 * j - 2] as number)
    const to = j < k ? (skipWords[3 * j + 1] as number) : docEnd - docStart
    if (bytes === undefined) {
      reader.bytes = bytesOf(postings.docBytes, docStart + from, docStart + to)
      reader.at = 0
    } else {
      reader.bytes = bytes
      reader.at = from
    }
    const previous = j === 0 ? -1 : (skipWords[3 * j - 3] as number)
    const blockSize = j < k ? BLOCK : n - k * BLOCK
    if (j < k) reader.block(blockDocs, 0, previous)
    else reader.varintDocs(blockSize, blockDocs, 0, previous)
    // Intersect the block with the documents looked for, galloping over whichever side is behind.
    let i = 0
    while (i < blockSize && a < aliveCount) {
      const doc = blockDocs[i] as number
      const looked = alive[a] as number
      if (doc === looked) {
        docs[count] = doc
        entries[count++] = j * BLOCK + i
        i++
        a++
      } else if (doc < looked) i = lowerBound(blockDocs, looked, i + 1, blockSize)
      else a = lowerBound(alive, doc, a + 1, aliveCount)
    }
  }
  return count
}

// The payloads of term t's entries `entries[0, count)` (ascending), appended to scratch.payload
// with where each starts in `starts[at …]`; the blocks holding them are read alone when few
// blocks are wanted, the term's bytes whole when most are.
function readPayloads(
  postings: StoredPostings,
  t: number,
  entries: Uint32Array,
  count: number,
  starts: Uint32Array,
  at: number,
): void {
  if (count === 0) return
  const n = docFrequency(postings, t)
  const k = n >>> 7
  const blocks = n > k * BLOCK ? k + 1 : k
  loadSkips(postings.docBytes, offsetAt(postings.docAt, t), k)
  const base = offsetAt(postings.payloadAt, t)
  const end = offsetAt(postings.payloadAt, t + 1) - base
  const bytes = 2 * count >= blocks ? bytesOf(postings.payloadBytes, base, base + end) : undefined
  for (let from = 0; from < count; ) {
    const j = (entries[from] as number) >>> 7
    let to = from + 1
    while (to < count && (entries[to] as number) >>> 7 === j) to++
    const blockStart = j === 0 ? 0 : (skipWords[3 * j - 1] as number)
    const blockEnd = j < k ? (skipWords[3 * j + 2] as number) : end
    const block = bytes ?? bytesOf(postings.payloadBytes, base + blockStart, base + blockEnd)
    const offset = bytes === undefined ? 0 : blockStart
    const limit = bytes === undefined ? blockEnd - blockStart : blockEnd
    const payload = scratch.payload
    if (j < k) pickFromBlock(block, offset, limit, entries, from, to, j * BLOCK, payload, starts, at + from)
    else pickFromTail(block, offset, n - k * BLOCK, entries, from, to, j * BLOCK, payload, starts, at + from)
    from = to
  }
}
