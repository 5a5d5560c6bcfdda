/**
 * Splits snapshot content into a skeleton and sections: every typed array, and every array of at
 * least 1,024 strings, is moved out (its place in the skeleton left null) into sections written as
 * raw bytes; the rest, small, stays in the skeleton for exact-pack.ts. So no index array is copied
 * or encoded element by element, and the skeleton encoder never sees a large buffer. A section an
 * opened snapshot left on disk (a LazySection, or a LazyArray over one) becomes a section copied
 * from that file as it is, with the checksum its table gave.
 */
import { LazyArray } from '../storage/lazy-array.js'
import { LazySection } from '../storage/lazy-section.js'
import type { SectionEntry } from './format.js'
import { type PartDescriptor, type PathStep, typedArrayKind } from './part-kinds.js'
import { originOf } from './section-origins.js'
import { encodeStrings } from './string-table.js'

const MIN_STRING_TABLE = 1024

/** A section to write: its name and its bytes in pieces, or the section of a file to copy. */
export type PendingSection =
  | { readonly name: string; readonly pieces: readonly Uint8Array[] }
  | { readonly name: string; readonly stored: LazySection }
  | { readonly name: string; readonly kept: SectionEntry }

/** Content split for writing. */
export interface SplitState {
  /** The content with moved values replaced by null. */
  readonly tree: unknown
  /** Where each moved value was, in section order. */
  readonly parts: PartDescriptor[]
  /** The moved values' sections, in order (a string table gives two). */
  readonly sections: PendingSection[]
  /** Each value moved out, with the indices of its sections in `sections`. */
  readonly values: {
    readonly value: object
    readonly sections: readonly number[]
    readonly part: PartDescriptor
  }[]
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
export function splitState(content: unknown, keepFrom?: string): SplitState {
  const parts: PartDescriptor[] = []
  const sections: PendingSection[] = []
  const values: SplitState['values'] = []
  // A value already in the file a save appends to: its sections are listed again, not written.
  // Not an empty one (nothing to save, and empty arrays are shared), nor a value met at a second
  // path (sections of one commit do not overlap).
  const listed = new Set<number>()
  const kept = (value: object, part: PartDescriptor, names: readonly string[]): boolean => {
    const origin = keepFrom === undefined ? undefined : originOf(value)
    if (origin === undefined || origin.file !== keepFrom || origin.entries.length !== names.length)
      return false
    if (origin.entries.some((entry) => entry.length === 0 || listed.has(entry.offset))) return false
    for (const entry of origin.entries) listed.add(entry.offset)
    parts.push(part)
    origin.entries.forEach((entry, i) => {
      sections.push({ name: names[i] as string, kept: entry })
    })
    return true
  }
  // Moves a typed array, a section on disk or a string table out; false for anything else.
  const move = (value: object, path: PathStep[]): boolean => {
    const name = path.join('.')
    if (value instanceof LazySection || value instanceof LazyArray) {
      const part = {
        path: [...path],
        kind: value instanceof LazyArray ? value.kind : ('Uint8Array' as const),
      }
      if (kept(value, part, [name])) return true
      parts.push(part)
      sections.push({ name, stored: value instanceof LazyArray ? value.section : value })
      return true
    }
    const kind = typedArrayKind(value)
    if (kind !== null) {
      const part = { path: [...path], kind }
      if (kept(value, part, [name])) return true
      const array = value as ArrayBufferView
      parts.push(part)
      sections.push({ name, pieces: [new Uint8Array(array.buffer, array.byteOffset, array.byteLength)] })
      return true
    }
    if (
      !Array.isArray(value) ||
      value.length < MIN_STRING_TABLE ||
      !value.every((s) => typeof s === 'string')
    ) {
      return false
    }
    const names = [`${name}#lengths`, `${name}#text`]
    const origin = keepFrom === undefined ? undefined : originOf(value)
    if (origin?.strings !== undefined && kept(value, { ...origin.strings, path: [...path] }, names))
      return true
    const encoded = encodeStrings(value as string[])
    const { utf16, pieceStrings, pieceBytes } = encoded
    const part = { path: [...path], kind: 'strings' as const, utf16, pieceStrings, pieceBytes }
    if (kept(value, part, names)) return true
    parts.push(part)
    sections.push({ name: names[0] as string, pieces: [new Uint8Array(encoded.lengths.buffer)] })
    sections.push({ name: names[1] as string, pieces: encoded.pieces })
    return true
  }
  const visit = (value: unknown, path: PathStep[]): unknown => {
    if (value === null || typeof value !== 'object') return value
    const at = sections.length
    if (move(value, path)) {
      const moved = Array.from({ length: sections.length - at }, (_, i) => at + i)
      values.push({ value, sections: moved, part: parts[parts.length - 1] as PartDescriptor })
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
  return { tree, parts, sections, values }
}
