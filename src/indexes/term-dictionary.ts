/**
 * A string → dense id dictionary kept entirely in typed arrays, for vocabularies beyond the 2^24
 * entries a JS `Map` holds (phone numbers and e-mail parts alone exceed that at 10M records) and at a
 * fraction of a `Map`'s memory: about 4 bytes per term for `starts`, 8 for `slots` and the UTF-8 bytes
 * themselves, against ~60 bytes for a Map entry plus its string.
 *
 * Layout:
 *   bytes   Uint8Array        UTF-8 of every term, concatenated in id order
 *   starts  Uint32Array(T+1)  term `id` is `bytes[starts[id], starts[id + 1])`
 *   slots   Uint32Array(C)    open addressing with linear probing; C a power of two ≥ 2T;
 *                             0 = empty, otherwise id + 1; a term's home slot is its hash & (C − 1)
 * Invariants: ids are dense (0…T−1) in first-intern order; the load factor stays ≤ 1/2, so a probe
 * for an absent term ends at an empty slot after ~1.5 steps on average.
 */
import { Column } from '../storage/column.js'
import { LazyArray } from '../storage/lazy-array.js'
import { bytesOf, type StoredBytes } from '../storage/lazy-section.js'
import { type ByteTable, entryAt, readableTable, startOf } from './byte-table.js'
import { grow } from './grow.js'
import { encodeUtf8, utf8Scratch } from './utf8.js'

/** The plain-data state of a {@link TermDictionary}. */
export interface TermDictionaryState {
  /** Left on disk by an opened snapshot (SPEC 16); a lookup reads the block of its probes. */
  readonly slots: Uint32Array | LazyArray
  /** Left on disk by an opened snapshot; a lookup reads the offsets of the terms it compares. */
  readonly starts: Uint32Array | LazyArray
  /** Left on disk by an opened snapshot (SPEC 16); a lookup reads the one or two terms it compares. */
  readonly bytes: StoredBytes
}

/**
 * FNV-1a over bytes, with murmur3's finaliser so the low bits used as a slot are well mixed. Signed,
 * because an unsigned result above 2^31 is a heap-allocated number once it leaves a register.
 */
function hashBytes(bytes: Uint8Array, length: number): number {
  let h = 0x811c9dc5
  for (let i = 0; i < length; i++) h = Math.imul(h ^ (bytes[i] as number), 0x01000193)
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b)
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35)
  return h ^ (h >>> 16)
}

function sameBytes(pool: Uint8Array, start: number, end: number, key: Uint8Array, length: number): boolean {
  if (end - start !== length) return false
  for (let i = 0; i < length; i++) if (pool[start + i] !== key[i]) return false
  return true
}

// The offsets behind a column, as a saved state holds them.
function savedStarts(starts: Column): Uint32Array | LazyArray {
  const stored = starts.stored
  if (stored instanceof LazyArray || stored instanceof Uint32Array) return stored
  throw new Error('domindex: byte table offsets are 32-bit unsigned')
}

/**
 * A frozen term dictionary.
 *
 * @example
 * ```ts
 * const b = new TermDictionaryBuilder(); b.intern('acme'); const dict = b.freeze()
 * dict.get('acme') // 0
 * dict.get('corp') // -1
 * ```
 */
export class TermDictionary {
  /** The plain data this dictionary reads. */
  readonly state: TermDictionaryState
  readonly #slots: Column
  /** The terms, as queries read a byte table. */
  readonly #table: ByteTable

  /** @param state - arrays as {@link TermDictionaryBuilder.freeze} or a saved snapshot gives them */
  constructor(state: TermDictionaryState) {
    this.state = state
    this.#slots = new Column(state.slots)
    this.#table = readableTable(state)
  }

  /** The number of terms. */
  get size(): number {
    return this.state.starts.length - 1
  }

  /**
   * The id of a term, or -1 when absent.
   *
   * @example
   * ```ts
   * dict.get('acme') // 0
   * ```
   */
  get(term: string): number {
    const table = this.#table
    const bytes = table.bytes
    const slots = this.#slots
    const length = encodeUtf8(term)
    const key = utf8Scratch()
    const mask = slots.length - 1
    for (let slot = hashBytes(key, length) & mask; ; slot = (slot + 1) & mask) {
      const entry = slots.at(slot)
      if (entry === 0) return -1
      const id = entry - 1
      const start = startOf(table, id)
      const end = startOf(table, id + 1)
      if (end - start !== length) continue
      if (bytes instanceof Uint8Array) {
        if (sameBytes(bytes, start, end, key, length)) return id
      } else if (sameBytes(bytes.read(start, end), 0, length, key, length)) return id
    }
  }

