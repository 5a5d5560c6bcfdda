/**
 * Saving and opening snapshot files from the command line. `engine.save` and `Engine.open` come
 * with the snapshot format (SPEC 10); until an engine has them, both say so and fail, rather than
 * pretend to have written or read a file.
 */
import { Engine } from '../engine.js'
import { CommandFailure } from './args.js'

const NOT_YET = 'snapshots are not available yet'

/**
 * Saves an engine to a snapshot file.
 *
 * @param engine - the built engine
 * @param path - the snapshot file to write
 * @throws CommandFailure when this engine cannot save snapshots
 * @example
 * ```ts
 * await saveSnapshot(engine, 'corpus.dmx')
 * ```
 */
export async function saveSnapshot(engine: Engine, path: string): Promise<void> {
  const save: unknown = Reflect.get(engine, 'save')
  if (typeof save !== 'function') throw new CommandFailure(`${NOT_YET}: cannot write ${path}`)
  await save.call(engine, path)
}

/**
 * Opens a snapshot file.
 *
 * @param path - the snapshot file
 * @param options - options of `Engine.open`
 * @throws CommandFailure when snapshots cannot be opened yet
 * @example
 * ```ts
 * const engine = await openSnapshot('corpus.dmx', {})
 * ```
 */
export async function openSnapshot(path: string, options: object): Promise<Engine> {
  const open: unknown = Reflect.get(Engine, 'open')
  if (typeof open !== 'function') {
    throw new CommandFailure(
      `${NOT_YET}: cannot open ${path}; give input files with --whois/--dns or a data directory`,
    )
  }
  const engine: unknown = await open.call(Engine, path, options)
  if (!(engine instanceof Engine))
    throw new CommandFailure(`Engine.open did not answer an engine for ${path}`)
  return engine
}
