/**
 * The checks `build` and `update` make on a load before saving anything (SPEC 13's data-quality
 * report): a file whose every record was rejected fails the command, naming the file (a CSV read
 * as something else, a wrong `--mx`/`--txt`), and so does a load past `--max-rejects N` rejects.
 */
import type { SourceStats } from '../ingest/stream.js'
import { CommandFailure, readCount } from './args.js'
import { formatCount } from './format.js'

/**
 * The `--max-rejects` option read before any loading, so that a wrong value fails at once.
 *
 * @param maxRejects - the option as given (undefined: unlimited)
 * @throws UsageError when it is not a whole number
 * @example
 * ```ts
 * readMaxRejects('1000') // 1000
 * ```
 */
export function readMaxRejects(maxRejects: string | boolean | undefined): number | undefined {
  return maxRejects === undefined ? undefined : readCount('max-rejects', maxRejects)
}

/**
 * Fails when a file loaded nothing but rejects, or when there are more rejects than allowed.
 *
 * @param sources - the files of this load, with their counts
 * @param rejects - the rejects of this load
 * @param maxRejects - the `--max-rejects` limit (undefined: unlimited)
 * @throws CommandFailure naming the file, or the count and the limit
 * @example
 * ```ts
 * checkLoad(stats.sources, stats.rejects.count, 1000)
 * // CommandFailure: every record of bulk.csv was rejected (2,000 rejects); nothing saved
 * ```
 */
export function checkLoad(
  sources: readonly SourceStats[],
  rejects: number,
  maxRejects: number | undefined,
): void {
  for (const source of sources) {
    if (source.records === 0 && source.rejects > 0) {
      throw new CommandFailure(
        `every record of ${source.file} was rejected (${formatCount(source.rejects)} rejects); nothing saved. ` +
          'Its rejects say why (--rejects FILE writes them all)',
      )
    }
  }
  if (maxRejects !== undefined && rejects > maxRejects) {
    throw new CommandFailure(
      `${formatCount(rejects)} rejects, more than --max-rejects ${formatCount(maxRejects)}; nothing saved`,
    )
  }
}
