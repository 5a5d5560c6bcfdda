/**
 * The `host` criterion (SPEC 6): observations whose apex (the normalised value of the first item)
 * equals the host. A walk down the label trie, then the apex's ordinal list as a view.
 */
import { findNode } from '../../indexes/dns/label-trie.js'
import type { DnsState } from '../../indexes/dns/state.js'
import { EMPTY } from './id-sets.js'

/**
 * The ordinals of the observations of an apex, ascending.
 *
 * @param state - the index state
 * @param host - the normalised host (as `readHost` returns it)
 * @example
 * ```ts
 * apexObservations(state, 'example.com') // e.g. [4, 17, 230]
 * ```
 */
export function apexObservations(state: DnsState, host: string): Uint32Array {
  const node = findNode(state, state.hosts, host)
  const h = node < 0 ? -1 : state.trieHost.at(node)
  if (h < 0) return EMPTY
  return state.apexObs.range(state.apexStart.at(h), state.apexStart.at(h + 1)) as Uint32Array
}
