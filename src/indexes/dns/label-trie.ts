/**
 * The label trie of the DNS index: the distinct host keys (dns/host-key.ts) as paths of labels read
 * right to left (`ns1.example.com` is com → example → ns1), so a label-aligned suffix search finds
 * the node of `example.com` with a few hash probes and collects its subtree, and an exact lookup is
 * the same walk. Keys are a byte table (indexes/byte-table.ts) and labels are compared as UTF-8 bytes
 * (a dot is one byte and never part of another character). Labels are not copied: a node names its
 * label as a byte range of a host key, and the build allocates nothing per key (sorting the keys by reversed text instead measured ~4x
 * slower on 1.2M keys, because of the string allocations and the native string sort).
 *
 * Layout (N nodes, node 0 the root; labels are the parts of `key.split('.')`, so the key `""` of
 * the null MX is the root's child with the empty label, and `a.` ends in an empty label):
 * - `trieParent[v]`; the label of v is the bytes `trieLabelStart[v]` to `trieLabelEnd[v]` of host
 *   key `trieLabelHost[v]`; `trieHost[v]` is the host key whose whole text is v's path, or -1.
 * - Host keys are numbered in a depth-first (pre-order) walk of the trie, so the keys in v's
 *   subtree (v excluded) are the contiguous range `trieBelowStart[v] … trieBelowEnd[v]`: a suffix
 *   search reads one range of every per-key array instead of walking the subtree (74K keys under
 *   `outlook.com` at 1M MX observations: 5.5 ms walking the subtree, 0.6 ms reading the range).
 * - `trieSlots` hashes (parent, label) to node + 1 (0: empty), linear probing, at most half full.
 * Invariant: the keys in v's subtree (v excluded) are exactly those ending in `.` + v's path.
 */

import { Column } from '../../storage/column.js'
import { inMemory } from '../../storage/lazy-section.js'
import { type ByteTable, entryCount, type MemoryByteTable, pickEntries, startOf } from '../byte-table.js'
import { encodeUtf8, utf8Scratch } from '../utf8.js'
import { unshiftStarts } from './csr.js'

const DOT = 0x2e

/** The trie part of the DNS state; see the file comment. */
export interface LabelTrie {
  trieParent: Uint32Array
  trieLabelHost: Uint32Array
  trieLabelStart: Uint32Array
  trieLabelEnd: Uint32Array
  trieHost: Int32Array
  trieBelowStart: Uint32Array
  trieBelowEnd: Uint32Array
  trieSlots: Uint32Array
}

/** A trie with the host keys it numbers, and where each key given to the build went. */
export interface NumberedTrie {
  trie: LabelTrie
  /** The keys in the trie's numbering (depth-first order). */
  hosts: MemoryByteTable
  /** The number in `hosts` of each key given to the build, by its index there. */
  rank: Uint32Array
}

/**
 * Builds the trie of distinct host keys and numbers the keys in its depth-first order.
 *
 * @param hosts - distinct host keys, as a byte table
 * @example
 * ```ts
 * const { trie, hosts } = buildLabelTrie(byteTableOf(2, (i) => ['ns1.example.com', 'example.com'][i]))
 * entryAt(hosts, 0)                                       // 'example.com'
 * trie.trieHost[findNode(trie, hosts, 'example.com')]     // 0
 * ```
 */
