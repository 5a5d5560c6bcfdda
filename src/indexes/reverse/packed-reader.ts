/**
 * Reading packed postings (packed-postings.ts gives the layout): varints, bit-packed runs and
 * blocks of documents, and a block's payloads, decoded into typed arrays; the aligned word buffer
 * that packing and unpacking share.
 */
/** Entries in a bit-packed block of documents. */
export const BLOCK = 128
/** Bytes of a skip entry: last document, end of the block's documents, end of its payloads. */
export const SKIP_BYTES = 12

/**
 * Reads varints and bit-packed blocks from bytes, from `at` on.
 *
 * @example
 * ```ts
 * new ByteReader(Uint8Array.of(0xac, 0x02), 0).varint() // 300
 * ```
 */
export class ByteReader {
  /** The bytes read. */
  bytes: Uint8Array
  /** The next byte to read. */
  at: number

  /**
   * @param bytes - the bytes
   * @param at - where reading starts
   */
  constructor(bytes: Uint8Array, at: number) {
    this.bytes = bytes
    this.at = at
  }

  /**
   * The next varint.
   *
   * @throws Error when the bytes end inside it
   */
  varint(): number {
    const bytes = this.bytes
    let at = this.at
    let byte = bytes[at++]
    let value = 0
    let shift = 0
    while (byte !== undefined && byte >= 0x80) {
      value += (byte & 0x7f) * 2 ** shift
      shift += 7
      byte = bytes[at++]
    }
    if (byte === undefined) throw new Error('postings: a varint runs past the end of its bytes')
    this.at = at
    return value + byte * 2 ** shift
  }

  /**
   * Decodes the next bit-packed run of `n` values (a width byte, then the values in little-endian
   * 32-bit words) into `into[at …]`.
   *
   * @throws Error when the bytes end inside it
   */
  unpack(n: number, into: Uint32Array, at: number): void {
    const width = this.#run(n)
    if (width === 0) {
      into.fill(0, at, at + n)
      return
    }
    const packed = wordBuffer.words
    const mask = MASKS[width] as number
    for (let i = 0, bit = 0; i < n; i++, bit += width) {
      const word = bit >>> 5
      const shift = bit & 31
      let value = (packed[word] as number) >>> shift
      if (shift + width > 32) value |= (packed[word + 1] as number) << (32 - shift)
      into[at + i] = value & mask
    }
  }

  /**
   * Decodes the next bit-packed block of {@link BLOCK} gaps into documents `into[at …]`, after
   * `previous`; returns the block's last document.
   *
   * @throws Error when the bytes end inside the block
   */
  block(into: Uint32Array, at: number, previous: number): number {
    // The gaps unpacked and summed in one pass (measured against unpacking, then summing).
    const width = this.#run(BLOCK)
    let doc = previous
    if (width === 0) {
      for (let i = at; i < at + BLOCK; i++) into[i] = ++doc
      return doc
    }
    const packed = wordBuffer.words
    const mask = MASKS[width] as number
    for (let i = 0, bit = 0; i < BLOCK; i++, bit += width) {
      const word = bit >>> 5
      const shift = bit & 31
      let value = (packed[word] as number) >>> shift
      if (shift + width > 32) value |= (packed[word + 1] as number) << (32 - shift)
      doc += ((value & mask) >>> 0) + 1
      into[at + i] = doc
    }
    return doc
  }

  /**
   * Decodes the next `n` varint gaps (the documents after a term's last full block) into documents
   * `into[at …]`, after `previous`.
   *
   * @throws Error when the bytes end inside them
   */
  varintDocs(n: number, into: Uint32Array, at: number, previous: number): void {
    let doc = previous
    for (let i = at; i < at + n; i++) {
      doc += this.varint() + 1
      into[i] = doc
    }
  }

  /**
   * Appends the values of the next varint entry (its count, its first value, the gaps to the
   * next ones) to `into`.
   *
   * @throws Error when the bytes end inside it
   */
  varintEntry(into: ValueBuffer): void {
    const count = this.varint()
    if (count === 0) return
    into.reserve(count)
    const values = into.values
    let length = into.length
    let value = this.varint()
    values[length++] = value
    for (let c = 1; c < count; c++) {
      value += this.varint() + 1
      values[length++] = value
    }
    into.length = length
  }

  /** Passes over the next varint entry. */
  skipVarintEntry(): void {
    for (let c = this.varint(); c > 0; c--) this.varint()
  }

