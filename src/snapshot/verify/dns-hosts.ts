/**
 * Checks the host part of a DNS index state (indexes/dns/state.ts, indexes/dns/label-trie.ts) as
 * `host`, `nameserver` and `most_recent` read it:
 *   - the label trie: parents before children, labels inside their host keys, each node in one
 *     hash slot, every host key found by the lookup a query makes and at the node holding it, every
 *     node on some key's path, and each node's key range exactly the keys below it (depth-first
 *     numbering: a suffix search reads one range);
 *   - each key's `host` items: items of a `host` field whose value has that key, every such item
 *     listed once;
 *   - each key's apex ordinals: ascending, exactly the ordinals whose apex it is, the apex being
 *     the key of the observation's first item (observations kept verbatim aside);
 *   - the latest-date bits equal those the days and apex lists give.
 */

import { showValue } from '../../errors.js'
import { type ByteTable, entryAt, entryCount, startOf } from '../../indexes/byte-table.js'
import { latestBits } from '../../indexes/dns/build.js'
import { hostKey } from '../../indexes/dns/host-key.js'
import { findNode, type LabelTrie, lookupOf } from '../../indexes/dns/label-trie.js'
import { type Checklist, Violation } from './checklist.js'
import type { DnsColumns } from './dns-index.js'
import { allBelow, byteTable, hashSlots, offsets, sameArray, sortedRuns, typedArray } from './values.js'

/**
 * Checks the host keys, their trie, their items and apex ordinals, and the latest-date bits.
 *
 * @param c - the state's checked columns
 * @param checks - where the passed checks go
 * @example
 * ```ts
 * checkDnsHosts(columns, checks)
 * ```
 */
export function checkDnsHosts(c: DnsColumns, checks: Checklist): void {
  const { where, state, strings } = c
  const hosts = byteTable(`${where}.hosts`, state['hosts'])
  const keys = entryCount(hosts)
  checkTrie(where, state, hosts, checks)

  const hostItemStart = typedArray(`${where}.hostItemStart`, state['hostItemStart'], Uint32Array, keys + 1)
  const hostItems = typedArray(`${where}.hostItems`, state['hostItems'], Uint32Array)
  offsets(`${where}.hostItemStart`, hostItemStart, hostItems.length)
  sortedRuns(`${where}.hostItems`, hostItems, hostItemStart, c.itemField.length)
  for (let k = 0; k < keys; k++) {
    const key = entryAt(hosts, k)
    for (let j = hostItemStart[k] as number; j < (hostItemStart[k + 1] as number); j++) {
      const it = hostItems[j] as number
      if (c.hostField[c.itemField[it] as number] !== 1)
        throw new Violation(`${where}.hostItems`, `host key ${k} lists item ${it}, which is not of type host`)
      const value = entryAt(strings, c.itemValue[it] as number)
      if (hostKey(value) !== key)
        throw new Violation(
          `${where}.hostItems`,
          `host key ${showValue(key)} lists item ${it} of host ${showValue(value)}`,
        )
    }
  }
  let hostItemCount = 0
  for (const field of c.itemField) hostItemCount += c.hostField[field] as number
  if (hostItemCount !== hostItems.length)
    throw new Violation(
      `${where}.hostItems`,
      `lists ${hostItems.length} items where ${hostItemCount} are of type host`,
    )
  checks.passed(`${where}.hostItems: each host item under its key, once`, hostItems.length)

  const n = c.days.length
  const apexOf = typedArray(`${where}.apexOf`, state['apexOf'], Uint32Array, n)
  allBelow(`${where}.apexOf`, apexOf, keys)
  const apexStart = typedArray(`${where}.apexStart`, state['apexStart'], Uint32Array, keys + 1)
  const apexObs = typedArray(`${where}.apexObs`, state['apexObs'], Uint32Array, n)
  offsets(`${where}.apexStart`, apexStart, n)
  sortedRuns(`${where}.apexObs`, apexObs, apexStart, n)
  for (let k = 0; k < keys; k++) {
    for (let j = apexStart[k] as number; j < (apexStart[k + 1] as number); j++) {
      const o = apexObs[j] as number
      if (apexOf[o] !== k)
        throw new Violation(
          `${where}.apexObs`,
          `host key ${k} lists ordinal ${o}, whose apex is key ${apexOf[o]}`,
        )
    }
  }
  for (let o = 0; o < n; o++) {
    if (c.verbatim[o] === 1) continue
    const first = c.obsItemStart[o] as number
    const apex =
      first < (c.obsItemStart[o + 1] as number) ? entryAt(strings, c.obsItemValue[first] as number) : ''
    if (hostKey(apex) !== entryAt(hosts, apexOf[o] as number))
      throw new Violation(
        `${where}.apexOf`,
        `ordinal ${o} has apex key ${apexOf[o]}, not that of ${showValue(apex)}`,
      )
  }
  checks.passed(`${where}.apexOf, ${where}.apexObs: each ordinal under its apex key, once`, n)
  const bits = typedArray(`${where}.latestBits`, state['latestBits'], Uint32Array, (n + 31) >>> 5)
  sameArray(`${where}.latestBits`, bits, latestBits(c.days, apexStart, apexObs), 'the days of each apex')
  checks.passed(`${where}.latestBits: the latest ordinals of each apex`, n)
}

