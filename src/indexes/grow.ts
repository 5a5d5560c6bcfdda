/**
 * Growing typed arrays for builders: an array doubles (at least) when it is full, so appending n
 * values costs O(n) copies and 1–8 bytes a value, not the 8+ of a JS array of numbers.
 */

/** A typed array a builder grows. */
export type Growing = Uint8Array | Int32Array | Uint32Array | Float64Array

/**
 * A copy of `array` with room for at least `needed` values: twice as long, or more if needed.
 *
 * @param array - the full array
 * @param needed - the length required
 * @example
 * ```ts
 * grow(Uint32Array.of(1, 2), 3) // Uint32Array(16) [1, 2, 0, …]: never shorter than 16
 * ```
 */
export function grow<T extends Growing>(array: T, needed: number): T {
  let size = Math.max(16, array.length * 2)
  while (size < needed) size *= 2
  const bigger = new (array.constructor as new (n: number) => T)(size)
  bigger.set(array)
  return bigger
}

/**
 * The array itself when `index` fits, else a grown copy ({@link grow}).
 *
 * @param array - the array
 * @param index - the index about to be written
 * @example
 * ```ts
 * let days = new Int32Array(4)
 * days = room(days, 4) // Int32Array(16), the first four values kept
 * ```
 */
export function room<T extends Growing>(array: T, index: number): T {
  return index < array.length ? array : grow(array, index + 1)
}
