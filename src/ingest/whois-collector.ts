/**
 * The WHOIS records of a load, keyed by normalised domain. Layout: `records[i]` is the record of
 * `keys[i]`; `lastSlot[ids.get(key)]` is the slot of the key's latest record. The key ids come from
 * StringIds, whose sharded Maps hold more than the 16.7M keys one JS Map can. Adding is one intern:
 * a key seen again shows as a dictionary that did not grow, and leaves a stale earlier record behind. Compaction drops every record that is not its
 * key's latest (SPEC 2: the later replaces the earlier); it runs when stale records reach a third of
 * the list, so memory stays within 1.5 times the distinct records even when daily snapshots of the
 * same domains are loaded one after another, and once at the end. Record order does not matter: the
 * engine sorts records into result order.
 */
import { StringIds } from '../indexes/string-ids.js'
import type { WhoisRecord } from '../types.js'
import type { WhoisPreparer } from './whois-record.js'

/**
 * Checks, normalises and collects WHOIS records.
 *
 * @example
 * ```ts
 * const whois = new WhoisCollector(new WhoisPreparer(new HostCheck()))
 * whois.add({ domain: { name: 'a.com' } }) // null (accepted)
 * whois.add({ domain: { name: 5 } })       // 'domain.name must be a string, got 5'
 * whois.finish().keys                       // ['a.com']
 * ```
 */
export class WhoisCollector {
  readonly #preparer: WhoisPreparer
  readonly #ids = new StringIds()
  readonly #lastSlot: number[] = []
  readonly #keys: string[] = []
  readonly #records: WhoisRecord[] = []
  /** Records replaced by a later one and not yet compacted away. */
  #stale = 0
  /** Records that replaced an earlier record of the same domain. */
  replaced = 0
  /** Date fields whose text did not parse. */
  unparsedDates = 0

  /** @param preparer - checks a record and adds its `_norm` fields */
  constructor(preparer: WhoisPreparer) {
    this.#preparer = preparer
  }

  /** Adds one parsed record; returns why it is rejected, or null when accepted. */
  add(value: unknown): string | null {
    const preparer = this.#preparer
    if (!preparer.check(value)) return preparer.reason
    this.unparsedDates += preparer.unparsedDates
    this.keep(preparer.key, value as WhoisRecord)
    return null
  }

  /** Adds a record already checked and normalised, replacing an earlier record of its key. */
  keep(key: string, record: WhoisRecord): void {
    const known = this.#ids.size
    const id = this.#ids.intern(key)
    this.#lastSlot[id] = this.#records.length
    this.#keys.push(key)
    this.#records.push(record)
    if (this.#ids.size === known) {
      this.replaced++
      if (++this.#stale * 3 > this.#records.length) this.#compact()
    }
  }

  /** The distinct domains and the latest record of each, at matching positions. */
  finish(): { keys: string[]; records: WhoisRecord[] } {
    if (this.#stale > 0) this.#compact()
    return { keys: this.#keys, records: this.#records }
  }

  /** Keeps only each key's latest record, in place, and points the map at the new slots. */
  #compact(): void {
    const keys = this.#keys
    const records = this.#records
    let kept = 0
    for (let i = 0; i < keys.length; i++) {
      const key = keys[i] as string
      const id = this.#ids.get(key)
      if (this.#lastSlot[id] !== i) continue
      if (kept !== i) {
        keys[kept] = key
        records[kept] = records[i] as WhoisRecord
        this.#lastSlot[id] = kept
      }
      kept++
    }
    keys.length = kept
    records.length = kept
    this.#stale = 0
  }
}
