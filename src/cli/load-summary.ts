/**
 * The one-line account of a load that `build` and `tour` print.
 */
import type { EngineStats } from '../engine.js'
import { formatCount, formatDuration } from './format.js'

/**
 * One line on what a build loaded.
 *
 * @param stats - the engine's stats
 * @example
 * ```ts
 * loadSummary(engine.stats())
 * // 'loaded 3 files in 2s: 1,000 WHOIS records, 800 MX and 700 TXT observations, 2 replaced by later duplicates, 5 rejects, 0 dates not understood'
 * ```
 */
export function loadSummary(stats: EngineStats): string {
  const { counts, rejects } = stats
  const replaced = stats.whoisReplaced + stats.observationsReplaced
  return (
    `loaded ${formatCount(stats.files)} file${stats.files === 1 ? '' : 's'} in ${formatDuration(stats.buildMs / 1000)}: ` +
    `${formatCount(counts.whois)} WHOIS records, ${formatCount(counts.mx)} MX and ${formatCount(counts.txt)} TXT observations, ` +
    `${formatCount(replaced)} replaced by later duplicates, ${formatCount(rejects.count)} rejects, ` +
    `${formatCount(stats.datesUnparsed)} dates not understood`
  )
}
