/**
 * Which file a snapshot path named when an engine was opened from it: device, inode, size and
 * modification time. Every save replaces the file by a rename (a new inode), so an identity that
 * no longer matches means another writer saved the snapshot since (SPEC 10): saving over it would
 * drop what that writer added.
 */
import { stat } from 'node:fs/promises'
import { resolve } from 'node:path'

/** A snapshot file as it was when read. */
export interface FileIdentity {
  /** The resolved path. */
  readonly path: string
  readonly dev: bigint
  readonly ino: bigint
  readonly size: bigint
  readonly mtimeNs: bigint
}

/**
 * The identity of the file at `path` now, or undefined when there is none.
 *
 * @example
 * ```ts
 * const before = await fileIdentity('corpus.dmx')
 * sameFile(before, await fileIdentity('corpus.dmx')) // true until a save replaces it
 * ```
 */
export async function fileIdentity(path: string): Promise<FileIdentity | undefined> {
  try {
    const { dev, ino, size, mtimeNs } = await stat(path, { bigint: true })
    return { path: resolve(path), dev, ino, size, mtimeNs }
  } catch {
    return undefined
  }
}

/**
 * Whether two identities name the same, unchanged file.
 *
 * @example
 * ```ts
 * sameFile(await fileIdentity('a.dmx'), await fileIdentity('a.dmx')) // true
 * ```
 */
export function sameFile(a: FileIdentity | undefined, b: FileIdentity | undefined): boolean {
  return (
    a !== undefined &&
    b !== undefined &&
    a.path === b.path &&
    a.dev === b.dev &&
    a.ino === b.ino &&
    a.size === b.size &&
    a.mtimeNs === b.mtimeNs
  )
}
