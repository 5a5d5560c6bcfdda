/**
 * Checks of the plain values every structure check reads first. The skeleton names each
 * section's array class and holds the small values, so a forged file can put anything anywhere:
 * these make sure a value is what its structure reads (an object, a count, a typed array of the
 * right class and length, offsets that ascend and end where their data ends, sorted runs of ids in
 * range, a hash table of the right size) before the structure's own invariants are read off it.
 * Each throws a Violation naming the section and the first offending element.
 */
import { showValue } from '../../errors.js'
import type { ByteTable } from '../../indexes/byte-table.js'
import { Violation } from './checklist.js'

type ArrayClass =
  | Uint8ArrayConstructor
  | Uint16ArrayConstructor
  | Uint32ArrayConstructor
  | Int32ArrayConstructor
  | Float64ArrayConstructor

/**
 * A value as an object of named fields.
 *
 * @example
 * ```ts
 * object('segments.0.store', { slots }) // { slots }
 * object('segments.0.store', null)      // throws Violation 'segments.0.store: is null, not an object'
 * ```
 */
export function object(where: string, value: unknown): Record<string, unknown> {
  if (value === null || typeof value !== 'object' || Array.isArray(value) || ArrayBuffer.isView(value))
    throw new Violation(where, `is ${describe(value)}, not an object`)
  return value as Record<string, unknown>
}

/**
 * A value as an array, each element checked by `each` (named by its index).
 *
 * @example
 * ```ts
 * arrayOf('segments.0.store.chunks', chunks, (at, v) => typedArray(at, v, Uint8Array)) // chunks
 * ```
 */
export function arrayOf<T>(where: string, value: unknown, each: (where: string, value: unknown) => T): T[] {
  if (!Array.isArray(value)) throw new Violation(where, `is ${describe(value)}, not an array`)
  return value.map((item: unknown, i) => each(`${where}.${i}`, item))
}

/**
 * A value as a count: a safe integer, 0 or more.
 *
 * @example
 * ```ts
 * count('segments.0.reverse.docCount', 3000) // 3000
 * count('segments.0.reverse.docCount', -1)   // throws Violation
 * ```
 */
export function count(where: string, value: unknown): number {
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 0)
    throw new Violation(where, `is ${describe(value)}, not a count`)
  return value
}

/**
 * A value as a typed array of one class, and of a given length when one is given.
 *
 * @example
 * ```ts
 * typedArray('segments.0.store.slots', slots, Uint32Array, 3000) // slots
 * ```
 */
export function typedArray<C extends ArrayClass>(
  where: string,
  value: unknown,
  Class: C,
  length?: number,
): InstanceType<C> {
  if (!(value instanceof Class)) throw new Violation(where, `is ${describe(value)}, not a ${Class.name}`)
  if (length !== undefined && value.length !== length)
    throw new Violation(where, `holds ${value.length} elements where ${length} are expected`)
  return value as InstanceType<C>
}

/**
 * A value as a Uint16Array or a Uint32Array (payloads and item fields are narrow while they fit).
 *
 * @example
 * ```ts
 * narrowOrWide('segments.0.reverse.text.positions.payload', payload) // payload
 * ```
 */
export function narrowOrWide(where: string, value: unknown, length?: number): Uint16Array | Uint32Array {
  if (value instanceof Uint16Array) return typedArray(where, value, Uint16Array, length)
  return typedArray(where, value, Uint32Array, length)
}

/**
 * An array of offsets into data of `total` elements: the first 0, none below the one before, the
 * last `total`. Returns the number of runs they delimit (their length less one).
 *
 * @example
 * ```ts
 * offsets('segments.0.mx.obsItemStart', Uint32Array.of(0, 2, 2, 5), 5) // 3
 * ```
 */
export function offsets(where: string, starts: Uint32Array, total: number): number {
  if (starts.length === 0) throw new Violation(where, 'is empty, where offsets start with a 0')
  if (starts[0] !== 0) throw new Violation(where, `starts at ${starts[0]}, not 0`)
  for (let i = 1; i < starts.length; i++) {
    if ((starts[i] as number) < (starts[i - 1] as number))
      throw new Violation(where, `offset ${i} (${starts[i]}) is below offset ${i - 1} (${starts[i - 1]})`)
  }
  const last = starts[starts.length - 1] as number
  if (last !== total) throw new Violation(where, `ends at ${last}, but its data holds ${total} elements`)
  return starts.length - 1
}

/**
 * Checks that each run `values[starts[k] … starts[k + 1])` strictly ascends and that every value
 * is below `bound` (the runs' offsets already checked by {@link offsets}).
 *
 * @example
 * ```ts
 * sortedRuns('segments.0.mx.itemPostings', postings, itemPostStart, ordinals)
 * ```
 */
