/**
 * The one-line account of a load that `build`, `update` and `tour` print.
 */
import type { EngineStats } from '../engine-options.js'
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
    `${formatCount(stats.datesUnparsed)} dates not understood${skippedSummary(stats.dnsSkipped)}${updateSummary(stats)}`
  )
}

// Raw DNS records skipped (SPEC 13) are named only when a load read such files and skipped some.
function skippedSummary(skipped: number): string {
  return skipped > 0 ? `, ${plural(skipped, 'DNS record')} skipped` : ''
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

/**
 * One line on what an update did: what it read, replaced and removed (the difference between the
 * engine's stats before and after), and what the engine holds now.
 *
 * @param before - the stats of the engine the update was called on
 * @param after - the stats of the updated engine
 * @param ms - how long the update took
 * @example
 * ```ts
 * updateLine(engine.stats(), updated.stats(), 4200)
 * // 'updated in 4s: read 3 files, 10,000 WHOIS records and 30,000 observations, 5,000 replaced, 0 rejects, 0 dates not understood, removed 100 WHOIS records and 100 observations (0 keys not held); holds 1,005,000 WHOIS records, 1,515,000 MX and 1,515,000 TXT observations in 2 segments'
 * ```
 */
export function updateLine(before: EngineStats, after: EngineStats, ms: number): string {
  const replaced =
    after.whoisReplaced + after.observationsReplaced - before.whoisReplaced - before.observationsReplaced
  const removed = {
    whois: after.removed.whois - before.removed.whois,
    observations: after.removed.observations - before.removed.observations,
    notHeld: after.removed.notHeld - before.removed.notHeld,
  }
  const { counts } = after
  return (
    `updated in ${formatDuration(ms / 1000)}: read ${plural(after.files - before.files, 'file')}, ` +
    `${plural(after.whoisRecords - before.whoisRecords, 'WHOIS record')} and ` +
    `${plural(after.observations - before.observations, 'observation')}, ${formatCount(replaced)} replaced, ` +
    `${formatCount(after.rejects.count - before.rejects.count)} rejects, ` +
    `${formatCount(after.datesUnparsed - before.datesUnparsed)} dates not understood` +
    `${skippedSummary(after.dnsSkipped - before.dnsSkipped)}, ` +
    `removed ${plural(removed.whois, 'WHOIS record')} and ${plural(removed.observations, 'observation')} ` +
    `(${plural(removed.notHeld, 'key')} not held); holds ${formatCount(counts.whois)} WHOIS records, ` +
    `${formatCount(counts.mx)} MX and ${formatCount(counts.txt)} TXT observations in ${plural(after.segments, 'segment')}`
  )
}
