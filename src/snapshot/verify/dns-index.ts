/**
 * Checks the state of a DNS index (layout in indexes/dns/state.ts) as the MX and TXT queries and
 * page rebuilds read it; the host keys and their trie are dns-hosts.ts's, the token index
 * dns-tokens.ts's. Here:
 *   - the strings are distinct (summaries count by string id);
 *   - ordinals are in result order (days descending, ids ascending within a day: a date window is
 *     an ordinal range) and the ids are distinct;
 *   - shapes, fields and occurrences are in range, occurrence offsets monotone and complete;
 *   - items are grouped by field, each value's chain lists exactly its items, ascending by field,
 *     ending in -1 for a value's only item and -2 after several;
 *   - each item's postings are exactly the ordinals whose occurrences hold it, ascending.
 */
import { showValue } from '../../errors.js'
import { type ByteTable, compareEntries, entryAt, entryCount } from '../../indexes/byte-table.js'
import { itemPostings } from '../../indexes/dns/build.js'
import { ITEM_SHAPES, OBSERVATION_SHAPES } from '../../indexes/dns/shapes.js'
import { TermDictionary } from '../../indexes/term-dictionary.js'
import type { DnsKind } from '../../types.js'
import { type Checklist, Violation } from './checklist.js'
import { checkDnsHosts } from './dns-hosts.js'
import { checkDnsTokens } from './dns-tokens.js'
import {
  allBelow,
  arrayOf,
  byteTable,
  narrowOrWide,
  object,
  offsets,
  sameArray,
  sortedRuns,
  typedArray,
} from './values.js'

/** What the checks of one DNS state share once its columns are checked. */
export interface DnsColumns {
  /** Its path in the content, e.g. `segments.0.mx`. */
  readonly where: string
  /** The state as read. */
  readonly state: Record<string, unknown>
  readonly strings: ByteTable
  readonly days: Int32Array
  readonly obsItemStart: Uint32Array
  readonly obsItemValue: Uint32Array
  readonly itemField: Uint32Array
  readonly itemValue: Uint32Array
  /** 1 for the fields whose type is `host`. */
  readonly hostField: Uint8Array
  /** 1 for the ordinals kept verbatim. */
  readonly verbatim: Uint8Array
}

/**
 * Checks a DNS index state; returns its number of observations.
 *
 * @param where - its path in the content, e.g. `segments.0.mx`
 * @param value - the state as read
 * @param kind - the kind it must be
 * @param checks - where the passed checks go
 * @example
 * ```ts
 * checkDnsIndex('segments.0.mx', segment.mx, 'mx', checks) // 3000
 * ```
 */
export function checkDnsIndex(where: string, value: unknown, kind: DnsKind, checks: Checklist): number {
  const state = object(where, value)
  if (state['kind'] !== kind)
    throw new Violation(`${where}.kind`, `is ${showValue(state['kind'])}, not ${kind}`)
  const strings = byteTable(`${where}.strings`, state['strings'])
  distinct(`${where}.strings`, strings)
  checks.passed(`${where}.strings: distinct`, entryCount(strings))
  const { days, verbatim } = checkOrdinals(where, state, checks)
  const columns = checkItems(where, state, strings, days, verbatim, checks)
  checkDnsHosts(columns, checks)
  checkDnsTokens(columns, checks)
  return days.length
}

