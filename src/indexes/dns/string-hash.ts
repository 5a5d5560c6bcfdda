/**
 * An open-addressing hash table over strings held elsewhere, as one Uint32Array (plain data that a
 * snapshot can store): slot = id + 1, 0 = empty; linear probing from FNV-1a of the key. Several ids
 * may share a key (lower-cased texts): every id whose key equals the probe lies in the run of
 * occupied slots from the key's home slot, because entries are only ever added, never removed.
 * Capacity is a power of two at least twice the entries, so runs stay short.
 */
import type { Column } from '../../storage/column.js'

/**
 * Builds the slots for `ids`, each placed by the hash of its key.
 *
 * @param ids - the ids to insert
 * @param hashOf - the hash of an id's key (`at`: the id's position in `ids`): {@link hashString} of
 *   it, or {@link lowerCaseHash} of the text whose lower case is the key
 * @example
 * ```ts
 * const words = ['a', 'b']
 * const slots = buildStringHash(Uint32Array.of(0, 1), (id) => hashString(words[id] as string))
 * ```
 */
export function buildStringHash(ids: Uint32Array, hashOf: (id: number, at: number) => number): Uint32Array {
  let size = 16
  while (size < ids.length * 2) size *= 2
  const slots = new Uint32Array(size)
  const mask = size - 1
  for (let i = 0; i < ids.length; i++) {
    const id = ids[i] as number
    let s = hashOf(id, i) & mask
    while (slots[s] !== 0) s = (s + 1) & mask
    slots[s] = id + 1
  }
  return slots
}

/**
 * FNV-1a over the UTF-16 code units of a string; the token dictionary (dns/token-index.ts) hashes
 * alike.
 *
 * @example
 * ```ts
 * hashString('spf1') // a 32-bit unsigned integer
 * ```
 */
export function hashString(s: string): number {
  let h = 0x811c9dc5
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193)
  return h >>> 0
}

/**
 * `hashString(s.toLowerCase())`, without building the lower-cased copy when `s` is ASCII (a build
 * hashes every text value; most hold capitals, and each copy would be garbage to collect).
 *
 * @example
 * ```ts
 * lowerCaseHash('MS=ms1234') === hashString('ms=ms1234') // true
 * ```
 */
export function lowerCaseHash(s: string): number {
  let h = 0x811c9dc5
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i)
    if (c > 127) return hashString(s.toLowerCase())
    h = Math.imul(h ^ (c >= 65 && c <= 90 ? c + 32 : c), 0x01000193)
  }
  return h >>> 0
}

/**
 * Collects into `out` the ids whose key equals `key`.
 *
 * @param slots - a table from {@link buildStringHash}
 * @param key - the key sought
 * @param keyOf - the key of an id (as at build)
 * @param out - receives the ids, in slot order
 * @example
 * ```ts
 * const out: number[] = []; findStrings(slots, 'b', (id) => words[id] as string, out) // out: [1]
 * ```
 */
export function findStrings(slots: Column, key: string, keyOf: (id: number) => string, out: number[]): void {
  const mask = slots.length - 1
  for (let s = hashString(key) & mask; slots.at(s) !== 0; s = (s + 1) & mask) {
    const id = slots.at(s) - 1
    if (keyOf(id) === key) out.push(id)
  }
}

/**
 * The id of a unique key, or -1.
 *
 * @example
 * ```ts
 * findString(slots, 'a', (id) => words[id] as string) // 0
 * ```
 */
export function findString(slots: Column, key: string, keyOf: (id: number) => string): number {
  const mask = slots.length - 1
  for (let s = hashString(key) & mask; slots.at(s) !== 0; s = (s + 1) & mask) {
    const id = slots.at(s) - 1
    if (keyOf(id) === key) return id
  }
  return -1
}
