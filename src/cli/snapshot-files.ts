/**
 * Opening a snapshot file from the command line, where the inputs may be a snapshot or data files,
 * and telling a snapshot from an input file by its signature.
 */
import { closeSync, constants, openSync, readSync } from 'node:fs'
import { access, stat } from 'node:fs/promises'
import { dirname, resolve } from 'node:path'
import { Engine } from '../engine.js'
import type { BuildOptions, SaveResult } from '../engine-options.js'
import { SnapshotError } from '../errors.js'
import { hasMagic, MAGIC } from '../snapshot/format.js'
import { acquireWriteLock, describeHolder, type WriteLock } from '../snapshot/write-lock.js'
import { CommandFailure, readCount } from './args.js'
import { formatBytes } from './format.js'
import { withProgress } from './progress.js'

/**
 * Opens a snapshot file with the options of a build that apply to an open (tokens, clock), with
 * its own progress on stderr (bytes read, then decoding); strictness has nothing to do for a
 * snapshot.
 *
 * @param path - the snapshot file
 * @param options - the command's build options
 * @throws SnapshotError when the file is missing, damaged or of another format version
 * @example
 * ```ts
 * const engine = await openSnapshot('corpus.dmx', {})
 * ```
 */
export function openSnapshot(path: string, options: BuildOptions = {}): Promise<Engine> {
  return withProgress(
    (onProgress) =>
      Engine.open(path, {
        ...(options.tokens === undefined ? {} : { tokens: options.tokens }),
        ...(options.now === undefined ? {} : { now: options.now }),
        onProgress,
      }),
    'open',
  )
}

/**
 * Saves an engine with progress on stderr (bytes written).
 *
 * @param engine - the engine
 * @param path - the snapshot file to write
 * @example
 * ```ts
 * await saveSnapshot(engine, 'corpus.dmx')
 * ```
 */
export function saveSnapshot(engine: Engine, path: string, lock?: WriteLock): Promise<SaveResult> {
  return withProgress(
    (onProgress) => engine.save(path, { onProgress, ...(lock === undefined ? {} : { lock }) }),
    'save',
  )
}

/**
 * The `--lock-wait SECONDS` option of the commands that write a snapshot in place.
 */
export const LOCK_WAIT_OPTION = { 'lock-wait': { type: 'string' } } as const

/** Its help line. */
export const LOCK_WAIT_HELP = `  --lock-wait SECONDS
                    when another update, compact or save holds the snapshot's write lock, wait
                    at most this long for it (0: fail at once); default: wait until it is done`

/**
 * Takes the write lock of the snapshot a command will write, before it opens anything, saying on
 * stderr whom it waits for; the command holds it until it has saved.
 *
 * @param path - the snapshot the command writes
 * @param wait - the `--lock-wait` value, in seconds; undefined waits without limit
 * @throws CommandFailure naming the holder when the wait runs out
 * @example
 * ```ts
 * const lock = await holdWriteLock('corpus.dmx', undefined)
 * try { ... await saveSnapshot(updated, 'corpus.dmx', lock) } finally { await lock.release() }
 * ```
 */
export async function holdWriteLock(path: string, wait: string | boolean | undefined): Promise<WriteLock> {
  const seconds = wait === undefined ? undefined : readCount('lock-wait', wait)
  try {
    return await acquireWriteLock(path, {
      ...(seconds === undefined ? {} : { waitMs: seconds * 1000 }),
      onWait: (holder, file) =>
        process.stderr.write(
          `domindex: waiting for the write lock of ${path}: ${describeHolder(holder, file)}\n`,
        ),
    })
  } catch (error) {
    if (error instanceof SnapshotError && error.code === 'locked')
      throw new CommandFailure(error.message.replace(/^domindex: /, ''))
    throw error
  }
}

/**
 * Whether a path names a snapshot: a file starting with the snapshot signature, or, when it cannot
 * be read, a name ending in `.dmx`.
 *
 * @param path - a command-line argument
 * @example
 * ```ts
 * looksLikeSnapshot('corpus.dmx')  // true
 * looksLikeSnapshot('whois.jsonl') // false
 * ```
 */
export function looksLikeSnapshot(path: string): boolean {
  let fd: number | undefined
  try {
    fd = openSync(path, 'r')
    const head = new Uint8Array(MAGIC.length)
    return hasMagic(head.subarray(0, readSync(fd, head, 0, head.length, 0)))
  } catch {
    return path.toLowerCase().endsWith('.dmx')
  } finally {
    if (fd !== undefined) closeSync(fd)
  }
}

/**
 * Checks, before any loading, that a snapshot can be written at `path`: its directory exists, is
 * a directory and is writable, and `path` is not a directory. A load of 10M records takes minutes;
 * a mistyped `--out` should not be found after it.
 *
 * @throws CommandFailure naming the path and what is wrong
 * @example
 * ```ts
 * await checkWritable('/no/such/dir/x.dmx') // CommandFailure: cannot write /no/such/dir/x.dmx: its directory /no/such/dir does not exist
 * ```
 */
export async function checkWritable(path: string): Promise<void> {
  const directory = dirname(resolve(path))
  const dir = await stat(directory).catch(() => null)
  if (dir === null)
    throw new CommandFailure(`cannot write ${path}: its directory ${directory} does not exist`)
  if (!dir.isDirectory()) throw new CommandFailure(`cannot write ${path}: ${directory} is not a directory`)
  try {
    await access(directory, constants.W_OK)
  } catch {
    throw new CommandFailure(`cannot write ${path}: the directory ${directory} is not writable`)
  }
  const target = await stat(path).catch(() => null)
  if (target?.isDirectory() === true) throw new CommandFailure(`cannot write ${path}: it is a directory`)
}

/**
 * The line a command prints after a save: where, whether in place, what it wrote.
 *
 * @param path - the snapshot saved
 * @param saved - what the save wrote
 * @param over - whether it was saved over the snapshot the command opened
 * @example
 * ```ts
 * savedLine('corpus.dmx', { inPlace: true, bytesWritten: 21_000_000, fileBytes: 1_050_000_000 }, true)
 * // 'saved corpus.dmx in place: appended 20.0 MiB to 1001.4 MiB (2.0%)'
 * ```
 */
export function savedLine(path: string, saved: SaveResult, over: boolean): string {
  if (!saved.inPlace)
    return `saved ${path}${over ? ' in place, written whole' : ''} (${formatBytes(saved.fileBytes)})`
  const before = saved.fileBytes - saved.bytesWritten
  const share = before > 0 ? ` (${((100 * saved.bytesWritten) / before).toFixed(1)}%)` : ''
  return `saved ${path} in place: appended ${formatBytes(saved.bytesWritten)} to ${formatBytes(before)}${share}`
}