export function sortedRuns(
  where: string,
  values: ArrayLike<number>,
  starts: Uint32Array,
  bound: number,
): void {
  for (let k = 0; k + 1 < starts.length; k++) {
    const end = starts[k + 1] as number
    let previous = -1
    for (let i = starts[k] as number; i < end; i++) {
      const value = values[i] as number
      if (value <= previous)
        throw new Violation(where, `run ${k}: ${value} at ${i} does not ascend from ${previous}`)
      if (value >= bound) throw new Violation(where, `run ${k}: ${value} at ${i} is not below ${bound}`)
      previous = value
    }
  }
}

/**
 * Checks that every value is below `bound` (and not negative).
 *
 * @example
 * ```ts
 * allBelow('segments.0.mx.apexOf', apexOf, hostCount)
 * ```
 */
export function allBelow(where: string, values: ArrayLike<number>, bound: number): void {
  for (let i = 0; i < values.length; i++) {
    const value = values[i] as number
    if (!(value >= 0 && value < bound)) throw new Violation(where, `${value} at ${i} is not below ${bound}`)
  }
}

/**
 * Checks that `values` holds each of 0 … n − 1 exactly once.
 *
 * @example
 * ```ts
 * permutation('segments.0.store.slots', Uint32Array.of(2, 0, 1), 3)
 * ```
 */
export function permutation(where: string, values: Uint32Array, n: number): void {
  if (values.length !== n)
    throw new Violation(where, `holds ${values.length} elements where ${n} are expected`)
  const seen = new Uint8Array(n)
  for (let i = 0; i < n; i++) {
    const value = values[i] as number
    if (value >= n) throw new Violation(where, `${value} at ${i} is not below ${n}`)
    if (seen[value] === 1) throw new Violation(where, `${value} appears twice (again at ${i})`)
    seen[value] = 1
  }
}

/**
 * A value as a byte table (indexes/byte-table.ts): bytes, and offsets into them; of `length`
 * entries when given.
 *
 * @example
 * ```ts
 * byteTable('segments.0.mx.ids', state.ids, days.length) // state.ids
 * ```
 */
export function byteTable(where: string, value: unknown, length?: number): ByteTable {
  const table = object(where, value)
  const bytes = typedArray(`${where}.bytes`, table['bytes'], Uint8Array)
  const starts = typedArray(`${where}.starts`, table['starts'], Uint32Array)
  if (length !== undefined && starts.length !== length + 1)
    throw new Violation(
      `${where}.starts`,
      `delimits ${starts.length - 1} entries where ${length} are expected`,
    )
  offsets(`${where}.starts`, starts, bytes.length)
  return { bytes, starts }
}

/**
 * Checks an open-addressing table of `id + 1` entries (0: empty): its size a power of two at
 * least twice `entries`, as every builder keeps it (so a probe for an absent key meets an empty
 * slot), each id below `ids` and in one slot only, `entries` slots used. Whether each id sits
 * where its key's probe finds it is the caller's check.
 *
 * @example
 * ```ts
 * hashSlots('segments.0.store.domains.slots', slots, terms, terms)
 * ```
 */
export function hashSlots(where: string, slots: Uint32Array, ids: number, entries: number): void {
  const size = slots.length
  if (size === 0 || (size & (size - 1)) !== 0 || size < 2 * entries)
    throw new Violation(
      where,
      `has ${size} slots for ${entries} entries, not a power of two at least twice that`,
    )
  const seen = new Uint8Array(ids)
  let used = 0
  for (let s = 0; s < size; s++) {
    const entry = slots[s] as number
    if (entry === 0) continue
    const id = entry - 1
    if (id >= ids) throw new Violation(where, `slot ${s} holds id ${id}, not below ${ids}`)
    if (seen[id] === 1) throw new Violation(where, `id ${id} is in two slots (again in slot ${s})`)
    seen[id] = 1
    used++
  }
  if (used !== entries) throw new Violation(where, `holds ${used} entries where ${entries} are expected`)
}

/**
 * Checks that a stored array equals the one derived again from the data it indexes.
 *
 * @param where - the stored array's section
 * @param stored - the array as read
 * @param derived - the array derived afresh
 * @param from - what it was derived from, for the message
 * @example
 * ```ts
 * sameArray('segments.0.reverse.digits.grams.docs', grams.docs, expected.docs, 'the phone digits')
 * ```
 */
export function sameArray(
  where: string,
  stored: ArrayLike<number>,
  derived: ArrayLike<number>,
  from: string,
): void {
  if (stored.length !== derived.length)
    throw new Violation(where, `holds ${stored.length} elements where ${from} give ${derived.length}`)
  for (let i = 0; i < stored.length; i++) {
    if (stored[i] !== derived[i])
      throw new Violation(where, `element ${i} is ${stored[i]} where ${from} give ${derived[i]}`)
  }
}

function describe(value: unknown): string {
  if (value === null) return 'null'
  if (ArrayBuffer.isView(value)) return `a ${value.constructor.name}`
  if (Array.isArray(value)) return 'an array'
  if (typeof value === 'object') return 'an object'
  return `${typeof value} ${showValue(value)}`
}
