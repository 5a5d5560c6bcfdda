/**
 * Set operations over sorted, duplicate-free Uint32Arrays of observation ordinals, the currency of
 * DNS matching (ascending ordinals are result order). Merges are flat loops; an intersection of a
 * short list with a long one gallops (binary search from the last hit), so a rare term AND a
 * million-observation term costs the rare list's length times ~20 probes.
 */

import { lowerBound } from '../../indexes/gallop.js'

/** The empty id list. */
export const EMPTY: Uint32Array = new Uint32Array(0)

// Below this length ratio a linear merge beats galloping.
const GALLOP_RATIO = 16

/**
 * The ids in both lists.
 *
 * @example
 * ```ts
 * intersect(Uint32Array.of(1, 3, 5), Uint32Array.of(3, 4, 5)) // [3, 5]
 * ```
 */
export function intersect(a: Uint32Array, b: Uint32Array): Uint32Array {
  if (a.length > b.length) return intersect(b, a)
  const out = new Uint32Array(a.length)
  let k = 0
  if (a.length * GALLOP_RATIO < b.length) {
    let lo = 0
    for (let i = 0; i < a.length; i++) {
      const x = a[i] as number
      lo = lowerBound(b, x, lo)
      if (lo === b.length) break
      if (b[lo] === x) out[k++] = x
    }
    return out.subarray(0, k)
  }
  let i = 0
  let j = 0
  while (i < a.length && j < b.length) {
    const x = a[i] as number
    const y = b[j] as number
    if (x < y) i++
    else if (x > y) j++
    else {
      out[k++] = x
      i++
      j++
    }
  }
  return out.subarray(0, k)
}

/**
 * The ids in either list.
 *
 * @example
 * ```ts
 * union(Uint32Array.of(1, 3), Uint32Array.of(2, 3)) // [1, 2, 3]
 * ```
 */
export function union(a: Uint32Array, b: Uint32Array): Uint32Array {
  if (a.length === 0) return b
  if (b.length === 0) return a
  const out = new Uint32Array(a.length + b.length)
  let i = 0
  let j = 0
  let k = 0
  while (i < a.length && j < b.length) {
    const x = a[i] as number
    const y = b[j] as number
    if (x < y) {
      out[k++] = x
      i++
    } else if (x > y) {
      out[k++] = y
      j++
    } else {
      out[k++] = x
      i++
      j++
    }
  }
  while (i < a.length) out[k++] = a[i++] as number
  while (j < b.length) out[k++] = b[j++] as number
  return out.subarray(0, k)
}

/**
 * The ids of `a` that are not in `b`.
 *
 * @example
 * ```ts
 * difference(Uint32Array.of(1, 2, 3), Uint32Array.of(2)) // [1, 3]
 * ```
 */
export function difference(a: Uint32Array, b: Uint32Array): Uint32Array {
  if (a.length === 0 || b.length === 0) return a
  const out = new Uint32Array(a.length)
  let k = 0
  if (a.length * GALLOP_RATIO < b.length) {
    let lo = 0
    for (let i = 0; i < a.length; i++) {
      const x = a[i] as number
      lo = lowerBound(b, x, lo)
      if (b[lo] !== x) out[k++] = x
    }
    return out.subarray(0, k)
  }
  let j = 0
  for (let i = 0; i < a.length; i++) {
    const x = a[i] as number
    while (j < b.length && (b[j] as number) < x) j++
    if (j === b.length || b[j] !== x) out[k++] = x
  }
  return out.subarray(0, k)
}
