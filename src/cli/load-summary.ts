/**
 * The one-line account of a load that `build`, `update` and `tour` print.
 */
import type { EngineStats } from '../engine.js'
import { formatCount, formatDuration } from './format.js'

/**
 * One line on what a build (and any updates since) loaded; the segments and removals are named
 * only when there are any, as after an update.
 *
 * @param stats - the engine's stats
 * @example
 * ```ts
 * loadSummary(engine.stats())
 * // 'loaded 3 files in 2s: 1,000 WHOIS records, 800 MX and 700 TXT observations, 2 replaced by later duplicates, 5 rejects, 0 dates not understood'
 * loadSummary(updated.stats())
 * // 'loaded 5 files in 3s: ..., 0 dates not understood, 2 segments, removed 4 WHOIS records and 1 observation (1 key not held)'
 * ```
 */
export function loadSummary(stats: EngineStats): string {
  const { counts, rejects } = stats
  const replaced = stats.whoisReplaced + stats.observationsReplaced
  return (
    `loaded ${plural(stats.files, 'file')} in ${formatDuration(stats.buildMs / 1000)}: ` +
    `${formatCount(counts.whois)} WHOIS records, ${formatCount(counts.mx)} MX and ${formatCount(counts.txt)} TXT observations, ` +
    `${formatCount(replaced)} replaced by later duplicates, ${formatCount(rejects.count)} rejects, ` +
    `${formatCount(stats.datesUnparsed)} dates not understood${updateSummary(stats)}`
  )
}

function updateSummary({ segments, removed }: EngineStats): string {
  let text = segments > 1 ? `, ${formatCount(segments)} segments` : ''
  if (removed.whois + removed.observations + removed.notHeld > 0) {
    text +=
      `, removed ${plural(removed.whois, 'WHOIS record')} and ${plural(removed.observations, 'observation')}` +
      ` (${plural(removed.notHeld, 'key')} not held)`
  }
  return text
}

function plural(n: number, noun: string): string {
  return `${formatCount(n)} ${noun}${n === 1 ? '' : 's'}`
}
