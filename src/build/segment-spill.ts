/**
 * A build within a memory budget (SPEC 16): each full part of the input is indexed as a segment,
 * written to the snapshot, and read back from it lazily, so that what the build holds in memory is
 * one part, whatever the input's size. The snapshot grows by one commit a part (a save in place
 * appends the new segment, the deletion marks it changed and a new section table): a later part's
 * record of a domain (or observation id) an earlier part holds replaces it exactly as an update's
 * does (segments/apply-update.ts), and the merge policy merges small segments within the budget.
 *
 * The parts are written to a temporary file (`.domindex-<pid>-<hex>.tmp`, as a save's): beside
 * the target, renamed over it once the last part is in (a build killed before leaves no partial
 * snapshot at the path, and the target's write lock is held from the first part to the rename);
 * without a path, among the system's temporary files, unlinked once the build is over (the
 * engine reads it through its open descriptor, so its space returns when the engine is closed or
 * the process exits, even killed). A build that fails removes its file.
 *
 * An update spills the same way over its engine's segments (the base): a part's records replace
 * those the base holds through new deletion sets of the base's views, kept in memory as an
 * update's are, while the file holds only the update's own segments (a temporary file beside the
 * base's snapshot).
 */
import { rename, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { entryAt, entryCount } from '../indexes/byte-table.js'
import { KeyFilter } from '../indexes/key-filter.js'
import type { LoadStats } from '../ingest/load.js'
import { NO_KEYS } from '../ingest/removal-keys.js'
import { applyUpdate } from '../segments/apply-update.js'
import { applyMergePolicy } from '../segments/merge-policy.js'
import { savedSegments, viewsOf } from '../segments/saved-segments.js'
import { dnsOf, type SegmentView } from '../segments/segment.js'
import { fileIdentity } from '../snapshot/file-identity.js'
import { type CacheOptions, readSnapshot } from '../snapshot/read-snapshot.js'
import { type SnapshotOrigin, saveSnapshot } from '../snapshot/save-snapshot.js'
import { removeStaleTemps, tempPathFor } from '../snapshot/temp-files.js'
import { acquireWriteLock, type WriteLock } from '../snapshot/write-lock.js'
import { cacheOptions } from '../storage/cache-options.js'
import type { StoredFile } from '../storage/stored-file.js'
import type { LoadNote } from '../types.js'
import type { IndexedPart, PartSpill } from './build-parts.js'

/** A finished build's file is written whole when it exceeds its live bytes by more than this factor. */
const DEAD_SHARE = 1.25

/** Where each record of the part being spilled was read: the report of what it replaces. */
export type RecordLines = Record<'whois' | 'dns', Map<string, { file: string; line: number }>>

/** A build's `onNote` and where each record of the part being indexed was read. */
export interface PartNotes {
  readonly note: (note: LoadNote) => void
  readonly lines: RecordLines
}

/**
 * Tells `onNote` of a record that replaced a held one, with the file and line it was read at.
 *
 * @example
 * ```ts
 * applyUpdate(views, NO_KEYS, part, replacedNote(notes))
 * ```
 */
export function replacedNote(
  notes: PartNotes | undefined,
): ((kind: 'whois' | 'dns', key: string) => void) | undefined {
  if (notes === undefined) return undefined
  return (kind, key) => {
    const at = notes.lines[kind].get(key)
    if (at !== undefined) notes.note({ kind: 'replaced', key, ...at })
  }
}

/** The engine a spilled build ends with. */
export interface SpilledBuild {
  /** The base's views (with the deletions of what the parts replaced), then the parts' segments. */
  readonly views: readonly SegmentView[]
  /** The load's counts as those of one part (the parts' replacements of each other counted). */
  readonly load: LoadStats
  /** Records of the base the parts replaced. */
  readonly baseReplaced: { readonly whois: number; readonly observations: number }
  /** The snapshot file the views read. */
  readonly file: StoredFile | undefined
  /** The file as saved, for saves in place; none when the snapshot was temporary. */
  readonly origin: SnapshotOrigin
}

/**
 * Takes the parts of a build and writes them to its snapshot.
 *
 * @example
 * ```ts
 * const spill = new SegmentSpill('all.dmx', 1 << 30, undefined)
 * const last = await buildParts(sources, { ...options, spill })
 * const { views, file } = await spill.finish(last, last.load)
 * ```
 */
export class SegmentSpill implements PartSpill {
  readonly budget: number
  /** The snapshot's path, when the build has one. */
  readonly #target: string | undefined
  /** The file the parts are written to, and its write lock (then the target's), once a part is. */
  #work: { readonly path: string; readonly locks: readonly WriteLock[] } | undefined
  readonly #origin: SnapshotOrigin = { identity: undefined }
  readonly #notes: PartNotes | undefined
  readonly #started = performance.now()
  /** An update's engine's views (with the deletions the parts made): not written to the file. */
  #base: readonly SegmentView[]
  /** Where a temporary file goes: beside the base's snapshot, else among the system's. */
  readonly #near: string
  /** The parts' segments, read from the file. */
  #views: readonly SegmentView[] = []
  #file: StoredFile | undefined
  /**
   * The keys of the parts written so far: a key of a new part that none of them may hold is not
   * looked up in their dictionaries on disk (3 to 8 bytes a key, beside the budget).
   */
  readonly #written = { whois: new KeyFilter(), dns: new KeyFilter() }
  /** Records of a part that replaced a record of an earlier part. */
  readonly #replaced = { whois: 0, observations: 0 }
  /** Records of a part that replaced a record of the base. */
  readonly #baseReplaced = { whois: 0, observations: 0 }
  #parts = 0

  /**
   * @param target - the snapshot to write, or undefined for a temporary one
   * @param budget - the memory budget in bytes
   * @param notes - the build's `onNote`, and where the records of the current part were read
   * @param base - an update's engine's views (none for a build), and the snapshot they were read
   *   from (a temporary file goes beside it)
   */
  constructor(
    target: string | undefined,
    budget: number,
    notes: PartNotes | undefined,
    base: { readonly views: readonly SegmentView[]; readonly near: string | undefined } = {
      views: [],
      near: undefined,
    },
  ) {
    this.#target = target
    this.budget = budget
    this.#notes = notes
    this.#base = base.views
    this.#near = target ?? base.near ?? join(tmpdir(), 'build')
  }

  /** True once a part was written. */
  get spilled(): boolean {
    return this.#parts > 0
  }

  /**
   * Adds a full part as a segment, writes it and reads the snapshot back lazily.
   *
   * @param part - the part's indexes
   * @param load - the load's counts so far
   * @param last - the last part: the engine returned reads the file through a cache of the
   *   default size (the parts before it read it through an eighth of the budget at most, counted
   *   in the build's memory)
   */
  async take(part: IndexedPart, load: LoadStats, last = false): Promise<void> {
    const work = await this.#workFile()
    const note = replacedNote(this.#notes)
    // A key is live in one segment at most: each replacement is counted where its key was live.
    const written = this.#written
    const { views, counts } = applyUpdate(this.#views, NO_KEYS, part, note, (kind, key) =>
      written[kind].mayHold(key),
    )
    addKeys(written, part)
    const base = applyUpdate(this.#base, NO_KEYS, part, note)
    this.#base = base.views.filter((view) => view.segment !== part)
    this.#notes?.lines.whois.clear()
    this.#notes?.lines.dns.clear()
    this.#replaced.whois += counts.whoisReplaced
    this.#replaced.observations += counts.observationsReplaced
    this.#baseReplaced.whois += base.counts.whoisReplaced
    this.#baseReplaced.observations += base.counts.observationsReplaced
    const merged = applyMergePolicy(views, this.budget)
    const content = {
      segments: savedSegments(merged),
      load: this.#loadOf(load),
      removed: { whois: 0, observations: 0, notHeld: 0 },
      queue: [],
      buildMs: performance.now() - this.#started,
    }
    const saved = await saveSnapshot(work.path, content, this.#origin, { lock: work.locks[0] })
    // The last commit leaves no more than a quarter of the file to earlier commits' sections
    // (deletion sets rewritten, segments merged away): past that the file is written whole.
    if (last && saved.fileBytes > saved.liveBytes * DEAD_SHARE) {
      await saveSnapshot(work.path, content, { identity: undefined }, { lock: work.locks[0] })
      this.#origin.identity = undefined
    }
    this.#origin.identity ??= await fileIdentity(work.path)
    const opened = await readSnapshot(
      work.path,
      (content, file) => ({ views: viewsOf(content.segments), file }),
      { cache: last ? cacheOptions(undefined) : buildCache(this.budget) },
    )
    this.#file?.release()
    this.#file = opened.file
    this.#views = opened.views
    this.#parts++
  }

  /**
   * Writes the last part, releases the lock, and hands over the views and the file they read.
   *
   * @param last - the last part's indexes
   * @param load - the load's counts
   */
  async finish(last: IndexedPart, load: LoadStats): Promise<SpilledBuild> {
    const target = this.#target
    const origin: SnapshotOrigin = { identity: undefined }
    try {
      await this.take(last, load, true)
      if (target !== undefined) {
        await rename((await this.#workFile()).path, target)
        origin.identity = await fileIdentity(target)
      }
    } catch (error) {
      await this.discard()
      throw error
    }
    await this.#unlock()
    return {
      views: [...this.#base, ...this.#views],
      load: this.#loadOf(load),
      baseReplaced: { ...this.#baseReplaced },
      file: this.#file,
      origin,
    }
  }

  /** Ends a build that failed: the file written is closed and removed, the locks released. */
  async discard(): Promise<void> {
    this.#file?.release()
    this.#file = undefined
    await this.#unlock()
  }

  /**
   * Releases the locks and removes the file written (after `finish`, a file renamed to the
   * target is not there any more; a temporary one is unlinked while its readers keep their
   * descriptor).
   */
  async #unlock(): Promise<void> {
    const work = this.#work
    if (work === undefined) return
    this.#work = undefined
    for (const lock of work.locks) await lock.release()
    await rm(work.path, { force: true })
  }

  /** The file the parts are written to, locked (with the target) on the first part. */
  async #workFile(): Promise<{ readonly path: string; readonly locks: readonly WriteLock[] }> {
    if (this.#work !== undefined) return this.#work
    const target = this.#target
    const path = tempPathFor(this.#near)
    await removeStaleTemps(path)
    const locks = [await acquireWriteLock(path)]
    try {
      if (target !== undefined) locks.push(await acquireWriteLock(target))
    } catch (error) {
      await (locks[0] as WriteLock).release()
      throw error
    }
    this.#work = { path, locks }
    return this.#work
  }

  /** The load's counts with the replacements across parts: those of a build in one part. */
  #loadOf(load: LoadStats): LoadStats {
    return {
      ...load,
      whoisRecords: load.whoisRecords - this.#replaced.whois,
      whoisReplaced: load.whoisReplaced + this.#replaced.whois,
      observations: load.observations - this.#replaced.observations,
      observationsReplaced: load.observationsReplaced + this.#replaced.observations,
    }
  }
}

/** Adds the domains and observation ids of a part to the filters of the keys written. */
function addKeys(written: { readonly whois: KeyFilter; readonly dns: KeyFilter }, part: IndexedPart): void {
  for (const domain of part.store.domains()) written.whois.add(domain)
  for (const kind of ['mx', 'txt'] as const) {
    const ids = dnsOf(part, kind).state.ids
    for (let o = 0; o < entryCount(ids); o++) written.dns.add(entryAt(ids, o))
  }
}

/** The cache through which a build reads what it spilled: an eighth of its budget at most. */
function buildCache(budget: number): CacheOptions {
  const cache = cacheOptions(undefined)
  return { ...cache, cacheBytes: Math.min(cache.cacheBytes, Math.floor(budget / 8)) }
}
