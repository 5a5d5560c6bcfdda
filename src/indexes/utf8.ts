/**
 * UTF-8 encoding of strings into a reusable scratch buffer, decoding back, and byte-range
 * comparison: the key form of the typed-array string tables (term dictionary, nameserver keys).
 * Byte order of UTF-8 is code point order, so tables sorted by bytes are sorted like the strings'
 * code points. A lone surrogate is written in its 3-byte form (as WTF-8 does), so every JS string
 * survives the round trip exactly.
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

/**
 * Decodes `bytes[start, end)` written by {@link encodeUtf8}, lone surrogates included. ASCII (nearly
 * every host, id and DNS value) is read as Latin-1 from a Buffer view kept per byte array: 126 ns
 * for a 25-byte host, against 272 ns creating a view and scanning for surrogates on every call.
 *
 * @example
 * ```ts
 * const n = encodeUtf8('a\ud800'); decodeUtf8(utf8Scratch(), 0, n) // 'a\ud800'
 * ```
 */
export function decodeUtf8(bytes: Uint8Array, start: number, end: number): string {
  const buffer = bufferOf(bytes)
  let i = start
  while (i < end && (bytes[i] as number) < 0x80) i++
  if (i === end) return buffer.toString('latin1', start, end)
  // 0xED followed by 0xA0…0xBF starts an encoded surrogate, which Buffer would replace by U+FFFD;
  // the ASCII prefix holds none.
  let out = ''
  let from = start
  for (; i < end - 2; i++) {
    if (bytes[i] !== 0xed || (bytes[i + 1] as number) < 0xa0) continue
    out += buffer.toString('utf8', from, i)
    out += String.fromCharCode(
      0xd000 | (((bytes[i + 1] as number) & 0x3f) << 6) | ((bytes[i + 2] as number) & 0x3f),
    )
    i += 2
    from = i + 1
  }
  return from === start ? buffer.toString('utf8', start, end) : out + buffer.toString('utf8', from, end)
}

// A Buffer over the same memory as each byte array decoded from (the scratch buffer included).
const views = new WeakMap<Uint8Array, Buffer>()

function bufferOf(bytes: Uint8Array): Buffer {
  let view = views.get(bytes)
  if (view === undefined) {
    view = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)
    views.set(bytes, view)
  }
  return view
}
