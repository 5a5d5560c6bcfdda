/**
 * The plain-data state of one DNS observation index (MX or TXT): typed arrays only (strings are
 * byte tables, indexes/byte-table.ts: entry i of a table is its UTF-8 bytes `bytes[starts[i] …
 * starts[i+1])`; ~20 bytes a host or id where a JS string costs ~50, none of them an object for
 * the garbage collector to mark, nothing to decode when a snapshot is opened), so that a snapshot can write it and read it back and {@link DnsIndex} can be constructed
 * from it without rebuilding anything.
 *
 * Layout (n observations, S strings, F fields, I distinct items, H host keys, T tokens):
 * - Observations are numbered 0…n-1 in result order (date descending, id ascending): ascending
 *   ordinals are result order, a date window is an ordinal range, and every id list is sorted.
 *   `days[o]` (Int32, days since 1970-01-01), `obsShape[o]` (key order of the object, see
 *   dns/shapes.ts) and `apexOf[o]` (host-key index of the apex). The id of o is entry o of `ids`.
 * - `strings`: every distinct context, type and item value as loaded (case kept), interned once,
 *   so that an SPF text served to a million domains is held once.
 * - A field is a distinct (`fieldContext`, `fieldType`: string ids; `fieldMeta`: is_metadata 0/1;
 *   `fieldShape`: the item's key order). There are a handful, so a query turns "items of type t in
 *   context c" into a mask over fields once, and then tests one small integer per item.
 * - The items of observation o are the occurrences `obsItemStart[o] … obsItemStart[o+1]` in their
 *   loaded order, each a field (`obsItemField`, 16-bit while there are at most 65,536 fields) and a
 *   value string id (`obsItemValue`): summaries and page rebuilds read them sequentially.
 * - An item is a distinct (`itemField`, `itemValue`) pair; `itemPostings[itemPostStart[i] …
 *   itemPostStart[i+1])` are the ordinals holding item i, ascending, each once. Items are
 *   numbered field by field: the items of field f are `fieldItemStart[f] … fieldItemStart[f+1]`.
 *   `valueFirstItem[s]` is the first item whose value is string s (-1: none), and
 *   `itemNextSameValue[i]` the next one (negative at the end: -1 when i is its value's only
 *   item, -2 at the end of a longer chain): a chain from a value to its items.
 * - `hosts`: the distinct host keys (dns/host-key.ts) of `host` items and of apexes, and the
 *   `trie…` arrays, their label trie (layout in dns/label-trie.ts) for exact and suffix lookups.
 *   `hostItems[hostItemStart[h] …]` are the `host` items whose value has key h, and
 *   `apexObs[apexStart[h] … apexStart[h+1])` the ordinals whose apex key is h, ascending
 *   (= newest first). Bit o of `latestBits` (word o >>> 5, bit o & 31) is set when ordinal o is
 *   dated on its apex's latest date.
 * - Text values (values of items whose type is not `host`): `tokens` is the token dictionary
 *   (hashed in `tokenSlots`); `tokenValues[tokenValueStart[t] …]` are the string ids of the text
 *   values holding token t, ascending, each once; `valueTokens[valueTokenStart[s] …
 *   valueTokenStart[s+1])` is the token sequence of string s (empty for non-text strings);
 *   `lowerSlots` hashes the lower-cased text values to their string ids (dns/string-hash.ts).
 * - `verbatim[k]` is the loaded object of ordinal `verbatimOrdinals[k]` (ascending): the rare
 *   observations that the columns cannot rebuild exactly (fields beyond the standard ones, a date
 *   given as a timestamp, values of unexpected types). They are indexed like the others.
 *
 * Invariants: the state is never mutated after the build.
 */
import { Column } from '../../storage/column.js'
import type { LazyArray } from '../../storage/lazy-array.js'
import type { StoredBytes } from '../../storage/lazy-section.js'
import type { DnsKind, Observation } from '../../types.js'
import { type ByteTable, entryAt, readableTable, type SavedByteTable } from '../byte-table.js'
import type { LabelTrie } from './label-trie.js'

/**
 * The arrays of the state that grow with the observations and are read an element or a range at
 * a time: left on disk when a snapshot is opened (SPEC 16) and read through {@link Column}s.
 */
