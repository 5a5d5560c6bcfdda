/**
 * Puts the sections' values back into the skeleton: the inverse of split-state.ts. A typed array
 * becomes a view over its section's buffer (no copy, no per-element work: each section was read
 * into its own 8-aligned buffer); a string table is decoded piece by piece. Throws a plain Error
 * naming the fault when the skeleton and the sections disagree, which the reader reports as a
 * corrupt snapshot. A section left on disk (a LazySection) takes the place of a Uint8Array as it is,
 * and of a Uint16Array, Uint32Array, Int32Array or Float64Array as a LazyArray over it.
 */
import { LazyArray } from '../storage/lazy-array.js'
import { LazySection } from '../storage/lazy-section.js'
import { type PartDescriptor, type PathStep, TYPED_ARRAYS } from './part-kinds.js'
import { decodeStrings } from './string-table.js'

/**
 * Rebuilds the content tree in place.
 *
 * @param tree - the decoded skeleton tree
 * @param parts - its part descriptors
 * @param sections - the sections after the skeleton, in order
 * @param placed - told each value placed, the indices (in `sections`) of the sections it came from
 *   and its part descriptor
 * @example
 * ```ts
 * joinState({ a: { ids: null } }, [{ path: ['a', 'ids'], kind: 'Uint32Array' }], [Uint8Array.of(1, 0, 0, 0)])
 * // { a: { ids: Uint32Array [1] } }
 * ```
 */
export function joinState(
  tree: unknown,
  parts: readonly PartDescriptor[],
  sections: readonly (Uint8Array | LazySection)[],
  placed?: (value: object, sections: readonly number[], part: PartDescriptor) => void,
): unknown {
  let next = 0
  const take = (): Uint8Array | LazySection => {
    const section = sections[next++]
    if (section === undefined) throw new Error('the skeleton names more sections than the file holds')
    return section
  }
  const inMemory = (): Uint8Array => {
    const section = take()
    if (section instanceof LazySection) throw new Error(`section ${section.entry.name} cannot stay on disk`)
    return section
  }
  for (const part of parts) {
    const first = next
    let value: object
    if (part.kind === 'strings') {
      const lengths = typedView('Uint32Array', inMemory())
      value = decodeStrings(lengths as Uint32Array, inMemory(), part)
    } else {
      const section = take()
      if (!(section instanceof LazySection)) value = typedView(part.kind, section)
      else if (part.kind === 'Uint8Array') value = section
      else if (
        part.kind === 'Uint16Array' ||
        part.kind === 'Uint32Array' ||
        part.kind === 'Int32Array' ||
        part.kind === 'Float64Array'
      )
        value = new LazyArray(section, part.kind)
      else throw new Error(`section ${section.entry.name} holds a ${part.kind}, which cannot stay on disk`)
    }
    place(tree, part.path, value)
    placed?.(value, part.kind === 'strings' ? [first, first + 1] : [first], part)
  }
  if (next !== sections.length)
    throw new Error(`${sections.length - next} sections are not named by the skeleton`)
  return tree
}

function typedView(kind: keyof typeof TYPED_ARRAYS, bytes: Uint8Array): ArrayBufferView {
  const Class = TYPED_ARRAYS[kind]
  if (Class === undefined) throw new Error(`unknown array kind ${String(kind)}`)
  const size = Class.BYTES_PER_ELEMENT
  if (bytes.byteLength % size !== 0 || bytes.byteOffset % size !== 0) {
    throw new Error(`a ${kind} section of ${bytes.byteLength} bytes`)
  }
  return new Class(bytes.buffer as ArrayBuffer, bytes.byteOffset, bytes.byteLength / size)
}

function place(tree: unknown, path: readonly PathStep[], value: unknown): void {
  if (path.length === 0) throw new Error('a part without a path')
  let node = tree
  for (let i = 0; i < path.length - 1; i++) node = child(node, path[i] as PathStep)
  const key = path[path.length - 1] as PathStep
  if (node === null || typeof node !== 'object' || !Object.hasOwn(node, key) || child(node, key) !== null) {
    throw new Error(`no place for a section at ${path.join('.')}`)
  }
  Object.defineProperty(node, key, { value, enumerable: true, writable: true, configurable: true })
}

function child(node: unknown, key: PathStep): unknown {
  if (node === null || typeof node !== 'object' || !Object.hasOwn(node, key)) {
    throw new Error(`the skeleton has no ${String(key)}`)
  }
  return (node as Record<PathStep, unknown>)[key]
}
