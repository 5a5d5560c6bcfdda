/**
 * Builds the state of a DNS index (layout in dns/state.ts) from validated observations of one
 * kind: columns first (dns/columns.ts), then item postings, the host keys with their label trie
 * and each apex's observations, the latest-date bitmap of `most_recent`, and the token index over
 * text values.
 */
import type { DnsKind, Observation } from '../../types.js'
import { StringIds } from '../string-ids.js'
import { buildColumns, type Columns } from './columns.js'
import { groupByKey } from './csr.js'
import { U32List } from './growable.js'
import { hostKey } from './host-key.js'
import { buildLabelTrie, type LabelTrie } from './label-trie.js'
import type { DnsState } from './state.js'
import { buildTokenIndex } from './token-index.js'

/**
 * Builds the index state of one kind of observations.
 *
 * @param kind - `mx` or `txt`
 * @param observations - validated observations (apex host item first), ids unique
 * @example
 * ```ts
 * buildDnsState('mx', observations).days.length // observations.length
 * ```
 */
export function buildDnsState(kind: DnsKind, observations: readonly Observation[]): DnsState {
  const c = buildColumns(observations)
  const hostType = c.strings.indexOf('host')
  const isHostItem = new Uint8Array(c.itemField.length)
  for (let i = 0; i < isHostItem.length; i++) {
    isHostItem[i] = c.fieldType[c.itemField[i] as number] === hostType ? 1 : 0
  }
  const isText = new Uint8Array(c.strings.length)
  for (let i = 0; i < isHostItem.length; i++) if (isHostItem[i] === 0) isText[c.itemValue[i] as number] = 1
  const state: DnsState = {
    kind,
    strings: c.strings,
    days: c.days,
    ids: c.ids,
    obsShape: c.obsShape,
    verbatimOrdinals: c.verbatimOrdinals,
    verbatim: c.verbatim,
    fieldContext: c.fieldContext,
    fieldType: c.fieldType,
    fieldMeta: c.fieldMeta,
    fieldShape: c.fieldShape,
    obsItemStart: c.obsItemStart,
    obsItemField: c.obsItemField,
    obsItemValue: c.obsItemValue,
    itemField: c.itemField,
    itemValue: c.itemValue,
    valueFirstItem: c.valueFirstItem,
    itemNextSameValue: c.itemNextSameValue,
    ...itemPostings(c),
    ...hostTable(c, isHostItem),
    ...buildTokenIndex(c.strings, isText),
  }
  return Object.freeze(state)
}

// Each item's ordinals, ascending, each once: two passes over the item lists (count, then fill).
function itemPostings(c: Columns): { itemPostStart: Uint32Array; itemPostings: Uint32Array } {
  const itemCount = c.itemField.length
  const n = c.days.length
  const start = new Uint32Array(itemCount + 1)
  const last = new Int32Array(itemCount).fill(-1)
  for (let o = 0; o < n; o++) {
    for (let j = c.obsItemStart[o] as number; j < (c.obsItemStart[o + 1] as number); j++) {
      const it = c.occurrenceItem[j] as number
      if (last[it] === o) continue
      last[it] = o
      start[it + 1] = (start[it + 1] as number) + 1
    }
  }
  for (let i = 0; i < itemCount; i++) start[i + 1] = (start[i + 1] as number) + (start[i] as number)
  const fill = start.slice(0, itemCount)
  const out = new Uint32Array(start[itemCount] as number)
  last.fill(-1)
  for (let o = 0; o < n; o++) {
    for (let j = c.obsItemStart[o] as number; j < (c.obsItemStart[o + 1] as number); j++) {
      const it = c.occurrenceItem[j] as number
      if (last[it] === o) continue
      last[it] = o
      const at = fill[it] as number
      fill[it] = at + 1
      out[at] = o
    }
  }
  return { itemPostStart: start, itemPostings: out }
}

type HostPart = LabelTrie &
  Pick<DnsState, 'hosts' | 'hostItemStart' | 'hostItems' | 'apexOf' | 'apexStart' | 'apexObs' | 'latestBits'>

// The host keys of `host` items and apexes with their label trie; items and ordinals per key.
function hostTable(c: Columns, isHostItem: Uint8Array): HostPart {
  const n = c.days.length
  const keyIds = new StringIds()
  const keyOfString = new Int32Array(c.strings.length).fill(-1)
  const keyOf = (s: number): number => {
    let k = keyOfString[s] as number
    if (k < 0) {
      k = keyIds.intern(hostKey(c.strings[s] as string))
      keyOfString[s] = k
    }
    return k
  }
  const hostItemIds = new U32List()
  const hostItemKeys = new U32List()
  for (let i = 0; i < isHostItem.length; i++) {
    if (isHostItem[i] === 0) continue
    hostItemIds.push(i)
    hostItemKeys.push(keyOf(c.itemValue[i] as number))
  }
  const apexOf = new Uint32Array(n)
  for (let o = 0; o < n; o++) apexOf[o] = keyOf(c.apexValue[o] as number)
  const hosts = Array.from({ length: keyIds.size }, (_, k) => keyIds.string(k))
  const byKey = groupByKey(hosts.length, hostItemKeys.toArray(), hostItemIds.toArray())
  const ordinals = new Uint32Array(n)
  for (let o = 0; o < n; o++) ordinals[o] = o
  const byApex = groupByKey(hosts.length, apexOf, ordinals)
  return {
    hosts,
    ...buildLabelTrie(hosts),
    hostItemStart: byKey.start,
    hostItems: byKey.values,
    apexOf,
    apexStart: byApex.start,
    apexObs: byApex.values,
    latestBits: latestBits(c.days, byApex.start, byApex.values),
  }
}

// The ordinals dated on their apex's latest date, as a bitmap: each apex's list is newest first.
function latestBits(days: Int32Array, apexStart: Uint32Array, apexObs: Uint32Array): Uint32Array {
  const bits = new Uint32Array((days.length + 31) >>> 5)
  for (let h = 0; h + 1 < apexStart.length; h++) {
    const from = apexStart[h] as number
    const to = apexStart[h + 1] as number
    if (from === to) continue
    const newest = days[apexObs[from] as number]
    for (let j = from; j < to && days[apexObs[j] as number] === newest; j++) {
      const o = apexObs[j] as number
      bits[o >>> 5] = (bits[o >>> 5] as number) | (1 << (o & 31))
    }
  }
  return bits
}
