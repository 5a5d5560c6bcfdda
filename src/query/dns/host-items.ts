/**
 * Host matching on items of type `host` (SPEC 6): the `nameserver` criterion, `host:` terms
 * (label-aligned suffix: `example.com` matches `example.com` and `ns1.example.com`, never
 * `notexample.com` or `example.com.evil.net`) and `host=` terms (equal host keys, so case and one
 * trailing dot do not matter). The label trie gives the keys: a node and, for suffixes, its subtree.
 */
import { hostKey } from '../../indexes/dns/host-key.js'
import { findNode, keyRange } from '../../indexes/dns/label-trie.js'
import { type DnsState, matchingFields } from '../../indexes/dns/state.js'
import { EMPTY } from './id-sets.js'

/**
 * The `host` items whose key equals the host's key or, with `suffix`, ends with `.` + that key.
 *
 * @param state - the index state
 * @param host - the host as given (normalised here)
 * @param context - only items of this context, or null for every context (metadata included)
 * @param suffix - label-aligned suffix match instead of equality
 * @example
 * ```ts
 * hostItems(state, 'example-dns.net', 'dns-ns', true) // Uint32Array: items ns1.example-dns.net, ...
 * ```
 */
export function hostItems(
  state: DnsState,
  host: string,
  context: string | null,
  suffix: boolean,
): Uint32Array {
  const node = findNode(state, state.hosts, hostKey(host))
  if (node < 0) return EMPTY
  const { from, to } = keyRange(state, node, suffix)
  if (to <= from) return EMPTY
  const start = state.hostItemStart.at(from)
  const end = state.hostItemStart.at(to)
  const out = new Uint32Array(end - start)
  const fields = matchingFields(state, 'host', context)
  let k = 0
  for (let j = start; j < end; j++) {
    const it = state.hostItems.at(j)
    if (fields[state.itemField.at(it)] === 1) out[k++] = it
  }
  return out.subarray(0, k)
}
