/**
 * A section of a snapshot file left on disk when the snapshot is opened (SPEC 16) and read a
 * range at a time through its {@link StoredFile}'s cache, as tantivy's `FileSlice`. Its CRC-32 is
 * verified on its first read, in one sequential pass that bypasses the cache; a mismatch is a
 * `corrupt_snapshot` naming the file and the section, at the query that first reads it (or at
 * `open` with `verify`, which reads every section).
 */
import { SnapshotError } from '../errors.js'
import { crc32 } from '../snapshot/crc32.js'
import type { SectionEntry } from '../snapshot/format.js'
import type { StoredFile } from './stored-file.js'

// The verification pass reads this much at a time, into one buffer shared by every section: a
// buffer a section, dropped after its pass, measured as 30 MiB of resident memory the allocator
// kept after the first queries of a 1M-record snapshot had checked their sections.
const PASS_BYTES = 1 << 20
let passBuffer: Uint8Array | undefined

/**
 * A byte range of a snapshot file, read on demand.
 *
 * @example
 * ```ts
 * const chunk = new LazySection(file, entry)
 * chunk.read(120, 340) // bytes 120…339 of the section
 * ```
 */
export class LazySection {
  readonly file: StoredFile
  readonly entry: SectionEntry
  #verified = false

  /**
   * @param file - the open snapshot file
   * @param entry - the section as the file's table lists it
   */
  constructor(file: StoredFile, entry: SectionEntry) {
    this.file = file
    this.entry = entry
  }

  /** The section's length in bytes. */
  get byteLength(): number {
    return this.entry.length
  }

  /**
   * Bytes `start … end - 1` of the section: a view of a cached block when they lie within one
   * (valid until the next read of this file), else a copy.
   *
   * @throws SnapshotError `corrupt_snapshot` naming the section when it fails its checksum or the
   *   range is not within it; `closed` once the engine is closed
   */
  read(start: number, end: number): Uint8Array {
    if (!this.#verified) this.verify()
    if (start < 0 || end < start || end > this.entry.length) {
      throw this.#corrupt(`bytes ${start}…${end} are asked of a section of ${this.entry.length}`)
    }
    return this.file.read(this.entry.offset + start, end - start)
  }

  /**
   * Bytes `start … end - 1` of the section decoded as WTF-8 (indexes/utf8.ts), from the cached
   * block itself when they lie within one: no copy, and the decoder's Buffer over the block is made
   * once for the block's life in the cache, not once a string.
   *
   * @throws as {@link LazySection.read}
   */
  text(start: number, end: number): string {
    if (!this.#verified) this.verify()
    if (start < 0 || end < start || end > this.entry.length) {
      throw this.#corrupt(`bytes ${start}…${end} are asked of a section of ${this.entry.length}`)
    }
    return this.file.text(this.entry.offset + start, end - start)
  }

  /**
   * Copies bytes `start` … `start + into.length − 1` of the section into `into` (no allocation).
   *
   * @throws as {@link LazySection.read}
   */
  copy(start: number, into: Uint8Array): void {
    if (!this.#verified) this.verify()
    if (start < 0 || start + into.length > this.entry.length) {
      throw this.#corrupt(
        `bytes ${start}…${start + into.length} are asked of a section of ${this.entry.length}`,
      )
    }
    this.file.copy(this.entry.offset + start, into)
  }

  /** The whole section, copied. */
  readAll(): Uint8Array {
    if (!this.#verified) this.verify()
    const bytes = new Uint8Array(this.entry.length)
    this.file.readInto(this.entry.offset, bytes)
    return bytes
  }

  /**
   * Checks the section against its CRC-32 (once; later calls return at once).
   *
   * @throws SnapshotError `corrupt_snapshot` naming the section
   */
  verify(): void {
    if (this.#verified) return
    const { offset, length, crc } = this.entry
    passBuffer ??= new Uint8Array(PASS_BYTES)
    const piece = passBuffer
    let actual = 0
    for (let at = 0; at < length; at += piece.length) {
      const part = piece.subarray(0, Math.min(piece.length, length - at))
      this.file.readInto(offset + at, part)
      actual = crc32(part, actual)
    }
    if (actual !== crc) throw this.#corrupt('it fails its checksum')
    this.#verified = true
  }

  /**
   * Hands the section's bytes to `sink` in order, in pieces of at most 1 MiB (a save copying it),
   * checking them against the section's checksum on the way.
   *
   * @throws SnapshotError `corrupt_snapshot` naming the section, after the last piece, when they
   *   fail it (the save then removes what it wrote)
   *
   * @example
   * ```ts
   * await section.copyTo((piece) => handle.write(piece))
   * ```
   */
  async copyTo(sink: (piece: Uint8Array) => Promise<void>): Promise<void> {
    const { offset, length, crc } = this.entry
    let actual = 0
    for (let at = 0; at < length; at += PASS_BYTES) {
      const piece = new Uint8Array(Math.min(PASS_BYTES, length - at))
      this.file.readInto(offset + at, piece)
      actual = crc32(piece, actual)
      await sink(piece)
    }
    // Checked as it is copied: damage on disk must not travel into a new file under a good checksum.
    if (actual !== crc) throw this.#corrupt('it fails its checksum')
    this.#verified = true
  }

  #corrupt(what: string): SnapshotError {
    return new SnapshotError(
      'corrupt_snapshot',
      `not a valid snapshot: section ${this.entry.name}: ${what}`,
      {
        file: this.file.path,
      },
    )
  }
}

/** Bytes held in memory or left in a snapshot file. */
export type StoredBytes = Uint8Array | LazySection

/**
 * Bytes `start … end - 1` of stored bytes.
 *
 * @example
 * ```ts
 * bytesOf(Uint8Array.of(1, 2, 3), 1, 3) // Uint8Array [2, 3]
 * ```
 */
export function bytesOf(stored: StoredBytes, start: number, end: number): Uint8Array {
  return stored instanceof Uint8Array ? stored.subarray(start, end) : stored.read(start, end)
}

/**
 * Stored bytes in memory: the bytes themselves, or a copy of a section read whole (for a build
 * step that walks every byte, such as a merge rebuilding a structure from a saved one).
 *
 * @example
 * ```ts
 * inMemory(section).length // section.byteLength
 * ```
 */
export function inMemory(stored: StoredBytes): Uint8Array {
  return stored instanceof Uint8Array ? stored : stored.readAll()
}
