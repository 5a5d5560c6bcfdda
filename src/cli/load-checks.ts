/**
 * The checks `build` and `update` make on a load before saving anything (SPEC 13's data-quality
 * report): a file whose every record was rejected fails the command, naming the file (a CSV read
 * as something else, a wrong `--mx`/`--txt`), and so does a load past `--max-rejects N` rejects.
 */
import type { SourceStats } from '../ingest/stream.js'
import { CommandFailure, readCount } from './args.js'
import { formatCount } from './format.js'

/**
 * Fails when a file loaded nothing but rejects, or when there are more rejects than allowed.
 *
 * @param sources - the files of this load, with their counts
 * @param rejects - the rejects of this load
 * @param maxRejects - the `--max-rejects` option as given (undefined: unlimited)
 * @throws CommandFailure naming the file, or the count and the limit
 * @example
 * ```ts
 * checkLoad(stats.sources, stats.rejects.count, values['max-rejects'])
 * // CommandFailure: every record of bulk.csv was rejected (2,000 rejects); nothing saved
 * ```
 */
export function checkLoad(
  sources: readonly SourceStats[],
  rejects: number,
  maxRejects: string | boolean | undefined,
): void {
  for (const source of sources) {
    if (source.records === 0 && source.rejects > 0) {
      throw new CommandFailure(
        `every record of ${source.file} was rejected (${formatCount(source.rejects)} rejects); nothing saved. ` +
          'Its rejects say why (--rejects FILE writes them all)',
      )
    }
  }
  if (maxRejects === undefined) return
  const limit = readCount('max-rejects', maxRejects)
  if (rejects > limit) {
    throw new CommandFailure(
      `${formatCount(rejects)} rejects, more than --max-rejects ${formatCount(limit)}; nothing saved`,
    )
  }
}
