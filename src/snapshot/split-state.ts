/**
 * Splits snapshot content into a skeleton and sections: every typed array, and every array of at
 * least 1,024 strings, is moved out (its place in the skeleton left null) into sections written as
 * raw bytes; the rest, small, stays in the skeleton for exact-pack.ts. So no index array is copied
 * or encoded element by element, and the skeleton encoder never sees a large buffer. A section an
 * opened snapshot left on disk (a LazySection) becomes a section copied from that file as it is,
 * with the checksum its table gave.
 */
import { LazySection } from '../storage/lazy-section.js'
import { type PartDescriptor, type PathStep, typedArrayKind } from './part-kinds.js'
import { encodeStrings } from './string-table.js'

const MIN_STRING_TABLE = 1024

/** A section to write: its name and its bytes in pieces, or the section of a file to copy. */
export type PendingSection =
  | { readonly name: string; readonly pieces: readonly Uint8Array[] }
  | { readonly name: string; readonly stored: LazySection }

/** Content split for writing. */
export interface SplitState {
  /** The content with moved values replaced by null. */
  readonly tree: unknown
  /** Where each moved value was, in section order. */
  readonly parts: PartDescriptor[]
  /** The moved values' sections, in order (a string table gives two). */
  readonly sections: PendingSection[]
}

/**
 * Splits a value tree; containers on the way to a moved value are copied, the rest is shared.
 *
 * @param content - plain data: objects, arrays, typed arrays, strings, numbers, booleans, null
 * @example
 * ```ts
 * splitState({ a: { ids: Uint32Array.of(1, 2) } })
 * // { tree: { a: { ids: null } }, parts: [{ path: ['a', 'ids'], kind: 'Uint32Array' }], sections: [{ name: 'a.ids', pieces: [<8 bytes>] }] }
 * ```
 */
export function splitState(content: unknown): SplitState {
  const parts: PartDescriptor[] = []
  const sections: PendingSection[] = []
  const visit = (value: unknown, path: PathStep[]): unknown => {
    if (value instanceof LazySection) {
      parts.push({ path: [...path], kind: 'Uint8Array' })
      sections.push({ name: path.join('.'), stored: value })
      return null
    }
    const kind = typedArrayKind(value)
    if (kind !== null) {
      const array = value as ArrayBufferView
      parts.push({ path: [...path], kind })
      sections.push({
        name: path.join('.'),
        pieces: [new Uint8Array(array.buffer, array.byteOffset, array.byteLength)],
      })
      return null
    }
    if (value === null || typeof value !== 'object') return value
    if (
      Array.isArray(value) &&
      value.length >= MIN_STRING_TABLE &&
      value.every((s) => typeof s === 'string')
    ) {
      const encoded = encodeStrings(value as string[])
      const { utf16, pieceStrings, pieceBytes } = encoded
      parts.push({ path: [...path], kind: 'strings', utf16, pieceStrings, pieceBytes })
      const name = path.join('.')
      sections.push({ name: `${name}#lengths`, pieces: [new Uint8Array(encoded.lengths.buffer)] })
      sections.push({ name: `${name}#text`, pieces: encoded.pieces })
      return null
    }
    let copy: Record<PathStep, unknown> | unknown[] | null = null
    const source = value as Record<PathStep, unknown>
    const keys: PathStep[] = Array.isArray(value) ? value.map((_, i) => i) : Object.keys(value)
    for (const key of keys) {
      path.push(key)
      const child = source[key]
      const replaced = visit(child, path)
      path.pop()
      if (replaced !== child && copy === null) copy = Array.isArray(value) ? [...value] : { ...source }
      // defineProperty, not assignment: an own `__proto__` key must stay a key.
      if (copy !== null)
        Object.defineProperty(copy, key, {
          value: replaced,
          enumerable: true,
          writable: true,
          configurable: true,
        })
    }
    return copy ?? value
  }
  const tree = visit(content, [])
  return { tree, parts, sections }
}
