/**
 * The distinct value texts of the document being built, so that a builder can skip or reuse the
 * work for a repeated value (a record's contacts usually repeat organization, street, postal code
 * and phone). Cleared per document without giving its storage back: `array.length = 0` lets V8 drop
 * the backing store, which measured as one of the largest sources of build-time garbage.
 */

/** Distinct strings of the current document, in first-seen order. */
export class DocTexts {
  readonly #texts: string[] = []
  #count = 0

  /** The number of distinct strings held. */
  get count(): number {
    return this.#count
  }

  /**
   * Forgets every string (a new document starts).
   *
   * @example
   * ```ts
   * texts.clear(); texts.count // 0
   * ```
   */
  clear(): void {
    this.#count = 0
  }

  /**
   * The index of `text` among the first `limit` strings, or -1.
   *
   * @example
   * ```ts
   * texts.add('Acme'); texts.indexOf('Acme') // 0
   * ```
   */
  indexOf(text: string, limit = Number.POSITIVE_INFINITY): number {
    const n = Math.min(this.#count, limit)
    for (let k = 0; k < n; k++) if (this.#texts[k] === text) return k
    return -1
  }

  /**
   * Appends `text` (not checked for repeats) and returns its index.
   *
   * @example
   * ```ts
   * texts.add('Acme') // 0
   * ```
   */
  add(text: string): number {
    const k = this.#count++
    this.#texts[k] = text
    return k
  }
}
