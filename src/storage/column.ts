/**
 * A column of 16- or 32-bit integers (or doubles) read one element at a time, in memory or on disk
 * (SPEC 16), for structures whose queries hop from element to element (the DNS index's item
 * occurrences, postings and host lists, hash slots, byte-table offsets) rather than copy whole
 * ranges as a term's postings are.
 *
 * On disk, the column keeps a window: the elements of the one file block it read last, as a typed
 * array over the cached block (no copy). An element in the window costs a subtraction and a
 * compare; one outside it moves the window through the file's block cache (a map lookup, or a
 * positional read on a miss). Walks in ascending order, the common case (ordinals are result
 * order), move it once a block. In memory the window is the whole array, so the same code reads
 * both. Against a typed array read directly, a column costs ~30% in a loop over a million
 * observations' items (measured in memory); a range read in one piece is `range` or `copy`.
 */
import { lowerBoundAt } from '../indexes/gallop.js'
import { LazyArray, type NumberArray } from './lazy-array.js'

const EMPTY = new Uint32Array(0)

/**
 * Numbers in memory or on disk, read element by element through a one-block window.
 *
 * @example
 * ```ts
 * const postings = new Column(Uint32Array.of(3, 8, 9))
 * postings.at(1)               // 8
 * postings.lowerBound(8, 0, 3) // 1
 * postings.range(1, 3)         // Uint32Array [8, 9] (a view: in memory)
 * ```
 */
export class Column {
  /** What a snapshot saves: the array in memory, or the section it stays in on disk. */
  readonly stored: NumberArray | LazyArray
  /** The number of elements. */
  readonly length: number
  #window: NumberArray
  /** The index of the window's first element. */
  #from = 0

  /** @param stored - the elements: an array in memory, or a section left on disk */
  constructor(stored: NumberArray | LazyArray) {
    this.stored = stored
    this.length = stored.length
    this.#window = stored instanceof LazyArray ? EMPTY : stored
  }

  /**
   * Element `i` (no bounds check beyond the window's: `i` must be in [0, length)).
   *
   * @throws SnapshotError `corrupt_snapshot` when a section on disk fails its checksum, `closed`
   *   once the snapshot was closed
   */
  at(i: number): number {
    const k = i - this.#from
    const window = this.#window
    if (k >= 0 && k < window.length) return window[k] as number
    return this.#move(i)
  }

  /**
   * Elements `start` … `end − 1`: a view of an array in memory, a copy of a range on disk.
   *
   * @throws as {@link Column.at}
   */
  range(start: number, end: number): NumberArray {
    const stored = this.stored
    return stored instanceof LazyArray ? stored.range(start, end) : stored.subarray(start, end)
  }

  /**
   * Copies elements `start` … `end − 1` into `into` from index `at` on (an array of the same
   * element size): one copy, for ranges long enough that a call per element costs more.
   *
   * @throws as {@link Column.at}
   */
  copy(start: number, end: number, into: NumberArray, at: number): void {
    const stored = this.stored
    if (stored instanceof LazyArray) stored.copy(start, end, into, at)
    else into.set(stored.subarray(start, end), at)
  }

  /**
   * The first index in [lo, hi) whose element is ≥ x, or hi, for elements ascending there
   * (indexes/gallop.ts: a gallop from lo, then a binary search).
   *
   * @example
   * ```ts
   * new Column(Uint32Array.of(1, 4, 4, 9)).lowerBound(4, 0, 4) // 1
   * ```
   */
  lowerBound(x: number, lo: number, hi: number): number {
    return lowerBoundAt((i) => this.at(i), x, lo, hi)
  }

  // Moves the window to the file block holding element i.
  #move(i: number): number {
    const stored = this.stored
    if (!(stored instanceof LazyArray) || i < 0 || i >= this.length) {
      throw new RangeError(`domindex: element ${i} of a column of ${this.length}`)
    }
    const size = stored.kind === 'Uint16Array' ? 2 : stored.kind === 'Float64Array' ? 8 : 4
    const { section } = stored
    const block = section.file.cacheBlockBytes
    // Sections start 8-aligned, so a block holds whole elements: from the first at or after its
    // start to the last before its end.
    const at = section.entry.offset + i * size
    const blockStart = at - (at % block)
    const first = Math.max(0, (blockStart - section.entry.offset) / size)
    const end = Math.min(this.length, (blockStart + block - section.entry.offset) / size)
    const bytes = section.read(first * size, end * size)
    const { buffer, byteOffset } = bytes
    const count = end - first
    this.#window =
      stored.kind === 'Uint16Array'
        ? new Uint16Array(buffer, byteOffset, count)
        : stored.kind === 'Int32Array'
          ? new Int32Array(buffer, byteOffset, count)
          : stored.kind === 'Float64Array'
            ? new Float64Array(buffer, byteOffset, count)
            : new Uint32Array(buffer, byteOffset, count)
    this.#from = first
    return this.#window[i - first] as number
  }
}
