/**
 * Lookups across an engine's segment views that answer for the engine as a whole: the live
 * observation held under an id, and the item fields the observations of a kind carry.
 */
import { fieldNames } from '../indexes/dns/state.js'
import type { DnsKind, ItemField, Observation } from '../types.js'
import { dnsOf, type SegmentView } from './segment.js'

/**
 * The live observation the views hold under an id, if any.
 *
 * @param views - an engine's segment views
 * @param id - an observation id
 * @example
 * ```ts
 * heldObservation(views, 'mx-2024-03-05-example.com') // { date: '2024-03-05', id: 'mx-2024-03-05-example.com', items: [...] }
 * ```
 */
export function heldObservation(views: readonly SegmentView[], id: string): Observation | undefined {
  for (const { segment, deleted } of views) {
    for (const kind of ['mx', 'txt'] as const) {
      const index = dnsOf(segment, kind)
      const ordinal = index.ordinalOf(id)
      if (ordinal >= 0 && !deleted[kind].has(ordinal)) return index.at(ordinal)
    }
  }
  return undefined
}

/**
 * The distinct contexts and types of the items of one kind's observations over the views, sorted.
 *
 * @param views - an engine's segment views
 * @param kind - `mx` or `txt`
 * @example
 * ```ts
 * itemFieldsOf(views, 'txt') // [{ context: '', type: 'host' }, { context: 'dns-ns', type: 'host' }, { context: 'dns-txt', type: 'txt' }]
 * ```
 */
export function itemFieldsOf(views: readonly SegmentView[], kind: DnsKind): ItemField[] {
  const seen = new Map<string, ItemField>()
  for (const { segment } of views) {
    const names = fieldNames(dnsOf(segment, kind).state)
    names.types.forEach((type, f) => {
      const context = names.contexts[f] as string
      seen.set(JSON.stringify([context, type]), { context, type })
    })
  }
  return [...seen.keys()].sort().map((key) => seen.get(key) as ItemField)
}
