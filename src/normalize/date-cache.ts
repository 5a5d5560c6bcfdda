/**
 * A bounded memo for the slow layers of the date normaliser. Registries repeat the same strings a
 * lot (every `.uk` record of a day says `13-Aug-2019`), and luxon costs ~5 µs a string against
 * well under 0.1 µs for a map hit.
 *
 * Bounding: when the map holds `capacity` entries it is cleared, not pruned. Clearing costs nothing
 * per hit (an LRU would reorder on every hit) and keeps memory flat however many records stream
 * through; hot strings come back on their next miss. Keys are the caller's strings, held only until
 * the next clear.
 */

/** Results keyed by input string, never more than `capacity` entries. */
export class BoundedCache<V> {
  private readonly entries = new Map<string, V>()
  private readonly capacity: number

  /**
   * Creates an empty cache.
   *
   * @param capacity - entries held before the cache clears itself (at least 1)
   * @example
   * ```ts
   * const cache = new BoundedCache<string | null>(2) // holds 2 entries, cleared on the third insertion
   * ```
   */
  constructor(capacity: number) {
    this.capacity = Math.max(1, Math.floor(capacity))
  }

  /**
   * The cached result for a key, or undefined when it is not cached (so results are never undefined).
   *
   * @param key - the input string
   * @example
   * ```ts
   * cache.set('x', null)
   * cache.get('x') // null
   * cache.get('y') // undefined
   * ```
   */
  get(key: string): V | undefined {
    return this.entries.get(key)
  }

  /**
   * Caches a result, first clearing the cache when it is full.
   *
   * @param key - the input string
   * @param value - the parser's result for it
   * @example
   * ```ts
   * cache.set('13-aug-2019', '2019-08-13T00:00:00Z')
   * ```
   */
  set(key: string, value: V): void {
    if (this.entries.size >= this.capacity) this.entries.clear()
    this.entries.set(key, value)
  }

  /**
   * The number of cached entries.
   *
   * @example
   * ```ts
   * new BoundedCache(4).size // 0
   * ```
   */
  get size(): number {
    return this.entries.size
  }
}
