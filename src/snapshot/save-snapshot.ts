/**
 * A save under the one-writer rule (SPEC 10): the snapshot's write lock is held while the file is
 * written (taken here, or already held by the caller: the CLI holds it from before it opens the
 * snapshot), and a save over the file the engine was read from refuses when another writer has
 * changed that file since, instead of dropping what that writer saved. A save over the file the
 * engine was read from appends only what the file lacks when that is worth it (write-snapshot.ts).
 */
import { SnapshotError } from '../errors.js'
import type { Progress } from '../types.js'
import { canonicalPath, type FileIdentity, fileIdentity, sameFile } from './file-identity.js'
import { fileKey } from './section-origins.js'
import type { SnapshotContent } from './snapshot-content.js'
import { type WriteLock, withWriteLock } from './write-lock.js'
import { type WriteResult, writeSnapshot } from './write-snapshot.js'

/** The file an engine was read from, as it was; updated when the engine saves over it. */
export interface SnapshotOrigin {
  identity: FileIdentity | undefined
}

/** Options of {@link saveSnapshot}. */
export interface SaveSnapshotOptions {
  onProgress?: ((progress: Progress) => void) | undefined
  /** The longest wait for the lock, in ms; undefined waits without limit. */
  lockWaitMs?: number | undefined
  /** The lock of `path`, when the caller holds it already. */
  lock?: WriteLock | undefined
}

/**
 * Writes content to `path` holding its write lock, refusing to replace a file another writer
 * saved since `origin` was read.
 *
 * @throws SnapshotError `snapshot_changed`, `locked` (the wait ran out, or `lock` guards another
 *   path), or as writeSnapshot throws
 * @example
 * ```ts
 * await saveSnapshot('corpus.dmx', content, origin, { lockWaitMs: 60_000 })
 * ```
 */
export async function saveSnapshot(
  path: string,
  content: SnapshotContent,
  origin: SnapshotOrigin,
  options: SaveSnapshotOptions = {},
): Promise<WriteResult> {
  const write = async (lock: WriteLock): Promise<WriteResult> => {
    const read = origin.identity
    const onto = read !== undefined && read.path === lock.path
    if (onto && !sameFile(read, await fileIdentity(path))) {
      throw new SnapshotError(
        'snapshot_changed',
        'another writer saved this snapshot after this engine read it; saving would drop what it ' +
          'wrote: open the snapshot again and apply the update to it',
        { file: path },
      )
    }
    const result = await writeSnapshot(path, content, {
      onProgress: options.onProgress,
      appendTo: onto ? fileKey(read) : undefined,
      recordOrigins: onto,
    })
    if (onto) origin.identity = await fileIdentity(path)
    return result
  }
  const { lock } = options
  if (lock === undefined) {
    return withWriteLock(path, options.lockWaitMs === undefined ? {} : { waitMs: options.lockWaitMs }, write)
  }
  if (lock.path !== canonicalPath(path)) {
    throw new SnapshotError('locked', `the lock given guards ${lock.path}, not this snapshot`, { file: path })
  }
  return write(lock)
}
