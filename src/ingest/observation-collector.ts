/**
 * The DNS observations of a load, by kind. Layout: one list per kind; `slotOfId[ids.get(id)]` is
 * `slot * 2 + (TXT ? 1 : 0)`, one number per id and no object. The ids go through StringIds, whose
 * sharded Maps hold more than the 16.7M entries one JS Map can (30M observations at 10M apexes). A later observation with a known id
 * takes the earlier one's slot (SPEC 2); when the kinds differ the earlier slot becomes a hole,
 * compacted once at the end.
 */
import { StringIds } from '../indexes/string-ids.js'
import type { DnsKind, Observation } from '../types.js'

/**
 * Collects checked observations (stream.ts checks them).
 *
 * @example
 * ```ts
 * const dns = new ObservationCollector()
 * dns.keep('mx', 'obs-1', observation)
 * dns.lists() // { mx: [observation], txt: [] }
 * ```
 */
export class ObservationCollector {
  readonly #mx: (Observation | undefined)[] = []
  readonly #txt: (Observation | undefined)[] = []
  readonly #ids = new StringIds()
  readonly #slotOfId: number[] = []
  #holes = 0
  /** Observations that replaced an earlier one with the same id. */
  replaced = 0

  /** Adds an observation already checked, replacing an earlier one with its id. */
  keep(kind: DnsKind, id: string, observation: Observation): void {
    const tag = kind === 'mx' ? 0 : 1
    const list = tag === 0 ? this.#mx : this.#txt
    const known = this.#ids.size
    const key = this.#ids.intern(id)
    const previous = key < known ? this.#slotOfId[key] : undefined
    if (previous !== undefined) {
      this.replaced++
      if (previous % 2 === tag) {
        list[Math.floor(previous / 2)] = observation
        return
      }
      ;(tag === 0 ? this.#txt : this.#mx)[Math.floor(previous / 2)] = undefined
      this.#holes++
    }
    this.#slotOfId[key] = list.length * 2 + tag
    list.push(observation)
  }

  /** The observations of each kind, in first-seen order of their ids. */
  lists(): { mx: Observation[]; txt: Observation[] } {
    if (this.#holes === 0) return { mx: this.#mx as Observation[], txt: this.#txt as Observation[] }
    return {
      mx: this.#mx.filter((o) => o !== undefined),
      txt: this.#txt.filter((o) => o !== undefined),
    }
  }
}