// Days, ids, shapes and verbatim observations, by ordinal.
function checkOrdinals(
  where: string,
  state: Record<string, unknown>,
  checks: Checklist,
): { days: Int32Array; verbatim: Uint8Array } {
  const days = typedArray(`${where}.days`, state['days'], Int32Array)
  const n = days.length
  const ids = byteTable(`${where}.ids`, state['ids'], n)
  for (let o = 1; o < n; o++) {
    const day = days[o] as number
    const before = days[o - 1] as number
    if (day > before || (day === before && compareEntries(ids, o - 1, o) >= 0))
      throw new Violation(
        `${where}.days`,
        `ordinal ${o} (${showValue(entryAt(ids, o))}) sorts before ordinal ${o - 1}`,
      )
  }
  distinct(`${where}.ids`, ids)
  checks.passed(`${where}.days, ${where}.ids: result order, ids distinct`, n)
  allBelow(
    `${where}.obsShape`,
    typedArray(`${where}.obsShape`, state['obsShape'], Uint8Array, n),
    OBSERVATION_SHAPES.length,
  )
  const verbatimOrdinals = typedArray(`${where}.verbatimOrdinals`, state['verbatimOrdinals'], Uint32Array)
  sortedRuns(`${where}.verbatimOrdinals`, verbatimOrdinals, Uint32Array.of(0, verbatimOrdinals.length), n)
  const kept = arrayOf(`${where}.verbatim`, state['verbatim'], object)
  if (kept.length !== verbatimOrdinals.length)
    throw new Violation(
      `${where}.verbatim`,
      `holds ${kept.length} observations for ${verbatimOrdinals.length} ordinals`,
    )
  const verbatim = new Uint8Array(n)
  for (const o of verbatimOrdinals) verbatim[o] = 1
  return { days, verbatim }
}

// Fields, occurrences, items, value chains and item postings.
function checkItems(
  where: string,
  state: Record<string, unknown>,
  strings: ByteTable,
  days: Int32Array,
  verbatim: Uint8Array,
  checks: Checklist,
): DnsColumns {
  const n = days.length
  const s = entryCount(strings)
  const fieldContext = typedArray(`${where}.fieldContext`, state['fieldContext'], Uint32Array)
  const f = fieldContext.length
  const fieldType = typedArray(`${where}.fieldType`, state['fieldType'], Uint32Array, f)
  allBelow(`${where}.fieldContext`, fieldContext, s)
  allBelow(`${where}.fieldType`, fieldType, s)
  allBelow(`${where}.fieldMeta`, typedArray(`${where}.fieldMeta`, state['fieldMeta'], Uint8Array, f), 2)
  allBelow(
    `${where}.fieldShape`,
    typedArray(`${where}.fieldShape`, state['fieldShape'], Uint8Array, f),
    ITEM_SHAPES.length,
  )
  const hostField = Uint8Array.from(fieldType, (t) => (entryAt(strings, t) === 'host' ? 1 : 0))

  const obsItemStart = typedArray(`${where}.obsItemStart`, state['obsItemStart'], Uint32Array, n + 1)
  const obsItemField = narrowOrWide(`${where}.obsItemField`, state['obsItemField'])
  const obsItemValue = typedArray(
    `${where}.obsItemValue`,
    state['obsItemValue'],
    Uint32Array,
    obsItemField.length,
  )
  offsets(`${where}.obsItemStart`, obsItemStart, obsItemField.length)
  allBelow(`${where}.obsItemField`, obsItemField, f)
  allBelow(`${where}.obsItemValue`, obsItemValue, s)
  checks.passed(`${where}.obsItem*: occurrences in range, offsets monotone`, obsItemField.length)

  const itemField = typedArray(`${where}.itemField`, state['itemField'], Uint32Array)
  const items = itemField.length
  const itemValue = typedArray(`${where}.itemValue`, state['itemValue'], Uint32Array, items)
  allBelow(`${where}.itemValue`, itemValue, s)
  const fieldItemStart = typedArray(`${where}.fieldItemStart`, state['fieldItemStart'], Uint32Array, f + 1)
  offsets(`${where}.fieldItemStart`, fieldItemStart, items)
  for (let field = 0; field < f; field++) {
    for (let it = fieldItemStart[field] as number; it < (fieldItemStart[field + 1] as number); it++) {
      if (itemField[it] !== field)
        throw new Violation(
          `${where}.itemField`,
          `item ${it} has field ${itemField[it]} in the items of field ${field}`,
        )
    }
  }
  const valueFirstItem = typedArray(`${where}.valueFirstItem`, state['valueFirstItem'], Int32Array, s)
  const itemNextSameValue = typedArray(
    `${where}.itemNextSameValue`,
    state['itemNextSameValue'],
    Int32Array,
    items,
  )
  checkChains(where, valueFirstItem, itemNextSameValue, itemField, itemValue)
  checks.passed(`${where}.items: grouped by field, each value's chain lists exactly its items`, items)

  // The item of each occurrence, found along its value's chain as a query finds it.
  const occurrenceItem = new Uint32Array(obsItemField.length)
  for (let j = 0; j < occurrenceItem.length; j++) {
    const field = obsItemField[j] as number
    let it = valueFirstItem[obsItemValue[j] as number] as number
    while (it >= 0 && itemField[it] !== field) it = itemNextSameValue[it] as number
    if (it < 0)
      throw new Violation(
        `${where}.obsItemValue`,
        `occurrence ${j} holds a (field, value) pair that is no item`,
      )
    occurrenceItem[j] = it
  }
  const itemPostStart = typedArray(`${where}.itemPostStart`, state['itemPostStart'], Uint32Array, items + 1)
  const stored = typedArray(`${where}.itemPostings`, state['itemPostings'], Uint32Array)
  offsets(`${where}.itemPostStart`, itemPostStart, stored.length)
  sortedRuns(`${where}.itemPostings`, stored, itemPostStart, n)
  const derived = itemPostings(items, obsItemStart, { get: (j) => occurrenceItem[j] as number })
  sameArray(`${where}.itemPostStart`, itemPostStart, derived.itemPostStart, "the observations' items")
  sameArray(`${where}.itemPostings`, stored, derived.itemPostings, "the observations' items")
  checks.passed(
    `${where}.itemPostings: each item's ordinals, sorted, as its occurrences give them`,
    stored.length,
  )
  return {
    where,
    state,
    strings,
    days,
    obsItemStart,
    obsItemValue,
    itemField,
    itemValue,
    hostField,
    verbatim,
  }
}

