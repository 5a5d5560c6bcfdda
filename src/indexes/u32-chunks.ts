/**
 * An append-only list of unsigned 32-bit integers for build-time collection (the reverse index's
 * phone digits and nameserver host ids).
 *
 * Layout: chunks of 2^20 elements (4 MiB each); element i lives at `chunks[i >>> 20][i & 0xfffff]`.
 * Only the first chunk grows (doubling from 256 elements), so a small list stays small; beyond it
 * growing never copies, so collecting n values peaks at n·4 bytes plus one chunk, where a doubling
 * array peaks at 3n·4 bytes during its last copy. `toArray()` copies once into an exact-length
 * array.
 */

const SHIFT = 20
const SIZE = 1 << SHIFT
const MASK = SIZE - 1
// The first chunk starts small and doubles up to SIZE, so that small indexes stay small.
const FIRST = 256

/** A growable list of uint32 values, stored in chunks. */
export class U32Chunks {
  readonly #chunks: Uint32Array[] = []
  #length = 0

  /** The number of values pushed. */
  get length(): number {
    return this.#length
  }

  /**
   * Appends a value.
   *
   * @param value - an integer in [0, 2^32)
   * @example
   * ```ts
   * const list = new U32Chunks(); list.push(7); list.get(0) // 7
   * ```
   */
  push(value: number): void {
    const i = this.#length
    const chunk = this.#chunks[i >>> SHIFT]
    if (chunk === undefined) this.#chunks.push(new Uint32Array(i === 0 ? FIRST : SIZE))
    else if ((i & MASK) === chunk.length) {
      const bigger = new Uint32Array(chunk.length * 2)
      bigger.set(chunk)
      this.#chunks[0] = bigger
    }
    ;(this.#chunks[i >>> SHIFT] as Uint32Array)[i & MASK] = value
    this.#length = i + 1
  }

  /**
   * The value at index i (0 ≤ i < length).
   *
   * @example
   * ```ts
   * list.get(0) // 7
   * ```
   */
  get(i: number): number {
    return (this.#chunks[i >>> SHIFT] as Uint32Array)[i & MASK] as number
  }

  /**
   * Copies the values into one exact-length array.
   *
   * @example
   * ```ts
   * list.toArray() // Uint32Array [7]
   * ```
   */
  toArray(): Uint32Array {
    const out = new Uint32Array(this.#length)
    for (let c = 0; c < this.#chunks.length; c++) {
      const chunk = this.#chunks[c] as Uint32Array
      const start = c * SIZE
      const n = Math.min(SIZE, this.#length - start)
      out.set(n === SIZE ? chunk : chunk.subarray(0, n), start)
    }
    return out
  }
}
