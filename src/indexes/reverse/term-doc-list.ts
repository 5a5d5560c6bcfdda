/**
 * One term's documents read by rank, a block at a time (SPEC 16): rank r lies in block ⌊r / 128⌋,
 * which starts where the skip entry before it says and continues from that entry's last document
 * (packed-postings.ts), so reading ranks [s, e) decodes the blocks holding them and nothing else.
 * The last block read is kept, so walking ranks in order decodes each block once.
 */
import { bytesOf } from '../../storage/lazy-section.js'
import { offsetAt } from './packed-postings.js'
import { BLOCK, ByteReader, SKIP_BYTES } from './packed-reader.js'
import { docFrequency, type StoredPostings, termDocs } from './term-lists.js'

/**
 * A term's documents, ascending, read by rank.
 *
 * @example
 * ```ts
 * const list = new TermDocList(exact.postings, exact.dictionary.get('sw1a1aa'))
 * list.length // its document frequency; list.at(0) decodes the first block only
 * ```
 */
export class TermDocList {
  readonly length: number
  readonly #postings: StoredPostings
  readonly #term: number
  readonly #start: number
  readonly #end: number
  readonly #full: number
  readonly #docs = new Uint32Array(BLOCK)
  readonly #reader = new ByteReader(new Uint8Array(0), 0)
  #block = -1

  /**
   * @param postings - the postings
   * @param term - a term id of them (not −1)
   */
  constructor(postings: StoredPostings, term: number) {
    this.#postings = postings
    this.#term = term
    this.length = docFrequency(postings, term)
    this.#start = offsetAt(postings.docAt, term)
    this.#end = offsetAt(postings.docAt, term + 1)
    this.#full = this.length >>> 7
  }

  /** The document at a rank in [0, length). */
  at(rank: number): number {
    const block = rank >>> 7
    if (block !== this.#block) this.#load(block)
    return this.#docs[rank & (BLOCK - 1)] as number
  }

  /** Every document, in an array of its own. */
  toArray(): Uint32Array {
    return termDocs(this.#postings, this.#term)
  }

  #load(j: number): void {
    const bytes = this.#postings.docBytes
    const base = this.#start
    const k = this.#full
    // Skip entry i: the last document of block i, then where block i ends (relative to `base`).
    const entry = (i: number, word: number): number => {
      const at = base + i * SKIP_BYTES + 4 * word
      const b = bytesOf(bytes, at, at + 4)
      return (
        ((b[0] as number) | ((b[1] as number) << 8) | ((b[2] as number) << 16) | ((b[3] as number) << 24)) >>>
        0
      )
    }
    const previous = j === 0 ? -1 : entry(j - 1, 0)
    const from = j === 0 ? k * SKIP_BYTES : entry(j - 1, 1)
    const to = j < k ? entry(j, 1) : this.#end - base
    // Read last: a view of a cached block lasts until the file's next read.
    this.#reader.bytes = bytesOf(bytes, base + from, base + to)
    this.#reader.at = 0
    if (j < k) this.#reader.block(this.#docs, 0, previous)
    else this.#reader.varintDocs(this.length - k * BLOCK, this.#docs, 0, previous)
    this.#block = j
  }
}
