/**
 * The DNS build's first step, fed in load order: each observation is interned as it arrives (its
 * strings, fields and items; dns/intern-tables.ts) and then dropped, keeping per observation only
 * its day, key order, apex value and item ids. `columns` then takes the live observations of one
 * kind, puts them in result order (comparing their ids as bytes: indexes/byte-table.ts), and numbers
 * strings, fields and items afresh in the order of
 * their first use in result order: exactly the columns that interning the observations in result
 * order would give (dns/state.ts), without holding or decoding any observation out of load order.
 * One log serves both kinds, so a build streams every observation through it once.
 *
 * Layout (n observations added, in load order, "slots"):
 *   day, shape, apex      Int32/Uint8/Uint32 per slot: day number, key order, apex value string
 *   occurrenceEnd, items  U32List: slot s's item ids are items[occurrenceEnd[s − 1] … occurrenceEnd[s])
 *   verbatimSlots         ascending slots whose observations the columns cannot rebuild exactly,
 *                         with those observations (the only ones held as objects)
 * Strings, fields and items are numbered in load order here; `columns` renumbers them.
 */
import type { Observation } from '../../types.js'
import { type ByteTable, compareEntries, type MemoryByteTable, pickEntries } from '../byte-table.js'
import { lowerBound } from '../gallop.js'
import { room } from '../grow.js'
import type { TermDictionaryBuilder } from '../term-dictionary.js'
import { U32List } from '../u32-list.js'
import type { Columns } from './columns.js'
import { type FieldTable, InternTables, type ItemTable } from './intern-tables.js'
import { resultOrder } from './order.js'

/**
 * Observations interned in load order.
 *
 * @example
 * ```ts
 * const log = new ColumnLog()
 * log.add(observation, observationDay(observation)) // slot 0
 * log.columns(Uint32Array.of(0), () => observation.id).strings // ['', 'host', 'a.com', …]
 * ```
 */
export class ColumnLog {
  readonly #tables = new InternTables()
  #day = new Int32Array(1024)
  #shape = new Uint8Array(1024)
  #apex = new Uint32Array(1024)
  readonly #occurrenceEnd = new U32List()
  readonly #occurrences = new U32List()
  readonly #verbatimSlots = new U32List(16)
  readonly #verbatim: Observation[] = []

  /** The number of observations added. */
  get size(): number {
    return this.#occurrenceEnd.length
  }

  /**
   * Interns an observation; its slot is the number of observations added before it.
   *
   * @param o - a validated observation
   * @param day - its day number (observationDay: 0 when its date is not a calendar date)
   * @returns its slot
   */
  add(o: Observation, day: number): number {
    const slot = this.size
    this.#day = room(this.#day, slot)
    this.#shape = room(this.#shape, slot)
    this.#apex = room(this.#apex, slot)
    this.#day[slot] = day
    this.#apex[slot] = this.#tables.intern(o, day, this.#occurrences)
    this.#shape[slot] = this.#tables.shape
    this.#occurrenceEnd.push(this.#occurrences.length)
    if (!this.#tables.exact) {
      this.#verbatimSlots.push(slot)
      this.#verbatim.push(o)
    }
    return slot
  }

