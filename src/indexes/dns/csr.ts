/**
 * Grouping of (key, value) pairs into the compressed-sparse-row form the DNS index uses everywhere:
 * `start` (keys + 1 offsets) and `values`, where key k's values are `values[start[k] … start[k+1])`
 * in the order the pairs were given. A counting sort: two passes, no comparisons.
 */

/** Values grouped by key. */
export interface Csr {
  start: Uint32Array
  values: Uint32Array
}

/**
 * Groups pairs by key, keeping their given order within a key.
 *
 * @param keyCount - keys are 0…keyCount-1
 * @param keys - the key of each pair
 * @param values - the value of each pair; by default its position (pair i is (keys[i], i))
 * @example
 * ```ts
 * groupByKey(3, Uint32Array.of(2, 0, 2), Uint32Array.of(5, 6, 7))
 * // { start: [0, 1, 1, 3], values: [6, 5, 7] }
 * groupByKey(3, Uint32Array.of(2, 0, 2))
 * // { start: [0, 1, 1, 3], values: [1, 0, 2] }
 * ```
 */
export function groupByKey(keyCount: number, keys: Uint32Array, values?: Uint32Array): Csr {
  const start = new Uint32Array(keyCount + 1)
  for (let i = 0; i < keys.length; i++) {
    const k = (keys[i] as number) + 1
    start[k] = (start[k] as number) + 1
  }
  for (let k = 0; k < keyCount; k++) start[k + 1] = (start[k + 1] as number) + (start[k] as number)
  const out = new Uint32Array(keys.length)
  for (let i = 0; i < keys.length; i++) {
    const k = keys[i] as number
    const at = start[k] as number
    start[k] = at + 1
    out[at] = values === undefined ? i : (values[i] as number)
  }
  unshiftStarts(start)
  return { start, values: out }
}

/**
 * Turns offsets used as fill cursors back into offsets: a fill that advances `start[k]` past each
 * value of key k leaves there the end of k's run, which is `start[k+1]`, so shifting the array one
 * place right restores it. Filling this way needs no copy of the offsets (a build fills several
 * million-entry tables, and every typed array it allocates brings V8's next full collection nearer).
 *
 * @param start - offsets (keys + 1 entries) whose first `keys` entries were advanced by a fill
 * @example
 * ```ts
 * const start = Uint32Array.of(1, 3, 3) // after filling [0, 1) and [1, 3)
 * unshiftStarts(start)                  // start: [0, 1, 3]
 * ```
 */
export function unshiftStarts(start: Uint32Array): void {
  start.copyWithin(1, 0, start.length - 1)
  start[0] = 0
}
