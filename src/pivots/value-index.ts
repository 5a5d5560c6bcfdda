/**
 * The spelling-variant index of one kind's values (SPEC 14). A value matches a text when every
 * word of the text, encoded by FlexSearch's `LatinExtra` encoder, is a prefix of an encoded word
 * of the value: what a FlexSearch `Index` with the `forward` tokenizer and that encoder finds
 * (test/pivots/value-index.property.test.ts compares the two). The encoder folds case and
 * accents, repeated letters and similar sounds, so `godady`, `namechep` and `acme holdngs` find
 * `GoDaddy.com, LLC`, `NameCheap, Inc.` and `Acme Holdings`; the forward prefixes find `acme hold`
 * and `ns1.cloud`. When no value matches every word, values matching any word are offered, those
 * matching more words first (FlexSearch's `suggest` mode), so `acme holdigns` still finds the
 * `acme` values.
 *
 * FlexSearch's own index is not used: at 1M emails it took 54 s and 620 MB to build, and a search
 * scored every value under a common prefix such as `com` (476 ms median). Here the encoded words
 * are a sorted dictionary whose prefix ranges are found by binary search, each word lists its
 * values and each value its words, all in flat arrays (value-index-build.ts), so a search walks
 * only the rarest word's values and checks the others by word number. The candidates come in
 * tiers, each only while fewer than asked were found, and within a tier the values held by the
 * most records first (then in code-point order), since those are the likeliest to have the
 * largest counts (for an email, a registrar or a nameserver, the count is that number):
 *   1. the value equal to the text (the kind's normalisation), when held;
 *   2. values that start with the text, letter case aside (`jose.costa@` finds `jose.costa@…`
 *      before other `…costa@` values);
 *   3. the other values matching every word;
 *   4. only when tiers 2 and 3 found none: values matching any word, most words first.
 * Each tier reads at most `SCAN_EVERY` values (tier 4: `SCAN` a word), so a text of common words
 * costs a few milliseconds at most.
 */

import { type ByteStrings, compareCodePoints } from './byte-strings.js'
import { VALUE_ENCODER } from './value-encoder.js'

/** What a value index holds: flat arrays, saved as they are (suggest-file.ts). */
export interface ValueIndexParts {
  /** The distinct values (their keys: the kind's normalisation), in code-point order. */
  readonly values: ByteStrings
  /** How each value is shown when it is not its key (a registrar's most common spelling). */
  readonly shown: ByteStrings | null
  /** The values' positions, ordered by their lower-cased text in code-point order. */
  readonly folded: Uint32Array
  /** The distinct encoded words, in code-point order. */
  readonly words: ByteStrings
  /** Where each word's values start in `wordValues` (one more entry than words). */
  readonly wordStarts: Uint32Array
  /** Each word's values, ascending. */
  readonly wordValues: Uint32Array
  /** Where each value's words start in `valueWords` (one more entry than values). */
  readonly valueStarts: Uint32Array
  /** Each value's words. */
  readonly valueWords: Uint32Array
  /** How many records hold each value. */
  readonly held: Uint32Array
}

/** The distinct values of one kind and the word index that finds their variants. */
export class ValueIndex {
  /** The arrays, as built or read. */
  readonly parts: ValueIndexParts

  /**
   * @param parts - as `buildValueIndex` (value-index-build.ts) or `readSuggestFile` gives them
   */
  constructor(parts: ValueIndexParts) {
    this.parts = parts
  }

  /** The number of distinct values. */
  get size(): number {
    return this.parts.values.size
  }

