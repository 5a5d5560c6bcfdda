/**
 * The WHOIS record store: records by document id (result order), packed, plus the forward-lookup
 * dictionary from normalised domain to document id. Built once, then read-only; a record is decoded
 * only when it is returned, so a page of results costs its own records and nothing else.
 *
 * Records stay where the build packed them (load order, chunk by chunk, table-coded: chunk-packer.ts,
 * table-codec/, packed-slots.ts); a document reaches its record through `slots`, so putting records
 * in result order moves no bytes.
 *
 * Layout (n records), besides the packed slots' own arrays:
 *   slots     Uint32Array(n)   document id → slot
 *   domains   TermDictionary   normalised domain → key id
 *   docOfKey  Uint32Array(n)   key id → document id
 * Invariants: keys are distinct and every key has exactly one slot. Measured at 100k generated
 * records: ~225 bytes a record table-coded, string tables included (804 as msgpack alone, 1,979
 * bytes of heap as loaded objects); a page of 100 records at random decodes in ~0.35 ms; see
 * chunk-packer.ts for the choice.
 */

import { Column } from '../storage/column.js'
import type { LazyArray } from '../storage/lazy-array.js'
import type { WhoisRecord } from '../types.js'
import { ChunkPacker, type PackedChunk } from './chunk-packer.js'
import { assembleChunks, PackedSlots, type PackedSlotsState } from './packed-slots.js'
import { TermDictionary, TermDictionaryBuilder, type TermDictionaryState } from './term-dictionary.js'

/** The plain-data state of a {@link RecordStore}; see the file comment for the layout. */
export interface RecordStoreState extends PackedSlotsState {
  /** Left on disk by an opened snapshot (SPEC 16), as is `docOfKey`. */
  readonly slots: Uint32Array | LazyArray
  readonly domains: TermDictionaryState
  readonly docOfKey: Uint32Array | LazyArray
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
  readonly #packed: PackedSlots
  readonly #domains: TermDictionary
  readonly #slots: Column
  readonly #docOfKey: Column
  #keyOfDoc: Uint32Array | null = null

  /** @param state - as {@link RecordStore.build}, the build's WhoisLog or a saved snapshot gives it */
  constructor(state: RecordStoreState) {
    this.state = state
    this.#packed = new PackedSlots(state)
    this.#domains = new TermDictionary(state.domains)
    this.#slots = new Column(state.slots)
    this.#docOfKey = new Column(state.docOfKey)
  }

  /**
   * Packs records that are already in document order (small inputs and tests; the engine's build
   * streams records through a WhoisLog instead).
   *
   * @param records - the records in document-id order
   * @param keys - each record's normalised domain, distinct
   * @example
   * ```ts
   * RecordStore.build([{ query: 'a.com' }, { query: 'b.com' }], ['a.com', 'b.com']).size // 2
   * ```
   */
  static build(
    records: readonly WhoisRecord[] | { readonly length: number; at(i: number): WhoisRecord },
    keys: readonly string[],
  ): RecordStore {
    const n = records.length
    const recordAt = Array.isArray(records)
      ? (i: number) => records[i] as WhoisRecord
      : (i: number) => (records as { at(i: number): WhoisRecord }).at(i)
    const domains = new TermDictionaryBuilder()
    const packer = new ChunkPacker({ tableCoded: true })
    const chunks: PackedChunk[] = []
    for (let doc = 0; doc < n; doc++) {
      if (domains.intern(keys[doc] as string) !== doc)
        throw new RangeError(`domindex: duplicate key ${keys[doc]}`)
      if (packer.full) chunks.push(packer.take())
      packer.add(recordAt(doc))
    }
    if (packer.count > 0) chunks.push(packer.take())
    const identity = new Uint32Array(n)
    for (let i = 0; i < n; i++) identity[i] = i
    return new RecordStore({
      ...assembleChunks(chunks),
      slots: identity,
      domains: domains.freeze().state,
      docOfKey: identity,
    })
  }

  /** The number of records. */
  get size(): number {
    return this.state.slots.length
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
    return this.#packed.get(this.#slots.at(doc)) as WhoisRecord
  }

  /**
   * The document id of a normalised domain, or -1.
   *
   * @example
   * ```ts
   * store.docOf('example.com') // 0
   * ```
   */
  docOf(domain: string): number {
    const key = this.#domains.get(domain)
    return key < 0 ? -1 : this.#docOfKey.at(key)
  }

  /**
   * The normalised domain of a document id (the inverse of {@link docOf}, built on first use).
   *
   * @example
   * ```ts
   * store.domainOf(0) // 'example.com'
   * ```
   */
  domainOf(doc: number): string {
    if (this.#keyOfDoc === null) {
      const docOfKey = this.#docOfKey
      const keyOfDoc = new Uint32Array(docOfKey.length)
      for (let key = 0; key < docOfKey.length; key++) keyOfDoc[docOfKey.at(key)] = key
      this.#keyOfDoc = keyOfDoc
    }
    return this.#domains.term(this.#keyOfDoc[doc] as number)
  }

  /** Every normalised domain held, in key order. */
  *domains(): IterableIterator<string> {
    for (let key = 0; key < this.#domains.size; key++) yield this.#domains.term(key)
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
    const key = this.#domains.get(domain)
    return key < 0 ? null : this.get(this.#docOfKey.at(key))
  }
}
