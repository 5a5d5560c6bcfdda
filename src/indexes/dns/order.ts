/**
 * The result order of DNS search (SPEC 6): date descending, ties by id ascending (code-unit order).
 * The build numbers observations in this order, so that ascending ordinals are result order.
 */

// Day spans wider than this (dates centuries apart) fall back to one comparison sort.
const MAX_BUCKETS = 1 << 20

/**
 * The permutation that puts observations in result order.
 *
 * @param days - each observation's day number
 * @param byId - compares the ids of two observations (by index), as strings compare
 * @example
 * ```ts
 * const ids = ['b', 'c', 'a']
 * resultOrder(Int32Array.of(5, 7, 5), (a, b) => (ids[a] < ids[b] ? -1 : ids[a] > ids[b] ? 1 : 0)) // [1, 2, 0]
 * ```
 */
export function resultOrder(days: Int32Array, byId: (a: number, b: number) => number): Uint32Array {
  const n = days.length
  let min = 0
  let max = -1
  if (n > 0) {
    min = days.reduce((m, d) => Math.min(m, d))
    max = days.reduce((m, d) => Math.max(m, d))
  }
  if (max - min >= MAX_BUCKETS) {
    const order = identity(n)
    return order.sort((a, b) => (days[b] as number) - (days[a] as number) || byId(a, b))
  }
  // A counting sort by day (a few thousand distinct days), then each day's ids by comparison:
  // n·log(day size) string comparisons instead of n·log(n) two-key ones.
  const buckets = max - min + 1
  const start = new Uint32Array(buckets + 1)
  for (let i = 0; i < n; i++) {
    const b = max - (days[i] as number) + 1
    start[b] = (start[b] as number) + 1
  }
  for (let b = 0; b < buckets; b++) start[b + 1] = (start[b + 1] as number) + (start[b] as number)
  const fill = start.slice(0, buckets)
  const order = new Uint32Array(n)
  for (let i = 0; i < n; i++) {
    const b = max - (days[i] as number)
    const at = fill[b] as number
    fill[b] = at + 1
    order[at] = i
  }
  for (let b = 0; b < buckets; b++) {
    const from = start[b] as number
    const to = start[b + 1] as number
    if (to - from > 1) order.subarray(from, to).sort(byId)
  }
  return order
}

function identity(n: number): Uint32Array {
  const out = new Uint32Array(n)
  for (let i = 0; i < n; i++) out[i] = i
  return out
}
