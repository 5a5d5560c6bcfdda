/**
 * Writes values in the table coding of tags.ts against one chunk's string table, collecting the
 * chunk's object shapes (key lists) as it goes. A value that is not JSON data (a class instance, a
 * Map, undefined, a bigint…) is written whole by the V8 serializer instead, which keeps it exactly.
 */
import { serialize } from 'node:v8'
import { grow } from '../grow.js'
import { encodeUtf8, utf8Scratch } from '../utf8.js'
import { instantSeconds } from './instant-text.js'
import { nibbleCount, writeNibbles } from './nibbles.js'
import { splitPoint } from './split-point.js'
import {
  AGAIN,
  ARRAY,
  FALSE,
  FLOAT,
  INSTANT,
  NATURAL,
  NEGATIVE,
  NIBBLES,
  NULL,
  OBJECT,
  SHORT_STRING,
  SHORT_STRING_MAX,
  SMALL,
  SMALL_MAX,
  SPLIT,
  STRING,
  TABLE,
  TABLE_LONG,
  TABLE_ONE_BYTE,
  TABLE_TWO_BYTES,
  TRUE,
} from './tags.js'

/** A node of the shape trie: the shape of the keys leading here, and the next keys. */
interface ShapeNode {
  id: number
  readonly next: Map<string, ShapeNode>
}

/** Thrown inside an encoding when the value is not JSON data. */
const NOT_JSON = Symbol('not JSON data')

/**
 * Encodes the values of one chunk.
 *
 * @example
 * ```ts
 * const encoder = new TableEncoder(tally.table())
 * const bytes = encoder.encode(values[0]).slice()
 * encoder.shapes // the key lists the encodings refer to
 * ```
 */
export class TableEncoder {
  /** The key lists of the objects written so far; shape s is `shapes[s]`. Only ever appended. */
  readonly shapes: string[][] = []
  readonly #table = new Map<string, number>()
  readonly #shapeRoot: ShapeNode = { id: -1, next: new Map() }
  readonly #float = new DataView(new ArrayBuffer(8))
  /** The strings written inline in the current value, by the order of their writing. */
  readonly #inline = new Map<string, number>()
  #out = new Uint8Array(4096)
  #at = 0

  /** @param table - the chunk's string table (string-table.ts) */
  constructor(table: readonly string[]) {
    for (let i = 0; i < table.length; i++) this.#table.set(table[i] as string, i)
  }

  /**
   * The encoding of a value: a view of a reusable buffer, valid until the next call.
   *
   * @example
   * ```ts
   * encoder.encode({ query: 'example.com' }) // CA 00 8B 65 78 61 …
   * ```
   */
  encode(value: unknown): Uint8Array {
    this.#at = 0
    this.#inline.clear()
    try {
      this.#value(value)
    } catch (error) {
      if (error !== NOT_JSON) throw error
      return new Uint8Array(serialize(value))
    }
    return this.#out.subarray(0, this.#at)
  }

  #value(v: unknown): void {
    switch (typeof v) {
      case 'string':
        this.#string(v)
        return
      case 'number':
        this.#number(v)
        return
      case 'boolean':
        this.#byte(v ? TRUE : FALSE)
        return
      case 'object':
        if (v === null) this.#byte(NULL)
        else if (Array.isArray(v)) this.#array(v)
        else if (Object.getPrototypeOf(v) === Object.prototype) this.#object(v as Record<string, unknown>)
        else throw NOT_JSON
        return
      default:
        throw NOT_JSON
    }
  }

  #array(items: readonly unknown[]): void {
    this.#byte(ARRAY)
    this.#varint(items.length)
    for (let i = 0; i < items.length; i++) {
      if (!(i in items)) throw NOT_JSON
      this.#value(items[i])
    }
  }

  #object(o: Record<string, unknown>): void {
    const keys = Object.keys(o)
    let node = this.#shapeRoot
    for (const key of keys) {
      let next = node.next.get(key)
      if (next === undefined) {
        next = { id: -1, next: new Map() }
        node.next.set(key, next)
      }
      node = next
    }
    if (node.id < 0) {
      node.id = this.shapes.length
      this.shapes.push(keys)
    }
    this.#byte(OBJECT)
    this.#varint(node.id)
    for (const key of keys) this.#value(o[key])
  }

  #string(s: string): void {
    const id = this.#table.get(s)
    if (id !== undefined) {
      this.#tableRef(id)
      return
    }
    const again = this.#inline.get(s)
    if (again !== undefined) {
      this.#byte(AGAIN)
      this.#varint(again)
      return
    }
    const at = splitPoint(s)
    const shared = at > 0 ? this.#table.get(s.slice(at)) : undefined
    if (shared !== undefined) {
      this.#byte(SPLIT)
      this.#string(s.slice(0, at))
      this.#tableRef(shared)
    } else this.#text(s)
    this.#inline.set(s, this.#inline.size)
  }

  #tableRef(id: number): void {
    if (id < TABLE_ONE_BYTE) this.#byte(id)
    else if (id < TABLE_LONG) {
      this.#byte(TABLE_TWO_BYTES + ((id - TABLE_ONE_BYTE) >> 8))
      this.#byte((id - TABLE_ONE_BYTE) & 0xff)
    } else {
      this.#byte(TABLE)
      this.#varint(id - TABLE_LONG)
    }
  }

  // A string that is neither in the table nor split: as an instant, in nibbles, or as UTF-8.
  #text(s: string): void {
    const seconds = instantSeconds(s)
    if (seconds !== null) {
      this.#byte(INSTANT)
      this.#varint(seconds >= 0 ? seconds * 2 : -seconds * 2 - 1)
      return
    }
    const nibbles = nibbleCount(s)
    if (nibbles > 0) {
      this.#byte(NIBBLES)
      this.#varint(nibbles)
      const bytes = (nibbles + 1) >> 1
      if (this.#at + bytes > this.#out.length) this.#out = grow(this.#out, this.#at + bytes)
      this.#at = writeNibbles(s, nibbles, this.#out, this.#at)
      return
    }
    const n = encodeUtf8(s)
    if (n <= SHORT_STRING_MAX) this.#byte(SHORT_STRING + n)
    else {
      this.#byte(STRING)
      this.#varint(n)
    }
    if (this.#at + n > this.#out.length) this.#out = grow(this.#out, this.#at + n)
    this.#out.set(utf8Scratch().subarray(0, n), this.#at)
    this.#at += n
  }

  #number(n: number): void {
    if (Number.isSafeInteger(n) && !Object.is(n, -0)) {
      if (n >= 0 && n <= SMALL_MAX) this.#byte(SMALL + n)
      else if (n >= 0) {
        this.#byte(NATURAL)
        this.#varint(n)
      } else {
        this.#byte(NEGATIVE)
        this.#varint(-n - 1)
      }
      return
    }
    this.#byte(FLOAT)
    this.#float.setFloat64(0, n, true)
    for (let i = 0; i < 8; i++) this.#byte(this.#float.getUint8(i))
  }

  #byte(b: number): void {
    if (this.#at === this.#out.length) this.#out = grow(this.#out, this.#at + 1)
    this.#out[this.#at++] = b
  }

  #varint(n: number): void {
    while (n >= 0x80) {
      this.#byte((n % 0x80) | 0x80)
      n = Math.floor(n / 0x80)
    }
    this.#byte(n)
  }
}
