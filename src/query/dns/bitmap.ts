/**
 * Bitmaps over observation ordinals: bit o is bit (o & 31) of word o >>> 5.
 */

/**
 * The set bits within [lo, hi), ascending.
 *
 * @param bits - a bitmap
 * @param lo - the first ordinal considered
 * @param hi - the end of the range (default: every bit)
 * @example
 * ```ts
 * readBits(Uint32Array.of(0b1101), 1) // [2, 3]
 * ```
 */
export function readBits(bits: Uint32Array, lo = 0, hi = bits.length * 32): Uint32Array {
  if (hi <= lo) return new Uint32Array(0)
  const first = lo >>> 5
  const last = (hi - 1) >>> 5
  // Words at the ends keep only the bits within the range.
  const lowMask = ~0 << (lo & 31)
  const highMask = ~0 >>> (31 - ((hi - 1) & 31))
  let count = 0
  for (let w = first; w <= last; w++) {
    let word = bits[w] as number
    if (w === first) word &= lowMask
    if (w === last) word &= highMask
    count += popcount(word)
  }
  const out = new Uint32Array(count)
  let k = 0
  for (let w = first; w <= last; w++) {
    let word = bits[w] as number
    if (w === first) word &= lowMask
    if (w === last) word &= highMask
    while (word !== 0) {
      const low = word & -word
      out[k++] = w * 32 + 31 - Math.clz32(low)
      word ^= low
    }
  }
  return out
}

function popcount(x: number): number {
  let v = x - ((x >>> 1) & 0x55555555)
  v = (v & 0x33333333) + ((v >>> 2) & 0x33333333)
  return (((v + (v >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24
}
