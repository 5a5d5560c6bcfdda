/**
 * The FlexSearch 0.8 peer of reverse search (SPEC 5), for the criteria it can answer: two `Index`
 * instances with the library's default encoder and `tokenize: 'strict'` (whole words), one over
 * every registration-text value and one over organisation values only; an id is
 * `record * 256 + value index`, so a hit names its value. A query AND-s its words within one value:
 * exact for `name`; for `phrase` only an approximation, because FlexSearch keeps no positions
 * (order and adjacency are not checked). Its default encoder also differs from domindex's analysis
 * (it folds diacritics and splits numbers), so its counts are printed, not required to agree.
 */
import { Index } from 'flexsearch'
import { tokenize } from '../../src/analysis/tokenize.js'
import type { Params, WhoisRecord } from '../../src/types.js'
import { contactValues } from '../../test/reverse/reference.js'
import type { PeerAnswer } from './sqlite-peer.js'

const VALUES_PER_RECORD = 256

/**
 * AND-of-words search over FlexSearch indexes.
 *
 * @example
 * ```ts
 * const peer = FlexSearchPeer.build(records, keys) // or new FlexSearchPeer(), then add() per record
 * peer.prepare({ name: 'accounting acme' })?.() // { count: 45422, domains: [...] }
 * ```
 */
export class FlexSearchPeer {
  // A JavaScript Set holds at most 2^24 entries, fewer than the values of a million records
  // (~36 each): the keystore option spreads FlexSearch's id registers over several Sets.
  readonly #all = new Index({ tokenize: 'strict', keystore: 8 })
  readonly #organizations = new Index({ tokenize: 'strict' })
  readonly #keys: string[] = []

  /**
   * Adds every contact value of the records (in result order) to the indexes.
   *
   * @param records - the records in result order
   * @param keys - each record's normalised domain
   */
  static build(records: readonly WhoisRecord[], keys: readonly string[]): FlexSearchPeer {
    const peer = new FlexSearchPeer()
    records.forEach((r, doc) => {
      peer.add(doc, keys[doc] as string, r)
    })
    return peer
  }

  /**
   * Adds one record's contact values (records may come in any order).
   *
   * @param doc - its rank in result order
   * @param key - its normalised domain
   * @param record - the record
   */
  add(doc: number, key: string, record: WhoisRecord): void {
    this.#keys[doc] = key
    contactValues(record).forEach(([field, value], k) => {
      const id = doc * VALUES_PER_RECORD + k
      this.#all.add(id, value)
      if (field === 'organization') this.#organizations.add(id, value)
    })
  }

  /**
   * A function answering the parameters, or `undefined` when FlexSearch cannot answer them
   * (nameserver and date criteria, or phrase and name together).
   *
   * @param params - valid reverse-search parameters
   */
  prepare(params: Params): (() => PeerAnswer) | undefined {
    const { phrase, name } = params
    const keys = Object.keys(params).filter((k) => k !== 'slop')
    if (keys.length !== 1) return undefined
    const [index, text] =
      phrase !== undefined ? [this.#all, phrase] : name !== undefined ? [this.#organizations, name] : []
    const domainKeys = this.#keys
    if (index === undefined) return undefined
    const query = tokenize(String(text)).join(' ')
    return () => {
      // Every hit is needed for the exact count; ids come in relevance order, not result order.
      const ids = index.search(query, { limit: Number.MAX_SAFE_INTEGER }) as number[]
      const docs = new Uint32Array(ids.length)
      for (let i = 0; i < ids.length; i++) docs[i] = Math.floor((ids[i] as number) / VALUES_PER_RECORD)
      docs.sort()
      let count = 0
      const domains: string[] = []
      for (let i = 0; i < docs.length; i++) {
        if (i > 0 && docs[i] === docs[i - 1]) continue
        if (count++ < 100) domains.push(domainKeys[docs[i] as number] as string)
      }
      return { count, domains }
    }
  }
}
