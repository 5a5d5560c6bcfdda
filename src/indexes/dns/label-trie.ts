/**
 * The label trie of the DNS index: the distinct host keys (dns/host-key.ts) as paths of labels read
 * right to left (`ns1.example.com` is com → example → ns1), so a label-aligned suffix search finds
 * the node of `example.com` with a few hash probes and collects its subtree, and an exact lookup is
 * the same walk. Labels are not copied: a node names its label as a range of a host key's text, and
 * the build allocates nothing per key (sorting the keys by reversed text instead measured ~4x
 * slower on 1.2M keys, because of the string allocations and the native string sort).
 *
 * Layout (N nodes, node 0 the root; labels are the parts of `key.split('.')`, so the key `""` of
 * the null MX is the root's child with the empty label, and `a.` ends in an empty label):
 * - `trieParent[v]`; the label of v is `hosts[trieLabelHost[v]]` from `trieLabelStart[v]` to
 *   `trieLabelEnd[v]`; `trieHost[v]` is the host key whose whole text is v's path, or -1.
 * - `trieChildren[trieChildStart[v] … trieChildStart[v+1])` are v's children.
 * - `trieSlots` hashes (parent, label) to node + 1 (0: empty), linear probing, at most half full.
 * Invariant: the keys in v's subtree (v excluded) are exactly those ending in `.` + v's path.
 */
import { unshiftStarts } from './csr.js'

/** The trie part of the DNS state; see the file comment. */
export interface LabelTrie {
  trieParent: Uint32Array
  trieLabelHost: Uint32Array
  trieLabelStart: Uint32Array
  trieLabelEnd: Uint32Array
  trieHost: Int32Array
  trieChildStart: Uint32Array
  trieChildren: Uint32Array
  trieSlots: Uint32Array
}

/**
 * Builds the trie of distinct host keys.
 *
 * @param hosts - distinct host keys; node paths refer to them by index
 * @param labels - the number of labels of all keys (dots + 1 each), when the caller counted them
 *   while the keys were in cache (a pass over 1M cold keys measured ~0.3 s); counted here if absent
 * @example
 * ```ts
 * const trie = buildLabelTrie(['example.com', 'ns1.example.com'])
 * findNode(trie, ['example.com', 'ns1.example.com'], 'example.com') // the node of example.com
 * ```
 */
export function buildLabelTrie(hosts: readonly string[], labels?: number): LabelTrie {
  let bound = 1
  if (labels === undefined) for (const key of hosts) bound += labelsOf(key)
  else bound += labels
  let size = 16
  while (size < bound * 2) size *= 2
  // Node columns start a little above one node per key (keys share their parents: 1.003 nodes a
  // key in the benchmark, against a bound of ~2.5 labels a key) and double when full: sized by
  // the bound, they allocated ~3.5x the bytes they keep, and V8 runs a full collection for each
  // 64 MB of typed arrays allocated.
  const trie: LabelTrie = {
    ...nodeColumns(Math.min(bound, hosts.length + (hosts.length >>> 3) + 16)),
    trieChildStart: new Uint32Array(0),
    trieChildren: new Uint32Array(0),
    trieSlots: new Uint32Array(size),
  }
  let nodes = 1
  for (let h = 0; h < hosts.length; h++) {
    const key = hosts[h] as string
    let node = 0
    let end = key.length
    for (;;) {
      let start = end
      while (start > 0 && key.charCodeAt(start - 1) !== 46) start--
      let child = probe(trie, hosts, node, key, start, end)
      if (child < 0) {
        const slot = -2 - child
        child = nodes++
        if (child === trie.trieParent.length) Object.assign(trie, grown(trie, Math.min(bound, child * 2)))
        trie.trieParent[child] = node
        trie.trieLabelHost[child] = h
        trie.trieLabelStart[child] = start
        trie.trieLabelEnd[child] = end
        trie.trieSlots[slot] = child + 1
      }
      node = child
      if (start === 0) break
      end = start - 1
    }
    trie.trieHost[node] = h
  }
  const parents = trie.trieParent.subarray(1, nodes)
  const childStart = new Uint32Array(nodes + 1)
  for (let v = 0; v < parents.length; v++) {
    const p = (parents[v] as number) + 1
    childStart[p] = (childStart[p] as number) + 1
  }
  for (let v = 0; v < nodes; v++)
    childStart[v + 1] = (childStart[v + 1] as number) + (childStart[v] as number)
  const children = new Uint32Array(nodes - 1)
  for (let v = 1; v < nodes; v++) {
    const p = trie.trieParent[v] as number
    const at = childStart[p] as number
    childStart[p] = at + 1
    children[at] = v
  }
  unshiftStarts(childStart)
  return {
    ...grown(trie, nodes),
    trieChildStart: childStart,
    trieChildren: children,
    trieSlots: trie.trieSlots,
  }
}

