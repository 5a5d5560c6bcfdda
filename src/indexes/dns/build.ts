/**
 * Builds the state of a DNS index (layout in dns/state.ts) from the columns of validated
 * observations of one kind (dns/columns.ts, dns/column-log.ts): item postings, the host keys with their label trie and each apex's
 * observations, the latest-date bitmap of `most_recent`, and the token index over text values.
 */
import type { DnsKind } from '../../types.js'
import { ByteTableBuilder, entryAt, entryCount } from '../byte-table.js'
import { room } from '../grow.js'
import { TermDictionaryBuilder } from '../term-dictionary.js'
import type { U32List } from '../u32-list.js'
import type { Columns } from './columns.js'
import { groupByKey, unshiftStarts } from './csr.js'
import { hostKey } from './host-key.js'
import { buildLabelTrie, type LabelTrie } from './label-trie.js'
import type { SavedDnsState } from './state.js'
import { buildTokenIndex } from './token-index.js'

/**
 * Builds the index state of one kind of observations.
 *
 * @param kind - `mx` or `txt`
 * @param c - the columns of its observations (apex host item first, ids unique)
 * @example
 * ```ts
 * buildDnsState('mx', buildColumns(observationsOf(observations))).days.length // observations.length
 * ```
 */
export function buildDnsState(kind: DnsKind, c: Columns): SavedDnsState {
  const items = itemsByField(c)
  const hostType = c.stringIds.get('host')
  const isHostItem = new Uint8Array(c.itemField.length)
  for (let i = 0; i < isHostItem.length; i++) {
    isHostItem[i] = c.fieldType[c.itemField[i] as number] === hostType ? 1 : 0
  }
  const isText = new Uint8Array(entryCount(c.strings))
  for (let i = 0; i < isHostItem.length; i++) if (isHostItem[i] === 0) isText[c.itemValue[i] as number] = 1
  const state: SavedDnsState = {
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
    ...items,
    ...itemPostings(c.itemField.length, c.obsItemStart, c.occurrenceItem),
    ...hostTable(c, isHostItem),
    ...buildTokenIndex(c.strings, isText),
  }
  return Object.freeze(state)
}

/**
 * Renumbers the items grouped by field (in their order within a field), so that the items of a
 * field are one range, `fieldItemStart[f] … fieldItemStart[f+1]`: a summary of whole fields reads
 * only their items (at 1M TXT observations, 0.8M of 1.45M). Rewrites the columns' item ids
 * (`itemField`, `itemValue`, `occurrenceItem`) in place, and chains each value's items in the new
 * order (`valueFirstItem`, `itemNextSameValue`; layout in dns/state.ts).
 */
function itemsByField(
  c: Columns,
): Pick<
  SavedDnsState,
  'itemField' | 'itemValue' | 'fieldItemStart' | 'valueFirstItem' | 'itemNextSameValue'
> {
  const { start, values: order } = groupByKey(c.fieldType.length, c.itemField)
  const n = order.length
  const rank = new Uint32Array(n)
  const itemValue = new Uint32Array(n)
  for (let i = 0; i < n; i++) {
    const old = order[i] as number
    rank[old] = i
    itemValue[i] = c.itemValue[old] as number
  }
  const itemField = new Uint32Array(n)
  for (let f = 0; f + 1 < start.length; f++) itemField.fill(f, start[f] as number, start[f + 1] as number)
  for (let j = 0; j < c.occurrenceItem.length; j++)
    c.occurrenceItem.set(j, rank[c.occurrenceItem.get(j)] as number)
  c.itemField = itemField
  c.itemValue = itemValue
  // Chains are built from the last item back, each item put in front of its value's chain.
  const valueFirstItem = new Int32Array(entryCount(c.strings)).fill(-1)
  const itemNextSameValue = new Int32Array(n)
  for (let i = n - 1; i >= 0; i--) {
    const v = itemValue[i] as number
    const head = valueFirstItem[v] as number
    itemNextSameValue[i] = head
    // The end of a chain of several items is -2, so that -1 alone says "the value's only item".
    if (head >= 0 && itemNextSameValue[head] === -1) itemNextSameValue[head] = -2
    valueFirstItem[v] = i
  }
  return { itemField, itemValue, fieldItemStart: start, valueFirstItem, itemNextSameValue }
}

/**
 * Each item's ordinals, ascending, each once: two passes over the item lists (count, then fill).
 * What a build stores, and what a snapshot check compares the stored postings with.
 *
 * @param itemCount - the number of items
 * @param obsItemStart - ordinal o's occurrences are obsItemStart[o] … obsItemStart[o + 1]
 * @param occurrenceItem - the item of each occurrence, below `itemCount`
 * @example
 * ```ts
 * itemPostings(2, Uint32Array.of(0, 2, 3), { get: (j) => [1, 0, 1][j] as number }) // { itemPostStart: [0, 1, 3], itemPostings: [0, 0, 1] }
 * ```
 */