export const DNS_COLUMNS = [
  'days',
  'apexOf',
  'obsItemStart',
  'obsItemField',
  'obsItemValue',
  'itemField',
  'itemValue',
  'itemPostStart',
  'itemPostings',
  'itemNextSameValue',
  'valueFirstItem',
  'valueTokenStart',
  'hostItemStart',
  'hostItems',
  'apexStart',
  'apexObs',
  'latestBits',
  'tokenValueStart',
  'tokenValues',
  'valueTokens',
  'trieParent',
  'trieLabelHost',
  'trieLabelStart',
  'trieLabelEnd',
  'trieHost',
  'trieBelowStart',
  'trieBelowEnd',
  'trieSlots',
  'tokenSlots',
  'lowerSlots',
] as const

/** The name of a state array read through a column. */
export type DnsColumnName = (typeof DNS_COLUMNS)[number]

/**
 * The state as a snapshot saves it and a build makes it: those arrays as arrays in memory, or
 * left on disk by an opened snapshot.
 */
export type SavedDnsState = Omit<DnsState, DnsColumnName | DnsTableName> & {
  readonly [K in DnsColumnName]: Uint16Array | Uint32Array | Int32Array | LazyArray
} & { readonly [K in DnsTableName]: SavedByteTable }

/** The state's byte tables (their offsets too are left on disk). */
type DnsTableName = 'strings' | 'ids' | 'hosts' | 'tokens'

/** The state of one DNS index, as queries read it; see the file comment for the layout. */
export interface DnsState
  extends Readonly<Omit<LabelTrie, DnsColumnName>>,
    Readonly<Record<DnsColumnName, Column>> {
  readonly kind: DnsKind
  readonly strings: ByteTable
  readonly ids: ByteTable
  readonly obsShape: StoredBytes
  readonly verbatimOrdinals: Uint32Array
  readonly verbatim: readonly Observation[]
  readonly fieldContext: Uint32Array
  readonly fieldType: Uint32Array
  readonly fieldMeta: Uint8Array
  readonly fieldShape: Uint8Array
  readonly fieldItemStart: Uint32Array
  readonly hosts: ByteTable
  readonly tokens: ByteTable
}

/**
 * The state queries read: the saved state with its growing arrays behind columns.
 *
 * @param saved - a built state, or one read from a snapshot
 * @example
 * ```ts
 * dnsStateOf(saved).apexObs.at(0) // the first ordinal of apex 0
 * ```
 */
export function dnsStateOf(saved: SavedDnsState): DnsState {
  const columns = {} as Record<DnsColumnName, Column>
  for (const name of DNS_COLUMNS) columns[name] = new Column(saved[name])
  return Object.freeze({
    ...saved,
    ...columns,
    strings: readableTable(saved.strings),
    ids: readableTable(saved.ids),
    hosts: readableTable(saved.hosts),
    tokens: readableTable(saved.tokens),
  })
}

/**
 * The mask of the fields whose type (and context, when given) match: `mask[f]` is 1 when items of
 * field f are of type `type` in context `context` (null: any context, metadata included).
 *
 * @param state - the index state
 * @param type - an item type, e.g. `host`
 * @param context - an item context, e.g. `dns-ns`, or null
 * @example
 * ```ts
 * matchingFields(state, 'host', 'dns-ns') // Uint8Array [0, 0, 1, 0]: field 2 holds dns-ns hosts
 * ```
 */
export function matchingFields(state: DnsState, type: string, context: string | null): Uint8Array {
  const names = fieldNames(state)
  const mask = new Uint8Array(names.types.length)
  // A handful of fields: comparing their names beats any map.
  for (let f = 0; f < mask.length; f++) {
    if (names.types[f] !== type) continue
    if (context !== null && names.contexts[f] !== context) continue
    mask[f] = 1
  }
  return mask
}

/** The decoded context and type of each field. */
export interface FieldNames {
  readonly contexts: readonly string[]
  readonly types: readonly string[]
}

// Per state, its field names decoded once (a handful of strings, asked for by every query).
const namesOf = new WeakMap<DnsState, FieldNames>()

/**
 * The context and type of each field of a state, decoded on first use and kept with it.
 *
 * @example
 * ```ts
 * fieldNames(state).types[2] // 'host'
 * ```
 */
export function fieldNames(state: DnsState): FieldNames {
  let names = namesOf.get(state)
  if (names === undefined) {
    names = {
      contexts: Array.from(state.fieldContext, (s) => entryAt(state.strings, s)),
      types: Array.from(state.fieldType, (s) => entryAt(state.strings, s)),
    }
    namesOf.set(state, names)
  }
  return names
}
