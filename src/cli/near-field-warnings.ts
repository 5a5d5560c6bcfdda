/**
 * The warnings `build` and `update` print for fields the records hold under another parser's
 * spelling of a field domindex reads (issue 26, item 3; ingest/near-fields.ts).
 */
import type { EngineStats } from '../engine-options.js'
import { meantField } from '../ingest/near-fields.js'
import { formatCount } from './format.js'

/**
 * One warning a near field, commonest first: the field, how many records of this load hold it,
 * and the field it probably means.
 *
 * @param after - the engine's stats after the load
 * @param before - its stats before an update (undefined for a build)
 * @example
 * ```ts
 * nearFieldWarnings(engine.stats())
 * // ['domain.registrar in 589 records is not a field domindex reads: did you mean domain.registrar_name? ...']
 * ```
 */
export function nearFieldWarnings(after: EngineStats, before?: EngineStats): string[] {
  const counts = Object.entries(after.nearFields ?? {})
    .map(([path, count]): [string, number] => [path, count - (before?.nearFields?.[path] ?? 0)])
    .filter(([, count]) => count > 0)
    .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
  return counts.map(
    ([path, count]) =>
      `${path} in ${formatCount(count)} record${count === 1 ? '' : 's'} is not a field domindex reads: ` +
      `did you mean ${meantField(path) ?? '?'}? Copy it there before loading to match on it ` +
      `(docs/inputs.md, "Fields under other names", shows how)`,
  )
}
