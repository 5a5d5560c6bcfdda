/**
 * A filter of the keys (domains, observation ids) a build has written so far: a split-block Bloom
 * filter, as Parquet's and Impala's, that answers "maybe held" or "surely not held" from memory, so
 * that a part of a build looks up in the earlier parts' dictionaries on disk only the keys they may
 * hold (SPEC 16). Without it a build of P parts probes every earlier part for every key, P²/2
 * dictionary lookups through the cache a key (about 1,700 million at 10M records in 50 parts).
 *
 * Layout: blocks of 256 bits (eight 32-bit words); a key's hash picks its block, and one bit in
 * each word of it (the hash times eight odd salts, top five bits), so a probe reads one cache line.
 * At 16 bits a key about 0.1% of the keys never added answer "maybe" of a full level. The filter
 * grows by levels: when a level holds the keys it was sized for, the next one is four times as
 * large, and a probe asks every level (6 for 40 million keys): 2 bytes a key sized for, so from
 * 2.7 to 8 bytes a key held (8 just after a level opens; 40 million keys: 178 MB), the price of
 * skipping almost every probe on disk.
 */

const SALTS = Uint32Array.of(
  0x47b6137b,
  0x44974d91,
  0x8824ad5b,
  0xa2b7289d,
  0x705495c7,
  0x2df1424b,
  0x9efc4947,
  0x5c6bfb31,
)
/** Bits of filter a key is sized for. */
const BITS_PER_KEY = 16
/** Keys the first level is sized for. */
const FIRST_LEVEL = 1 << 16

/** One level: its words and the keys it was sized for. */
interface Level {
  readonly words: Uint32Array
  readonly blocks: number
  readonly capacity: number
  count: number
}

/**
 * The keys added so far, answered approximately: never a false "not held".
 *
 * @example
 * ```ts
 * const filter = new KeyFilter()
 * filter.add('example.com')
 * filter.mayHold('example.com') // true
 * filter.mayHold('example.org') // false, almost surely
 * ```
 */
export class KeyFilter {
  readonly #levels: Level[] = []

  /** The bytes the filter holds. */
  get bytes(): number {
    return this.#levels.reduce((sum, level) => sum + level.words.byteLength, 0)
  }

  /**
   * Adds a key.
   *
   * @param key - a domain or an observation id
   */
  add(key: string): void {
    let level = this.#levels[this.#levels.length - 1]
    if (level === undefined || level.count >= level.capacity) {
      const capacity = level === undefined ? FIRST_LEVEL : level.capacity * 4
      const blocks = Math.ceil((capacity * BITS_PER_KEY) / 256)
      level = { words: new Uint32Array(blocks * 8), blocks, capacity, count: 0 }
      this.#levels.push(level)
    }
    const high = hashHigh(key)
    const low = hashLow(key)
    const base = (high % level.blocks) * 8
    const words = level.words
    for (let i = 0; i < 8; i++) {
      words[base + i] = (words[base + i] as number) | (1 << (Math.imul(low, SALTS[i] as number) >>> 27))
    }
    level.count++
  }

  /**
   * False when the key was surely never added; true when it was, or (rarely) when it was not.
   *
   * @param key - a domain or an observation id
   */
  mayHold(key: string): boolean {
    if (this.#levels.length === 0) return false
    const high = hashHigh(key)
    const low = hashLow(key)
    for (const level of this.#levels) {
      const base = (high % level.blocks) * 8
      const words = level.words
      let all = true
      for (let i = 0; i < 8 && all; i++) {
        all = (((words[base + i] as number) >>> (Math.imul(low, SALTS[i] as number) >>> 27)) & 1) === 1
      }
      if (all) return true
    }
    return false
  }
}

// Two independent 32-bit hashes of a string's UTF-16 code units: FNV-1a, and a multiplicative
// hash with a murmur finaliser.
function hashHigh(key: string): number {
  let h = 0x811c9dc5
  for (let i = 0; i < key.length; i++) h = Math.imul(h ^ key.charCodeAt(i), 0x01000193)
  // FNV-1a's low bits depend on the characters' low bits alone, and the block is the hash modulo
  // a power of two: a murmur finaliser spreads every bit into them.
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b)
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35)
  return (h ^ (h >>> 16)) >>> 0
}

function hashLow(key: string): number {
  let h = 0x9747b28c ^ key.length
  for (let i = 0; i < key.length; i++) h = Math.imul(h ^ key.charCodeAt(i), 0x5bd1e995) ^ (h >>> 15)
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b)
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35)
  return (h ^ (h >>> 16)) >>> 0
}
