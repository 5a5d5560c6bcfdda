/**
 * Reads values written by table-encoder.ts, given the same chunk's string table and shapes. A table
 * string is decoded on its first use and then shared by every value that uses it, so a record costs
 * little more than building its objects, and a chunk holds only the strings its reads needed. Every operand is checked against the bytes, the table and the
 * shapes, so damaged bytes are an error naming what is wrong, never a wrong value or a crash.
 */
import { deserialize } from 'node:v8'
import { Column } from '../../storage/column.js'
import type { LazyArray } from '../../storage/lazy-array.js'
import type { StoredBytes } from '../../storage/lazy-section.js'
import { decodeUtf8 } from '../utf8.js'
import { instantText } from './instant-text.js'
import { readNibbles } from './nibbles.js'
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
  SMALL,
  SPLIT,
  STRING,
  TABLE,
  TABLE_LONG,
  TABLE_ONE_BYTE,
  TABLE_TWO_BYTES,
  TRUE,
  V8,
} from './tags.js'

/**
 * Buffer's own slicing method: `toString('latin1', …)` checks its arguments and dispatches first,
 * which costs twice the copy for the short strings of a record (~60 ns against ~150 for 5–30 bytes).
 */
interface FastSlices extends Buffer {
  latin1Slice(start: number, end: number): string
}

/** Builds an object of one shape, reading its values in key order. */
type Maker = (read: () => unknown) => Record<string, unknown>

// Makers shared by every decoder: compiling one costs tens of microseconds, and decoders of chunks
// left on disk come and go (packed-slots.ts). Bounded, since shapes come from the data.
const MAKERS = new Map<string, Maker>()
const MAX_MAKERS = 4096

/**
 * A function that builds an object of the given keys as one object literal, so every object of a
 * shape gets the same hidden class at once instead of a transition per key.
 */
function makerOf(keys: readonly string[]): Maker {
  const name = JSON.stringify(keys)
  const known = MAKERS.get(name)
  if (known !== undefined) return known
  // A literal `"__proto__": v` would set the prototype; a computed key defines an own property.
  const fields = keys.map((key) => `${key === '__proto__' ? '["__proto__"]' : JSON.stringify(key)}: read()`)
  const maker = new Function('read', `return { ${fields.join(', ')} }`) as Maker
  if (MAKERS.size < MAX_MAKERS) MAKERS.set(name, maker)
  return maker
}

/**
 * Decodes table-coded values of one chunk.
 *
 * @example
 * ```ts
 * const decoder = new TableDecoder(packTable(tally.table()), encoder.shapes)
 * decoder.decode(bytes, 0, bytes.length) // the value encoded
 * ```
 */
/**
 * A chunk's string table as the decoder reads it: in memory (as packTable made it), or left on
 * disk by an opened snapshot, when each string is read through the block cache on its first use.
 */
export interface StoredTable {
  readonly bytes: StoredBytes
  readonly ends: Uint32Array | LazyArray
}

export class TableDecoder {
  readonly #table: StoredTable
  /** Where each table string ends, read through a column when the table is on disk. */
  readonly #ends: Column
  readonly #strings: (string | undefined)[]
  readonly #shapes: readonly (readonly string[])[]
  readonly #float = new DataView(new ArrayBuffer(8))
  readonly #inline: string[] = []
  readonly #makers: (Maker | undefined)[] = []
  readonly #read = (): unknown => this.#value()
  #bytes: Uint8Array = new Uint8Array(0)
  #buffer: FastSlices = Buffer.alloc(0) as FastSlices
  #at = 0
  #end = 0

  /**
   * @param table - the chunk's string table
   * @param shapes - the chunk's shapes
   */
  constructor(table: StoredTable, shapes: readonly (readonly string[])[]) {
    this.#table = table
    this.#ends = new Column(table.ends)
    this.#strings = new Array<string | undefined>(table.ends.length)
    this.#shapes = shapes
  }

