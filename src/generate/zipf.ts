/**
 * A Zipf-like rank sampler in constant memory: the continuous approximation of the Zipf law (density
 * proportional to 1/x^s on [1, n+1)), inverted in closed form, so a sample costs one `Math.pow` and no
 * table is kept however large `n` is. Rank 0 is the most frequent; with s = 1 and n = 1,000 the top
 * rank takes about 10% of the samples and the top 10 ranks about 35%.
 */
import type { Random } from './random.js'

/**
 * Samples ranks 0…n-1 with a Zipf-like skew.
 *
 * @example
 * ```ts
 * const providers = new Zipf(500, 1.1)
 * providers.sample(new Random(1)) // usually a small rank: the popular providers dominate
 * ```
 */
export class Zipf {
  readonly #n: number
  readonly #oneMinusS: number
  readonly #span: number

  /**
   * @param n - number of ranks (at least 1)
   * @param s - skew exponent; 0 is uniform, 1 is classic Zipf, larger is more concentrated
   */
  constructor(n: number, s: number) {
    this.#n = Math.max(1, Math.floor(n))
    this.#oneMinusS = 1 - s
    this.#span = s === 1 ? Math.log(this.#n + 1) : (this.#n + 1) ** this.#oneMinusS - 1
  }

  /** A rank in [0, n). */
  sample(random: Random): number {
    const u = random.float()
    const x = this.#oneMinusS === 0 ? Math.exp(u * this.#span) : (u * this.#span + 1) ** (1 / this.#oneMinusS)
    const rank = Math.floor(x) - 1
    return rank < 0 ? 0 : rank >= this.#n ? this.#n - 1 : rank
  }
}
