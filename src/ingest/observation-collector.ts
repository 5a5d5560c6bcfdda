/**
 * The DNS observations of a load, by kind. Layout: one list per kind; `slotOfId` maps an id to
 * `slot * 2 + (TXT ? 1 : 0)`, one number per id and no object. A later observation with a known id
 * takes the earlier one's slot (SPEC 2); when the kinds differ the earlier slot becomes a hole,
 * compacted once at the end.
 */
import type { DnsKind, Observation } from '../types.js'
import type { HostCheck } from './host-check.js'
import { checkObservation } from './observation-record.js'

/**
 * Checks and collects observations.
 *
 * @example
 * ```ts
 * const dns = new ObservationCollector(new HostCheck())
 * dns.add(observation, 'mx') // null when accepted, else the reason
 * dns.lists()                 // { mx: [...], txt: [...] }
 * ```
 */
export class ObservationCollector {
  readonly #hosts: HostCheck
  readonly #mx: (Observation | undefined)[] = []
  readonly #txt: (Observation | undefined)[] = []
  readonly #slotOfId = new Map<string, number>()
  #holes = 0
  /** Observations that replaced an earlier one with the same id. */
  replaced = 0

  /** @param hosts - the load's memoised host checker */
  constructor(hosts: HostCheck) {
    this.#hosts = hosts
  }

  /** Adds one parsed observation; returns why it is rejected, or null when accepted. */
  add(value: unknown, declared: DnsKind | undefined): string | null {
    const check = checkObservation(value, declared, this.#hosts)
    if (!check.ok) return check.reason
    const tag = check.kind === 'mx' ? 0 : 1
    const list = tag === 0 ? this.#mx : this.#txt
    const previous = this.#slotOfId.get(check.id)
    if (previous !== undefined) {
      this.replaced++
      if (previous % 2 === tag) {
        list[Math.floor(previous / 2)] = value as Observation
        return null
      }
      ;(tag === 0 ? this.#txt : this.#mx)[Math.floor(previous / 2)] = undefined
      this.#holes++
    }
    this.#slotOfId.set(check.id, list.length * 2 + tag)
    list.push(value as Observation)
    return null
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
