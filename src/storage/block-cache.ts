/**
 * A least-recently-used cache of fixed-size file blocks, bounded in bytes (SPEC 16): the engine's
 * only memory that grows with what queries read, never with the data's size. A JavaScript `Map`
 * keeps insertion order, so a hit moves its block to the end (delete, then set) and eviction takes
 * the first key; both are O(1). Keys are `file × 2^32 + block`, exact below 2^53.
 *
 * The operating system's page cache sits below it, as under Lucene's and Tantivy's memory-mapped
 * files: a miss is a positional read that usually costs a copy from the page cache (~4.5 µs for
 * 4 KiB here, STYLE.md), so this cache saves the system call and the copy, not a disk seek.
 */

/** What a cache has done so far. */
export interface CacheStats {
  /** Bytes held now. */
  readonly bytes: number
  /** The bound, in bytes. */
  readonly capacity: number
  readonly blockBytes: number
  readonly hits: number
  readonly misses: number
}

const FILE_STRIDE = 2 ** 32

/**
 * Blocks of files by number, least recently used evicted first.
 *
 * @example
 * ```ts
 * const cache = new BlockCache(1 << 20, 4 << 10)
 * cache.put(0, 3, block)
 * cache.get(0, 3) === block // true
 * ```
 */
export class BlockCache {
  readonly capacity: number
  readonly blockBytes: number
  readonly #blocks = new Map<number, Uint8Array>()
  #bytes = 0
  #hits = 0
  #misses = 0

  /**
   * @param capacity - the most bytes held (at least one block is always kept, so a read can finish)
   * @param blockBytes - the size of a block (the last block of a file may be shorter)
   */
  constructor(capacity: number, blockBytes: number) {
    this.capacity = capacity
    this.blockBytes = blockBytes
  }

  /** The block, counted as a hit, or undefined, counted as a miss. */
  get(file: number, block: number): Uint8Array | undefined {
    const key = file * FILE_STRIDE + block
    const bytes = this.#blocks.get(key)
    if (bytes === undefined) {
      this.#misses++
      return undefined
    }
    this.#hits++
    this.#blocks.delete(key)
    this.#blocks.set(key, bytes)
    return bytes
  }

  /** Keeps a block read from disk, evicting the least recently used beyond the capacity. */
  put(file: number, block: number, bytes: Uint8Array): void {
    const key = file * FILE_STRIDE + block
    const old = this.#blocks.get(key)
    if (old !== undefined) {
      this.#bytes -= old.byteLength
      this.#blocks.delete(key)
    }
    this.#blocks.set(key, bytes)
    this.#bytes += bytes.byteLength
    for (const [oldest, evicted] of this.#blocks) {
      if (this.#bytes <= this.capacity || oldest === key) break
      this.#blocks.delete(oldest)
      this.#bytes -= evicted.byteLength
    }
  }

  /** Drops every block of a file (closed). */
  dropFile(file: number): void {
    for (const [key, bytes] of this.#blocks) {
      if (Math.floor(key / FILE_STRIDE) !== file) continue
      this.#blocks.delete(key)
      this.#bytes -= bytes.byteLength
    }
  }

  /** Counts and sizes so far. */
  stats(): CacheStats {
    return {
      bytes: this.#bytes,
      capacity: this.capacity,
      blockBytes: this.blockBytes,
      hits: this.#hits,
      misses: this.#misses,
    }
  }
}
