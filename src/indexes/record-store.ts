/**
 * The WHOIS record store: records by document id (result order), packed, plus the forward-lookup
 * dictionary from normalised domain to document id. Built once, then read-only; a record is decoded
 * only when it is returned, so a page of results costs its own records and nothing else.
 *
 * Layout (n records):
 *   chunks      Uint8Array[]      chunk k holds the encodings of records k·2^14 … (k+1)·2^14 − 1
 *                                 back to back (exact-pack.ts: msgpackr with shared structures, the
 *                                 V8 serializer for the rare records msgpackr would alter)
 *   ends        Uint32Array(n)    record d ends at byte ends[d] of its chunk and starts where the
 *                                 previous record of the chunk ends (at 0 for a chunk's first)
 *   structures  string[][]        msgpackr's shared structures: the key lists of the records' objects
 *   domains     TermDictionary    normalised domain → id, interned in document order, so id = doc
 * Invariants: keys are distinct, so domain ids and document ids coincide; a chunk stays below
 * 4 GiB (records average under 256 KiB), so `ends` fits 32 bits. Chunks of 2^14 records (~10 MB)
 * keep every buffer far below the 2 GiB a single read can fill, and a snapshot stores each as its
 * own section. Measured at 100k generated records (bench/snapshot.bench.ts): 800 bytes a record
 * packed (835 with offsets and dictionary) against 1,977 bytes of heap as loaded objects; a page
 * of 100 records decodes in ~160 µs.
 */
import { Packr } from 'msgpackr'
import type { WhoisRecord } from '../types.js'
import { packExact, unpackExact } from './exact-pack.js'
import { TermDictionary, TermDictionaryBuilder, type TermDictionaryState } from './term-dictionary.js'

const CHUNK_SHIFT = 14
const CHUNK_RECORDS = 1 << CHUNK_SHIFT
// msgpackr's default. More is allowed up to 8160, but msgpackr 2.1.3 then writes records that it
// cannot read back ("Data read, but end of buffer not reached", found by fast-check with 33+
// shapes; test/snapshot/record-store.test.ts keeps a case). Shapes beyond 32 are written inline
// in their records, larger but exact; the generated corpus has 11.
const MAX_SHARED_STRUCTURES = 32

/** The plain-data state of a {@link RecordStore}; see the file comment for the layout. */
export interface RecordStoreState {
  readonly chunks: readonly Uint8Array[]
  readonly ends: Uint32Array
  readonly structures: readonly (readonly string[])[]
  readonly domains: TermDictionaryState
}

/**
 * Records by document id and document ids by domain.
 *
 * @example
 * ```ts
 * const store = RecordStore.build([{ query: 'example.com' }], ['example.com'])
 * store.lookup('example.com') // { query: 'example.com' }
 * ```
 */
export class RecordStore {
  /** The plain data this store reads, for snapshots; never mutated. */
  readonly state: RecordStoreState
  readonly #packr: Packr
  readonly #domains: TermDictionary

  /** @param state - as {@link RecordStore.build} or a saved snapshot gives it */
  constructor(state: RecordStoreState) {
    this.state = state
    this.#packr = new Packr({
      structures: state.structures.map((keys) => [...keys]),
      maxSharedStructures: MAX_SHARED_STRUCTURES,
    })
    this.#domains = new TermDictionary(state.domains)
  }

  /**
   * Packs the records.
   *
   * @param records - the records in document-id order
   * @param keys - each record's normalised domain, distinct
   * @example
   * ```ts
   * RecordStore.build([{ query: 'a.com' }, { query: 'b.com' }], ['a.com', 'b.com']).size // 2
   * ```
   */
  static build(records: readonly WhoisRecord[], keys: readonly string[]): RecordStore {
    const structures: string[][] = []
    const packr = new Packr({ structures, maxSharedStructures: MAX_SHARED_STRUCTURES })
    const domains = new TermDictionaryBuilder()
    const n = records.length
    const ends = new Uint32Array(n)
    const chunks: Uint8Array[] = []
    let chunk: Uint8Array = new Uint8Array(1 << 16)
    let used = 0
    for (let doc = 0; doc < n; doc++) {
      if (domains.intern(keys[doc] as string) !== doc)
        throw new RangeError(`domindex: duplicate key ${keys[doc]}`)
      const bytes = packExact(packr, records[doc])
      if (used + bytes.length > chunk.length) chunk = grown(chunk, used + bytes.length)
      chunk.set(bytes, used)
      used += bytes.length
      ends[doc] = used
      if ((doc & (CHUNK_RECORDS - 1)) === CHUNK_RECORDS - 1 || doc === n - 1) {
        chunks.push(chunk.slice(0, used))
        used = 0
      }
    }
    return new RecordStore({
      chunks,
      ends,
      structures: structures.map((keys) => [...keys]),
      domains: domains.freeze().state,
    })
  }

  /** The number of records. */
  get size(): number {
    return this.state.ends.length
  }

  /**
   * The record of a document id, decoded afresh (callers may change it freely).
   *
   * @param doc - a document id, 0 ≤ doc < size
   * @example
   * ```ts
   * store.get(0) // { query: 'example.com', ... }
   * ```
   */
  get(doc: number): WhoisRecord {
    const { chunks, ends } = this.state
    const start = (doc & (CHUNK_RECORDS - 1)) === 0 ? 0 : (ends[doc - 1] as number)
    const chunk = chunks[doc >>> CHUNK_SHIFT] as Uint8Array
    return unpackExact(this.#packr, chunk.subarray(start, ends[doc])) as WhoisRecord
  }

  /**
   * The record stored for a normalised domain, or null.
   *
   * @param domain - a normalised host name
   * @example
   * ```ts
   * store.lookup('example.com') // { query: 'example.com', ... }
   * store.lookup('absent.org')  // null
   * ```
   */
  lookup(domain: string): WhoisRecord | null {
    const doc = this.#domains.get(domain)
    return doc < 0 ? null : this.get(doc)
  }
}

function grown(chunk: Uint8Array, needed: number): Uint8Array {
  let size = chunk.length * 2
  while (size < needed) size *= 2
  const bigger = new Uint8Array(size)
  bigger.set(chunk)
  return bigger
}
