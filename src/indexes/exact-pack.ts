/**
 * Exact binary encoding of JSON-like values: MessagePack (msgpackr) when it gives the value back
 * exactly, the V8 serializer otherwise. msgpackr is compact and fast (on the real WHOIS records,
 * with shared structures: 636 bytes a record against 1198 as JSON, pack 3.8 µs, unpack 1.4 µs), but
 * it renames an own `__proto__` key to `__proto_`, replaces lone UTF-16 surrogates with U+FFFD and
 * writes -0 as 0. The rare values holding one of those (or anything that is not JSON data) take
 * the V8 serializer, which keeps them (own data properties, two-byte strings, the sign of zero).
 *
 * Layout: V8 output always starts with its version tag 0xFF; an encoding that msgpackr would start
 * with 0xFF (the fixint -1) is written by V8 too, so the first byte alone tells the two apart.
 * msgpackr is used through a caller's `Packr`, so records share their key structures; global
 * msgpackr extensions are not registered, because they would change how every other user of
 * msgpackr in the process decodes.
 */
import { deserialize, serialize } from 'node:v8'
import type { Packr } from 'msgpackr'

const V8_TAG = 0xff

interface MaybeWellFormed {
  isWellFormed(): boolean
}

/**
 * True when msgpackr gives `value` back exactly: JSON data (null, booleans, numbers other than -0,
 * well-formed strings, arrays, plain objects) with no own `__proto__` key. Recursive, like msgpackr
 * and the V8 serializer: the loader rejects records nested deeper than ingest/nesting-depth.ts's
 * bound, so no input reaches it deep enough to overflow the stack.
 *
 * @param value - any value
 * @example
 * ```ts
 * msgpackKeepsExactly({ a: [1, 'x'] })  // true
 * msgpackKeepsExactly({ a: '\ud800' })  // false
 * ```
 */
export function msgpackKeepsExactly(value: unknown): boolean {
  switch (typeof value) {
    case 'string':
      // Node ≥ 20 has String.prototype.isWellFormed; the ES2023 typings do not know it yet.
      return (value as unknown as MaybeWellFormed).isWellFormed()
    case 'number':
      return Number.isFinite(value) && !Object.is(value, -0)
    case 'boolean':
      return true
    case 'object': {
      if (value === null) return true
      if (Array.isArray(value)) {
        for (const item of value) if (!msgpackKeepsExactly(item)) return false
        return true
      }
      if (Object.getPrototypeOf(value) !== Object.prototype) return false
      for (const key in value) {
        if (key === '__proto__' || !msgpackKeepsExactly((value as Record<string, unknown>)[key])) return false
      }
      return true
    }
    default:
      return false
  }
}

/**
 * Encodes a value exactly. The bytes may be a view of msgpackr's reusable buffer: copy them before
 * the next call.
 *
 * @param packr - the msgpackr instance (its shared structures are extended as needed)
 * @param value - the value
 * @example
 * ```ts
 * const packr = new Packr({ structures: [] })
 * unpackExact(packr, packExact(packr, { a: -0 })) // { a: -0 }, through the V8 serializer
 * ```
 */
export function packExact(packr: Packr, value: unknown): Uint8Array {
  if (msgpackKeepsExactly(value)) {
    const packed = packr.pack(value)
    if (packed[0] !== V8_TAG) return packed
  }
  return new Uint8Array(serialize(value))
}

/**
 * Decodes bytes written by {@link packExact} with the same structures.
 *
 * @param packr - a msgpackr instance holding the structures the value was packed with
 * @param bytes - the encoding
 * @example
 * ```ts
 * unpackExact(packr, packExact(packr, { query: 'example.com' })) // { query: 'example.com' }
 * ```
 */
export function unpackExact(packr: Packr, bytes: Uint8Array): unknown {
  if (bytes[0] === V8_TAG) return deserialize(bytes)
  return packr.unpack(bytes)
}
