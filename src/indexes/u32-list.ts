/**
 * A growable list of unsigned 32-bit integers for the build. Plain JS arrays of 15M numbers cost
 * 8 bytes an entry; this costs 4. Up to 65,536 entries it is one Uint32Array that doubles when
 * full; beyond, it appends chunks of 65,536 entries and never copies them, so a list of n entries
 * allocates about 4n bytes (a doubling array allocates 8n, plus 4n to trim it). That matters:
 * every typed array allocated counts towards the external memory that makes V8 run a full
 * collection each 64 MB, and each of those marks all the caller's objects (~3 s at 3M observations
 * in bench/dns.bench.ts). `toArray` copies the chunks into one array once, at the end.
 */

const CHUNK_BITS = 16
const CHUNK = 1 << CHUNK_BITS
const CHUNK_MASK = CHUNK - 1

/**
 * An append-only Uint32 list.
 *
 * @example
 * ```ts
 * const list = new U32List(2)
 * for (let i = 0; i < 5; i++) list.push(i * i)
 * list.toArray() // Uint32Array [0, 1, 4, 9, 16]
 * ```
 */
export class U32List {
  // Every chunk but the last holds CHUNK entries; a lone first chunk may be smaller.
  readonly #chunks: Uint32Array[]
  #last: Uint32Array
  // The list index of #last[0].
  #base = 0
  #length = 0

  /** @param capacity - the initial capacity (grown by doubling up to 65,536, then by chunks) */
  constructor(capacity = 1024) {
    this.#last = new Uint32Array(Math.min(CHUNK, Math.max(16, capacity)))
    this.#chunks = [this.#last]
  }

  /** The number of entries. */
  get length(): number {
    return this.#length
  }

  /**
   * Appends a value.
   *
   * @example
   * ```ts
   * const l = new U32List(); l.push(7); l.get(0) // 7
   * ```
   */
  push(value: number): void {
    if (this.#length - this.#base === this.#last.length) this.#grow()
    this.#last[this.#length - this.#base] = value
    this.#length++
  }

  /** The value at an index below `length`. */
  get(index: number): number {
    return (this.#chunks[index >>> CHUNK_BITS] as Uint32Array)[index & CHUNK_MASK] as number
  }

  /** Overwrites the value at an index below `length`. */
  set(index: number, value: number): void {
    ;(this.#chunks[index >>> CHUNK_BITS] as Uint32Array)[index & CHUNK_MASK] = value
  }

  /** The entries as a right-sized array: the list's own storage when it is one exactly full chunk, else a copy. */
  toArray(): Uint32Array {
    const n = this.#length
    if (this.#chunks.length === 1 && n === this.#last.length) return this.#last
    const out = new Uint32Array(n)
    for (let c = 0; c < this.#chunks.length; c++) {
      const from = c * CHUNK
      const chunk = this.#chunks[c] as Uint32Array
      out.set(from + chunk.length <= n ? chunk : chunk.subarray(0, n - from), from)
    }
    return out
  }

  #grow(): void {
    if (this.#last.length < CHUNK) {
      const bigger = new Uint32Array(Math.min(CHUNK, this.#last.length * 2))
      bigger.set(this.#last)
      this.#last = bigger
      this.#chunks[0] = bigger
      return
    }
    this.#base += CHUNK
    this.#last = new Uint32Array(CHUNK)
    this.#chunks.push(this.#last)
  }
}
