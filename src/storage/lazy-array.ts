/**
 * A typed array left on disk (SPEC 16): the elements of a Uint16Array, Uint32Array, Int32Array or Float64Array section of an
 * opened snapshot, read a range at a time through the file's block cache, as a term's postings
 * are. `StoredArray` is what a structure holds when its array may be either in memory or on disk;
 * `rangeOf` gives a range of either as a typed array.
 */
import { SnapshotError } from '../errors.js'
import type { LazySection } from './lazy-section.js'

/** The element kinds that may stay on disk. */
export type LazyArrayKind = 'Uint16Array' | 'Uint32Array' | 'Int32Array' | 'Float64Array'

/** An array of 16- or 32-bit integers, or of doubles. */
export type NumberArray = Uint16Array | Uint32Array | Int32Array | Float64Array

/**
 * The elements of a section on disk.
 *
 * @example
 * ```ts
 * const docs = new LazyArray(section, 'Uint32Array')
 * docs.range(10, 20) // a Uint32Array of elements 10…19, read through the cache
 * ```
 */
export class LazyArray {
  /** The section holding the elements. */
  readonly section: LazySection
  /** Their kind, as the snapshot's part descriptor names it. */
  readonly kind: LazyArrayKind
  /** The number of elements. */
  readonly length: number
  readonly #size: number

  /**
   * @param section - the section on disk
   * @param kind - the kind of its elements
   * @throws SnapshotError `corrupt_snapshot` when the section's length is not a whole number of elements
   */
  constructor(section: LazySection, kind: LazyArrayKind) {
    this.section = section
    this.kind = kind
    this.#size = kind === 'Uint16Array' ? 2 : kind === 'Float64Array' ? 8 : 4
    if (section.byteLength % this.#size !== 0) {
      throw new SnapshotError(
        'corrupt_snapshot',
        `not a valid snapshot: section ${section.entry.name}: ${section.byteLength} bytes are no whole number of ${kind} elements`,
        { file: section.file.path },
      )
    }
    this.length = section.byteLength / this.#size
  }

  /**
   * Elements `start` … `end − 1`, copied into a typed array of their own.
   *
   * @throws SnapshotError `corrupt_snapshot` for a range outside the array or a section that fails
   *   its checksum, `closed` once the snapshot was closed
   */
  range(start: number, end: number): NumberArray {
    const length = end - start
    const out =
      this.kind === 'Uint16Array'
        ? new Uint16Array(length)
        : this.kind === 'Int32Array'
          ? new Int32Array(length)
          : this.kind === 'Float64Array'
            ? new Float64Array(length)
            : new Uint32Array(length)
    this.copy(start, end, out, 0)
    return out
  }

  /**
   * Copies elements `start` … `end − 1` into `into` from index `at` on (same element size).
   *
   * @throws as {@link LazyArray.range}
   */
  copy(start: number, end: number, into: NumberArray, at: number): void {
    const size = this.#size
    if (into.BYTES_PER_ELEMENT !== size)
      throw new Error(`a ${this.kind} range copied into elements of ${into.BYTES_PER_ELEMENT} bytes`)
    const bytes = new Uint8Array(into.buffer, into.byteOffset + at * size, (end - start) * size)
    this.section.copy(start * size, bytes)
  }

  /**
   * Element `i`, read through the cache (a few hundred nanoseconds on a cached block).
   *
   * @throws as {@link LazyArray.range}
   */
  at(i: number): number {
    const size = this.#size
    const b = this.section.read(i * size, i * size + size)
    if (size === 2) return (b[0] as number) | ((b[1] as number) << 8)
    if (size === 8) return new DataView(b.buffer, b.byteOffset, 8).getFloat64(0, true)
    const word =
      (b[0] as number) | ((b[1] as number) << 8) | ((b[2] as number) << 16) | ((b[3] as number) << 24)
    return this.kind === 'Int32Array' ? word : word >>> 0
  }
}

/** A typed array in memory, or one on disk. */
export type StoredArray<T extends NumberArray> = T | LazyArray

/**
 * Elements `start` … `end − 1` of a stored array: a view of an array in memory (no copy), a copy
 * of the range of one on disk.
 *
 * @example
 * ```ts
 * rangeOf(Uint32Array.of(5, 6, 7), 1, 3) // Uint32Array [6, 7]
 * ```
 */
export function rangeOf<T extends NumberArray>(stored: StoredArray<T>, start: number, end: number): T {
  return (stored instanceof LazyArray ? stored.range(start, end) : stored.subarray(start, end)) as T
}

/**
 * The elements of a Uint32 array in memory, or read whole from disk (a build reading what it just
 * made, or a check).
 *
 * @example
 * ```ts
 * wholeUint32(Uint32Array.of(1, 2)) // the same array
 * ```
 */
export function wholeUint32(stored: Uint32Array | LazyArray): Uint32Array {
  if (!(stored instanceof LazyArray)) return stored
  if (stored.kind !== 'Uint32Array')
    throw new Error(`domindex: ${stored.section.entry.name} holds ${stored.kind}`)
  return stored.range(0, stored.length) as Uint32Array
}
