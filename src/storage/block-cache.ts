/**
 * A cache of fixed-size file blocks, bounded in bytes (SPEC 16): the engine's only memory that
 * grows with what queries read, never with the data's size. Eviction is CLOCK (second chance), as
 * operating systems' page caches and PostgreSQL's buffer pool do: a hit only sets its block's
 * `used` flag, and the hand sweeping the ring of blocks for a victim clears the flags it passes and
 * takes the first block without one. A hit thus writes one field instead of reordering a list: an
 * LRU kept in a JavaScript `Map` (delete, then set, on every hit) took 27% of the DNS families'
 * time on an opened snapshot, whose columns hop from block to block (docs/design-notes.md). Each
 * file's blocks sit in a map of their own keyed by block number (small integers, which V8 hashes
 * without allocating), and the bound is counted in blocks: capacity ÷ block size, at least one.
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

/** A cached block: its place, its bytes and whether it was read since the hand last passed. */
interface Slot {
  readonly file: number
  readonly block: number
  bytes: Uint8Array
  used: boolean
}

/**
 * Blocks of files by number, evicted in CLOCK order.
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
  readonly #slots: number
  readonly #files = new Map<number, Map<number, Slot>>()
  #ring: Slot[] = []
  #hand = 0
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
    this.#slots = Math.max(1, Math.floor(capacity / blockBytes))
  }

  /** The block, counted as a hit, or undefined, counted as a miss. */
  get(file: number, block: number): Uint8Array | undefined {
    const slot = this.#files.get(file)?.get(block)
    if (slot === undefined) {
      this.#misses++
      return undefined
    }
    this.#hits++
    slot.used = true
    return slot.bytes
  }

  /** Keeps a block read from disk, evicting another when the cache is full. */
  put(file: number, block: number, bytes: Uint8Array): void {
    let blocks = this.#files.get(file)
    if (blocks === undefined) {
      blocks = new Map()
      this.#files.set(file, blocks)
    }
    const old = blocks.get(block)
    if (old !== undefined) {
      this.#bytes += bytes.byteLength - old.bytes.byteLength
      old.bytes = bytes
      return
    }
    const slot: Slot = { file, block, bytes, used: false }
    blocks.set(block, slot)
    this.#bytes += bytes.byteLength
    const ring = this.#ring
    if (ring.length < this.#slots) {
      ring.push(slot)
      return
    }
    // The hand passes used blocks (clearing their flags) and takes the first unused one.
    let victim = ring[this.#hand] as Slot
    while (victim.used) {
      victim.used = false
      this.#hand = (this.#hand + 1) % ring.length
      victim = ring[this.#hand] as Slot
    }
    this.#files.get(victim.file)?.delete(victim.block)
    this.#bytes -= victim.bytes.byteLength
    ring[this.#hand] = slot
    this.#hand = (this.#hand + 1) % ring.length
  }

  /** Drops every block of a file (closed). */
  dropFile(file: number): void {
    const blocks = this.#files.get(file)
    if (blocks === undefined) return
    this.#files.delete(file)
    for (const slot of blocks.values()) this.#bytes -= slot.bytes.byteLength
    this.#ring = this.#ring.filter((slot) => slot.file !== file)
    this.#hand = 0
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
