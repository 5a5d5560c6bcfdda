/**
 * What the CLI says on stderr when a spelling-variant index was read, built or kept beside the
 * snapshot (`build --suggest`, `suggest`): nothing when it was ready or read from its file.
 */
import type { PreparedSuggestions } from '../engine-options.js'

/**
 * The lines for prepared indexes.
 *
 * @example
 * ```ts
 * preparedLines([{ kind: 'email', from: 'built', values: 1200, ms: 830, saved: 'c.dmx.suggest/email' }])
 * // ['indexed 1,200 email values for suggestions in 0.8 s, kept in c.dmx.suggest/email']
 * ```
 */
export function preparedLines(prepared: readonly PreparedSuggestions[]): string[] {
  return prepared.flatMap(({ kind, from, values, ms, saved, note }) => {
    if (from !== 'built') return []
    const kept = saved === undefined ? '' : `, kept in ${saved}`
    const line = `indexed ${values.toLocaleString('en-US')} ${kind} values for suggestions in ${(ms / 1000).toFixed(1)} s${kept}`
    return note === undefined ? [line] : [line, `note: ${note}`]
  })
}