  // Reads the width byte of the next packed run of n values and copies its words to the shared
  // aligned buffer (wordBuffer.words); returns the width.
  #run(n: number): number {
    const width = this.bytes[this.at]
    if (width === undefined || width > 32) throw new Error(`postings: a packed run of width ${width}`)
    const start = this.at + 1
    const length = 4 * Math.ceil((n * width) / 32)
    if (start + length > this.bytes.length)
      throw new Error('postings: a packed run goes past the end of its bytes')
    this.at = start + length
    if (width > 0) wordsFor(length).bytes.set(this.bytes.subarray(start, start + length))
    return width
  }
}

/**
 * Decoded payload values: a growable Uint32Array and the number of values in it. One class for
 * every reader, so the decoding loops write to it directly.
 *
 * @example
 * ```ts
 * const values = new ValueBuffer(); values.reserve(2); values.values[values.length++] = 7
 * ```
 */
export class ValueBuffer {
  /** The values, [0, length) in use. */
  values: Uint32Array<ArrayBuffer> = new Uint32Array(1024)
  /** The number of values in use. */
  length = 0

  /** Makes room for `n` more values, keeping those in use. */
  reserve(n: number): void {
    if (this.length + n <= this.values.length) return
    const next = new Uint32Array(Math.max(2 * this.values.length, this.length + n))
    next.set(this.values.subarray(0, this.length))
    this.values = next
  }
}

/**
 * Reads the payloads of a term's entries, a block at a time: a full block's counts, first values
 * and gaps bit-packed, the entries after the last full block as varints.
 *
 * @example
 * ```ts
 * new PayloadReader(Uint8Array.of(2, 5, 0)).entries(1, false, values, starts, 0) // values [5, 6]
 * ```
 */
export class PayloadReader extends ByteReader {
  /** @param bytes - a term's payload bytes, or a part of them starting at a block */
  constructor(bytes: Uint8Array) {
    super(bytes, 0)
  }

  /**
   * Appends the values of the next `n` entries to `into`, and where each entry's values start
   * (`into.length` before them) to `starts[at …]`.
   *
   * @param full - whether the entries are a full block (bit-packed) or the varint entries after
   * @throws Error when the bytes end inside them
   */
  entries(n: number, full: boolean, into: ValueBuffer, starts: Uint32Array, at: number): void {
    if (!full) {
      for (let i = 0; i < n; i++) {
        starts[at + i] = into.length
        this.varintEntry(into)
      }
      return
    }
    this.unpack(BLOCK, COUNTS, 0)
    this.unpack(BLOCK, FIRSTS, 0)
    let total = 0
    for (let i = 0; i < BLOCK; i++) total += COUNTS[i] as number
    const gapCount = total - BLOCK + countZeros()
    if (gapCount > gapRoom.length) gapRoom = new Uint32Array(2 * gapCount)
    const gaps = gapRoom
    this.unpack(gapCount, gaps, 0)
    into.reserve(total)
    const values = into.values
    let length = into.length
    for (let i = 0, g = 0; i < BLOCK; i++) {
      starts[at + i] = length
      const count = COUNTS[i] as number
      if (count === 0) continue
      let value = FIRSTS[i] as number
      values[length++] = value
      for (let c = 1; c < count; c++) {
        value += (gaps[g++] as number) + 1
        values[length++] = value
      }
    }
    into.length = length
  }
}

/**
 * Appends the values of some entries of a full block's payloads (bytes[at, end)) to `into`, and
 * where each entry's values start to `starts[startsAt …]`. The block's counts are unpacked; each
 * entry wanted has its first value and its gaps read where they lie in their packed runs, so it
 * costs its own values, not the block's.
 *
 * @param wanted - the entries wanted, `wanted[from, to)` ascending, each `base` + its index in the block
 * @throws Error when a run's width is above 32 or the runs end past `end`
 * @example
 * ```ts
 * pickFromBlock(bytes, 0, bytes.length, Uint32Array.of(3), 0, 1, 0, values, starts, 0) // entry 3's values
 * ```
 */
