/**
 * A snapshot file held open for reading (SPEC 16), as tantivy's `Directory` file handles and
 * Lucene's `IndexInput`: positional reads (`fs.readSync` at an offset) through a {@link BlockCache}.
 * Queries are synchronous, so reads are too; a block read costs a copy from the OS page cache.
 *
 * The descriptor is held for the file's life, so an engine keeps reading the file it opened even
 * after a save renames another over its path (a point-in-time view). Engines that share the file
 * (an engine and those updated from it) each hold a reference; the last `release()` closes the
 * descriptor and drops the cached blocks. A file no engine released, because its engines were
 * dropped without `close()`, is closed when the garbage collector reclaims it.
 */
import { close, read, readSync } from 'node:fs'
import { SnapshotError } from '../errors.js'
import { decodeUtf8 } from '../indexes/utf8.js'
import type { BlockCache, CacheStats } from './block-cache.js'

let nextId = 0

// A read spanning more blocks than this (a common term's postings) goes to the file in one call,
// past the cache: the blocks it would bring in would push out the many small ones read again and
// again, and the system's page cache keeps its bytes as well.
const DIRECT_BLOCKS = 16

const closer = new FinalizationRegistry<number>((fd) => {
  close(fd, () => undefined)
})

/**
 * An open snapshot file read through a block cache.
 *
 * @example
 * ```ts
 * const file = new StoredFile('corpus.dmx', fd, size, new BlockCache(256 << 20, 4 << 10))
 * file.read(4096, 100) // 100 bytes from offset 4096
 * file.release()       // the last reference: the descriptor is closed
 * ```
 */
export class StoredFile {
  readonly path: string
  readonly size: number
  readonly #fd: number
  readonly #cache: BlockCache
  readonly #id = nextId++
  #references = 1
  #closed = false

  /**
   * @param path - the file's path, for messages
   * @param fd - an open descriptor, now owned by this object
   * @param size - the file's length in bytes
   * @param cache - the cache its blocks go through
   */
  constructor(path: string, fd: number, size: number, cache: BlockCache) {
    this.path = path
    this.size = size
    this.#fd = fd
    this.#cache = cache
    closer.register(this, fd, this)
  }

  /** Whether the last reference was released. */
  get closed(): boolean {
    return this.#closed
  }

  /** Another engine shares the file. */
  retain(): void {
    this.#assertOpen()
    this.#references++
  }

