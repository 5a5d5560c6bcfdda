/**
 * Generated domain names: index i (0, 1, 2, …) names one distinct registrable domain, the same for
 * a seed whatever the corpus size, so the WHOIS records and the DNS apexes of one seed describe the
 * same domains (WHOIS record i and DNS apex i are one domain).
 *
 * Layout of index i, with A = |FIRST|, B = |SECOND|, C = |THIRD| (A and B coprime):
 * `FIRST[i mod A] + SECOND[i mod B] + THIRD[(i div AB) mod C] + (i div ABC, when not 0)`. By the
 * Chinese remainder theorem (i mod A, i mod B) differs for every i below AB, so the first AB = 59,985
 * domains are plain two-word labels, the next ones carry a third word, and only beyond ABC = 659,835
 * a number. Word lists are shuffled by the seed. A hash of (seed, i) picks the public suffix
 * (weighted), a hyphen between the words (8%) and, for 1%, a Unicode first word (its first a, o or u becomes ä, ö or ü).
 * Invariant: distinct indices give distinct names (the word lists are prefix-free).
 */
import { domainToASCII } from 'node:url'
import { hash32, Random } from './random.js'
import { TLDS, type Tld } from './vocab-registry.js'
import { FIRST, SECOND, THIRD, UMLAUTS } from './vocab-words.js'

/** One generated domain. */
export interface GeneratedDomain {
  /** The name as a registry writes it (Unicode for internationalised names). */
  name: string
  /** The ASCII (punycode) form, as DNS carries it. */
  ascii: string
  tld: Tld
}

const SALT = 0x0d0a1a5

/**
 * Names domains by index for one seed.
 *
 * @example
 * ```ts
 * const names = new DomainNames(7)
 * names.get(0) // { name: 'harborlogistics.com', ascii: 'harborlogistics.com', tld: {...} } (seed-dependent)
 * ```
 */
export class DomainNames {
  readonly #seed: number
  readonly #first: string[]
  readonly #second: string[]
  readonly #random = new Random(0)
  readonly #tldCumulative: Float64Array
  readonly #tldTotal: number

  /** @param seed - the corpus seed */
  constructor(seed: number) {
    this.#seed = seed
    const shuffle = new Random(hash32(seed, SALT))
    this.#first = shuffled(FIRST, shuffle)
    this.#second = shuffled(SECOND, shuffle)
    this.#tldCumulative = new Float64Array(TLDS.length)
    let total = 0
    for (let i = 0; i < TLDS.length; i++) {
      total += (TLDS[i] as Tld).weight
      this.#tldCumulative[i] = total
    }
    this.#tldTotal = total
  }

  /** The domain of index `i` (a non-negative integer). */
  get(i: number): GeneratedDomain {
    const a = this.#first.length
    const b = this.#second.length
    const c = THIRD.length
    const random = this.#random
    random.reseed(hash32(this.#seed ^ SALT, i))
    let first = this.#first[i % a] as string
    const second = this.#second[i % b] as string
    const rest = Math.floor(i / (a * b))
    const third = THIRD[rest % c] as string
    const number = Math.floor(rest / c)
    const hyphen = random.chance(0.08)
    const unicode = random.chance(0.01)
    const tld = this.#pickTld(random.float())
    if (unicode) first = first.replace(/[aou]/, (ch) => UMLAUTS[ch] ?? ch)
    const label = first + (hyphen ? '-' : '') + second + third + (number > 0 ? String(number) : '')
    const name = `${label}.${tld.suffix}`
    return { name, ascii: unicode ? domainToASCII(name) : name, tld }
  }

  #pickTld(u: number): Tld {
    const target = u * this.#tldTotal
    const cumulative = this.#tldCumulative
    let i = 0
    while (i < cumulative.length - 1 && (cumulative[i] as number) <= target) i++
    return TLDS[i] as Tld
  }
}

function shuffled(list: readonly string[], random: Random): string[] {
  const out = [...list]
  for (let i = out.length - 1; i > 0; i--) {
    const j = random.int(i + 1)
    const t = out[i] as string
    out[i] = out[j] as string
    out[j] = t
  }
  return out
}