function checkTrie(where: string, state: Record<string, unknown>, hosts: ByteTable, checks: Checklist): void {
  const keys = entryCount(hosts)
  const column = (name: string, length?: number): Uint32Array =>
    typedArray(`${where}.${name}`, state[name], Uint32Array, length)
  const trieParent = column('trieParent')
  const nodes = trieParent.length
  if (nodes === 0) throw new Violation(`${where}.trieParent`, 'has no root node')
  const trie: LabelTrie = {
    trieParent,
    trieLabelHost: column('trieLabelHost', nodes),
    trieLabelStart: column('trieLabelStart', nodes),
    trieLabelEnd: column('trieLabelEnd', nodes),
    trieHost: typedArray(`${where}.trieHost`, state['trieHost'], Int32Array, nodes),
    trieBelowStart: column('trieBelowStart', nodes),
    trieBelowEnd: column('trieBelowEnd', nodes),
    trieSlots: column('trieSlots'),
  }
  hashSlots(`${where}.trieSlots`, trie.trieSlots, nodes, nodes - 1)
  if (trie.trieSlots.includes(1)) throw new Violation(`${where}.trieSlots`, 'holds the root node')
  if (trie.trieHost[0] !== -1) throw new Violation(`${where}.trieHost`, 'gives the root node a host key')
  const seen = new Uint8Array(keys)
  const below = new Uint32Array(nodes)
  for (let v = nodes - 1; v >= 0; v--) {
    const host = trie.trieHost[v] as number
    if (host >= keys || host < -1)
      throw new Violation(`${where}.trieHost`, `node ${v} holds ${host}, not a host key`)
    if (host >= 0) {
      if (seen[host] === 1) throw new Violation(`${where}.trieHost`, `host key ${host} is at two nodes`)
      seen[host] = 1
    }
    if (v === 0) break
    const parent = trie.trieParent[v] as number
    if (parent >= v)
      throw new Violation(`${where}.trieParent`, `node ${v} has parent ${parent}, not an earlier node`)
    const labelHost = trie.trieLabelHost[v] as number
    if (labelHost >= keys)
      throw new Violation(`${where}.trieLabelHost`, `node ${v} names host key ${labelHost}`)
    const length = startOf(hosts, labelHost + 1) - startOf(hosts, labelHost)
    const start = trie.trieLabelStart[v] as number
    const end = trie.trieLabelEnd[v] as number
    if (start > end || end > length)
      throw new Violation(
        `${where}.trieLabelStart`,
        `node ${v} has label bytes ${start}…${end} of a key of ${length}`,
      )
    below[parent] = (below[parent] as number) + (below[v] as number) + (host >= 0 ? 1 : 0)
  }
  for (let v = 0; v < nodes; v++) {
    const from = trie.trieBelowStart[v] as number
    const to = trie.trieBelowEnd[v] as number
    if (from > to || to > keys || to - from !== below[v])
      throw new Violation(
        `${where}.trieBelowStart`,
        `node ${v} has key range ${from}…${to} for ${below[v]} keys below it`,
      )
    const host = trie.trieHost[v] as number
    if (host >= 0 && host !== from - 1)
      throw new Violation(
        `${where}.trieHost`,
        `node ${v} holds key ${host}, not the one before its range (${from})`,
      )
  }
  const reached = new Uint8Array(nodes)
  reached[0] = 1
  const lookup = lookupOf(trie)
  for (let k = 0; k < keys; k++) {
    const node = findNode(lookup, hosts, entryAt(hosts, k))
    if (node < 0 || trie.trieHost[node] !== k)
      throw new Violation(
        `${where}.trieSlots`,
        `host key ${k} ${showValue(entryAt(hosts, k))} looks up to node ${node}`,
      )
    reached[node] = 1
    for (let a = node; a !== 0; ) {
      a = trie.trieParent[a] as number
      reached[a] = 1
      if (k < (trie.trieBelowStart[a] as number) || k >= (trie.trieBelowEnd[a] as number))
        throw new Violation(
          `${where}.trieBelowStart`,
          `host key ${k} is outside the key range of node ${a} above it`,
        )
    }
  }
  const stray = reached.indexOf(0)
  if (stray >= 0) throw new Violation(`${where}.trieParent`, `node ${stray} is on no host key's path`)
  checks.passed(`${where}.trie*: every host key found at its node, key ranges exact`, nodes)
}