/**
 * The number of labels of a host key: its dots + 1.
 *
 * @example
 * ```ts
 * labelsOf('ns1.example.com') // 3
 * labelsOf('')                // 1
 * ```
 */
export function labelsOf(key: string): number {
  let labels = 1
  for (let i = 0; i < key.length; i++) if (key.charCodeAt(i) === 46) labels++
  return labels
}

type NodeColumns = Pick<
  LabelTrie,
  'trieParent' | 'trieLabelHost' | 'trieLabelStart' | 'trieLabelEnd' | 'trieHost'
>

function nodeColumns(capacity: number): NodeColumns {
  return {
    trieParent: new Uint32Array(capacity),
    trieLabelHost: new Uint32Array(capacity),
    trieLabelStart: new Uint32Array(capacity),
    trieLabelEnd: new Uint32Array(capacity),
    trieHost: new Int32Array(capacity).fill(-1),
  }
}

// The node columns resized to `capacity` (the same arrays when they already have that length).
function grown(trie: NodeColumns, capacity: number): NodeColumns {
  const { trieParent, trieLabelHost, trieLabelStart, trieLabelEnd, trieHost } = trie
  if (trieParent.length === capacity)
    return { trieParent, trieLabelHost, trieLabelStart, trieLabelEnd, trieHost }
  const out = nodeColumns(capacity)
  const keep = Math.min(capacity, trie.trieParent.length)
  out.trieParent.set(trie.trieParent.subarray(0, keep))
  out.trieLabelHost.set(trie.trieLabelHost.subarray(0, keep))
  out.trieLabelStart.set(trie.trieLabelStart.subarray(0, keep))
  out.trieLabelEnd.set(trie.trieLabelEnd.subarray(0, keep))
  out.trieHost.set(trie.trieHost.subarray(0, keep))
  return out
}

/**
 * The node whose path is `key`, or -1.
 *
 * @param trie - a trie from {@link buildLabelTrie}
 * @param hosts - the host keys it was built from
 * @param key - a host key
 * @example
 * ```ts
 * trie.trieHost[findNode(trie, hosts, 'example.com')] // the index of 'example.com' in hosts, or -1
 * ```
 */
export function findNode(trie: LabelTrie, hosts: readonly string[], key: string): number {
  let node = 0
  let end = key.length
  for (;;) {
    let start = end
    while (start > 0 && key.charCodeAt(start - 1) !== 46) start--
    node = probe(trie, hosts, node, key, start, end)
    if (node < 0) return -1
    if (start === 0) return node
    end = start - 1
  }
}

/**
 * Appends to `out` the host keys in the subtree below `node` (the node itself excluded): the keys
 * that end with `.` + the node's path.
 *
 * @example
 * ```ts
 * const out: number[] = []; hostsBelow(trie, findNode(trie, hosts, 'example.com'), out) // [index of ns1.example.com]
 * ```
 */
export function hostsBelow(trie: LabelTrie, node: number, out: number[]): void {
  const stack: number[] = [node]
  for (let v = stack.pop(); v !== undefined; v = stack.pop()) {
    for (let c = trie.trieChildStart[v] as number; c < (trie.trieChildStart[v + 1] as number); c++) {
      const child = trie.trieChildren[c] as number
      const host = trie.trieHost[child] as number
      if (host >= 0) out.push(host)
      stack.push(child)
    }
  }
}

// The child of `parent` labelled text[start, end), or -2 - (the empty slot where it would go).
function probe(
  trie: LabelTrie,
  hosts: readonly string[],
  parent: number,
  text: string,
  start: number,
  end: number,
): number {
  let h = Math.imul(0x811c9dc5 ^ parent, 0x01000193)
  for (let i = start; i < end; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193)
  const slots = trie.trieSlots
  const mask = slots.length - 1
  for (let s = h & mask; ; s = (s + 1) & mask) {
    const entry = slots[s] as number
    if (entry === 0) return -2 - s
    const v = entry - 1
    if (trie.trieParent[v] === parent && sameLabel(trie, hosts, v, text, start, end)) return v
  }
}

function sameLabel(
  trie: LabelTrie,
  hosts: readonly string[],
  v: number,
  text: string,
  start: number,
  end: number,
): boolean {
  const from = trie.trieLabelStart[v] as number
  if ((trie.trieLabelEnd[v] as number) - from !== end - start) return false
  const label = hosts[trie.trieLabelHost[v] as number] as string
  for (let i = 0; i < end - start; i++)
    if (label.charCodeAt(from + i) !== text.charCodeAt(start + i)) return false
  return true
}
