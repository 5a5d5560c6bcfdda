/**
 * Opening a snapshot file from the command line, where the inputs may be a snapshot or data files.
 */
import { type BuildOptions, Engine } from '../engine.js'

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
