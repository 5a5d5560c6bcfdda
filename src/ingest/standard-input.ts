/**
 * `-` as a source path (SPEC 13): standard input, read once. Its bytes are copied to a temporary
 * file as they arrive, so that the loader treats them as any file (its format sniffed from the
 * first record, gzip recognised, large inputs split for the worker threads), and the file is
 * removed when the load ends. Rejects and per-file counts name it `-`.
 */
import { createWriteStream } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { SnapshotError } from '../errors.js'

/** The path that names standard input. */
export const STDIN_PATH = '-'

/**
 * Copies a stream (standard input by default) to a new temporary file.
 *
 * @param input - the stream to read to its end
 * @returns the file's path, and a function that removes it
 * @throws SnapshotError `unreadable_file` naming `-` when the stream fails
 * @example
 * ```ts
 * const spooled = await spoolInput()
 * try { await load(spooled.path) } finally { await spooled.remove() }
 * ```
 */
export async function spoolInput(
  input: Readable = process.stdin,
): Promise<{ path: string; remove: () => Promise<void> }> {
  const dir = await mkdtemp(join(tmpdir(), 'domindex-stdin-'))
  const remove = () => rm(dir, { recursive: true, force: true })
  const path = join(dir, 'stdin')
  try {
    await pipeline(input, createWriteStream(path))
  } catch (error) {
    await remove()
    const reason = error instanceof Error ? error.message : String(error)
    throw new SnapshotError('unreadable_file', `cannot read standard input: ${reason}`, { file: STDIN_PATH })
  }
  return { path, remove }
}