  /** An engine is done with the file; the last one closes it. */
  release(): void {
    if (this.#closed || --this.#references > 0) return
    this.#closed = true
    closer.unregister(this)
    this.#cache.dropFile(this.#id)
    close(this.#fd, () => undefined)
  }

  /** The cache's counts. */
  cacheStats(): CacheStats {
    return this.#cache.stats()
  }

  /** The size of the cache's blocks in bytes. */
  get cacheBlockBytes(): number {
    return this.#cache.blockBytes
  }

  /** The cache's bound in bytes (read on every record read from disk: no object made). */
  get cacheCapacity(): number {
    return this.#cache.capacity
  }

  /**
   * `length` bytes at `offset`, through the cache: a view of a cached block when they lie within
   * one block (do not keep it past the next read), else a copy; a read of more than 16 blocks
   * reads the file directly.
   *
   * @throws SnapshotError `closed` after the last release, `corrupt_snapshot` past the file's end,
   *   `unreadable_file` when the system refuses the read
   */
  read(offset: number, length: number): Uint8Array {
    const [first, last] = this.#blocksOf(offset, length)
    if (first === last) {
      const start = offset - first * this.#cache.blockBytes
      return this.#block(first).subarray(start, start + length)
    }
    const out = new Uint8Array(length)
    this.#copyBlocks(offset, out, first, last)
    return out
  }

  /**
   * `length` bytes at `offset` decoded as WTF-8 (indexes/utf8.ts): decoded in the cached block when
   * they lie within one block, else from a copy.
   *
   * @throws as {@link StoredFile.read}
   */
  text(offset: number, length: number): string {
    const [first, last] = this.#blocksOf(offset, length)
    if (first === last) {
      const start = offset - first * this.#cache.blockBytes
      return decodeUtf8(this.#block(first), start, start + length)
    }
    const out = new Uint8Array(length)
    this.#copyBlocks(offset, out, first, last)
    return decodeUtf8(out, 0, length)
  }

  /**
   * Copies `into.length` bytes at `offset` into `into`: through the cache, or from the file
   * directly when they span more than 16 blocks (as {@link StoredFile.read}).
   *
   * @throws as {@link StoredFile.read}
   */
  copy(offset: number, into: Uint8Array): void {
    const [first, last] = this.#blocksOf(offset, into.length)
    this.#copyBlocks(offset, into, first, last)
  }

  /** The first and last block of `length` bytes at `offset`, after checking the file holds them. */
  #blocksOf(offset: number, length: number): [number, number] {
    this.#assertOpen()
    if (offset < 0 || length < 0 || offset + length > this.size) {
      throw new SnapshotError(
        'corrupt_snapshot',
        `a read of bytes ${offset}…${offset + length} past the end`,
        {
          file: this.path,
        },
      )
    }
    const size = this.#cache.blockBytes
    return [Math.floor(offset / size), Math.floor((offset + Math.max(length, 1) - 1) / size)]
  }

  /** Fills `into` from blocks `first` … `last`: through the cache, or past it when they are many. */
  #copyBlocks(offset: number, into: Uint8Array, first: number, last: number): void {
    if (last - first >= DIRECT_BLOCKS) {
      this.readInto(offset, into)
      return
    }
    const size = this.#cache.blockBytes
    const length = into.length
    let done = 0
    for (let b = first; b <= last && done < length; b++) {
      const block = this.#block(b)
      const from = b === first ? offset - first * size : 0
      const take = Math.min(block.length - from, length - done)
      into.set(block.subarray(from, from + take), done)
      done += take
    }
  }

  /**
   * Reads bytes into `into` directly, bypassing the cache (sequential passes: checksums, copies).
   *
   * @throws as {@link StoredFile.read}
   */
  readInto(offset: number, into: Uint8Array): void {
    this.#assertOpen()
    let done = 0
    while (done < into.length) {
      let read: number
      try {
        read = readSync(this.#fd, into, done, into.length - done, offset + done)
      } catch (error) {
        throw new SnapshotError('unreadable_file', `cannot read the snapshot: ${(error as Error).message}`, {
          file: this.path,
        })
      }
      if (read === 0) {
        throw new SnapshotError(
          'corrupt_snapshot',
          `the file ends inside bytes ${offset}…${offset + into.length}`,
          {
            file: this.path,
          },
        )
      }
      done += read
    }
  }

  /**
   * One positional read without blocking the thread (opening: the sections read at once).
   *
   * @returns the bytes read, 0 at the end of the file
   * @throws SnapshotError `unreadable_file` when the system refuses the read
   */
  readAsync(into: Uint8Array, at: number, length: number, position: number): Promise<number> {
    this.#assertOpen()
    return new Promise((settle, fail) =>
      read(this.#fd, into, at, length, position, (error, bytesRead) => {
        if (error === null) settle(bytesRead)
        else
          fail(
            new SnapshotError('unreadable_file', `cannot read the snapshot: ${error.message}`, {
              file: this.path,
            }),
          )
      }),
    )
  }

  #block(index: number): Uint8Array {
    const cached = this.#cache.get(this.#id, index)
    if (cached !== undefined) return cached
    const size = this.#cache.blockBytes
    const start = index * size
    const block = new Uint8Array(Math.min(size, this.size - start))
    this.readInto(start, block)
    this.#cache.put(this.#id, index, block)
    return block
  }

  #assertOpen(): void {
    if (this.#closed) {
      throw new SnapshotError('closed', 'the engine reading this snapshot was closed', { file: this.path })
    }
  }
}

/**
 * The same files, each with one more reference (for a new engine that shares them).
 *
 * @example
 * ```ts
 * const files = retained(parent.files) // each file closes only after both engines release it
 * ```
 */
export function retained(files: readonly StoredFile[]): readonly StoredFile[] {
  for (const file of files) file.retain()
  return files
}

/**
 * The caches of some files, added up, with the hit rate (hits over reads; 0 before any read).
 *
 * @example
 * ```ts
 * cacheTotals([]) // { bytes: 0, capacity: 0, hits: 0, misses: 0, hitRate: 0 }
 * ```
 */
export function cacheTotals(files: readonly StoredFile[]): {
  bytes: number
  capacity: number
  hits: number
  misses: number
  hitRate: number
} {
  const total = { bytes: 0, capacity: 0, hits: 0, misses: 0, hitRate: 0 }
  for (const file of files) {
    const held = file.cacheStats()
    total.bytes += held.bytes
    total.capacity += held.capacity
    total.hits += held.hits
    total.misses += held.misses
  }
  const reads = total.hits + total.misses
  total.hitRate = reads === 0 ? 0 : total.hits / reads
  return total
}
