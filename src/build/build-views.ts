/**
 * The segments of a build or an update (SPEC 12, 16): the new sources in one segment in memory when
 * they fit the memory budget and no path is given, else segments written part by part to a
 * snapshot (segment-spill.ts) and read from it. An update removes its keys first, then its new
 * records replace what the engine's segments hold through new deletion sets of their views
 * (segments/apply-update.ts); the merge policy runs last.
 */
import { stat } from 'node:fs/promises'
import { dirname } from 'node:path'
import { SnapshotError } from '../errors.js'
import { addLoadStats, type LoadStats } from '../ingest/load.js'
import { NO_KEYS, type RemovalKeys } from '../ingest/removal-keys.js'
import { applyUpdate, type UpdateCounts } from '../segments/apply-update.js'
import { liveObservation } from '../segments/live-docs.js'
import { applyMergePolicy } from '../segments/merge-policy.js'
import { freshView, type SegmentView } from '../segments/segment.js'
import type { SnapshotOrigin } from '../snapshot/save-snapshot.js'
import type { StoredFile } from '../storage/stored-file.js'
import type { Progress, Sources } from '../types.js'
import { buildParts, type PipelineOptions } from './build-parts.js'
import { memoryBudget } from './memory-budget.js'
import { type PartNotes, type RecordLines, replacedNote, SegmentSpill } from './segment-spill.js'

/** Options of {@link buildViews}: the pipeline's, with the snapshot to write and the budget. */
export interface BuildViewsOptions extends Omit<PipelineOptions, 'spill' | 'onRecord'> {
  /** The snapshot a build writes as it goes; undefined keeps new sources that fit in memory. */
  readonly path?: string | undefined
  /** The memory budget in bytes (memory-budget.ts applies the default). */
  readonly memoryBudget?: number | undefined
}

/** The segments of a build, the load's counts, and the snapshot they read (if any). */
export interface BuiltViews {
  readonly views: readonly SegmentView[]
  /** The load's counts, as those of one part. */
  readonly load: LoadStats
  /** The file the segments were written to, when they were. */
  readonly file: StoredFile | undefined
  /** The snapshot at `path` as written, for saves in place (none without a path). */
  readonly origin: SnapshotOrigin
}

/** An engine's state an update starts from. */
export interface UpdateBase {
  readonly views: readonly SegmentView[]
  readonly load: LoadStats
  /** The snapshot the views were read from, if any: a spilled update's temporary file goes beside it. */
  readonly near: string | undefined
}

/** What an update makes: the views, the load's counts over the build and every update, its removals. */
export interface UpdatedViews {
  readonly views: readonly SegmentView[]
  readonly load: LoadStats
  readonly counts: UpdateCounts
  /** The file the new segments were written to, when they were. */
  readonly file: StoredFile | undefined
}

/**
 * Loads and indexes the sources within the memory budget.
 *
 * @param sources - WHOIS and DNS files
 * @param options - the pipeline's options, the path and the budget
 * @throws TypeError for a budget that is not a whole number of bytes; SnapshotError as a load or
 *   a save throws, or naming a path whose directory does not exist
 * @example
 * ```ts
 * const { views, file } = await buildViews({ whois: ['whois.jsonl'] }, { strict: false, onProgress: undefined, workers: 0, rangeBytes: undefined, memoryBudget: 64 << 20 })
 * ```
 */
export async function buildViews(sources: Sources, options: BuildViewsOptions): Promise<BuiltViews> {
  const budget = memoryBudget(options.memoryBudget)
  if (options.path !== undefined) await checkDirectory(options.path)
  const notes = partNotes(options)
  const spill = new SegmentSpill(options.path, budget, notes)
  const built = await loadParts(sources, options, spill, notes)
  if (spill.spilled || options.path !== undefined) return spill.finish(built, built.load)
  return { views: [freshView(built)], load: built.load, file: undefined, origin: { identity: undefined } }
}

