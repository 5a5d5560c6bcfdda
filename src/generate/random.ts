/**
 * A small seeded pseudo-random generator (mulberry32) and an integer hash, so that generated data
 * is reproducible from a seed on every platform. State is one 32-bit integer: reseeding costs
 * nothing, which lets a generator derive stable per-entity choices (an apex's mail provider, an
 * organisation's address) from `hash32(seed, index)` without remembering them.
 */

/**
 * Mixes two 32-bit integers into one well-spread 32-bit unsigned integer (murmur3's finaliser).
 *
 * @param a - first input, for example the seed
 * @param b - second input, for example an entity index
 * @example
 * ```ts
 * hash32(42, 7) === hash32(42, 7) // true, and hash32(42, 8) differs in about half its bits
 * ```
 */
export function hash32(a: number, b: number): number {
  let h = (Math.imul(a ^ 0x9e3779b9, 0x85ebca6b) ^ Math.imul(b + 0x632be5ab, 0xc2b2ae35)) >>> 0
  h ^= h >>> 16
  h = Math.imul(h, 0x85ebca6b)
  h ^= h >>> 13
  h = Math.imul(h, 0xc2b2ae35)
  h ^= h >>> 16
  return h >>> 0
}

/**
 * A mulberry32 generator: fast, 32 bits of state, good enough statistics for synthetic data.
 *
 * @example
 * ```ts
 * const random = new Random(1)
 * random.int(6) // an integer 0…5, the same for every run with seed 1
 * ```
 */
export class Random {
  #state: number

  /** @param seed - any integer; equal seeds give equal sequences */
  constructor(seed: number) {
    this.#state = seed >>> 0
  }

  /** Restarts the sequence from a new seed. */
  reseed(seed: number): void {
    this.#state = seed >>> 0
  }

  /** The next 32-bit unsigned integer. */
  next32(): number {
    this.#state = (this.#state + 0x6d2b79f5) >>> 0
    let t = this.#state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return (t ^ (t >>> 14)) >>> 0
  }

  /** A float in [0, 1). */
  float(): number {
    return this.next32() / 4294967296
  }

  /** An integer in [0, n). */
  int(n: number): number {
    return Math.floor(this.float() * n)
  }

  /** An integer in [min, max], both inclusive. */
  range(min: number, max: number): number {
    return min + this.int(max - min + 1)
  }

  /** True with probability p. */
  chance(p: number): boolean {
    return this.float() < p
  }

  /** A uniformly chosen element of a non-empty list. */
  pick<T>(list: readonly T[]): T {
    return list[this.int(list.length)] as T
  }

  /** A string of `length` characters drawn from `alphabet`. */
  chars(alphabet: string, length: number): string {
    let out = ''
    for (let i = 0; i < length; i++) out += alphabet[this.int(alphabet.length)]
    return out
  }
}
