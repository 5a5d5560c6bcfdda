/**
 * A sorted list of strings kept as one UTF-8 buffer and the offset of each string in it: a
 * million values take their bytes and four bytes of offset each, not a million heap strings, and
 * a list read back from a file is used as it lies, without parsing. A lone surrogate is written
 * in its 3-byte form (indexes/utf8.ts, as WTF-8 does), so every string comes back exactly.
 * Lookups compare bytes; that byte order is code-point order (a lone surrogate at its own code
 * point), so the strings are sorted with {@link compareCodePoints}.
 */
import { decodeUtf8, encodeUtf8, utf8Scratch } from '../indexes/utf8.js'

/** The strings and the offsets that delimit them (`starts.length` is the count plus one). */
export interface ByteStringParts {
  readonly bytes: Uint8Array
  readonly starts: Uint32Array
}

/** A sorted list of strings read by position, by exact value and by prefix. */
export class ByteStrings {
  readonly #bytes: Buffer
  readonly #starts: Uint32Array

  /**
   * @param parts - the UTF-8 bytes and the offsets, as {@link ByteStrings.of} writes them
   */
  constructor(parts: ByteStringParts) {
    this.#bytes = Buffer.from(parts.bytes.buffer, parts.bytes.byteOffset, parts.bytes.byteLength)
    this.#starts = parts.starts
  }

  /**
   * The list of strings already sorted in code-point order.
   *
   * @example
   * ```ts
   * ByteStrings.of(['a', 'b']).get(1) // 'b'
   * ```
   */
  static of(sorted: readonly string[]): ByteStrings {
    const encoded = sorted.map(bytesOf)
    const starts = new Uint32Array(sorted.length + 1)
    encoded.forEach((b, i) => {
      starts[i + 1] = (starts[i] as number) + b.length
    })
    return new ByteStrings({ bytes: Buffer.concat(encoded), starts })
  }

  /** The parts to save. */
  get parts(): ByteStringParts {
    return { bytes: this.#bytes, starts: this.#starts }
  }

  /** The number of strings. */
  get size(): number {
    return this.#starts.length - 1
  }

  /**
   * The string at a position.
   *
   * @example
   * ```ts
   * ByteStrings.of(['a', 'b']).get(0) // 'a'
   * ```
   */
  get(i: number): string {
    return decodeUtf8(this.#bytes, this.#starts[i] as number, this.#starts[i + 1] as number)
  }

  /**
   * The position of a string, or -1 when it is not held.
   *
   * @example
   * ```ts
   * ByteStrings.of(['a', 'b']).indexOf('b') // 1
   * ```
   */
  indexOf(text: string): number {
    const key = bytesOf(text)
    const i = this.#lowerBound(key, false)
    return i < this.size && this.#compare(key, i, false) === 0 ? i : -1
  }

  /**
   * The positions `[from, to)` of the strings that start with `prefix`.
   *
   * @example
   * ```ts
   * ByteStrings.of(['ab', 'ac', 'b']).prefixRange('a') // [0, 2]
   * ```
   */
  prefixRange(prefix: string): [number, number] {
    const key = bytesOf(prefix)
    return [this.#lowerBound(key, false), this.#lowerBound(key, true)]
  }

  // The first position whose string is not below key; with `past`, the first whose string, cut
  // to key's length, is above it (so every string starting with key lies before it).
  #lowerBound(key: Buffer, past: boolean): number {
    let lo = 0
    let hi = this.size
    while (lo < hi) {
      const mid = (lo + hi) >>> 1
      const c = this.#compare(key, mid, past)
      if (c > 0 || (past && c === 0)) lo = mid + 1
      else hi = mid
    }
    return lo
  }

  // key against the string at i (cut to key's length when `cut`): negative when key is below.
  #compare(key: Buffer, i: number, cut: boolean): number {
    const start = this.#starts[i] as number
    const end = this.#starts[i + 1] as number
    return key.compare(this.#bytes, start, cut ? Math.min(end, start + key.length) : end)
  }
}

// A string's bytes, lone surrogates in their 3-byte form (encoded first: the encoder may
// replace its scratch buffer with a larger one).
function bytesOf(text: string): Buffer {
  const length = encodeUtf8(text)
  return Buffer.from(utf8Scratch().slice(0, length))
}

/**
 * Compares two strings in code-point order, the byte order of their encoding here: a surrogate
 * pair as the code point it makes (after U+E000…U+FFFF, where `<` puts it before), a lone
 * surrogate as its own code point.
 *
 * @example
 * ```ts
 * ['\u{1F600}', '\uFFFD', '\uD800'].sort(compareCodePoints) // ['\uD800', '\uFFFD', '\u{1F600}']
 * ```
 */
export function compareCodePoints(a: string, b: string): number {
  let i = 0
  let j = 0
  while (i < a.length && j < b.length) {
    const x = a.codePointAt(i) as number
    const y = b.codePointAt(j) as number
    if (x !== y) return x - y
    i += x > 0xffff ? 2 : 1
    j += y > 0xffff ? 2 : 1
  }
  return a.length - i - (b.length - j)
}
