/**
 * Packed postings: the layout postings are stored in (SPEC 16), as Lucene's and tantivy's. A
 * term's documents are gaps (`doc − previous − 1`) in blocks of {@link BLOCK}, each block
 * bit-packed at the width of its largest gap, the rest of the list (fewer than BLOCK) as LEB128
 * varints; a term with full blocks starts with skip data, one entry a block (its last document, and
 * where it ends in the document bytes and in the payload bytes), so a reader looking for a few
 * documents decodes only the blocks that may hold them. Payloads (positions, ordinals) are in
 * bytes of their own, so a document-only read never touches them: per entry its number of values,
 * its first value and the gaps between the next ones, as varints.
 *
 * Layout (term t; offsets are byte offsets, Uint32 unless a stream passes 4 GiB, then Float64):
 *   termStart    Uint32Array(T+1)  term t has entries [termStart[t], termStart[t + 1]): its document frequency
 *   docAt        (T+1)             term t's document bytes are docBytes[docAt[t], docAt[t + 1])
 *   docBytes     Uint8Array        per term: k = ⌊n / 128⌋ skip entries of 12 bytes (little-endian
 *                                  u32 last document of block j; end of block j and end of its
 *                                  payloads, relative to the term's start in each stream), then k
 *                                  blocks (a width byte w, then 16·w bytes: 128 gaps of w bits in
 *                                  little-endian 32-bit words), then n − 128·k varint gaps
 *   payloadAt    (T+1), or empty   term t's payload bytes are payloadBytes[payloadAt[t], payloadAt[t + 1])
 *   payloadBytes Uint8Array        per full block: three packed runs (a width byte w, then ⌈m·w / 32⌉
 *                                  little-endian u32 words): the 128 counts, the 128 first values,
 *                                  the gaps (value − previous − 1) of every entry's next values;
 *                                  then per entry after the last full block: count, first value,
 *                                  gaps, as varints
 *
 * Measured on 200k generated records, the registration text's positions take 149 bytes a record
 * (25 of documents, 115 of positions) against 300 as arrays (four-byte documents and payload
 * offsets, 16-bit positions; 182 with the positions as varints), the reverse index 374 against 581.
 */
import { type StoredArray, wholeUint32 } from '../../storage/lazy-array.js'
import { bytesOf } from '../../storage/lazy-section.js'
import { BLOCK, ByteReader, PayloadReader, SKIP_BYTES, ValueBuffer, wordsFor } from './packed-reader.js'
import type { Postings } from './postings.js'
import type { StoredPostings } from './term-lists.js'

/**
 * Packs postings laid out as arrays (postings.ts) into the stored layout.
 *
 * @param postings - term-major arrays, documents strictly ascending within a term
 * @example
 * ```ts
 * packPostings(builder.finish(terms)).docBytes.length // a few bytes an entry
 * ```
 */
export function packPostings(postings: Postings): StoredPostings {
  const { termStart, docs, payloadStart, payload } = postings
  const terms = termStart.length - 1
  const withPayload = payloadStart.length > 0
  const docOut = new ByteSink(docs.length + 16)
  const payloadOut = new ByteSink(withPayload ? payload.length + docs.length + 16 : 0)
  const docAt = new Float64Array(terms + 1)
  const payloadAt = new Float64Array(withPayload ? terms + 1 : 0)
  const gaps = new Uint32Array(BLOCK)
  const counts = new Uint32Array(BLOCK)
  const firsts = new Uint32Array(BLOCK)
  let valueGaps = new Uint32Array(4 * BLOCK)
  // A tail entry's payload: its count, its first value, the gaps to the next ones, as varints.
  const writeEntry = (e: number): void => {
    const start = payloadStart[e] as number
    const end = payloadStart[e + 1] as number
    payloadOut.varint(end - start)
    if (end === start) return
    let previous = payload[start] as number
    payloadOut.varint(previous)
    for (let i = start + 1; i < end; i++) {
      const value = payload[i] as number
      payloadOut.varint(value - previous - 1)
      previous = value
    }
  }
  // A full block's payloads: its counts, its first values and the gaps to the next ones, each
  // bit-packed at the width of its largest.
  const writeBlock = (from: number): void => {
    let g = 0
    for (let i = 0; i < BLOCK; i++) {
      const start = payloadStart[from + i] as number
      const end = payloadStart[from + i + 1] as number
      counts[i] = end - start
      firsts[i] = end === start ? 0 : (payload[start] as number)
      if (g + end - start > valueGaps.length) {
        const next = new Uint32Array(2 * (g + end - start))
        next.set(valueGaps.subarray(0, g))
        valueGaps = next
      }
      for (let v = start + 1; v < end; v++)
        valueGaps[g++] = (payload[v] as number) - (payload[v - 1] as number) - 1
    }
    payloadOut.packed(counts, BLOCK)
    payloadOut.packed(firsts, BLOCK)
    payloadOut.packed(valueGaps, g)
  }
  for (let t = 0; t < terms; t++) {
    const from = termStart[t] as number
    const n = (termStart[t + 1] as number) - from
    const k = n >>> 7
    const docBase = docOut.length
    const payloadBase = payloadOut.length
    docAt[t] = docBase
    if (withPayload) payloadAt[t] = payloadBase
    const skipAt = docOut.reserve(k * SKIP_BYTES)
    let previous = -1
    for (let j = 0; j < k; j++) {
      for (let i = 0; i < BLOCK; i++) {
        const doc = docs[from + j * BLOCK + i] as number
        gaps[i] = doc - previous - 1
        previous = doc
      }
      docOut.packed(gaps, BLOCK)
      if (withPayload) writeBlock(from + j * BLOCK)
      const skip = skipAt + j * SKIP_BYTES
      docOut.u32At(skip, previous)
      docOut.u32At(skip + 4, docOut.length - docBase)
      docOut.u32At(skip + 8, payloadOut.length - payloadBase)
    }
    for (let e = from + k * BLOCK; e < from + n; e++) {
      const doc = docs[e] as number
      docOut.varint(doc - previous - 1)
      previous = doc
      if (withPayload) writeEntry(e)
    }
  }
  docAt[terms] = docOut.length
  if (withPayload) payloadAt[terms] = payloadOut.length
  return {
    termStart,
    docAt: narrowOffsets(docAt),
    docBytes: docOut.bytes(),
    payloadAt: narrowOffsets(payloadAt),
    payloadBytes: payloadOut.bytes(),
  }
}

