/**
 * The spelling-variant index of one kind's values (SPEC 14): the distinct values, sorted, and a
 * FlexSearch `Index` over them whose ids are positions in that array. Sorted values make the
 * candidates the same whichever engine enumerated them, so both engines suggest alike.
 *
 * Options, measured on hand-written variants (README, "Spelling variants"): the `forward`
 * tokenizer indexes every prefix of every word, so `acme hold` and `ns1.cloud` find their values
 * (`strict` finds neither); the `LatinExtra` encoder folds case and accents, repeated letters and
 * similar sounds, so `godady`, `namechep` and `acme holdngs` → `Acme Holdings` find theirs
 * (`Default`, `LatinBalance` and `LatinAdvanced` miss `namechep`, and all but it miss the typo).
 * Every word of the text must match; when none does, FlexSearch's `suggest` mode (any word) is
 * asked instead, so a transposition such as `acme holdigns` still finds the `acme` values.
 */
import { Charset, Index } from 'flexsearch'

/** The kinds of pivot that have spelling variants. */
export const SUGGEST_KINDS = ['email', 'organization', 'street', 'registrar', 'nameserver'] as const

/** A kind of pivot with spelling variants. */
export type SuggestKind = (typeof SUGGEST_KINDS)[number]

/** The distinct values of one kind and the FlexSearch index that finds their variants. */
export class ValueIndex {
  readonly #values: readonly string[]
  readonly #index: Index

  /**
   * Indexes values (duplicates are dropped).
   *
   * @param values - the values of one kind, normalised
   * @example
   * ```ts
   * new ValueIndex(['Acme Holdings', 'Acme Holdngs']).size // 2
   * ```
   */
  constructor(values: Iterable<string>) {
    this.#values = [...new Set(values)].sort()
    this.#index = new Index({ tokenize: 'forward', encoder: Charset.LatinExtra })
    this.#values.forEach((value, id) => {
      this.#index.add(id, value)
    })
  }

  /** The number of distinct values. */
  get size(): number {
    return this.#values.length
  }

  /**
   * Up to `max` held values that match `text` as FlexSearch finds them, the best first; `exact`
   * first when it is held.
   *
   * @param text - the text typed
   * @param exact - the text normalised as a value of the kind, or null
   * @param max - the most values to return
   * @example
   * ```ts
   * new ValueIndex(['Acme Holdings', 'Apex Ltd']).candidates('acme hold', null, 30) // ['Acme Holdings']
   * ```
   */
  candidates(text: string, exact: string | null, max: number): string[] {
    const found = new Set<string>()
    if (exact !== null && this.#has(exact)) found.add(exact)
    let ids = this.#index.search(text, { limit: max })
    if (ids.length === 0) ids = this.#index.search(text, { limit: max, suggest: true })
    for (const id of ids) {
      if (found.size >= max) break
      found.add(this.#values[id as number] as string)
    }
    return [...found]
  }

  // Binary search: the values are sorted.
  #has(value: string): boolean {
    let lo = 0
    let hi = this.#values.length
    while (lo < hi) {
      const mid = (lo + hi) >>> 1
      if ((this.#values[mid] as string) < value) lo = mid + 1
      else hi = mid
    }
    return this.#values[lo] === value
  }
}