  /**
   * Up to `max` held values (as shown) that match `text`, in the tiers above.
   *
   * @param text - the text typed
   * @param exact - the text normalised as a value of the kind, or null
   * @param max - the most values to return
   * @example
   * ```ts
   * buildValueIndex([['Acme Holdings', 'Acme Holdings'], ['Apex Ltd', 'Apex Ltd']]).candidates('acme hold', null, 30) // ['Acme Holdings']
   * ```
   */
  candidates(text: string, exact: string | null, max: number): string[] {
    const found = new Set<number>()
    const exactId = exact === null ? -1 : this.parts.values.indexOf(exact)
    if (exactId >= 0 && max > 0) found.add(exactId)
    const take = (ids: Iterable<number>, order: (a: number, b: number) => number): void => {
      for (const id of this.#best(ids, found, max - found.size, order)) found.add(id)
    }
    const byHeld = (a: number, b: number): number => this.#heldOf(b) - this.#heldOf(a) || a - b
    const before = found.size
    // The folded order breaks ties in tier 2: the values come in it, and the choice is stable.
    take(this.#startingWith(text.trim().toLowerCase()), (a, b) => this.#heldOf(b) - this.#heldOf(a))
    const ranges = this.#wordRanges(text)
    if (ranges.length > 0) {
      take(this.#matchingEvery(ranges), byHeld)
      if (found.size === before) {
        const hits = this.#matchingAny(ranges)
        take(hits.keys(), (a, b) => (hits.get(b) as number) - (hits.get(a) as number) || byHeld(a, b))
      }
    }
    return [...found].map((id) => this.#shown(id))
  }

  #heldOf(id: number): number {
    return this.parts.held[id] as number
  }

  // The first `room` ids in `order` (ties: as they come), skipping those found already: a sorted
  // list of at most `room` kept while the ids stream by (most are rejected by one comparison).
  #best(
    ids: Iterable<number>,
    found: ReadonlySet<number>,
    room: number,
    order: (a: number, b: number) => number,
  ): number[] {
    const best: number[] = []
    if (room <= 0) return best
    const seen = new Set<number>()
    for (const id of ids) {
      if (found.has(id) || seen.has(id)) continue
      seen.add(id)
      if (best.length === room && order(id, best[room - 1] as number) >= 0) continue
      let at = best.length
      while (at > 0 && order(id, best[at - 1] as number) < 0) at--
      best.splice(at, 0, id)
      if (best.length > room) best.pop()
    }
    return best
  }

  // Tier 2: the values whose lower-cased text starts with the text's (at most SCAN_EVERY), in
  // folded order, found by binary search.
  *#startingWith(prefix: string): Generator<number> {
    if (prefix === '') return
    const { folded, values } = this.parts
    const lower = (i: number): string => values.get(folded[i] as number).toLowerCase()
    let lo = 0
    let hi = folded.length
    while (lo < hi) {
      const mid = (lo + hi) >>> 1
      if (compareCodePoints(lower(mid), prefix) < 0) lo = mid + 1
      else hi = mid
    }
    for (let i = lo; i < folded.length && i - lo < SCAN_EVERY && lower(i).startsWith(prefix); i++) {
      yield folded[i] as number
    }
  }

  // Each distinct encoded word of the text as the range of dictionary words it is a prefix of.
  #wordRanges(text: string): [number, number][] {
    return [...new Set(VALUE_ENCODER.encode(text))].map((word) => this.parts.words.prefixRange(word))
  }

  // Tier 3: the values holding a word of every range, read from the range with the fewest
  // postings (at most SCAN_EVERY of them); a value is checked against the other ranges by its
  // words' numbers (flat loops: a common word such as `com` lists most values).
  *#matchingEvery(ranges: readonly [number, number][]): Generator<number> {
    const { wordStarts, wordValues, valueStarts, valueWords } = this.parts
    const postings = ([from, to]: [number, number]): number =>
      (wordStarts[to] as number) - (wordStarts[from] as number)
    const driver = ranges.reduce((a, b) => (postings(b) < postings(a) ? b : a))
    const others = Uint32Array.from(ranges.filter((r) => r !== driver).flat())
    const start = wordStarts[driver[0]] as number
    const end = Math.min(wordStarts[driver[1]] as number, start + SCAN_EVERY)
    for (let p = start; p < end; p++) {
      const id = wordValues[p] as number
      const first = valueStarts[id] as number
      const last = valueStarts[id + 1] as number
      let every = true
      for (let r = 0; every && r < others.length; r += 2) {
        const from = others[r] as number
        const to = others[r + 1] as number
        every = false
        for (let w = first; w < last; w++) {
          const word = valueWords[w] as number
          if (word >= from && word < to) {
            every = true
            break
          }
        }
      }
      if (every) yield id
    }
  }

  // Tier 4: the values holding a word of any range, with how many ranges each holds; each range
  // reads at most SCAN postings, so a one-letter word costs no more than a rare one.
  #matchingAny(ranges: readonly [number, number][]): Map<number, number> {
    const { wordStarts, wordValues } = this.parts
    const hits = new Map<number, number>()
    for (const [from, to] of ranges) {
      const seen = new Set<number>()
      const end = Math.min(wordStarts[to] as number, (wordStarts[from] as number) + SCAN)
      for (let p = wordStarts[from] as number; p < end; p++) seen.add(wordValues[p] as number)
      for (const id of seen) hits.set(id, (hits.get(id) ?? 0) + 1)
    }
    return hits
  }

  #shown(id: number): string {
    return (this.parts.shown ?? this.parts.values).get(id)
  }
}

// The most values tier 2 and the rarest word of tier 3 read (about 10 ms), and each word in tier
// 4: a text of common words costs no more than that, and its candidates are among those first.
const SCAN_EVERY = 500_000
const SCAN = 2_000
