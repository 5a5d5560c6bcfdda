/**
 * Growing typed arrays for the build's per-record columns: a column doubles when an index reaches
 * its end, so appending n values costs O(n) copies and 4 or 8 bytes a value, not the 8+ of a JS
 * array of numbers.
 */

/** A typed array the build grows. */
export type Column = Uint8Array | Int32Array | Uint32Array | Float64Array

/**
 * The column itself when `index` fits, else a copy at least twice as long.
 *
 * @param column - the column
 * @param index - the index about to be written
 * @example
 * ```ts
 * let days = new Int32Array(4)
 * days = room(days, 4) // Int32Array(8), the first four values kept
 * ```
 */
export function room<T extends Column>(column: T, index: number): T {
  if (index < column.length) return column
  let size = Math.max(16, column.length * 2)
  while (size <= index) size *= 2
  const bigger = new (column.constructor as new (n: number) => T)(size)
  bigger.set(column)
  return bigger
}
