/**
 * Host matching on items of type `host` (SPEC 6): the `nameserver` criterion, `host:` terms
 * (label-aligned suffix: `example.com` matches `example.com` and `ns1.example.com`, never
 * `notexample.com` or `example.com.evil.net`) and `host=` terms (equal host keys, so case and one
 * trailing dot do not matter). The label trie gives the keys: a node and, for suffixes, its subtree.
 */
import { hostKey } from '../../indexes/dns/host-key.js'
import { findNode, hostsBelow } from '../../indexes/dns/label-trie.js'
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
  const exact = state.trieHost[node] as number
  const below = suffix ? hostsBelow(state, node) : { from: 0, to: 0 }
  const start = state.hostItemStart
  let bound = below.to > below.from ? (start[below.to] as number) - (start[below.from] as number) : 0
  if (exact >= 0) bound += (start[exact + 1] as number) - (start[exact] as number)
  const out = new Uint32Array(bound)
  const fields = matchingFields(state, 'host', context)
  let k = exact >= 0 ? collect(state, exact, exact + 1, fields, out, 0) : 0
  k = collect(state, below.from, below.to, fields, out, k)
  return out.subarray(0, k)
}

// Appends the items of host keys [from, to) whose field is in `fields` to out[k…]; the new length.
function collect(
  state: DnsState,
  from: number,
  to: number,
  fields: Uint8Array,
  out: Uint32Array,
  k: number,
): number {
  if (to <= from) return k
  const items = state.hostItems
  const itemField = state.itemField
  let n = k
  for (let j = state.hostItemStart[from] as number; j < (state.hostItemStart[to] as number); j++) {
    const it = items[j] as number
    if (fields[itemField[it] as number] === 1) out[n++] = it
  }
  return n
}
