/**
 * Dates, times, phone numbers and ids as 4 bits a character: the fifteen symbols `0`–`9`, `-`,
 * `:`, `.`, `T` and space each take one nibble, and any other ASCII character takes the escape
 * nibble and two more (its code). `+61.268765135` takes 8 bytes instead of 13; `20100617`, 4.
 * Only strings that come out at most 3/4 of their length are packed (see {@link nibbleCount}).
 */

const SYMBOLS = '0123456789-:.T '
const ESCAPE = 15
const CODE = new Int8Array(128).fill(-1)
for (let i = 0; i < SYMBOLS.length; i++) CODE[SYMBOLS.charCodeAt(i)] = i

/**
 * The nibbles `s` packs into, or -1 when it is not ASCII or would save less than a quarter.
 *
 * @example
 * ```ts
 * nibbleCount('2010-06-17') // 10
 * nibbleCount('example')    // -1
 * ```
 */
export function nibbleCount(s: string): number {
  if (s.length < 4) return -1
  let n = 0
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i)
    if (c >= 128) return -1
    n += (CODE[c] as number) < 0 ? 3 : 1
  }
  return n * 2 <= s.length * 3 ? n : -1
}

/**
 * Writes the `n` nibbles of `s` (n from {@link nibbleCount}) at `out[at]`, high nibble first.
 *
 * @returns the index after the last byte written
 */
export function writeNibbles(s: string, n: number, out: Uint8Array, at: number): number {
  const bytes = (n + 1) >> 1
  out.fill(0, at, at + bytes)
  let k = 0
  const put = (nibble: number): void => {
    const i = at + (k >> 1)
    out[i] = (out[i] as number) | ((k & 1) === 0 ? nibble << 4 : nibble)
    k++
  }
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i)
    const code = CODE[c] as number
    if (code >= 0) put(code)
    else {
      put(ESCAPE)
      put(c >> 4)
      put(c & 15)
    }
  }
  return at + bytes
}

/**
 * Reads `n` nibbles from `bytes[at]` back into their string.
 *
 * @throws RangeError on an escape that runs past the nibbles or names a code beyond ASCII
 */
export function readNibbles(bytes: Uint8Array, at: number, n: number): string {
  if (scratch.length < n) {
    scratch = new Uint8Array(Math.max(n, 2 * scratch.length))
    view = Buffer.from(scratch.buffer) as Latin1Slices
  }
  let length = 0
  for (let k = 0; k < n; k++) {
    const b = bytes[at + (k >> 1)] as number
    const nibble = (k & 1) === 0 ? b >> 4 : b & 15
    if (nibble !== ESCAPE) {
      scratch[length++] = SYMBOL_CODES[nibble] as number
      continue
    }
    if (k + 2 >= n) throw new RangeError('domindex: a nibble escape runs past its string')
    const hi = (k & 1) === 0 ? b & 15 : (bytes[at + ((k + 1) >> 1)] as number) >> 4
    const next = bytes[at + ((k + 2) >> 1)] as number
    const lo = ((k + 2) & 1) === 0 ? next >> 4 : next & 15
    if (hi >= 8) throw new RangeError('domindex: a nibble escape beyond ASCII')
    scratch[length++] = (hi << 4) | lo
    k += 2
  }
  return view.latin1Slice(0, length)
}

/** Buffer's own Latin-1 slicing, without `toString`'s argument checks (see table-decoder.ts). */
interface Latin1Slices extends Buffer {
  latin1Slice(start: number, end: number): string
}

const SYMBOL_CODES = Uint8Array.from(SYMBOLS, (c) => c.charCodeAt(0))
// The characters of the string being read, before one native call makes the string of them.
let scratch = new Uint8Array(64)
let view = Buffer.from(scratch.buffer) as Latin1Slices
