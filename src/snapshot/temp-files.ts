/**
 * The temporary files of snapshot saves: named `.domindex-<pid>-<8 hex>.tmp` in the target's
 * directory, a name of fixed length (a target name of up to 255 bytes still leaves room for it)
 * that says which process wrote it. A save killed before its rename leaves its temporary file;
 * the next save into that directory removes those whose process is no longer running.
 */
import { randomBytes } from 'node:crypto'
import { readdir, rm } from 'node:fs/promises'
import { dirname, join } from 'node:path'

// A temporary file, or the write lock of one (a build's parts are saved to a temporary file).
const TEMP_NAME = /^\.domindex-(\d+)-[0-9a-f]{8}\.tmp(?:\.lock)?$/

/**
 * A new temporary file path beside `target`.
 *
 * @example
 * ```ts
 * tempPathFor('/data/corpus.dmx') // '/data/.domindex-4242-9f3a0c1e.tmp'
 * ```
 */
export function tempPathFor(target: string): string {
  return join(dirname(target), `.domindex-${process.pid}-${randomBytes(4).toString('hex')}.tmp`)
}

/**
 * Removes the temporary files of saves and builds whose process is gone (with their locks), in
 * `target`'s directory; never
 * fails (a directory that cannot be read, or a file already gone, is left as it is).
 *
 * @returns the number of files removed
 * @example
 * ```ts
 * await removeStaleTemps('/data/corpus.dmx') // 1: a save killed earlier left its temporary file
 * ```
 */
export async function removeStaleTemps(target: string): Promise<number> {
  const directory = dirname(target)
  let names: string[]
  try {
    names = await readdir(directory)
  } catch {
    return 0
  }
  let removed = 0
  for (const name of names) {
    const pid = TEMP_NAME.exec(name)?.[1]
    if (pid === undefined || running(Number(pid))) continue
    await rm(join(directory, name), { force: true }).then(
      () => removed++,
      () => undefined,
    )
  }
  return removed
}

function running(pid: number): boolean {
  if (pid === process.pid) return true
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    // EPERM: the process exists but belongs to another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}