  /**
   * The columns of some of the observations (those of one kind not replaced by a later one).
   *
   * @param slots - their slots, ascending
   * @param ids - the observation ids (observationId) as a byte table
   * @param keyOf - the entry in `ids` of the observation in a slot
   */
  columns(slots: Uint32Array, ids: ByteTable, keyOf: (slot: number) => number): Columns {
    const n = slots.length
    const loadDays = new Int32Array(n)
    const keys = new Uint32Array(n)
    for (let i = 0; i < n; i++) {
      loadDays[i] = this.#day[slots[i] as number] as number
      keys[i] = keyOf(slots[i] as number)
    }
    const order = resultOrder(loadDays, (a, b) => compareEntries(ids, keys[a] as number, keys[b] as number))
    const days = new Int32Array(n)
    const picks = new Uint32Array(n)
    for (let ord = 0; ord < n; ord++) {
      const i = order[ord] as number
      days[ord] = loadDays[i] as number
      picks[ord] = keys[i] as number
    }
    const idTable = pickEntries(ids, picks)
    const numbering = new Numbering(this.#tables)
    const obsShape = new Uint8Array(n)
    const obsItemStart = new Uint32Array(n + 1)
    const occurrences = new U32List(n)
    const apexValue = new Uint32Array(n)
    const verbatimSlots = this.#verbatimSlots.toArray()
    const verbatimOrdinals = new U32List(16)
    const verbatim: Observation[] = []
    for (let ord = 0; ord < n; ord++) {
      const slot = slots[order[ord] as number] as number
      obsShape[ord] = this.#shape[slot] as number
      const from = slot === 0 ? 0 : this.#occurrenceEnd.get(slot - 1)
      const to = this.#occurrenceEnd.get(slot)
      for (let j = from; j < to; j++) occurrences.push(numbering.item(this.#occurrences.get(j)))
      obsItemStart[ord + 1] = occurrences.length
      apexValue[ord] = numbering.string(this.#apex[slot] as number)
      const v = lowerBound(verbatimSlots, slot, 0)
      if (verbatimSlots[v] === slot) {
        verbatimOrdinals.push(ord)
        verbatim.push(this.#verbatim[v] as Observation)
      }
    }
    const items = numbering.itemColumns()
    return {
      strings: numbering.strings(),
      stringIds: numbering.lookup(),
      days,
      ids: idTable,
      obsShape,
      apexValue,
      verbatimOrdinals: verbatimOrdinals.toArray(),
      verbatim,
      ...numbering.fieldColumns(),
      obsItemStart,
      obsItemField: gather(
        numbering.fieldCount <= 0x10000
          ? new Uint16Array(occurrences.length)
          : new Uint32Array(occurrences.length),
        items.itemField,
        occurrences,
      ),
      obsItemValue: gather(new Uint32Array(occurrences.length), items.itemValue, occurrences),
      occurrenceItem: occurrences,
      ...items,
    }
  }
}

/**
 * Strings, fields and items of the log numbered afresh in the order `item` and `string` first ask
 * for them. Asking for an item asks for its field's context, its type, the field, then its value,
 * in the order FieldTable and the term dictionary meet them when an item is interned.
 */
class Numbering {
  // The source string of each string in the new numbering.
  readonly #picks = new U32List()
  readonly #source: TermDictionaryBuilder
  readonly #fields: FieldTable
  readonly #items: ItemTable
  readonly #string: Int32Array
  readonly #field: Int32Array
  readonly #item: Int32Array
  readonly #fieldContext = new U32List(16)
  readonly #fieldType = new U32List(16)
  readonly #fieldFlags = new U32List(16)
  readonly #itemField = new U32List()
  readonly #itemValue = new U32List()

  constructor(tables: InternTables) {
    const { strings, fields, items } = tables
    this.#source = strings
    this.#fields = fields
    this.#items = items
    this.#string = new Int32Array(strings.size).fill(-1)
    this.#field = new Int32Array(fields.size).fill(-1)
    this.#item = new Int32Array(items.size).fill(-1)
  }

  get fieldCount(): number {
    return this.#fieldContext.length
  }

  string(s: number): number {
    let id = this.#string[s] as number
    if (id < 0) {
      id = this.#picks.length
      this.#picks.push(s)
      this.#string[s] = id
    }
    return id
  }

  // The strings in the new numbering, their bytes copied from the source dictionary.
  strings(): MemoryByteTable {
    return pickEntries(this.#source.table(), this.#picks.toArray())
  }

  item(i: number): number {
    let id = this.#item[i] as number
    if (id >= 0) return id
    const f = this.#fields
    const field = this.#items.field(i)
    let fieldId = this.#field[field] as number
    if (fieldId < 0) {
      const context = this.string(f.context(field))
      const type = this.string(f.type(field))
      fieldId = this.#fieldContext.length
      this.#fieldContext.push(context)
      this.#fieldType.push(type)
      this.#fieldFlags.push(f.flags(field))
      this.#field[field] = fieldId
    }
    const value = this.string(this.#items.value(i))
    id = this.#itemField.length
    this.#itemField.push(fieldId)
    this.#itemValue.push(value)
    this.#item[i] = id
    return id
  }

  itemColumns(): Pick<Columns, 'itemField' | 'itemValue'> {
    return { itemField: this.#itemField.toArray(), itemValue: this.#itemValue.toArray() }
  }

  fieldColumns(): Pick<Columns, 'fieldContext' | 'fieldType' | 'fieldMeta' | 'fieldShape'> {
    const flags = this.#fieldFlags.toArray()
    return {
      fieldContext: this.#fieldContext.toArray(),
      fieldType: this.#fieldType.toArray(),
      fieldMeta: Uint8Array.from(flags, (x) => x & 1),
      fieldShape: Uint8Array.from(flags, (x) => x >>> 1),
    }
  }

  // String lookups in the new numbering (-1: absent, or not used by these observations).
  lookup(): Columns['stringIds'] {
    const source = this.#source
    const string = this.#string
    return { get: (s) => (string[source.get(s)] as number | undefined) ?? -1 }
  }
}

// out[j] = column[index[j]], returning out.
function gather<T extends Uint16Array | Uint32Array>(out: T, column: Uint32Array, index: U32List): T {
  for (let j = 0; j < index.length; j++) out[j] = column[index.get(j)] as number
  return out
}