export function buildLabelTrie(hosts: MemoryByteTable): NumberedTrie {
  const { starts } = hosts
  const bytes = inMemory(hosts.bytes)
  const count = entryCount(hosts)
  // Nodes are at most the labels of all keys (dots + 1 each) and the root.
  let bound = 1 + count
  for (let i = 0; i < bytes.length; i++) if (bytes[i] === DOT) bound++
  let size = 16
  while (size < bound * 2) size *= 2
  // Node columns start a little above one node per key (keys share their parents: 1.003 nodes a
  // key in the benchmark, against a bound of ~2.5 labels a key) and double when full: sized by
  // the bound, they allocated ~3.5x the bytes they keep, and V8 runs a full collection for each
  // 64 MB of typed arrays allocated.
  const trie: NodeColumns & Pick<LabelTrie, 'trieSlots'> = {
    ...nodeColumns(Math.min(bound, count + (count >>> 3) + 16)),
    trieSlots: new Uint32Array(size),
  }
  // Probed through columns, as queries probe a trie that may be on disk (in memory: the whole
  // arrays), made again when the node columns grow.
  let lookup = lookupOf(trie)
  let nodes = 1
  for (let h = 0; h < count; h++) {
    const base = starts[h] as number
    let node = 0
    let end = starts[h + 1] as number
    for (;;) {
      let start = end
      while (start > base && bytes[start - 1] !== DOT) start--
      let child = probe(lookup, hosts, node, bytes, start, end)
      if (child < 0) {
        const slot = -2 - child
        child = nodes++
        if (child === trie.trieParent.length) {
          Object.assign(trie, grown(trie, Math.min(bound, child * 2)))
          lookup = lookupOf(trie)
        }
        trie.trieParent[child] = node
        trie.trieLabelHost[child] = h
        trie.trieLabelStart[child] = start - base
        trie.trieLabelEnd[child] = end - base
        trie.trieSlots[slot] = child + 1
      }
      node = child
      if (start === base) break
      end = start - 1
    }
    trie.trieHost[node] = h
  }
  const columns = grown(trie, nodes)
  const numbered = numberDepthFirst(columns, hosts)
  return {
    trie: { ...columns, ...numbered.below, trieSlots: trie.trieSlots },
    hosts: numbered.hosts,
    rank: numbered.rank,
  }
}

// Numbers the keys in a depth-first walk (a node's own key before those below it), rewriting the
// node columns' key numbers, and gives each node the range of keys below it.
function numberDepthFirst(
  trie: NodeColumns,
  hosts: ByteTable,
): { hosts: MemoryByteTable; rank: Uint32Array; below: Pick<LabelTrie, 'trieBelowStart' | 'trieBelowEnd'> } {
  const nodes = trie.trieParent.length
  const childStart = new Uint32Array(nodes + 1)
  for (let v = 1; v < nodes; v++) {
    const p = (trie.trieParent[v] as number) + 1
    childStart[p] = (childStart[p] as number) + 1
  }
  for (let v = 0; v < nodes; v++)
    childStart[v + 1] = (childStart[v + 1] as number) + (childStart[v] as number)
  const children = new Uint32Array(Math.max(0, nodes - 1))
  for (let v = 1; v < nodes; v++) {
    const p = trie.trieParent[v] as number
    const at = childStart[p] as number
    childStart[p] = at + 1
    children[at] = v
  }
  unshiftStarts(childStart)
  const rank = new Uint32Array(entryCount(hosts))
  const belowStart = new Uint32Array(nodes)
  const belowEnd = new Uint32Array(nodes)
  // A node is pushed as v + 1 on the way down and as -(v + 1) to close it once its subtree is done.
  const stack = new Int32Array(2 * nodes + 1)
  let top = 0
  let next = 0
  stack[top++] = 1
  while (top > 0) {
    const entry = stack[--top] as number
    if (entry < 0) {
      belowEnd[-entry - 1] = next
      continue
    }
    const v = entry - 1
    const h = trie.trieHost[v] as number
    if (h >= 0) {
      rank[h] = next
      trie.trieHost[v] = next++
    }
    belowStart[v] = next
    stack[top++] = -entry
    for (let c = childStart[v] as number; c < (childStart[v + 1] as number); c++)
      stack[top++] = (children[c] as number) + 1
  }
  const order = new Uint32Array(rank.length)
  for (let h = 0; h < rank.length; h++) order[rank[h] as number] = h
  for (let v = 1; v < nodes; v++) trie.trieLabelHost[v] = rank[trie.trieLabelHost[v] as number] as number
  return {
    hosts: pickEntries(hosts, order),
    rank,
    below: { trieBelowStart: belowStart, trieBelowEnd: belowEnd },
  }
}

