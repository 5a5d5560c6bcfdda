/**
 * Where the values of an opened or saved snapshot's content lie on disk, so that a save in place
 * writes only what changed (SPEC 10): each typed array, string table and section left on disk
 * that was read from (or written to) a snapshot file is remembered with that file and its
 * sections. Segments and deletion sets are never changed in place (an update makes new ones), so
 * a value with an origin in the file a save appends to is still those sections' bytes.
 */
import type { SectionEntry } from './format.js'
import type { PartDescriptor } from './part-kinds.js'

/** A value's sections in one snapshot file. */
export interface SectionOrigin {
  /** The file, as {@link fileKey} names it. */
  readonly file: string
  /** Its sections (two for a string table: lengths, then text). */
  readonly entries: readonly SectionEntry[]
  /** For a string table, how its text is encoded (the part descriptor without its path). */
  readonly strings?: StringsLayout | undefined
}

/** A string table's part descriptor without its path. */
export type StringsLayout = Omit<Extract<PartDescriptor, { kind: 'strings' }>, 'path'>

const origins = new WeakMap<object, SectionOrigin>()

/**
 * Remembers that `value` is the content of `entries` in `file`.
 *
 * @example
 * ```ts
 * recordOrigin(docs, fileKey(stats), [entry])
 * ```
 */
export function recordOrigin(
  value: object,
  file: string,
  entries: readonly SectionEntry[],
  strings?: StringsLayout,
): void {
  origins.set(value, { file, entries, strings })
}

/**
 * Where `value` lies on disk, if it was read from or written to a snapshot file.
 *
 * @example
 * ```ts
 * originOf(docs)?.entries[0]?.offset // its section's offset
 * ```
 */
export function originOf(value: object): SectionOrigin | undefined {
  return origins.get(value)
}

/**
 * A file's identity for origins: its device and inode (a save that replaces the file by a rename
 * makes a new one).
 *
 * @example
 * ```ts
 * fileKey(await stat(path, { bigint: true })) // '2049:1835012'
 * ```
 */
export function fileKey(stats: { readonly dev: bigint | number; readonly ino: bigint | number }): string {
  return `${stats.dev}:${stats.ino}`
}

/**
 * A string table's part descriptor without its path.
 *
 * @example
 * ```ts
 * stringsLayout(part) // { kind: 'strings', utf16: false, pieceStrings: [...], pieceBytes: [...] }
 * ```
 */
export function stringsLayout(part: Extract<PartDescriptor, { kind: 'strings' }>): StringsLayout {
  const { path: _, ...layout } = part
  return layout
}
