/**
 * The loading options a build and an update of the {@link Engine} facade share, checked and with
 * their progress relayed: the bridge from the public options (engine-options.ts) to the build's.
 */
import type { UpdateOptions } from '../engine-options.js'
import { fieldPairs } from '../ingest/field-map.js'
import type { BuildViewsOptions, IndexProgress } from './build-views.js'

/**
 * The loading options a build and an update share, with their progress relayed.
 *
 * @throws TypeError naming `fields` for an entry that is not a pair of field paths
 * @example
 * ```ts
 * loadOptions({ strict: true }, indexProgress(undefined)).strict // true
 * ```
 */
export function loadOptions(options: UpdateOptions, progress: IndexProgress): BuildViewsOptions {
  return {
    strict: options.strict === true,
    onProgress: progress.onProgress,
    workers: options.workers,
    rangeBytes: options.rangeBytes,
    onReject: options.onReject,
    onNote: options.onNote,
    memoryBudget: options.memoryBudget,
    ...(options.fields === undefined ? {} : { fields: checkedFields(options.fields) }),
  }
}

// The `fields` option checked at the call, so a bad entry fails before anything is read.
function checkedFields(fields: Readonly<Record<string, string>>): Readonly<Record<string, string>> {
  fieldPairs(fields)
  return fields
}