type NodeColumns = Pick<
  LabelTrie,
  'trieParent' | 'trieLabelHost' | 'trieLabelStart' | 'trieLabelEnd' | 'trieHost'
>

/** What finding a node reads: the hash slots and the node columns, through columns. */
export type TrieLookup = {
  readonly [K in 'trieSlots' | 'trieParent' | 'trieLabelHost' | 'trieLabelStart' | 'trieLabelEnd']: Column
}

/**
 * The columns a lookup reads over a trie's arrays in memory (a build's, or a check's).
 *
 * @example
 * ```ts
 * findNode(lookupOf(trie), hosts, 'example.com')
 * ```
 */
export function lookupOf(
  trie: Pick<LabelTrie, 'trieSlots' | 'trieParent' | 'trieLabelHost' | 'trieLabelStart' | 'trieLabelEnd'>,
): TrieLookup {
  return {
    trieSlots: new Column(trie.trieSlots),
    trieParent: new Column(trie.trieParent),
    trieLabelHost: new Column(trie.trieLabelHost),
    trieLabelStart: new Column(trie.trieLabelStart),
    trieLabelEnd: new Column(trie.trieLabelEnd),
  }
}

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
export function findNode(trie: TrieLookup, hosts: ByteTable, key: string): number {
  const text = utf8Scratch().subarray(0, encodeUtf8(key))
  let node = 0
  let end = text.length
  for (;;) {
    let start = end
    while (start > 0 && text[start - 1] !== DOT) start--
    node = probe(trie, hosts, node, text, start, end)
    if (node < 0) return -1
    if (start === 0) return node
    end = start - 1
  }
}

/**
 * The host keys of a node as one range [from, to) of the trie's numbering: its own key (the node's
 * whole path), and with `suffix` also the keys of its subtree, those ending with `.` + the path.
 * Keys are numbered depth first, a node's own key just before those below it.
 *
 * @example
 * ```ts
 * keyRange(trie, findNode(trie, hosts, 'example.com'), true) // { from: 0, to: 2 }: example.com, ns1.example.com
 * ```
 */
export function keyRange(
  trie: { readonly [K in 'trieBelowStart' | 'trieBelowEnd' | 'trieHost']: Column },
  node: number,
  suffix: boolean,
): { from: number; to: number } {
  const below = trie.trieBelowStart.at(node)
  const own = trie.trieHost.at(node) >= 0
  return { from: own ? below - 1 : below, to: suffix ? trie.trieBelowEnd.at(node) : below }
}

// The child of `parent` labelled text[start, end) (UTF-8), or -2 - (the empty slot where it would go).
function probe(
  trie: TrieLookup,
  hosts: ByteTable,
  parent: number,
  text: Uint8Array,
  start: number,
  end: number,
): number {
  let h = Math.imul(0x811c9dc5 ^ parent, 0x01000193)
  for (let i = start; i < end; i++) h = Math.imul(h ^ (text[i] as number), 0x01000193)
  const slots = trie.trieSlots
  const mask = slots.length - 1
  for (let s = h & mask; ; s = (s + 1) & mask) {
    const entry = slots.at(s)
    if (entry === 0) return -2 - s
    const v = entry - 1
    if (trie.trieParent.at(v) === parent && sameLabel(trie, hosts, v, text, start, end)) return v
  }
}

function sameLabel(
  trie: TrieLookup,
  hosts: ByteTable,
  v: number,
  text: Uint8Array,
  start: number,
  end: number,
): boolean {
  const labelStart = trie.trieLabelStart.at(v)
  const length = trie.trieLabelEnd.at(v) - labelStart
  if (length !== end - start) return false
  const from = startOf(hosts, trie.trieLabelHost.at(v)) + labelStart
  const stored = hosts.bytes
  // In memory the label is compared in place; left on disk, through a view of its block.
  const bytes = stored instanceof Uint8Array ? stored : stored.read(from, from + length)
  const at = stored instanceof Uint8Array ? from : 0
  for (let i = 0; i < length; i++) if (bytes[at + i] !== text[start + i]) return false
  return true
}