/**
 * Decodes packed postings back into arrays, checking every structural rule on the way (a snapshot
 * check): each term's bytes are consumed exactly, the skip entries agree with the blocks, every
 * entry has a value. Documents and values are returned in order for the caller to check.
 *
 * @param postings - packed postings, in memory or on disk
 * @throws Error naming the term and what is wrong
 * @example
 * ```ts
 * unpackPostings(packPostings(p)) // p again
 * ```
 */
export function unpackPostings(postings: StoredPostings): Postings {
  const termStart = wholeUint32(postings.termStart)
  const terms = termStart.length - 1
  const entries = termStart[terms] as number
  const withPayload = postings.payloadAt.length > 0
  const docs = new Uint32Array(entries)
  const payloadStart = new Uint32Array(withPayload ? entries + 1 : 0)
  const values = new ValueBuffer()
  if (postings.docAt.length !== terms + 1)
    throw new Error(`docAt holds ${postings.docAt.length} offsets for ${terms} terms`)
  if (withPayload && postings.payloadAt.length !== terms + 1)
    throw new Error(`payloadAt holds ${postings.payloadAt.length} offsets for ${terms} terms`)
  for (let t = 0; t < terms; t++) {
    const from = termStart[t] as number
    const n = (termStart[t + 1] as number) - from
    if (n < 0) throw new Error(`termStart decreases at term ${t}`)
    const docStart = offsetAt(postings.docAt, t)
    const docEnd = offsetAt(postings.docAt, t + 1)
    if (docEnd < docStart || docEnd > byteLength(postings.docBytes))
      throw new Error(`term ${t}'s document bytes [${docStart}, ${docEnd}) are out of order or past the end`)
    const bytes = bytesOf(postings.docBytes, docStart, docEnd).slice()
    const reader = new ByteReader(bytes, 0)
    const k = n >>> 7
    reader.at = k * SKIP_BYTES
    let previous = -1
    for (let j = 0; j < k; j++) {
      previous = reader.block(docs, from + j * BLOCK, previous)
      const skip = new DataView(bytes.buffer, bytes.byteOffset + j * SKIP_BYTES, SKIP_BYTES)
      if (skip.getUint32(0, true) !== previous || skip.getUint32(4, true) !== reader.at)
        throw new Error(`term ${t}'s skip entry ${j} does not match its block`)
    }
    reader.varintDocs(n - k * BLOCK, docs, from + k * BLOCK, previous)
    if (reader.at !== bytes.length)
      throw new Error(`term ${t} holds ${bytes.length} document bytes, ${reader.at} decoded`)
    if (!withPayload) continue
    const payloadBegin = offsetAt(postings.payloadAt, t)
    const payloadEnd = offsetAt(postings.payloadAt, t + 1)
    if (payloadEnd < payloadBegin || payloadEnd > byteLength(postings.payloadBytes))
      throw new Error(
        `term ${t}'s payload bytes [${payloadBegin}, ${payloadEnd}) are out of order or past the end`,
      )
    const payloadBytes = bytesOf(postings.payloadBytes, payloadBegin, payloadEnd).slice()
    const payloads = new PayloadReader(payloadBytes)
    for (let j = 0; j <= k; j++) {
      const size = j < k ? BLOCK : n - k * BLOCK
      payloads.entries(size, j < k, values, payloadStart, from + j * BLOCK)
      for (let e = from + j * BLOCK; e < from + j * BLOCK + size; e++) {
        const last = e + 1 === from + j * BLOCK + size
        if (last ? payloadStart[e] === values.length : payloadStart[e] === payloadStart[e + 1])
          throw new Error(`term ${t}'s entry ${e - from} has no payload value`)
      }
      if (j === k) continue
      const skip = new DataView(bytes.buffer, bytes.byteOffset + j * SKIP_BYTES, SKIP_BYTES)
      if (skip.getUint32(8, true) !== payloads.at)
        throw new Error(`term ${t}'s skip entry ${j} does not match its payloads`)
    }
    if (payloads.at !== payloadBytes.length)
      throw new Error(`term ${t} holds ${payloadBytes.length} payload bytes, ${payloads.at} decoded`)
  }
  if (withPayload) payloadStart[entries] = values.length
  const payload = values.values.slice(0, values.length)
  return {
    termStart,
    docs,
    payloadStart,
    payload: payload.every((v) => v <= 0xffff) ? Uint16Array.from(payload) : payload,
  }
}

