/**
 * The reference for the DNS build's first step: the columns as the build made them before it read
 * observations in load order, decoding each observation in result order and interning its strings,
 * fields and items in that order (with the same interning rule, dns/intern-tables.ts). dns/column-log.ts must give the same columns.
 */

import { pickEntries } from '../../src/indexes/byte-table.js'
import type { Columns } from '../../src/indexes/dns/columns.js'
import { type FieldTable, InternTables, type ItemTable } from '../../src/indexes/dns/intern-tables.js'
import type { ObservationSource } from '../../src/indexes/dns/observation-source.js'
import { resultOrder } from '../../src/indexes/dns/order.js'
import type { TermDictionaryBuilder } from '../../src/indexes/term-dictionary.js'
import { U32List } from '../../src/indexes/u32-list.js'
import type { Observation } from '../../src/types.js'

/** The columns, with the dictionary that interned their strings. */
type ReferenceColumns = Omit<Columns, 'stringIds' | 'ids'> & {
  stringIds: TermDictionaryBuilder
  ids: string[]
}

/**
 * Orders the observations (date descending, id ascending) and interns their strings and items.
 * Reads every id and day first, then each observation once, in result order.
 *
 * @param source - validated observations of one kind
 * @example
 * ```ts
 * resultOrderColumns(observationsOf([{ date: '2024-01-02', id: 'a', items: [{ context: '', is_metadata: true, type: 'host', value: 'a.com' }] }])).ids
 * // ['a']
 * ```
 */
export function resultOrderColumns(source: ObservationSource): ReferenceColumns {
  const n = source.size
  const loadDays = Int32Array.from({ length: n }, (_, i) => source.day(i))
  const loadIds = Array.from({ length: n }, (_, i) => source.id(i))
  const order = resultOrder(loadDays, (a, b) => {
    const x = loadIds[a] as string
    const y = loadIds[b] as string
    return x < y ? -1 : x > y ? 1 : 0
  })
  const days = Int32Array.from(order, (i) => loadDays[i] as number)
  const ids = Array.from(order, (i) => loadIds[i] as string)
  const tables = new InternTables()
  const { strings, fields, items } = tables
  const obsShape = new Uint8Array(n)
  const obsItemStart = new Uint32Array(n + 1)
  // Each occurrence is kept as its item alone; its field and value are the item's.
  const occurrences = new U32List(n)
  const apexValue = new Uint32Array(n)
  const verbatimOrdinals = new U32List()
  const verbatim: Observation[] = []
  for (let ord = 0; ord < n; ord++) {
    const o = source.get(order[ord] as number)
    apexValue[ord] = tables.intern(o, days[ord] as number, occurrences)
    obsShape[ord] = tables.shape
    obsItemStart[ord + 1] = occurrences.length
    if (!tables.exact) {
      verbatimOrdinals.push(ord)
      verbatim.push(o)
    }
  }
  const itemCols = itemColumns(items)
  return {
    strings: pickEntries(
      strings.table(),
      Uint32Array.from({ length: strings.size }, (_, s) => s),
    ),
    stringIds: strings,
    days,
    ids,
    obsShape,
    apexValue,
    verbatimOrdinals: verbatimOrdinals.toArray(),
    verbatim,
    ...fieldColumns(fields),
    obsItemStart,
    obsItemField: gather(
      fields.size <= 0x10000 ? new Uint16Array(occurrences.length) : new Uint32Array(occurrences.length),
      itemCols.itemField,
      occurrences,
    ),
    obsItemValue: gather(new Uint32Array(occurrences.length), itemCols.itemValue, occurrences),
    occurrenceItem: occurrences,
    ...itemCols,
  }
}

// out[j] = column[index[j]], returning out.
function gather<T extends Uint16Array | Uint32Array>(out: T, column: Uint32Array, index: U32List): T {
  for (let j = 0; j < index.length; j++) out[j] = column[index.get(j)] as number
  return out
}

function fieldColumns(
  fields: FieldTable,
): Pick<ReferenceColumns, 'fieldContext' | 'fieldType' | 'fieldMeta' | 'fieldShape'> {
  const n = fields.size
  return {
    fieldContext: Uint32Array.from({ length: n }, (_, f) => fields.context(f)),
    fieldType: Uint32Array.from({ length: n }, (_, f) => fields.type(f)),
    fieldMeta: Uint8Array.from({ length: n }, (_, f) => fields.flags(f) & 1),
    fieldShape: Uint8Array.from({ length: n }, (_, f) => fields.flags(f) >>> 1),
  }
}

// Items in id order.
function itemColumns(items: ItemTable): Pick<ReferenceColumns, 'itemField' | 'itemValue'> {
  const n = items.size
  return {
    itemField: Uint32Array.from({ length: n }, (_, i) => items.field(i)),
    itemValue: Uint32Array.from({ length: n }, (_, i) => items.value(i)),
  }
}
