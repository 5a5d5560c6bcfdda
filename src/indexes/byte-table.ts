/**
 * Strings as one UTF-8 byte table (WTF-8: lone surrogates kept), the form the DNS state keeps its
 * observation ids, values, host keys and tokens in (dns/state.ts), so that tens of millions of
 * them never live as JS strings (each ~50 bytes of heap that every full collection marks, and that
 * a snapshot must decode one by one when it is opened). A query decodes only the entries it
 * returns or compares.
 *
 * Layout (n entries): entry i is `bytes[starts[i] … starts[i+1])`. An opened snapshot leaves both
 * on disk (SPEC 16): `bytes` read an entry at a time through the block cache, `starts` through a
 * column (storage/column.ts), so an entry costs a read of its two offsets and one of its bytes.
 */
import { Column } from '../storage/column.js'
import { LazyArray } from '../storage/lazy-array.js'
import { bytesOf, type StoredBytes } from '../storage/lazy-section.js'
import { grow } from './grow.js'
import { decodeUtf8, encodeUtf8, utf8Scratch } from './utf8.js'

/** Strings as UTF-8 bytes, as queries read them; see the file comment. */
export interface ByteTable {
  readonly bytes: StoredBytes
  /** In memory, or on disk behind a column. */
  readonly starts: Uint32Array | Column
}

/** A byte table as a snapshot saves it: its offsets in memory, or left on disk. */
export interface SavedByteTable {
  readonly bytes: StoredBytes
  readonly starts: Uint32Array | LazyArray
}

/** A byte table held in memory, as a build makes it. */
export interface MemoryByteTable extends ByteTable {
  readonly bytes: Uint8Array
  readonly starts: Uint32Array
}

/**
 * The table as queries read it: offsets left on disk go behind a column.
 *
 * @example
 * ```ts
 * readableTable(saved).starts // a Column when saved.starts is a LazyArray
 * ```
 */
export function readableTable(saved: SavedByteTable): ByteTable {
  const { bytes, starts } = saved
  return { bytes, starts: starts instanceof LazyArray ? new Column(starts) : starts }
}

/**
 * Where entry i starts (i = the entry count: where the last one ends).
 *
 * @example
 * ```ts
 * startOf(byteTableOf(2, (i) => ['ab', 'c'][i]), 1) // 2
 * ```
 */
export function startOf(table: ByteTable, i: number): number {
  const starts = table.starts
  return starts instanceof Uint32Array ? (starts[i] as number) : starts.at(i)
}

/**
 * The table of some strings, in the order given.
 *
 * @param n - the number of strings
 * @param stringOf - the i-th string
 * @example
 * ```ts
 * byteTableOf(2, (i) => ['ab', 'c'][i]) // { bytes: 61 62 63, starts: [0, 2, 3] }
 * ```
 */
export function byteTableOf(n: number, stringOf: (i: number) => string): MemoryByteTable {
  const builder = new ByteTableBuilder(n)
  for (let i = 0; i < n; i++) builder.push(stringOf(i))
  return builder.take()
}

/**
 * Appends strings to a byte table one at a time, so that a build never holds them as JS strings.
 *
 * @example
 * ```ts
 * const b = new ByteTableBuilder()
 * b.push('ab') // 0
 * b.push('c')  // 1
 * entryAt(b.take(), 1) // 'c'
 * ```
 */
export class ByteTableBuilder {
  #bytes: Uint8Array
  #starts: Uint32Array
  #size = 0

  /** @param capacity - the number of strings expected (the arrays grow past it) */
  constructor(capacity = 1024) {
    this.#bytes = new Uint8Array(Math.max(16, capacity * 16))
    this.#starts = new Uint32Array(Math.max(1, capacity) + 1)
  }

  /** The number of strings appended. */
  get size(): number {
    return this.#size
  }