export function itemPostings(
  itemCount: number,
  obsItemStart: Uint32Array,
  occurrenceItem: Pick<U32List, 'get'>,
): { itemPostStart: Uint32Array; itemPostings: Uint32Array } {
  const n = obsItemStart.length - 1
  const start = new Uint32Array(itemCount + 1)
  const last = new Int32Array(itemCount).fill(-1)
  for (let o = 0; o < n; o++) {
    for (let j = obsItemStart[o] as number; j < (obsItemStart[o + 1] as number); j++) {
      const it = occurrenceItem.get(j)
      if (last[it] === o) continue
      last[it] = o
      start[it + 1] = (start[it + 1] as number) + 1
    }
  }
  for (let i = 0; i < itemCount; i++) start[i + 1] = (start[i + 1] as number) + (start[i] as number)
  const out = new Uint32Array(start[itemCount] as number)
  last.fill(-1)
  for (let o = 0; o < n; o++) {
    for (let j = obsItemStart[o] as number; j < (obsItemStart[o + 1] as number); j++) {
      const it = occurrenceItem.get(j)
      if (last[it] === o) continue
      last[it] = o
      const at = start[it] as number
      start[it] = at + 1
      out[at] = o
    }
  }
  unshiftStarts(start)
  return { itemPostStart: start, itemPostings: out }
}

type HostPart = LabelTrie &
  Pick<
    SavedDnsState,
    'hosts' | 'hostItemStart' | 'hostItems' | 'apexOf' | 'apexStart' | 'apexObs' | 'latestBits'
  >

// The host keys of `host` items and apexes with their label trie; items and ordinals per key.
function hostTable(c: Columns, isHostItem: Uint8Array): HostPart {
  const n = c.days.length
  const hosts = new ByteTableBuilder()
  // Host index per value string, and per key: most values are their own key (lower case, no
  // trailing dot), so a key is named by its string id when the table holds it, and only other
  // keys go through a dictionary of their own (interning every key in a map took ~2 s of this
  // phase's ~4.4 s at 1M observations; a typed-array dictionary has no 16.7M-entry limit).
  const hostOfValue = new Int32Array(entryCount(c.strings)).fill(-1)
  const hostOfKey = new Int32Array(entryCount(c.strings)).fill(-1)
  const otherKeys = new TermDictionaryBuilder()
  // host + 1 of each other key (0: none yet).
  let hostOfOther = new Uint32Array(1024)
  const keyOf = (s: number): number => {
    let h = hostOfValue[s] as number
    if (h >= 0) return h
    const value = entryAt(c.strings, s)
    const key = hostKey(value)
    const id = key === value ? s : c.stringIds.get(key)
    if (id >= 0) {
      h = hostOfKey[id] as number
      if (h < 0) {
        h = hosts.push(key)
        hostOfKey[id] = h
      }
    } else {
      const k = otherKeys.intern(key)
      hostOfOther = room(hostOfOther, k)
      h = (hostOfOther[k] as number) - 1
      if (h < 0) {
        h = hosts.push(key)
        hostOfOther[k] = h + 1
      }
    }
    hostOfValue[s] = h
    return h
  }
  let hostItemCount = 0
  for (let i = 0; i < isHostItem.length; i++) hostItemCount += isHostItem[i] as number
  const hostItemIds = new Uint32Array(hostItemCount)
  const hostItemKeys = new Uint32Array(hostItemCount)
  for (let i = 0, k = 0; i < isHostItem.length; i++) {
    if (isHostItem[i] === 0) continue
    hostItemIds[k] = i
    hostItemKeys[k++] = keyOf(c.itemValue[i] as number)
  }
  const apexOf = new Uint32Array(n)
  for (let o = 0; o < n; o++) apexOf[o] = keyOf(c.apexValue[o] as number)
  // The trie numbers the keys afresh, depth first (dns/label-trie.ts).
  const { trie, hosts: numbered, rank } = buildLabelTrie(hosts.take())
  for (let k = 0; k < hostItemKeys.length; k++) hostItemKeys[k] = rank[hostItemKeys[k] as number] as number
  for (let o = 0; o < n; o++) apexOf[o] = rank[apexOf[o] as number] as number
  const byKey = groupByKey(rank.length, hostItemKeys, hostItemIds)
  const byApex = groupByKey(rank.length, apexOf)
  return {
    hosts: numbered,
    ...trie,
    hostItemStart: byKey.start,
    hostItems: byKey.values,
    apexOf,
    apexStart: byApex.start,
    apexObs: byApex.values,
    latestBits: latestBits(c.days, byApex.start, byApex.values),
  }
}

/**
 * The ordinals dated on their apex's latest date, as a bitmap (each apex's list is newest first):
 * what a build stores for `most_recent`, and what a snapshot check compares the stored bits with.
 *
 * @param days - each ordinal's day
 * @param apexStart - apex h's ordinals are apexObs[apexStart[h] … apexStart[h + 1]), ascending
 * @param apexObs - the ordinals by apex
 * @example
 * ```ts
 * latestBits(Int32Array.of(9, 8, 8), Uint32Array.of(0, 2, 3), Uint32Array.of(0, 1, 2)) // Uint32Array [0b101]
 * ```
 */
export function latestBits(days: Int32Array, apexStart: Uint32Array, apexObs: Uint32Array): Uint32Array {
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