  /**
   * A dictionary over the entries of a byte table whose entries are distinct (observation ids,
   * say), hashing each once; the table's arrays are shared, not copied.
   *
   * @param table - distinct entries; entry i becomes term id i
   * @example
   * ```ts
   * TermDictionary.over(byteTableOf(2, (i) => ['a', 'b'][i])).get('b') // 1
   * ```
   */
  static over(table: ByteTable): TermDictionary {
    const { bytes, starts } = table
    const n = starts.length - 1
    let size = 16
    while (size < n * 2) size *= 2
    const slots = new Uint32Array(size)
    const mask = size - 1
    for (let id = 0; id < n; id++) {
      const start = startOf(table, id)
      const end = startOf(table, id + 1)
      let slot = hashBytes(bytesOf(bytes, start, end), end - start) & mask
      while (slots[slot] !== 0) slot = (slot + 1) & mask
      slots[slot] = id + 1
    }
    return new TermDictionary({
      slots,
      starts: starts instanceof Column ? savedStarts(starts) : starts,
      bytes,
    })
  }

  /**
   * The term of an id, decoded from its bytes.
   *
   * @param id - an id below `size`
   * @example
   * ```ts
   * dict.term(0) // 'acme'
   * ```
   */
  term(id: number): string {
    return entryAt(this.#table, id)
  }
}

/**
 * Builds a {@link TermDictionary} by interning terms one at a time.
 *
 * @example
 * ```ts
 * const b = new TermDictionaryBuilder()
 * b.intern('acme') // 0
 * b.intern('corp') // 1
 * b.intern('acme') // 0
 * ```
 */
export class TermDictionaryBuilder {
  #slots: Uint32Array = new Uint32Array(1024)
  #hashes: Int32Array = new Int32Array(512)
  #starts: Uint32Array = new Uint32Array(513)
  #bytes: Uint8Array = new Uint8Array(4096)
  #size = 0

  /** The number of distinct terms so far. */
  get size(): number {
    return this.#size
  }

  /**
   * The id of `term`, adding it when new.
   *
   * @example
   * ```ts
   * b.intern('acme') // 0
   * ```
   */
  intern(term: string): number {
    const length = encodeUtf8(term)
    const key = utf8Scratch()
    const hash = hashBytes(key, length)
    const slot = this.#slotOf(key, length, hash)
    const entry = this.#slots[slot] as number
    if (entry !== 0) return entry - 1
    const id = this.#size
    const start = this.#starts[id] as number
    if (start + length > this.#bytes.length) this.#bytes = grow(this.#bytes, start + length)
    const bytes = this.#bytes
    for (let i = 0; i < length; i++) bytes[start + i] = key[i] as number
    if (id + 2 > this.#starts.length) this.#starts = grow(this.#starts, id + 2)
    if (id + 1 > this.#hashes.length) this.#hashes = grow(this.#hashes, id + 1)
    this.#starts[id + 1] = start + length
    this.#hashes[id] = hash
    this.#slots[slot] = id + 1
    this.#size = id + 1
    if (this.#size * 2 > this.#slots.length) this.#rehash()
    return id
  }

  /**
   * The id of a term, or -1 when absent (nothing is added).
   *
   * @example
   * ```ts
   * b.get('acme') // 0
   * b.get('zeta') // -1
   * ```
   */
  get(term: string): number {
    const length = encodeUtf8(term)
    const key = utf8Scratch()
    return (this.#slots[this.#slotOf(key, length, hashBytes(key, length))] as number) - 1
  }

  /**
   * The terms so far as a byte table (term id = entry), without copying: valid until the next
   * `intern`, which may move the arrays.
   *
   * @example
   * ```ts
   * pickEntries(b.table(), Uint32Array.of(1)) // a table of 'corp'
   * ```
   */
  table(): ByteTable {
    return { bytes: this.#bytes, starts: this.#starts.subarray(0, this.#size + 1) }
  }

  /**
   * Trims the arrays and returns the frozen dictionary; the builder must not be used afterwards.
   *
   * @example
   * ```ts
   * b.freeze().size // 2
   * ```
   */
  freeze(): TermDictionary {
    const n = this.#size
    return new TermDictionary({
      slots: this.#slots,
      starts: this.#starts.slice(0, n + 1),
      bytes: this.#bytes.slice(0, this.#starts[n] as number),
    })
  }

  // The slot holding key[0, length) (hash: its hashBytes), or the empty slot where it would go.
  #slotOf(key: Uint8Array, length: number, hash: number): number {
    const slots = this.#slots
    const starts = this.#starts
    const mask = slots.length - 1
    for (let slot = hash & mask; ; slot = (slot + 1) & mask) {
      const entry = slots[slot] as number
      if (entry === 0) return slot
      const id = entry - 1
      if (
        this.#hashes[id] === hash &&
        sameBytes(this.#bytes, starts[id] as number, starts[id + 1] as number, key, length)
      )
        return slot
    }
  }

  #rehash(): void {
    const slots = new Uint32Array(this.#slots.length * 2)
    const mask = slots.length - 1
    for (let id = 0; id < this.#size; id++) {
      let slot = (this.#hashes[id] as number) & mask
      while (slots[slot] !== 0) slot = (slot + 1) & mask
      slots[slot] = id + 1
    }
    this.#slots = slots
  }
}