  /**
   * The value encoded in `bytes[start, end)`, as a fresh object.
   *
   * @throws RangeError when the bytes are not one whole encoding for this table and these shapes
   */
  decode(bytes: Uint8Array, start: number, end: number): unknown {
    if (bytes[start] === V8) return deserialize(bytes.subarray(start, end))
    if (bytes !== this.#bytes) {
      this.#bytes = bytes
      this.#buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength) as FastSlices
    }
    this.#at = start
    this.#end = end
    this.#inline.length = 0
    const value = this.#value()
    if (this.#at !== end) throw new RangeError(`domindex: ${end - this.#at} bytes left after a value`)
    return value
  }

  #value(): unknown {
    const tag = this.#byte()
    if (tag < TABLE_ONE_BYTE) return this.#tableString(tag)
    if (tag < SHORT_STRING)
      return this.#tableString(TABLE_ONE_BYTE + ((tag - TABLE_TWO_BYTES) << 8) + this.#byte())
    if (tag < STRING) return this.#inlineString(tag - SHORT_STRING)
    if (tag >= SMALL) {
      if (tag === V8) throw new RangeError('domindex: a V8-serialised value inside a table-coded one')
      return tag - SMALL
    }
    switch (tag) {
      case STRING:
        return this.#inlineString(this.#varint())
      case TABLE:
        return this.#tableString(TABLE_LONG + this.#varint())
      case AGAIN: {
        const i = this.#varint()
        if (i >= this.#inline.length)
          throw new RangeError(`domindex: string ${i} repeated before it was read`)
        return this.#inline[i]
      }
      case NULL:
        return null
      case FALSE:
        return false
      case TRUE:
        return true
      case FLOAT:
        if (this.#at + 8 > this.#end) throw new RangeError('domindex: a number runs past its value')
        for (let i = 0; i < 8; i++) this.#float.setUint8(i, this.#bytes[this.#at++] as number)
        return this.#float.getFloat64(0, true)
      case NATURAL:
        return this.#varint()
      case NEGATIVE:
        return -this.#varint() - 1
      case ARRAY: {
        const n = this.#varint()
        if (n > this.#end - this.#at) throw new RangeError(`domindex: an array of ${n} runs past its value`)
        const items = new Array<unknown>(n)
        for (let i = 0; i < n; i++) items[i] = this.#value()
        return items
      }
      case OBJECT:
        return this.#object()
      case INSTANT: {
        const z = this.#varint()
        const text = instantText(z % 2 === 0 ? z / 2 : -(z + 1) / 2)
        this.#inline.push(text)
        return text
      }
      case SPLIT: {
        const whole = this.#part() + this.#part()
        this.#inline.push(whole)
        return whole
      }
      case NIBBLES: {
        const n = this.#varint()
        const start = this.#at
        if (start + ((n + 1) >> 1) > this.#end)
          throw new RangeError(`domindex: ${n} nibbles run past their value`)
        this.#at = start + ((n + 1) >> 1)
        const text = readNibbles(this.#bytes, start, n)
        this.#inline.push(text)
        return text
      }
      default:
        throw new RangeError(`domindex: unknown tag 0x${tag.toString(16)}`)
    }
  }

  #object(): Record<string, unknown> {
    const s = this.#varint()
    const keys = this.#shapes[s]
    if (keys === undefined) throw new RangeError(`domindex: shape ${s} of ${this.#shapes.length}`)
    let maker = this.#makers[s]
    if (maker === undefined && keys.length > 0) {
      maker = makerOf(keys)
      this.#makers[s] = maker
    }
    if (maker !== undefined) return maker(this.#read)
    const o: Record<string, unknown> = {}
    for (let i = 0; i < keys.length; i++) {
      const key = keys[i] as string
      const value = this.#value()
      // An own "__proto__" key (JSON.parse makes one) must not set the prototype.
      if (key === '__proto__')
        Object.defineProperty(o, key, { value, writable: true, enumerable: true, configurable: true })
      else o[key] = value
    }
    return o
  }

  // A part of a SPLIT string.
  #part(): string {
    const part = this.#value()
    if (typeof part !== 'string') throw new RangeError(`domindex: a split string with a ${typeof part} part`)
    return part
  }

  #tableString(i: number): string {
    let s = this.#strings[i]
    if (s === undefined) {
      const bytes = this.#table.bytes
      const ends = this.#ends
      if (i >= ends.length) throw new RangeError(`domindex: table string ${i} of ${ends.length}`)
      const start = i === 0 ? 0 : ends.at(i - 1)
      const end = ends.at(i)
      if (bytes instanceof Uint8Array) s = decodeUtf8(bytes, start, end)
      else s = bytes.text(start, end)
      this.#strings[i] = s
    }
    return s
  }

  #inlineString(n: number): string {
    const start = this.#at
    if (start + n > this.#end) throw new RangeError(`domindex: a string of ${n} bytes runs past its value`)
    this.#at = start + n
    const bytes = this.#bytes
    let i = start
    while (i < this.#at && (bytes[i] as number) < 0x80) i++
    const s = i === this.#at ? this.#buffer.latin1Slice(start, i) : decodeUtf8(bytes, start, this.#at)
    this.#inline.push(s)
    return s
  }

  #byte(): number {
    if (this.#at >= this.#end) throw new RangeError('domindex: a value ends early')
    return this.#bytes[this.#at++] as number
  }

  #varint(): number {
    if (this.#at < this.#end && (this.#bytes[this.#at] as number) < 0x80)
      return this.#bytes[this.#at++] as number
    let n = 0
    let scale = 1
    for (;;) {
      const b = this.#byte()
      n += (b & 0x7f) * scale
      if (b < 0x80) return n
      scale *= 0x80
      if (scale > 2 ** 56) throw new RangeError('domindex: a varint longer than 8 bytes')
    }
  }
}