/**
 * An update's views: removals applied to the base first, then the new sources indexed within the
 * budget, their records replacing the base's, and the merge policy.
 *
 * @param base - the engine's views and load counts
 * @param removals - normalised keys to remove
 * @param sources - the new files
 * @param options - the pipeline's options and the budget
 * @example
 * ```ts
 * const next = await updateViews(base, { whois: ['a.com'], dns: [] }, { whois: ['delta.jsonl'] }, options)
 * next.counts.whoisRemoved // 1
 * ```
 */
export async function updateViews(
  base: UpdateBase,
  removals: RemovalKeys,
  sources: Sources,
  options: Omit<BuildViewsOptions, 'path' | 'heldObservation'>,
): Promise<UpdatedViews> {
  const budget = memoryBudget(options.memoryBudget)
  const removed = applyUpdate(base.views, removals, undefined)
  const gone = new Set(removals.dns)
  const notes = partNotes(options)
  const spill = new SegmentSpill(undefined, budget, notes, { views: removed.views, near: base.near })
  const built = await loadParts(
    sources,
    // Raw DNS records group with what the engine holds, as in a build over all the inputs.
    { ...options, heldObservation: (id) => (gone.has(id) ? undefined : liveObservation(base.views, id)) },
    spill,
    notes,
  )
  let views: readonly SegmentView[]
  let replaced: { whois: number; observations: number }
  let load = built.load
  let file: StoredFile | undefined
  if (spill.spilled) {
    const done = await spill.finish(built, built.load)
    ;({ views, load, file } = done)
    replaced = { ...done.baseReplaced }
  } else {
    const { views: next, counts } = applyUpdate(removed.views, NO_KEYS, built, replacedNote(notes))
    views = next
    replaced = { whois: counts.whoisReplaced, observations: counts.observationsReplaced }
  }
  const total = addLoadStats(base.load, load)
  total.whoisReplaced += replaced.whois
  total.observationsReplaced += replaced.observations
  return {
    views: applyMergePolicy(views, budget),
    load: total,
    counts: { ...removed.counts, whoisReplaced: replaced.whois, observationsReplaced: replaced.observations },
    file,
  }
}

/**
 * Relays the loader's progress to the caller of a build or update: the loader's `done` means
 * reading is over, which to the caller is the start of indexing; `done` comes once the engine is
 * ready ({@link IndexProgress.done}).
 *
 * @param report - the caller's `onProgress`
 * @example
 * ```ts
 * const progress = indexProgress(options.onProgress)
 * await buildViews(sources, { ...options, onProgress: progress.onProgress })
 * progress.done()
 * ```
 */
export function indexProgress(report: ((progress: Progress) => void) | undefined): IndexProgress {
  let last: Progress | undefined
  return {
    onProgress: (progress) => {
      last = progress
      report?.(progress.phase === 'done' ? { ...progress, phase: 'index' } : progress)
    },
    done: () => {
      if (report !== undefined && last !== undefined) report({ ...last, phase: 'done' })
    },
  }
}

/** See {@link indexProgress}. */
export interface IndexProgress {
  readonly onProgress: (progress: Progress) => void
  readonly done: () => void
}

/** The build's `onNote` with the lines of the current part's records, when it has one. */
function partNotes(options: BuildViewsOptions): PartNotes | undefined {
  const note = options.onNote
  if (note === undefined) return undefined
  const lines: RecordLines = { whois: new Map(), dns: new Map() }
  return { note, lines }
}

/** Loads the sources into parts, the full ones handed to the spill; a failed load removes its file. */
async function loadParts(
  sources: Sources,
  options: Omit<PipelineOptions, 'spill' | 'onRecord'>,
  spill: SegmentSpill,
  notes: PartNotes | undefined,
): ReturnType<typeof buildParts> {
  const lines = notes?.lines
  try {
    return await buildParts(sources, {
      ...options,
      spill,
      onRecord:
        lines === undefined ? undefined : (kind, key, file, line) => lines[kind].set(key, { file, line }),
    })
  } catch (error) {
    await spill.discard()
    throw error
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