/**
 * Byte offset `i` of a stream's offsets (docAt, payloadAt).
 *
 * @example
 * ```ts
 * offsetAt(postings.docAt, t + 1) - offsetAt(postings.docAt, t) // term t's document bytes
 * ```
 */
export function offsetAt(offsets: StoredArray<Uint32Array | Float64Array>, i: number): number {
  return offsets instanceof Uint32Array || offsets instanceof Float64Array
    ? (offsets[i] as number)
    : offsets.at(i)
}

function byteLength(stored: StoredPostings['docBytes']): number {
  return stored instanceof Uint8Array ? stored.length : stored.byteLength
}

// Offsets as Uint32 when the stream fits 4 GiB (always, within a memory budget), else as they are.
function narrowOffsets(offsets: Float64Array): Uint32Array | Float64Array {
  const last = offsets.length === 0 ? 0 : (offsets[offsets.length - 1] as number)
  return last <= 0xffffffff ? Uint32Array.from(offsets) : offsets
}

/** A growable byte stream for packing. */
class ByteSink {
  #bytes: Uint8Array
  length = 0

  constructor(capacity: number) {
    this.#bytes = new Uint8Array(Math.max(16, capacity))
  }

  #room(n: number): void {
    if (this.length + n <= this.#bytes.length) return
    const next = new Uint8Array(Math.max(2 * this.#bytes.length, this.length + n))
    next.set(this.#bytes.subarray(0, this.length))
    this.#bytes = next
  }

  byte(value: number): void {
    this.#room(1)
    this.#bytes[this.length++] = value
  }

  varint(value: number): void {
    this.#room(8)
    let rest = value
    while (rest >= 0x80) {
      this.#bytes[this.length++] = (rest % 0x80) | 0x80
      rest = Math.floor(rest / 0x80)
    }
    this.#bytes[this.length++] = rest
  }

  // Room for n bytes, zeroed, written later with u32At; returns where they start.
  reserve(n: number): number {
    this.#room(n)
    const at = this.length
    this.#bytes.fill(0, at, at + n)
    this.length += n
    return at
  }

  u32At(at: number, value: number): void {
    const bytes = this.#bytes
    bytes[at] = value & 0xff
    bytes[at + 1] = (value >>> 8) & 0xff
    bytes[at + 2] = (value >>> 16) & 0xff
    bytes[at + 3] = (value >>> 24) & 0xff
  }

  // A width byte, then values[0 … n) bit-packed at the width of the largest.
  packed(values: Uint32Array, n: number): void {
    let widest = 0
    for (let i = 0; i < n; i++) widest |= values[i] as number
    const width = widest === 0 ? 0 : 32 - Math.clz32(widest)
    this.byte(width)
    if (width === 0) return
    const length = 4 * Math.ceil((n * width) / 32)
    const { words, bytes } = wordsFor(length)
    words.fill(0, 0, length / 4)
    for (let i = 0, bit = 0; i < n; i++, bit += width) {
      const value = values[i] as number
      const word = bit >>> 5
      const shift = bit & 31
      words[word] = (words[word] as number) | (value << shift)
      if (shift + width > 32) words[word + 1] = value >>> (32 - shift)
    }
    this.#room(length)
    this.#bytes.set(bytes.subarray(0, length), this.length)
    this.length += length
  }

  bytes(): Uint8Array {
    return this.#bytes.slice(0, this.length)
  }
}
