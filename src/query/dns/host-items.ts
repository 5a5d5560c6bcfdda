/**
 * Host matching on items of type `host` (SPEC 6): the `nameserver` criterion, `host:` terms
 * (label-aligned suffix: `example.com` matches `example.com` and `ns1.example.com`, never
 * `notexample.com` or `example.com.evil.net`) and `host=` terms (equal host keys, so case and one
 * trailing dot do not matter). The label trie gives the keys: a node and, for suffixes, its subtree.
 */
import { hostKey } from '../../indexes/dns/host-key.js'
import { findNode, hostsBelow } from '../../indexes/dns/label-trie.js'
import { type DnsState, matchingFields } from '../../indexes/dns/state.js'

/**
 * The `host` items whose key equals the host's key or, with `suffix`, ends with `.` + that key.
 *
 * @param state - the index state
 * @param host - the host as given (normalised here)
 * @param context - only items of this context, or null for every context (metadata included)
 * @param suffix - label-aligned suffix match instead of equality
 * @example
 * ```ts
 * hostItems(state, 'example-dns.net', 'dns-ns', true) // ids of items ns1.example-dns.net, ...
 * ```
 */
export function hostItems(state: DnsState, host: string, context: string | null, suffix: boolean): number[] {
  const out: number[] = []
  const node = findNode(state, state.hosts, hostKey(host))
  if (node < 0) return out
  const keys: number[] = []
  const exact = state.trieHost[node] as number
  if (exact >= 0) keys.push(exact)
  if (suffix) hostsBelow(state, node, keys)
  const fields = matchingFields(state, 'host', context)
  for (const h of keys) collect(state, h, fields, out)
  return out
}

function collect(state: DnsState, host: number, fields: Uint8Array, out: number[]): void {
  const start = state.hostItemStart
  for (let j = start[host] as number; j < (start[host + 1] as number); j++) {
    const it = state.hostItems[j] as number
    if (fields[state.itemField[it] as number] === 1) out.push(it)
  }
}