export function pickFromBlock(
  bytes: Uint8Array,
  at: number,
  end: number,
  wanted: Uint32Array,
  from: number,
  to: number,
  base: number,
  into: ValueBuffer,
  starts: Uint32Array,
  startsAt: number,
): void {
  const reader = SHARED_READER
  reader.bytes = bytes
  reader.at = at
  reader.unpack(BLOCK, COUNTS, 0)
  const firstsWidth = bytes[reader.at] as number
  const firsts = reader.at + 1
  const gapsWidth = bytes[firsts + 16 * firstsWidth]
  const gaps = firsts + 16 * firstsWidth + 1
  let gapCount = 0
  for (let i = 0; i < BLOCK; i++) {
    const count = COUNTS[i] as number
    if (count > 1) gapCount += count - 1
  }
  if (
    firstsWidth > 32 ||
    gapsWidth === undefined ||
    gapsWidth > 32 ||
    gaps + 4 * Math.ceil((gapCount * gapsWidth) / 32) > end
  ) {
    throw new Error('postings: a block of payloads goes past the end of its bytes')
  }
  // The first values' and the gaps' runs copied to aligned words: firsts from word 0, gaps after.
  const firstsBytes = 16 * firstsWidth
  const gapsBytes = 4 * Math.ceil((gapCount * gapsWidth) / 32)
  const buffer = wordsFor(firstsBytes + gapsBytes + 4)
  buffer.bytes.set(bytes.subarray(firsts, firsts + firstsBytes))
  buffer.bytes.set(bytes.subarray(gaps, gaps + gapsBytes), firstsBytes)
  const words = buffer.words
  const gapsBit = 8 * firstsBytes
  const firstsMask = MASKS[firstsWidth] as number
  const gapsMask = MASKS[gapsWidth] as number
  into.reserve(gapCount + BLOCK)
  const values = into.values
  let length = into.length
  let next = startsAt
  for (let i = 0, g = 0, w = from; w < to; i++) {
    const count = COUNTS[i] as number
    if ((wanted[w] as number) - base === i) {
      starts[next++] = length
      w++
      if (count > 0) {
        let value = wordBits(words, i * firstsWidth, firstsWidth, firstsMask)
        values[length++] = value
        for (let c = 1, bit = gapsBit + g * gapsWidth; c < count; c++, bit += gapsWidth) {
          // int32 arithmetic: the sum wraps as the Uint32Array stores it, and stays off doubles.
          value = (value + wordBits(words, bit, gapsWidth, gapsMask) + 1) | 0
          values[length++] = value
        }
      }
    }
    if (count > 1) g += count - 1
  }
  into.length = length
}

// The `width` bits at bit `bit` of little-endian 32-bit words, `mask` the low `width` bits set, as
// an int32 (negative for values of 2³¹ and above: stored in a Uint32Array they are the same bits).
function wordBits(words: Uint32Array, bit: number, width: number, mask: number): number {
  const word = bit >>> 5
  const shift = bit & 31
  let value = (words[word] as number) >>> shift
  if (shift + width > 32) value |= (words[word + 1] as number) << (32 - shift)
  return value & mask
}

/**
 * Appends the values of some of the `n` varint entries after a term's last full block
 * (bytes[at …]) to `into`, and where each entry's values start to `starts[startsAt …]`.
 *
 * @param wanted - the entries wanted, `wanted[from, to)` ascending, each `base` + its index among the n
 * @throws Error when the bytes end inside them
 */
export function pickFromTail(
  bytes: Uint8Array,
  at: number,
  n: number,
  wanted: Uint32Array,
  from: number,
  to: number,
  base: number,
  into: ValueBuffer,
  starts: Uint32Array,
  startsAt: number,
): void {
  const reader = SHARED_READER
  reader.bytes = bytes
  reader.at = at
  let next = startsAt
  for (let i = 0, w = from; i < n && w < to; i++) {
    if ((wanted[w] as number) - base !== i) {
      reader.skipVarintEntry()
      continue
    }
    w++
    starts[next++] = into.length
    reader.varintEntry(into)
  }
}

// MASKS[w]: the low w bits set.
const MASKS = Uint32Array.from({ length: 33 }, (_, w) => (w === 32 ? 0xffffffff : 2 ** w - 1))

const SHARED_READER = new ByteReader(new Uint8Array(0), 0)

// The entries of the block just unpacked that have no value (only in a damaged file).
function countZeros(): number {
  let zeros = 0
  for (let i = 0; i < BLOCK; i++) if (COUNTS[i] === 0) zeros++
  return zeros
}

const COUNTS = new Uint32Array(BLOCK)
const FIRSTS = new Uint32Array(BLOCK)
let gapRoom = new Uint32Array(4 * BLOCK)

// Packed words, aligned: a run's bytes are copied here before they are unpacked (and packed here
// before they are written); grown to the longest run met.
let wordBuffer = wordsOver(new ArrayBuffer(16 * BLOCK))

function wordsOver(buffer: ArrayBuffer): { words: Uint32Array; bytes: Uint8Array } {
  return { words: new Uint32Array(buffer), bytes: new Uint8Array(buffer) }
}

/**
 * The shared aligned buffer, grown to hold `bytes`: a packed run's words as 32-bit words and as bytes.
 *
 * @example
 * ```ts
 * wordsFor(64).words.length >= 16 // true
 * ```
 */
export function wordsFor(bytes: number): { words: Uint32Array; bytes: Uint8Array } {
  if (bytes > wordBuffer.bytes.length) wordBuffer = wordsOver(new ArrayBuffer(8 * Math.ceil(bytes / 4)))
  return wordBuffer
}
