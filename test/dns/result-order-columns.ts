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
import type { Item, Observation } from '../../src/types.js'

// Observations decoded and warmed ahead of the pass that interns them (see warm()).
const BATCH = 64

/** The columns, with the dictionary that interned their strings. */
type ReferenceColumns = Omit<Columns, 'stringIds' | 'ids'> & {
  stringIds: TermDictionaryBuilder
  ids: string[]
}

/**
 * Orders the observations (date descending, id ascending) and interns their strings and items.
 * Reads every id and day first, then each observation once, in result order; it keeps only the
 * verbatim ones.
 *
 * @param source - validated observations of one kind
 * @example
 * ```ts
 * buildColumns(observationsOf([{ date: '2024-01-02', id: 'a', items: [{ context: '', is_metadata: true, type: 'host', value: 'a.com' }] }])).strings
 * // ['', 'host', 'a.com']
 * ```
 */
export function resultOrderColumns(source: ObservationSource): ReferenceColumns {
  const n = source.size
  const days = new Int32Array(n)
  const ids = new Array<string>(n)
  for (let i = 0; i < n; i++) {
    days[i] = source.day(i)
    ids[i] = source.id(i)
  }
  const order = resultOrder(days, (a, b) => {
    const x = ids[a] as string
    const y = ids[b] as string
    return x < y ? -1 : x > y ? 1 : 0
  })
  // The load-order columns become the result-order ones in place: no second copy of the ids.
  permute(order, ids, days)
  const tables = new InternTables()
  const { strings, fields, items } = tables
  const obsShape = new Uint8Array(n)
  const obsItemStart = new Uint32Array(n + 1)
  // Each occurrence is kept as its item alone; its field and value are the item's.
  const occurrences = new U32List(n)
  const apexValue = new Uint32Array(n)
  const verbatimOrdinals = new U32List()
  const verbatim: Observation[] = []
  const batch: Observation[] = []
  for (let first = 0; first < n; first += BATCH) {
    const end = Math.min(n, first + BATCH)
    for (let ord = first; ord < end; ord++) {
      const o = source.get(order[ord] as number)
      batch[ord - first] = o
      warm(o)
    }
    for (let ord = first; ord < end; ord++) {
      const o = batch[ord - first] as Observation
      apexValue[ord] = tables.intern(o, days[ord] as number, occurrences)
      obsShape[ord] = tables.shape
      obsItemStart[ord + 1] = occurrences.length
      if (!tables.exact) {
        verbatimOrdinals.push(ord)
        verbatim.push(o)
      }
    }
  }
  batch.length = 0
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

// Rearranges the columns so that entry k becomes the old entry order[k], following the
// permutation's cycles (a bitmap marks the placed entries).
function permute(order: Uint32Array, ids: string[], days: Int32Array): void {
  const placed = new Uint8Array(order.length)
  for (let start = 0; start < order.length; start++) {
    if (placed[start] === 1) continue
    const firstId = ids[start] as string
    const firstDay = days[start] as number
    let k = start
    for (;;) {
      placed[k] = 1
      const from = order[k] as number
      if (from === start) break
      ids[k] = ids[from] as string
      days[k] = days[from] as number
      k = from
    }
    ids[k] = firstId
    days[k] = firstDay
  }
}

// out[j] = column[index[j]], returning out.
function gather<T extends Uint16Array | Uint32Array>(out: T, column: Uint32Array, index: U32List): T {
  for (let j = 0; j < index.length; j++) out[j] = column[index.get(j)] as number
  return out
}

// Loads an observation's items and the headers of their values: in result order the objects lie
// all over the heap, and a loop doing only these loads lets the CPU overlap their cache misses,
// so that the batch's interning finds them in cache (~15% less CPU time interning 1M observations).
function warm(o: Observation): void {
  const list: unknown = o.items
  if (!Array.isArray(list)) return
  for (let j = 0; j < list.length; j++) {
    const it: unknown = list[j]
    if (typeof it === 'object' && it !== null && typeof (it as Item).value !== 'string') return
  }
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
