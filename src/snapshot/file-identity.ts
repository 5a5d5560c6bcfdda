/**
 * Which file a snapshot path named when an engine was opened from it: device, inode, size and
 * modification time. Every save replaces the file by a rename (a new inode), so an identity that
 * no longer matches means another writer saved the snapshot since (SPEC 10): saving over it would
 * drop what that writer added.
 */
import { realpathSync } from 'node:fs'
import { stat } from 'node:fs/promises'
import { basename, dirname, join, resolve } from 'node:path'

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
    return { path: canonicalPath(path), dev, ino, size, mtimeNs }
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

/**
 * The path a snapshot is known by: absolute, with symbolic links resolved (of the file when it
 * exists, else of its directory), so that a link and its target share one lock and one identity.
 *
 * @example
 * ```ts
 * canonicalPath('current.dmx') // '/data/snapshots/2026-11-27.dmx' when current.dmx links there
 * ```
 */
export function canonicalPath(path: string): string {
  const absolute = resolve(path)
  try {
    return realpathSync(absolute)
  } catch {
    try {
      return join(realpathSync(dirname(absolute)), basename(absolute))
    } catch {
      return absolute
    }
  }
}
