/**
 * A growable list of unsigned 32-bit integers for the build: a Uint32Array that doubles when full.
 * Plain JS arrays of 15M numbers cost 8 bytes an entry and grow in smaller steps; this costs 4.
 * Give the exact capacity when it is known: every array allocated counts towards the external
 * memory that makes V8 run full collections, each of which marks all the caller's observations.
 */

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
  #data: Uint32Array
  #length = 0

  /** @param capacity - the initial capacity (grown by doubling) */
  constructor(capacity = 1024) {
    this.#data = new Uint32Array(Math.max(16, capacity))
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
    if (this.#length === this.#data.length) {
      const bigger = new Uint32Array(this.#data.length * 2)
      bigger.set(this.#data)
      this.#data = bigger
    }
    this.#data[this.#length++] = value
  }

  /** The value at an index below `length`. */
  get(index: number): number {
    return this.#data[index] as number
  }

  /** Overwrites the value at an index below `length`. */
  set(index: number, value: number): void {
    this.#data[index] = value
  }

  /** The entries as a right-sized array: the list's own storage when it is exactly full, else a copy. */
  toArray(): Uint32Array {
    return this.#length === this.#data.length ? this.#data : this.#data.slice(0, this.#length)
  }
}