function checkChains(
  where: string,
  first: Int32Array,
  next: Int32Array,
  itemField: Uint32Array,
  itemValue: Uint32Array,
): void {
  const items = itemField.length
  let visited = 0
  for (let v = 0; v < first.length; v++) {
    let it = first[v] as number
    if (it === -1) continue
    let length = 0
    for (;;) {
      if (!(it >= 0 && it < items))
        throw new Violation(`${where}.valueFirstItem`, `the chain of string ${v} reaches ${it}, not an item`)
      if (itemValue[it] !== v)
        throw new Violation(
          `${where}.itemNextSameValue`,
          `the chain of string ${v} reaches item ${it} of string ${itemValue[it]}`,
        )
      visited++
      length++
      const after = next[it] as number
      if (after < 0) {
        if (after !== (length === 1 ? -1 : -2))
          throw new Violation(
            `${where}.itemNextSameValue`,
            `the chain of string ${v} (${length} items) ends in ${after}`,
          )
        break
      }
      if (after >= items || (itemField[after] as number) <= (itemField[it] as number))
        throw new Violation(
          `${where}.itemNextSameValue`,
          `item ${it} is followed by ${after}, not a later field's item`,
        )
      it = after
    }
  }
  if (visited !== items)
    throw new Violation(`${where}.valueFirstItem`, `the chains list ${visited} items of ${items}`)
}

// Distinct entries: each looks up to itself in a dictionary over the table.
function distinct(where: string, table: ByteTable): void {
  const dictionary = TermDictionary.over(table)
  for (let i = 0; i < entryCount(table); i++) {
    const found = dictionary.get(entryAt(table, i))
    if (found !== i) {
      const what = found < 0 ? 'is not found by its own lookup' : `repeats entry ${found}`
      throw new Violation(where, `entry ${i} ${showValue(entryAt(table, i))} ${what}`)
    }
  }
}
