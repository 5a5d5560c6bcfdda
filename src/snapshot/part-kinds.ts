/**
 * What the skeleton says about each value moved out of it into sections: where it was (a path of
 * keys and indexes from the snapshot content's root) and how to rebuild it. A typed array is one
 * section of its raw bytes; a string table (string-table.ts) is two, lengths then text.
 */

/** The typed-array classes a snapshot stores raw, by the name the skeleton records. */
export const TYPED_ARRAYS = {
  Uint8Array,
  Int8Array,
  Uint16Array,
  Int16Array,
  Uint32Array,
  Int32Array,
  Float32Array,
  Float64Array,
  BigInt64Array,
  BigUint64Array,
} as const

/** The name of a stored typed-array class. */
export type TypedArrayKind = keyof typeof TYPED_ARRAYS

/** A typed array of one of the stored classes. */
export type StoredTypedArray = InstanceType<(typeof TYPED_ARRAYS)[TypedArrayKind]>

/** A key or index on the way from the content root to a moved value. */
export type PathStep = string | number

/** A value moved out of the skeleton. */
export type PartDescriptor =
  | { readonly path: readonly PathStep[]; readonly kind: TypedArrayKind }
  | {
      readonly path: readonly PathStep[]
      readonly kind: 'strings'
      readonly utf16: boolean
      readonly pieceStrings: readonly number[]
      readonly pieceBytes: readonly number[]
    }

/**
 * The stored class of a typed array, or null for any other value (a Buffer is a Uint8Array).
 *
 * @param value - any value
 * @example
 * ```ts
 * typedArrayKind(new Uint32Array(2)) // 'Uint32Array'
 * typedArrayKind([1, 2])             // null
 * ```
 */
export function typedArrayKind(value: unknown): TypedArrayKind | null {
  if (!ArrayBuffer.isView(value)) return null
  for (const [kind, Class] of Object.entries(TYPED_ARRAYS))
    if (value instanceof Class) return kind as TypedArrayKind
  return null
}
