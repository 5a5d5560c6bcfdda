/**
 * The WHOIS record store: records by document id (result order), plus the forward-lookup
 * dictionary from normalised domain to document id. Built once, then read-only.
 */
import type { WhoisRecord } from '../types.js'
import { StringIds } from './string-ids.js'

/** Records by document id and document ids by domain. */
export class RecordStore {
  readonly #records: readonly WhoisRecord[]
  readonly #domains: StringIds
  readonly #docOfDomain: Uint32Array

  /**
   * @param records - the records in document-id order
   * @param keys - each record's normalised domain, distinct
   */
  constructor(records: readonly WhoisRecord[], keys: readonly string[]) {
    this.#records = records
    this.#domains = new StringIds()
    this.#docOfDomain = new Uint32Array(records.length)
    for (let doc = 0; doc < keys.length; doc++) {
      this.#docOfDomain[this.#domains.intern(keys[doc] as string)] = doc
    }
  }

  /** The number of records. */
  get size(): number {
    return this.#records.length
  }

  /** The record of a document id. */
  get(doc: number): WhoisRecord {
    return this.#records[doc] as WhoisRecord
  }

  /** The records in document-id order. */
  all(): readonly WhoisRecord[] {
    return this.#records
  }

  /** The record stored for a normalised domain, or null. */
  lookup(domain: string): WhoisRecord | null {
    const id = this.#domains.get(domain)
    return id < 0 ? null : this.get(this.#docOfDomain[id] as number)
  }
}
