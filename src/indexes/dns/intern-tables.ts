/**
 * The interning tables of the DNS build's first step (dns/column-log.ts): fields, the distinct
 * (context, type, is_metadata, key order) tuples of items, and items, the distinct (field, value)
 * pairs. Both number their entries densely in the order first seen and keep them in typed lists.
 */
import type { StringIds } from '../string-ids.js'
import { U32List } from './growable.js'

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
  readonly #strings: StringIds
  readonly #context = new U32List(16)
  readonly #type = new U32List(16)
  readonly #flags = new U32List(16)
  readonly #byKey = new Map<string, number>()
  readonly #names: string[] = []
  readonly #nameIds: number[] = []
  readonly #recent: number[] = []

  /** @param strings - the dictionary that names contexts and types */
  constructor(strings: StringIds) {
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