  /** Appends a string; returns its entry. */
  push(s: string): number {
    const length = encodeUtf8(s)
    const used = this.#starts[this.#size] as number
    if (used + length > this.#bytes.length) this.#bytes = grow(this.#bytes, used + length)
    const scratch = utf8Scratch()
    const bytes = this.#bytes
    for (let i = 0; i < length; i++) bytes[used + i] = scratch[i] as number
    if (this.#size + 2 > this.#starts.length) this.#starts = grow(this.#starts, this.#size + 2)
    this.#starts[++this.#size] = used + length
    return this.#size - 1
  }

  /** The table, trimmed; the builder must not be used afterwards. */
  take(): MemoryByteTable {
    const n = this.#size
    return { bytes: this.#bytes.slice(0, this.#starts[n] as number), starts: this.#starts.slice(0, n + 1) }
  }
}

/**
 * Entries of a table picked in a given order, as a table of their own.
 *
 * @param table - the strings
 * @param picks - the entry of each string of the result
 * @example
 * ```ts
 * pickEntries(byteTableOf(2, (i) => ['ab', 'c'][i]), Uint32Array.of(1, 0)) // entries 'c', 'ab'
 * ```
 */
export function pickEntries(table: ByteTable, picks: Uint32Array): MemoryByteTable {
  const { bytes } = table
  const outStarts = new Uint32Array(picks.length + 1)
  for (let i = 0; i < picks.length; i++) {
    const e = picks[i] as number
    outStarts[i + 1] = (outStarts[i] as number) + startOf(table, e + 1) - startOf(table, e)
  }
  const out = new Uint8Array(outStarts[picks.length] as number)
  for (let i = 0; i < picks.length; i++) {
    const e = picks[i] as number
    out.set(bytesOf(bytes, startOf(table, e), startOf(table, e + 1)), outStarts[i])
  }
  return { bytes: out, starts: outStarts }
}

/**
 * Compares entries a and b exactly as their strings compare (UTF-16 code units): bytewise while
 * both bytes are ASCII, where the two orders agree, otherwise by decoding both.
 *
 * @example
 * ```ts
 * compareEntries(byteTableOf(2, (i) => ['b', 'a'][i]), 0, 1) // > 0
 * ```
 */
export function compareEntries(table: ByteTable, a: number, b: number): number {
  return compareAcross(table, a, table, b)
}

/**
 * Compares entry a of one table with entry b of another, as their strings compare (see
 * {@link compareEntries}): segments of an index keep tables of their own.
 *
 * @example
 * ```ts
 * compareAcross(byteTableOf(1, () => 'b'), 0, byteTableOf(1, () => 'a'), 0) // > 0
 * ```
 */
export function compareAcross(ta: ByteTable, a: number, tb: ByteTable, b: number): number {
  const aStart = startOf(ta, a)
  const aEnd = startOf(ta, a + 1)
  const bStart = startOf(tb, b)
  const bEnd = startOf(tb, b + 1)
  const aBytes = ta.bytes
  const bBytes = tb.bytes
  // In memory (every build and sort): compared in place, nothing allocated.
  if (aBytes instanceof Uint8Array && bBytes instanceof Uint8Array) {
    return compareRanges(aBytes, aStart, aEnd, bBytes, bStart, bEnd)
  }
  const aView = bytesOf(aBytes, aStart, aEnd)
  const bView = bytesOf(bBytes, bStart, bEnd)
  return compareRanges(aView, 0, aView.length, bView, 0, bView.length)
}

function compareRanges(
  aBytes: Uint8Array,
  aStart: number,
  aEnd: number,
  bBytes: Uint8Array,
  bStart: number,
  bEnd: number,
): number {
  let i = aStart
  let j = bStart
  for (; i < aEnd && j < bEnd; i++, j++) {
    const x = aBytes[i] as number
    const y = bBytes[j] as number
    if (x === y) continue
    if (x < 0x80 && y < 0x80) return x - y
    const sa = decodeUtf8(aBytes, aStart, aEnd)
    const sb = decodeUtf8(bBytes, bStart, bEnd)
    return sa < sb ? -1 : sa > sb ? 1 : 0
  }
  return aEnd - i - (bEnd - j)
}

/**
 * The number of entries.
 *
 * @example
 * ```ts
 * entryCount(byteTableOf(2, (i) => ['a', 'b'][i])) // 2
 * ```
 */
export function entryCount(table: ByteTable): number {
  return table.starts.length - 1
}

/**
 * An entry, as a string.
 *
 * @example
 * ```ts
 * entryAt(byteTableOf(1, () => 'mx-1'), 0) // 'mx-1'
 * ```
 */
export function entryAt(table: ByteTable, i: number): string {
  const start = startOf(table, i)
  const end = startOf(table, i + 1)
  const bytes = table.bytes
  if (bytes instanceof Uint8Array) return decodeUtf8(bytes, start, end)
  return bytes.text(start, end)
}
