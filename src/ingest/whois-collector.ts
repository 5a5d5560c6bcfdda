/**
 * The WHOIS records of a load, keyed by normalised domain. Layout: `records[i]` is the record of
 * `keys[i]`; `lastSlot` maps a key to the slot of its latest record. Adding is one `Map.set` (a
 * `get` before it cost 0.4 µs a record on a million keys): a key seen again shows as a map that did
 * not grow. `finish()` then drops every record that is not its key's latest (SPEC 2: the later
 * replaces the earlier), a pass made only when there were duplicates. Record order does not matter:
 * the engine sorts records into result order.
 */
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
  readonly #lastSlot = new Map<string, number>()
  #keys: string[] = []
  #records: WhoisRecord[] = []
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
    const key = preparer.key
    const known = this.#lastSlot.size
    this.#lastSlot.set(key, this.#records.length)
    if (this.#lastSlot.size === known) this.replaced++
    this.#keys.push(key)
    this.#records.push(value as WhoisRecord)
    return null
  }

  /** The distinct domains and the latest record of each, at matching positions; call once, at the end. */
  finish(): { keys: string[]; records: WhoisRecord[] } {
    if (this.replaced === 0) return { keys: this.#keys, records: this.#records }
    const keys: string[] = []
    const records: WhoisRecord[] = []
    for (let i = 0; i < this.#keys.length; i++) {
      const key = this.#keys[i] as string
      if (this.#lastSlot.get(key) !== i) continue
      keys.push(key)
      records.push(this.#records[i] as WhoisRecord)
    }
    return { keys, records }
  }
}
