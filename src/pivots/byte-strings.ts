/**
 * A sorted list of strings kept as one UTF-8 buffer and the offset of each string in it: a
 * million values take their bytes and four bytes of offset each, not a million heap strings, and
 * a list read back from a file is used as it lies, without parsing. Lookups compare bytes; UTF-8
 * byte order is code-point order, so the strings are sorted with {@link compareCodePoints}.
 */

/** The strings and the offsets that delimit them (`starts.length` is the count plus one). */
export interface ByteStringParts {
  readonly bytes: Uint8Array
  readonly starts: Uint32Array
}

const decoder = new TextDecoder()

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
    const encoded = sorted.map((s) => Buffer.from(s, 'utf8'))
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
    return decoder.decode(this.#bytes.subarray(this.#starts[i], this.#starts[i + 1]))
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
    const key = Buffer.from(text, 'utf8')
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
    const key = Buffer.from(prefix, 'utf8')
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

/**
 * Compares two strings in code-point order (UTF-8 byte order), unlike `<`, which compares UTF-16
 * code units and so puts U+10000 and above before U+E000…U+FFFF.
 *
 * @example
 * ```ts
 * ['\u{1F600}', '\uFFFD'].sort(compareCodePoints) // ['\uFFFD', '\u{1F600}']
 * ```
 */
export function compareCodePoints(a: string, b: string): number {
  const n = Math.min(a.length, b.length)
  for (let i = 0; i < n; i++) {
    const x = a.charCodeAt(i)
    const y = b.charCodeAt(i)
    if (x !== y) return rank(x) - rank(y)
  }
  return a.length - b.length
}

// A code unit's place in code-point order: surrogates (U+10000 and above) after U+E000…U+FFFF.
function rank(unit: number): number {
  if (unit >= 0xd800 && unit <= 0xdfff) return unit + 0x2000
  if (unit >= 0xe000) return unit - 0x800
  return unit
}
