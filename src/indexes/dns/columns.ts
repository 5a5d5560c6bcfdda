/**
 * First build step of the DNS index: observations turned into columns in result order (days, ids,
 * shapes, item occurrences as field + value, distinct items, apex values), with the observations
 * the columns cannot rebuild exactly set aside verbatim. Layout of the result in dns/state.ts; the
 * work is done by a ColumnLog (dns/column-log.ts), which the engine's build feeds as observations
 * arrive and which here reads an ObservationSource, each observation decoded once, in load order.
 */
import type { Observation } from '../../types.js'
import { byteTableOf, type MemoryByteTable } from '../byte-table.js'
import type { U32List } from '../u32-list.js'
import { ColumnLog } from './column-log.js'
import type { ObservationSource } from './observation-source.js'

/** Observation and item columns, before postings and lookups are added. */
export interface Columns {
  /** The strings (contexts, types, values) in their build numbering. */
  strings: MemoryByteTable
  /** String ids by string (-1: absent), for lookups (not kept in the state). */
  stringIds: { get(s: string): number }
  days: Int32Array
  /** The ids in result order, as a byte table (indexes/byte-table.ts). */
  ids: MemoryByteTable
  obsShape: Uint8Array
  /** The string id of each observation's apex value (its first item's value). */
  apexValue: Uint32Array
  verbatimOrdinals: Uint32Array
  verbatim: Observation[]
  fieldContext: Uint32Array
  fieldType: Uint32Array
  fieldMeta: Uint8Array
  fieldShape: Uint8Array
  obsItemStart: Uint32Array
  obsItemField: Uint16Array | Uint32Array
  obsItemValue: Uint32Array
  /** The item id of each occurrence (for the postings; not kept in the state). */
  occurrenceItem: U32List
  itemField: Uint32Array
  itemValue: Uint32Array
}

/**
 * Orders the observations (date descending, id ascending) and interns their strings and items.
 *
 * @param source - validated observations of one kind, ids unique
 * @example
 * ```ts
 * buildColumns(observationsOf([{ date: '2024-01-02', id: 'a', items: [{ context: '', is_metadata: true, type: 'host', value: 'a.com' }] }])).strings
 * // a byte table of '', 'host', 'a.com'
 * ```
 */
export function buildColumns(source: ObservationSource): Columns {
  const log = new ColumnLog()
  const slots = new Uint32Array(source.size)
  for (let i = 0; i < source.size; i++) slots[i] = log.add(source.get(i), source.day(i))
  return log.columns(
    slots,
    byteTableOf(source.size, (i) => source.id(i)),
    (slot) => slot,
  )
}
