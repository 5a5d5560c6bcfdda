/**
 * Opening a snapshot file from the command line, where the inputs may be a snapshot or data files,
 * and telling a snapshot from an input file by its signature.
 */
import { closeSync, openSync, readSync } from 'node:fs'
import { type BuildOptions, Engine } from '../engine.js'
import { hasMagic, MAGIC } from '../snapshot/format.js'

/**
 * Opens a snapshot file with the options of a build that apply to an open (tokens, clock);
 * loading options (strictness, progress) have nothing to do for a snapshot.
 *
 * @param path - the snapshot file
 * @param options - the command's build options
 * @throws SnapshotError when the file is missing, damaged or of another format version
 * @example
 * ```ts
 * const engine = await openSnapshot('corpus.dmx', {})
 * ```
 */
export function openSnapshot(path: string, options: BuildOptions): Promise<Engine> {
  return Engine.open(path, {
    ...(options.tokens === undefined ? {} : { tokens: options.tokens }),
    ...(options.now === undefined ? {} : { now: options.now }),
  })
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
