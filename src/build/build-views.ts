/**
 * The segments of a build or an update (SPEC 16): the new sources in one segment in memory when
 * they fit the memory budget and no path is given, else segments written part by part to a
 * snapshot (segment-spill.ts) and read from it. An update's new records replace what its engine's
 * segments hold through new deletion sets of their views (segments/apply-update.ts).
 */
import { stat } from 'node:fs/promises'
import { dirname } from 'node:path'
import { SnapshotError } from '../errors.js'
import type { LoadStats } from '../ingest/load.js'
import { applyUpdate } from '../segments/apply-update.js'
import { freshView, type SegmentView } from '../segments/segment.js'
import type { SnapshotOrigin } from '../snapshot/save-snapshot.js'
import type { StoredFile } from '../storage/stored-file.js'
import type { Sources } from '../types.js'
import { buildParts, type PipelineOptions } from './build-parts.js'
import { memoryBudget } from './memory-budget.js'
import { type RecordLines, SegmentSpill } from './segment-spill.js'

const NO_REMOVALS = { whois: [], dns: [] }

/** Options of {@link buildViews}: the pipeline's, with the snapshot to write and the budget. */
export interface BuildViewsOptions extends Omit<PipelineOptions, 'spill' | 'onRecord'> {
  /** The snapshot a build writes as it goes; undefined keeps new sources that fit in memory. */
  readonly path?: string | undefined
  /** The memory budget in bytes (memory-budget.ts applies the default). */
  readonly memoryBudget?: number | undefined
  /**
   * An update's engine: its views (removals applied) and the snapshot they were read from, if
   * any (a spilled update's temporary file goes beside it).
   */
  readonly base?: { readonly views: readonly SegmentView[]; readonly near: string | undefined } | undefined
}

/** The segments of a build or update, the load's counts, and the snapshot they read (if any). */
export interface BuiltViews {
  /** The base's views with what the new records replaced deleted, then the new segments. */
  readonly views: readonly SegmentView[]
  /** The new sources' load counts, as those of one part. */
  readonly load: LoadStats
  /** Records of the base that new records replaced. */
  readonly baseReplaced: { readonly whois: number; readonly observations: number }
  /** The file the new segments were written to, when they were. */
  readonly file: StoredFile | undefined
  /** The snapshot at `path` as written, for saves in place (none without a path). */
  readonly origin: SnapshotOrigin
}

/**
 * Loads and indexes the sources within the memory budget.
 *
 * @param sources - WHOIS and DNS files
 * @param options - the pipeline's options, the path, the budget, and an update's base
 * @throws TypeError for a budget that is not a whole number of bytes; SnapshotError as a load or
 *   a save throws
 * @example
 * ```ts
 * const { views, file } = await buildViews({ whois: ['whois.jsonl'] }, { strict: false, onProgress: undefined, workers: 0, rangeBytes: undefined, memoryBudget: 64 << 20 })
 * ```
 */
export async function buildViews(sources: Sources, options: BuildViewsOptions): Promise<BuiltViews> {
  const budget = memoryBudget(options.memoryBudget)
  if (options.path !== undefined) await checkDirectory(options.path)
  const note = options.onNote
  // Where each record of the current part was read: the report of what it replaces.
  const lines: RecordLines | undefined = note === undefined ? undefined : { whois: new Map(), dns: new Map() }
  const notes = note === undefined || lines === undefined ? undefined : { note, lines }
  const spill = new SegmentSpill(options.path, budget, notes, options.base)
  let built: Awaited<ReturnType<typeof buildParts>>
  try {
    built = await buildParts(sources, {
      ...options,
      spill,
      onRecord:
        lines === undefined ? undefined : (kind, key, file, line) => lines[kind].set(key, { file, line }),
    })
  } catch (error) {
    await spill.discard()
    throw error
  }
  if (spill.spilled || options.path !== undefined) return spill.finish(built, built.load)
  const base = options.base
  if (base === undefined) {
    return {
      views: [freshView(built)],
      load: built.load,
      baseReplaced: { whois: 0, observations: 0 },
      file: undefined,
      origin: { identity: undefined },
    }
  }
  const { views, counts } = applyUpdate(base.views, NO_REMOVALS, built, (kind, key) => {
    const at = lines?.[kind].get(key)
    if (note !== undefined && at !== undefined) note({ kind: 'replaced', key, ...at })
  })
  return {
    views,
    load: built.load,
    baseReplaced: { whois: counts.whoisReplaced, observations: counts.observationsReplaced },
    file: undefined,
    origin: { identity: undefined },
  }
}

/** Fails before reading anything when the snapshot's directory does not exist. */
async function checkDirectory(path: string): Promise<void> {
  const directory = dirname(path)
  const found = await stat(directory).catch(() => undefined)
  if (found?.isDirectory() !== true) {
    throw new SnapshotError(
      'unreadable_file',
      `cannot write the snapshot: there is no directory ${directory}`,
      {
        file: path,
      },
    )
  }
}
