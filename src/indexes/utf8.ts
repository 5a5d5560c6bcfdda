/**
 * UTF-8 encoding of strings into a reusable scratch buffer, and byte-range comparison: the key form
 * of the typed-array string tables (term dictionary, nameserver keys). Byte order of UTF-8 is code
 * point order, so tables sorted by bytes are sorted like the strings' code points.
 */

let scratch = new Uint8Array(256)

/**
 * The scratch buffer {@link encodeUtf8} writes into; read it after the call, valid until the next one.
 *
 * @example
 * ```ts
 * const n = encodeUtf8('mü'); utf8Scratch().subarray(0, n) // 6d c3 bc
 * ```
 */
export function utf8Scratch(): Uint8Array {
  return scratch
}

/**
 * Encodes `s` as UTF-8 into the shared scratch buffer. Returns the length, not an object, because it
 * runs once per token at build time (tens of millions of calls).
 *
 * @param s - any string (a lone surrogate is encoded as its 3-byte form)
 * @returns the number of bytes written to {@link utf8Scratch}
 * @example
 * ```ts
 * encodeUtf8('mü') // 3
 * ```
 */
export function encodeUtf8(s: string): number {
  if (scratch.length < s.length * 3) scratch = new Uint8Array(s.length * 3)
  const out = scratch
  let n = 0
  for (let i = 0; i < s.length; i++) {
    let c = s.charCodeAt(i)
    if (c < 0x80) {
      out[n++] = c
      continue
    }
    if (c < 0x800) {
      out[n++] = 0xc0 | (c >> 6)
      out[n++] = 0x80 | (c & 0x3f)
      continue
    }
    if (c >= 0xd800 && c < 0xdc00 && i + 1 < s.length) {
      const d = s.charCodeAt(i + 1)
      if (d >= 0xdc00 && d < 0xe000) {
        c = 0x10000 + ((c - 0xd800) << 10) + (d - 0xdc00)
        i++
        out[n++] = 0xf0 | (c >> 18)
        out[n++] = 0x80 | ((c >> 12) & 0x3f)
        out[n++] = 0x80 | ((c >> 6) & 0x3f)
        out[n++] = 0x80 | (c & 0x3f)
        continue
      }
    }
    out[n++] = 0xe0 | (c >> 12)
    out[n++] = 0x80 | ((c >> 6) & 0x3f)
    out[n++] = 0x80 | (c & 0x3f)
  }
  return n
}

/**
 * Compares `a[aStart, aEnd)` with `b[bStart, bEnd)` bytewise.
 *
 * @returns negative, zero or positive, like a sort comparator
 * @example
 * ```ts
 * compareBytes(Uint8Array.of(1, 2), 0, 2, Uint8Array.of(1, 3), 0, 2) // < 0
 * ```
 */
export function compareBytes(
  a: Uint8Array,
  aStart: number,
  aEnd: number,
  b: Uint8Array,
  bStart: number,
  bEnd: number,
): number {
  const n = Math.min(aEnd - aStart, bEnd - bStart)
  for (let i = 0; i < n; i++) {
    const d = (a[aStart + i] as number) - (b[bStart + i] as number)
    if (d !== 0) return d
  }
  return aEnd - aStart - (bEnd - bStart)
}
