/**
 * An append-only stream of unsigned 32-bit integers as LEB128 varints, for build-time data that is
 * written once and read back front to back (the per-document records of registration-text.ts, the
 * grouped occurrences of postings.ts). Small values take one byte instead of four: counts, codes
 * and document gaps are mostly below 2^7, term ids below 2^21, so the registration text of 1M
 * generated records takes ~80 bytes a record.
 *
 * Layout: byte chunks, the first 4 KiB and each next one twice as large up to 64 MiB, so growing
 * never copies and a small stream stays small; a value never straddles two chunks (a chunk is closed
 * when fewer than 5 bytes are left in it), and `used[c]` is the number of bytes written to chunk c.
 * A consuming reader drops each chunk as it leaves it, so the stream shrinks while it is laid out.
 * Chunks above 32 MiB are always separate mappings in glibc's malloc (above its highest mmap
 * threshold), so a dropped chunk of a large stream goes back to the system instead of leaving a
 * hole in the heap.
 */

const FIRST = 1 << 12
const LARGEST = 1 << 26
// The longest varint of a uint32.
const MAX_BYTES = 5
const EMPTY = new Uint8Array(0)

/**
 * A growable stream of uint32 values, stored as varints in chunks.
 *
 * @example
 * ```ts
 * const stream = new VarintChunks(); stream.push(300); stream.push(7)
 * const reader = stream.reader(true); reader.next() // 300, then 7
 * ```
 */
export class VarintChunks {
  #chunks: (Uint8Array | null)[] = []
  #used: number[] = []
  #chunk: Uint8Array = EMPTY
  #at = 0

  /**
   * Appends a value.
   *
   * @param value - an integer in [0, 2^32)
   * @example
   * ```ts
   * stream.push(300) // two bytes: 0xac 0x02
   * ```
   */
  push(value: number): void {
    let at = this.#at
    if (at + MAX_BYTES > this.#chunk.length) at = this.#nextChunk()
    const chunk = this.#chunk
    let rest = value
    while (rest >= 0x80) {
      chunk[at++] = (rest & 0x7f) | 0x80
      rest >>>= 7
    }
    chunk[at++] = rest
    this.#at = at
  }

  /**
   * A reader from the first value. A consuming reader takes the chunks over and drops each one when
   * it has read past it; the stream is then empty and must not be pushed to or read again.
   *
   * @param consume - give each chunk up once it has been read
   * @example
   * ```ts
   * stream.reader(false).next() // 300
   * ```
   */
  reader(consume: boolean): VarintReader {
    const last = this.#used.length - 1
    if (last >= 0) this.#used[last] = this.#at
    const reader = new VarintReader(this.#chunks, this.#used, consume)
    if (consume) {
      this.#chunks = []
      this.#used = []
      this.#chunk = EMPTY
      this.#at = 0
    }
    return reader
  }

  #nextChunk(): number {
    const last = this.#used.length - 1
    if (last >= 0) this.#used[last] = this.#at
    this.#chunk = new Uint8Array(Math.min(LARGEST, this.#chunk.length * 2 || FIRST))
    this.#chunks.push(this.#chunk)
    this.#used.push(0)
    return 0
  }
}

/** Reads a {@link VarintChunks} stream front to back. */
export class VarintReader {
  readonly #chunks: (Uint8Array | null)[]
  readonly #used: readonly number[]
  readonly #consume: boolean
  #c = -1
  #chunk: Uint8Array = EMPTY
  #at = 0
  #end = 0

  /**
   * @param chunks - the stream's chunks; a consuming reader sets each one it leaves to null
   * @param used - the bytes written to each chunk
   * @param consume - drop chunks once read
   */
  constructor(chunks: (Uint8Array | null)[], used: readonly number[], consume: boolean) {
    this.#chunks = chunks
    this.#used = used
    this.#consume = consume
  }

  /**
   * The next value; reading past the last one is an error.
   *
   * @example
   * ```ts
   * reader.next() // 300
   * ```
   */
  next(): number {
    if (this.#at === this.#end) this.#nextChunk()
    const chunk = this.#chunk
    let at = this.#at
    let byte = chunk[at++] as number
    let value = byte & 0x7f
    for (let scale = 0x80; byte >= 0x80; scale *= 0x80) {
      byte = chunk[at++] as number
      value += (byte & 0x7f) * scale
    }
    this.#at = at
    return value
  }

  #nextChunk(): void {
    if (this.#consume && this.#c >= 0) this.#chunks[this.#c] = null
    const c = ++this.#c
    const chunk = this.#chunks[c]
    if (chunk === undefined || chunk === null)
      throw new Error('domindex: read past the end of a varint stream')
    this.#chunk = chunk
    this.#at = 0
    this.#end = this.#used[c] as number
  }
}
