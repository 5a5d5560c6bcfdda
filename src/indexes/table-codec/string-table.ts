/**
 * A chunk's string table: the strings that occur in at least two of its values, most widespread
 * first (so the most common take the one-byte references), each stored once for the whole chunk.
 * Strings repeated within one value only are left to that value's own back references, so the
 * table holds what recurs across records: registrars, countries, cities, privacy-service
 * boilerplate, a registrant's organisation and street across its domains.
 *
 * Layout of a packed table (k strings): `bytes` their UTF-8 (lone surrogates in their 3-byte form,
 * utf8.ts) back to back, string i ending at byte `ends[i]`.
 */
import { grow } from '../grow.js'
import { encodeUtf8, utf8Scratch } from '../utf8.js'
import { splitPoint } from './split-point.js'

/** A string table as stored: UTF-8 back to back and where each string ends. */
export interface PackedTable {
  readonly bytes: Uint8Array
  readonly ends: Uint32Array
}

/** Bytes a value's structure may take besides its strings' UTF-8: the estimate per node. */
const NODE_BYTES = 10

/**
 * Counts the strings of a chunk's values as they are added, and the shared parts of those strings
 * (split-point.ts), then gives the chunk's table: those held by two or more values, most
 * widespread first (ties: first seen first), so the same values always give the same table.
 *
 * @example
 * ```ts
 * const tally = new StringTally()
 * tally.add({ a: 'x', b: 'y' }); tally.add({ a: 'x' })
 * tally.table() // ['x']
 * ```
 */
export class StringTally {
  // Per distinct string, by first-seen rank: the values holding it, and the last one that did.
  readonly #ranks = new Map<string, number>()
  #holders = new Uint32Array(1024)
  #last = new Int32Array(1024)
  #values = 0

  /**
   * Counts a value's strings.
   *
   * @param value - any value (only JSON data is walked)
   * @returns an upper bound of the bytes its table coding takes (3 a UTF-16 unit of its strings
   *   and {@link NODE_BYTES} a node), so a packer can close a chunk before it grows too large
   */
  add(value: unknown): number {
    return this.#walk(value, this.#values++)
  }

  // Counts the strings under `v` for value `index`; returns the estimate of add().
  #walk(v: unknown, index: number): number {
    if (typeof v === 'string') {
      // A string's shared part is counted when the string is first seen: a string held again is
      // its own table entry, whatever its part's count.
      if (this.#count(v, index)) {
        const at = splitPoint(v)
        if (at > 0) this.#count(v.slice(at), index)
      }
      return NODE_BYTES + 3 * v.length
    }
    if (typeof v !== 'object' || v === null) return NODE_BYTES
    let bytes = NODE_BYTES
    if (Array.isArray(v)) {
      for (let i = 0; i < v.length; i++) bytes += this.#walk(v[i], index)
    } else {
      for (const key in v) {
        if (Object.hasOwn(v, key)) bytes += this.#walk((v as Record<string, unknown>)[key], index)
      }
    }
    return bytes
  }

  /** The table of the values added: strings held by two or more, most widespread first. */
  table(): string[] {
    const holders = this.#holders
    const shared: string[] = []
    const ranks: number[] = []
    for (const [s, rank] of this.#ranks) {
      if ((holders[rank] as number) > 1) {
        shared.push(s)
        ranks.push(rank)
      }
    }
    const order = Array.from(shared, (_, i) => i)
    order.sort((a, b) => {
      const ra = ranks[a] as number
      const rb = ranks[b] as number
      return (holders[rb] as number) - (holders[ra] as number) || ra - rb
    })
    return order.map((i) => shared[i] as string)
  }

  // Counts `s` for value `index`; true when `s` was not seen before.
  #count(s: string, index: number): boolean {
    const rank = this.#ranks.get(s)
    if (rank === undefined) {
      const next = this.#ranks.size
      if (next === this.#holders.length) {
        this.#holders = grow(this.#holders, next + 1)
        this.#last = grow(this.#last, next + 1)
      }
      this.#ranks.set(s, next)
      this.#holders[next] = 1
      this.#last[next] = index
      return true
    }
    if (this.#last[rank] !== index) {
      this.#holders[rank] = (this.#holders[rank] as number) + 1
      this.#last[rank] = index
    }
    return false
  }
}

/**
 * Packs a table for storage.
 *
 * @example
 * ```ts
 * packTable(['ab', 'c']) // { bytes: 61 62 63, ends: [2, 3] }
 * ```
 */
export function packTable(strings: readonly string[]): PackedTable {
  const ends = new Uint32Array(strings.length)
  let bytes = new Uint8Array(1024)
  let at = 0
  strings.forEach((s, i) => {
    const n = encodeUtf8(s)
    if (at + n > bytes.length) {
      const bigger = new Uint8Array(Math.max(bytes.length * 2, at + n))
      bigger.set(bytes.subarray(0, at))
      bytes = bigger
    }
    bytes.set(utf8Scratch().subarray(0, n), at)
    at += n
    ends[i] = at
  })
  return { bytes: bytes.slice(0, at), ends }
}
