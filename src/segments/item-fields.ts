/**
 * What the observations of a kind carry across an engine's segment views: the item fields.
 */
import { fieldNames } from '../indexes/dns/state.js'
import type { DnsKind, ItemField } from '../types.js'
import { dnsOf, type SegmentView } from './segment.js'

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
