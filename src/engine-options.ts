/**
 * The options and the stats of the {@link Engine} facade: what a build, an update, an open and a
 * save take, and what `stats()` reports.
 */
import type { LoadStats } from './ingest/load.js'
import type { SuggestKind } from './pivots/suggest-kinds.js'
import type { WriteLock } from './snapshot/write-lock.js'
import type { LoadNote, Progress, Reject } from './types.js'

/** Options of {@link Engine.build}. */
export interface BuildOptions {
  /** Throw a SnapshotError at the first rejected record instead of skipping it. Default false. */
  strict?: boolean
  /** Called with loading progress at least once a second. */
  onProgress?: (progress: Progress) => void
  /**
   * Told every rejected record as it is met, also beyond the first 1,000 that `stats()` keeps in
   * full (`domindex build --rejects` writes them all this way).
   */
  onReject?: (reject: Reject) => void
  /**
   * Told each record that replaces an earlier one (with the file:line of the replacing one) and
   * each date whose text is not understood (with its file:line): the lists behind the counts of
   * `stats()` (`domindex build --report` writes them).
   */
  onNote?: (note: LoadNote) => void
  /**
   * WHOIS fields copied, record by record, to the fields domindex reads before the record is
   * checked, where the record holds the source and not the target: `{ 'domain.registrar':
   * 'domain.registrar_name' }` (another parser's spelling; `stats().nearFields` counts the ones
   * the loader recognises). Paths are a top-level field or `section.field`.
   */
  fields?: Readonly<Record<string, string>>
  /** Bearer tokens `request()` accepts; none means no check. */
  tokens?: readonly string[]
  /** The clock `prioritize()` stamps `queued_at` with. Default: the system clock. */
  now?: () => Date
  /**
   * Worker threads that read and parse the inputs while the calling thread merges; 0 parses in the
   * calling thread. Default: the machine's cores (`os.availableParallelism()`) when the inputs
   * total 64 MiB or more, else 0. Any number gives the same engine, byte for byte.
   */
  workers?: number
  /**
   * @internal Size of the byte ranges large JSON Lines files are cut into for the workers.
   * Default 16 MiB; tests set it tiny to exercise ranges on small files.
   */
  rangeBytes?: number
  /**
   * The bound, in bytes, of the memory a build or update indexes in (SPEC 16): when a part of the
   * input fills it, the part is written as a segment to the snapshot and the build goes on, so a
   * build's peak memory is the budget plus a fixed overhead whatever the input's size. Default:
   * the `DOMINDEX_MEMORY_BUDGET` environment variable, else 1 GiB. Merges of segments stay within
   * it too.
   */
  memoryBudget?: number
  /**
   * The snapshot file a build writes as it goes (SPEC 16); the engine returned reads it, as one
   * opened with {@link Engine.open}, and saves to it in place. Without it a build that fits the
   * budget stays in memory, and one that does not is written to a temporary file removed when the
   * engine is closed or the process exits.
   */
  path?: string
}

/** Options of {@link Engine.update}: those of a build, and the keys to remove first. */
export interface UpdateOptions extends Omit<BuildOptions, 'now' | 'path'> {
  /**
   * Keys removed before the new sources are read (SPEC 12): `whois` domains (normalised like
   * hosts) and `dns` observation ids. A key the engine does not hold is ignored and counted.
   */
  remove?: { whois?: readonly string[]; dns?: readonly string[] }
}

/** Options of {@link Engine.open}: those of a build that do not concern loading, and `verify`. */
export interface OpenOptions extends Pick<BuildOptions, 'tokens' | 'now' | 'onProgress'> {
  /**
   * Check every structure of the snapshot before answering from it, as `domindex check` does:
   * padding, offsets, sorted postings, ids in range, dictionaries, counts. A file that passes its
   * checksums but breaks an invariant (written wrong, or forged with recomputed checksums) is
   * then refused with `corrupt_snapshot` instead of giving wrong answers. Default false: the
   * checksums alone are verified (the check takes about four times an open's time; docs/guide.md).
   * With `verify` every section is read at open and held in memory (none is left on disk).
   */
  verify?: boolean
  /**
   * The bound, in bytes, of the block cache through which the sections left on disk (the stored
   * records) are read (SPEC 16). Default: the `DOMINDEX_CACHE_BYTES` environment variable, else
   * 256 MiB. The operating system's page cache serves the rest.
   */
  cacheBytes?: number
}

/** Options of {@link Engine.save}. */
export interface SaveOptions {
  /** Told the bytes written (phase `write`) as the file is written, then `done`. */
  onProgress?: (progress: Progress) => void
  /**
   * How long to wait, in milliseconds, for another writer of the same snapshot (another process's
   * `update`, `compact` or `save`) to release its write lock; past it the save fails with
   * `locked`, naming the holder. Default: without limit.
   */
  lockWaitMs?: number
  /**
   * @internal The write lock of `path`, already held by the caller (the CLI holds it from before
   * it opens a snapshot until after it saved the update).
   */
  lock?: WriteLock
}

/** What {@link Engine.save} wrote (SPEC 10). */
export interface SaveResult {
  /**
   * Whether the save appended a commit to the snapshot the engine was opened from (only what the
   * file lacked was written), rather than writing the file whole.
   */
  inPlace: boolean
  /** The bytes written. */
  bytesWritten: number
  /** The snapshot file's length afterwards. */
  fileBytes: number
}

/** What `engine.stats()` reports. */
export interface EngineStats extends LoadStats {
  /** Records held by kind. */
  counts: { whois: number; mx: number; txt: number }
  /** Milliseconds the build took. */
  buildMs: number
  /** Index segments the engine holds: 1 after a build or `compact()`, more after updates. */
  segments: number
  /**
   * Removals over every update: held WHOIS domains and observations removed, and keys asked for
   * that the engine did not hold (ignored).
   */
  removed: { whois: number; observations: number; notHeld: number }
  /**
   * Resident memory of the process, in bytes, when the stats were taken, and the block cache of
   * the snapshot files this engine reads (all zero for an engine held in memory): bytes held, its
   * bound, hits, misses and the hit rate (hits over reads; 0 before any read).
   */
  memory: {
    rss: number
    heapUsed: number
    external: number
    arrayBuffers: number
    cache: { bytes: number; capacity: number; hits: number; misses: number; hitRate: number }
  }
}

/** Removal counts over the build and every update. */
export interface RemovalCounts {
  whois: number
  observations: number
  notHeld: number
}

/** How a kind's value index was made ready, as `engine.prepareSuggestions()` reports it. */
export interface PreparedSuggestions {
  readonly kind: SuggestKind
  /** `memory`: it was ready; `file`: read from beside the snapshot; `built`: built now. */
  readonly from: 'memory' | 'file' | 'built'
  /** The number of distinct values. */
  readonly values: number
  /** Milliseconds taken. */
  readonly ms: number
  /** The file written beside the snapshot, when one was. */
  readonly saved?: string
  /** Why a file beside the snapshot was not used (`stale`: made for other content) or not written. */
  readonly note?: string
}
