/**
 * The deleted documents of one part of a segment (its WHOIS records, MX or TXT observations): a
 * bitset over the segment's document ids, as Lucene's live-docs and tantivy's alive bitsets are.
 * A segment itself is never touched by an update; its deletions are a value of the engine that
 * holds it, immutable and replaced whole (copy on write), so an older engine keeps its own.
 *
 * Layout: `words[d >>> 5]` bit `d & 31` is set when document d is deleted; `words` is empty when
 * nothing is deleted, so an untouched segment costs nothing. `count` is the number of set bits.
 */

/** The plain-data state of {@link DeletedDocs}, for snapshots. */
export interface DeletedDocsState {
  readonly words: Uint32Array
  readonly count: number
}

const NONE = new Uint32Array(0)

/**
 * An immutable set of deleted document ids.
 *
 * @example
 * ```ts
 * const d = DeletedDocs.none.with(10, [3, 7])
 * d.has(3) // true
 * d.count  // 2
 * ```
 */
export class DeletedDocs {
  /** No document deleted. */
  static readonly none = new DeletedDocs({ words: NONE, count: 0 })

  readonly #words: Uint32Array
  /** The number of deleted documents. */
  readonly count: number

  /** @param state - as {@link DeletedDocs.state} or a saved snapshot gives it */
  constructor(state: DeletedDocsState) {
    this.#words = state.words
    this.count = state.count
  }

  /** The plain data, for saving. */
  get state(): DeletedDocsState {
    return { words: this.#words, count: this.count }
  }

  /**
   * Whether a document is deleted.
   *
   * @example
   * ```ts
   * DeletedDocs.none.has(0) // false
   * ```
   */
  has(doc: number): boolean {
    const words = this.#words
    return words.length !== 0 && (((words[doc >>> 5] as number) >>> (doc & 31)) & 1) === 1
  }

  /**
   * The deleted documents in [lo, hi), ascending.
   *
   * @example
   * ```ts
   * DeletedDocs.none.with(10, [3, 7]).within(0, 5) // Uint32Array [3]
   * ```
   */
  within(lo: number, hi: number): Uint32Array {
    const out: number[] = []
    const words = this.#words
    for (let w = lo >>> 5; w < words.length && w << 5 < hi; w++) {
      let bits = words[w] as number
      while (bits !== 0) {
        const doc = (w << 5) + (31 - Math.clz32(bits & -bits))
        bits &= bits - 1
        if (doc >= lo && doc < hi) out.push(doc)
      }
    }
    return Uint32Array.from(out)
  }

  /**
   * A new set with more documents deleted (already deleted ones are ignored); this one is unchanged.
   *
   * @param size - the number of documents of the segment part
   * @param docs - document ids below `size`
   * @example
   * ```ts
   * DeletedDocs.none.with(8, [1, 1, 2]).count // 2
   * ```
   */
  with(size: number, docs: Iterable<number>): DeletedDocs {
    const words = new Uint32Array((size + 31) >>> 5)
    words.set(this.#words)
    let count = this.count
    for (const doc of docs) {
      const w = doc >>> 5
      const bit = 1 << (doc & 31)
      if (((words[w] as number) & bit) !== 0) continue
      words[w] = (words[w] as number) | bit
      count++
    }
    return count === this.count ? this : new DeletedDocs({ words, count })
  }
}
