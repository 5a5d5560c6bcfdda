/**
 * The interning tables of the DNS build's first step (dns/column-log.ts): strings, fields (the
 * distinct (context, type, is_metadata, key order) tuples of items) and items (the distinct
 * (field, value) pairs), each numbered densely in the order first seen, and the one rule that
 * interns an observation's items into them.
 */
import type { Item, Observation } from '../../types.js'
import { TermDictionaryBuilder } from '../term-dictionary.js'
import { U32List } from '../u32-list.js'
import { dayNumber } from './day.js'
import { itemShape, observationShape } from './shapes.js'

/**
 * Strings, fields and items, and how an observation goes into them.
 *
 * @example
 * ```ts
 * const tables = new InternTables()
 * const occurrences = new U32List()
 * tables.intern(observation, observationDay(observation), occurrences) // the apex value's string id
 * tables.exact // true: the columns rebuild it
 * ```
 */
export class InternTables {
  readonly strings = new TermDictionaryBuilder()
  readonly fields = new FieldTable(this.strings)
  readonly items = new ItemTable()
  /** The key order of the observation interned last (see dns/shapes.ts). */
  shape = 0
  /** Whether the observation interned last can be rebuilt exactly from the columns. */
  exact = true

  /**
   * Interns an observation's valid items, in order, appending their item ids to `occurrences`.
   *
   * @param o - a validated observation
   * @param day - its day number (observationDay: 0 when its date is not a calendar date)
   * @param occurrences - where its item ids go
   * @returns the string id of its apex value (its first item's value; '' when that is invalid)
   */
  intern(o: Observation, day: number, occurrences: U32List): number {
    const shape = observationShape(o)
    let exact = shape >= 0 && typeof o.date === 'string' && o.date.length === 10 && typeof o.id === 'string'
    this.shape = Math.max(0, shape)
    const list: readonly unknown[] = Array.isArray(o.items) ? o.items : []
    if (!Array.isArray(o.items)) exact = false
    const from = occurrences.length
    for (let j = 0; j < list.length; j++) {
      const it = list[j]
      if (!isItem(it)) {
        exact = false
        continue
      }
      const s = itemShape(it)
      if (s < 0) exact = false
      const field = this.fields.intern(it.context, it.type, it.is_metadata, Math.max(0, s))
      occurrences.push(this.items.intern(field, this.strings.intern(it.value)))
    }
    // Day 0 is also what an invalid date gives: only then is the date parsed again.
    this.exact = exact && !(day === 0 && Number.isNaN(dayNumber(o.date)))
    // The apex is the first item's value, interned just above when that item is valid.
    return isItem(list[0]) ? this.items.value(occurrences.get(from)) : this.strings.intern('')
  }
}

/**
 * Whether a value has an item's four fields with their types.
 *
 * @example
 * ```ts
 * isItem({ context: '', is_metadata: true, type: 'host', value: 'a.com' }) // true
 * ```
 */
export function isItem(x: unknown): x is Item {
  if (typeof x !== 'object' || x === null) return false
  const { context, type, value, is_metadata } = x as Record<string, unknown>
  return (
    typeof context === 'string' &&
    typeof type === 'string' &&
    typeof value === 'string' &&
    typeof is_metadata === 'boolean'
  )
}

/**
 * Interns (context, type, is_metadata, shape) tuples. A build meets a handful of them on every
 * item, so the last few found are compared first (integers, no hashing); the map behind them only
 * sees new tuples and odd inputs.
 *
 * @example
 * ```ts
 * const fields = new FieldTable(strings)
 * fields.intern('dns-mx', 'host', false, 0) // 0
 * fields.type(0)                            // strings.get('host')
 * ```
 */
export class FieldTable {
  readonly #strings: TermDictionaryBuilder
  readonly #context = new U32List(16)
  readonly #type = new U32List(16)
  readonly #flags = new U32List(16)
  readonly #byKey = new Map<string, number>()
  readonly #names: string[] = []
  readonly #nameIds: number[] = []
  readonly #recent: number[] = []

  /** @param strings - the dictionary that names contexts and types */
  constructor(strings: TermDictionaryBuilder) {
    this.#strings = strings
  }

  /** The number of fields. */
  get size(): number {
    return this.#context.length
  }

  /** The field of a tuple, interning its context and type (in that order) first. */
  intern(context: string, type: string, meta: boolean, shape: number): number {
    const c = this.#name(context)
    const t = this.#name(type)
    const flags = (shape << 1) | (meta ? 1 : 0)
    for (const f of this.#recent) {
      if (this.#context.get(f) === c && this.#type.get(f) === t && this.#flags.get(f) === flags) return f
    }
    const key = `${c}:${t}:${flags}`
    let f = this.#byKey.get(key)
    if (f === undefined) {
      f = this.#context.length
      this.#context.push(c)
      this.#type.push(t)
      this.#flags.push(flags)
      this.#byKey.set(key, f)
    }
    this.#recent.unshift(f)
    if (this.#recent.length > 8) this.#recent.pop()
    return f
  }

  /** The string id of a field's context. */
  context(field: number): number {
    return this.#context.get(field)
  }

  /** The string id of a field's type. */
  type(field: number): number {
    return this.#type.get(field)
  }

  /** A field's flags: `shape << 1 | is_metadata`. */
  flags(field: number): number {
    return this.#flags.get(field)
  }

  // Contexts and types: the same few strings on every item, compared before they are hashed.
  #name(name: string): number {
    const names = this.#names
    for (let i = 0; i < names.length; i++) if (names[i] === name) return this.#nameIds[i] as number
    const id = this.#strings.intern(name)
    if (names.length < 16) {
      names.push(name)
      this.#nameIds.push(id)
    }
    return id
  }
}

/**
 * Interns (field, value) pairs. Items sharing a value are chained from the value's string id;
 * chains are short (a value rarely appears in several fields), so no map over pairs is needed.
 *
 * @example
 * ```ts
 * const items = new ItemTable()
 * items.intern(0, 5) // 0
 * items.intern(1, 5) // 1
 * items.intern(0, 5) // 0
 * ```
 */
export class ItemTable {
  readonly #field = new U32List()
  readonly #value = new U32List()
  // item + 1 per string id (0: none), and next item + 1 per item (0: end).
  readonly #first = new U32List()
  readonly #next = new U32List()

  /** The number of items. */
  get size(): number {
    return this.#field.length
  }

  /** The item of a (field, value string id) pair. */
  intern(field: number, value: number): number {
    while (this.#first.length <= value) this.#first.push(0)
    let last = -1
    for (let i = this.#first.get(value) - 1; i >= 0; i = this.#next.get(i) - 1) {
      if (this.#field.get(i) === field) return i
      last = i
    }
    const id = this.#field.length
    this.#field.push(field)
    this.#value.push(value)
    this.#next.push(0)
    if (last < 0) this.#first.set(value, id + 1)
    else this.#next.set(last, id + 1)
    return id
  }

  /** The field of an item. */
  field(item: number): number {
    return this.#field.get(item)
  }

  /** The value (string id) of an item. */
  value(item: number): number {
    return this.#value.get(item)
  }
}
