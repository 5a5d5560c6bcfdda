/**
 * The `nameserver` criterion (SPEC 5): a label-aligned suffix of any of `domain.nameservers`. The
 * matching hosts are two rank intervals of the label-suffix index (the domain itself, and the hosts
 * below it); their documents are the union of the hosts' lists (merged at build time for a large
 * provider's domain: the index's shared suffixes), and a candidate is checked by looking its few
 * host ranks up in the intervals.
 */
import type { LabelSuffixIndex, SuffixRanks } from '../../indexes/reverse/label-suffix-index.js'
import { TermDocList } from '../../indexes/reverse/term-doc-list.js'
import { docFrequency, entryStart, termDocs } from '../../indexes/reverse/term-lists.js'
import { sortedDistinct } from '../../indexes/sorted-distinct.js'
import type { Criterion } from './criterion.js'

/**
 * Matches documents with a nameserver equal to or under a domain.
 *
 * @example
 * ```ts
 * new NameserverMatcher(index, 'example.com', n).collect() // documents using ns1.example.com, example.com …
 * ```
 */
export class NameserverMatcher implements Criterion {
  /** The documents of a shared suffix, or the number of (host, document) entries in range. */
  readonly estimate: number
  readonly #index: LabelSuffixIndex
  readonly #ranks: SuffixRanks
  readonly #docCount: number
  // The shared suffix equal to the domain, or -1.
  readonly #shared: number

  /**
   * @param index - the label-suffix index
   * @param domain - a normalised host
   * @param docCount - the number of documents
   */
  constructor(index: LabelSuffixIndex, domain: string, docCount: number) {
    this.#index = index
    this.#ranks = index.ranks(domain)
    this.#docCount = docCount
    this.#shared = index.sharedSuffix(domain)
    const r = this.#ranks
    const at = (t: number): number => entryStart(index.hosts, t)
    this.estimate =
      this.#shared >= 0
        ? docFrequency(index.sharedPostings, this.#shared)
        : at(r.exactHi) - at(r.exactLo) + at(r.belowHi) - at(r.belowLo)
  }

  collect(): Uint32Array {
    if (this.#shared >= 0) return termDocs(this.#index.sharedPostings, this.#shared)
    const { hosts } = this.#index
    const r = this.#ranks
    // One host's list is already ascending and distinct.
    if (r.belowHi - r.belowLo === 0) return termDocs(hosts, r.exactLo, r.exactHi)
    if (r.exactHi - r.exactLo === 0 && r.belowHi - r.belowLo === 1)
      return termDocs(hosts, r.belowLo, r.belowHi)
    const exact = termDocs(hosts, r.exactLo, r.exactHi)
    const below = termDocs(hosts, r.belowLo, r.belowHi)
    const all = new Uint32Array(exact.length + below.length)
    all.set(exact)
    all.set(below, exact.length)
    return sortedDistinct(all, this.#docCount)
  }

  docList(): TermDocList | undefined {
    const r = this.#ranks
    if (this.#shared >= 0) return new TermDocList(this.#index.sharedPostings, this.#shared)
    // One host's list, as collect() reads it alone.
    const exact = r.exactHi - r.exactLo
    const below = r.belowHi - r.belowLo
    if (exact === 1 && below === 0) return new TermDocList(this.#index.hosts, r.exactLo)
    if (exact === 0 && below === 1) return new TermDocList(this.#index.hosts, r.belowLo)
    return undefined
  }

  filter(candidates: Uint32Array, count: number): number {
    const { docHostStart, docHostRank } = this.#index
    const { exactLo, exactHi, belowLo, belowHi } = this.#ranks
    let kept = 0
    for (let c = 0; c < count; c++) {
      const doc = candidates[c] as number
      const end = docHostStart.at(doc + 1)
      for (let k = docHostStart.at(doc); k < end; k++) {
        const rank = docHostRank.at(k)
        if ((rank >= belowLo && rank < belowHi) || (rank >= exactLo && rank < exactHi)) {
          candidates[kept++] = doc
          break
        }
      }
    }
    return kept
  }
}
