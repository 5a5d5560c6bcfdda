/**
 * Reads a snapshot file (layout in format.ts) and hands its content to a constructor, refusing
 * anything that is not exactly what a save wrote: every section is read with positioned reads of
 * at most 1 GiB into a buffer of its own (never the whole file at once, so files and sections
 * beyond 2 GiB read as well) and its CRC-32 verified before anything is decoded. Every failure
 * is a SnapshotError naming the file: `unreadable_file` when the file cannot be read,
 * `incompatible_snapshot` for another signature, format version or byte order, `corrupt_snapshot`
 * for truncation, a checksum mismatch or a structure that does not fit. Given a checklist, it also
 * checks the padding and every structure (verify/), recording each check that passes.
 *
 * Out of core (SPEC 16): the sections that grow with the records and are read a few bytes at a
 * time (lazy-parts.ts says which) are not read at open; they stay on disk as LazySections, read
 * through the file's block cache and checksummed on their first read, and the file stays open
 * for them (storage/stored-file.ts). With a checklist every section is read and checked at open.
 */
import { type BigIntStats, close, fstat, open as openFile } from 'node:fs'
import { stat } from 'node:fs/promises'
import { endianness } from 'node:os'
import { Packr } from 'msgpackr'
import { SnapshotError } from '../errors.js'
import { unpackExact } from '../indexes/exact-pack.js'
import { BlockCache } from '../storage/block-cache.js'
import { LazySection } from '../storage/lazy-section.js'
import { StoredFile } from '../storage/stored-file.js'
import type { Progress } from '../types.js'
import { crc32 } from './crc32.js'
import {
  type Commit,
  decodeHeader,
  decodeTable,
  FORMAT_VERSION,
  HEADER_BYTES,
  hasMagic,
  isBigEndianMark,
  isLittleEndianMark,
  latestCommit,
  MAGIC,
  type SectionEntry,
} from './format.js'
import { joinState } from './join-state.js'
import { isLazySection } from './lazy-parts.js'
import type { PartDescriptor } from './part-kinds.js'
import { sectionCrc } from './section-crc.js'
import { fileKey, recordOrigin, stringsLayout } from './section-origins.js'
import { checkContent, type SnapshotContent } from './snapshot-content.js'
import type { Checklist } from './verify/checklist.js'
import { checkPadding } from './verify/padding.js'
import { verifyContent } from './verify/verify-content.js'

// Reads of at most 64 MiB, so that progress moves while a large section is read.
const IO_CHUNK = 1 << 26
/** Opening and saving a snapshot read and write no records. */
const NO_RECORDS = { records: 0, rejects: 0 }

/** The content is damaged: `corrupt_snapshot`. */
class Corrupt extends Error {}
/** The file is another format or version: `incompatible_snapshot`. */
class Incompatible extends Error {}
/** The file system refused a read: `unreadable_file`. */
class Unreadable extends Error {}

/** How an opened snapshot's lazy sections are read. */
export interface CacheOptions {
  /** The block cache's bound in bytes. */
  readonly cacheBytes: number
  /** The block size in bytes. */
  readonly blockBytes: number
}

/**
 * Reads a snapshot and constructs something from its content; an error thrown by `restore` also
 * means the content does not fit, and is reported as `corrupt_snapshot`.
 *
 * @param path - the snapshot file
 * @param restore - builds the result from the verified content and the open file its lazy
 *   sections read from (undefined when every section was read: the file is then closed), and
 *   the content's fingerprint (its commit's generation and section-table checksum: another
 *   commit, by an update or compaction, has another)
 * @param options - `cache`: leave the lazy sections on disk, read through a block cache of this
 *   size (without it every section is read into memory); `checks`: read every section, check the
 *   padding and every structure too (a broken invariant is `corrupt_snapshot`), recording each
 *   check that passes; `onProgress`: told the bytes read (phase `read`), then `index` while the
 *   content is decoded and restored, then `done`
 * @example
 * ```ts
 * const engine = await readSnapshot('corpus.dmx', (content, file) => engineFrom(content, file), { cache })
 * await readSnapshot('corpus.dmx', () => undefined, { checks: new Checklist(console.log) }) // prints each check
 * ```
 */
export async function readSnapshot<T>(
  path: string,
  restore: (content: SnapshotContent, file: StoredFile | undefined, fingerprint: string) => T,
  options: {
    readonly cache?: CacheOptions
    readonly checks?: Checklist | undefined
    readonly onProgress?: ((progress: Progress) => void) | undefined
  } = {},
): Promise<T> {
  const { cache, checks, onProgress } = options
  const where = { file: path }
  if (endianness() !== 'LE') {
    throw new SnapshotError(
      'incompatible_snapshot',
      'snapshots are read on little-endian machines only',
      where,
    )
  }
  // A FIFO or a device would block the open itself until a writer comes: refuse it before.
  const kind = await stat(path).catch((error: unknown) => {
    throw new SnapshotError('unreadable_file', `cannot open the snapshot: ${reason(error)}`, where)
  })
  if (!kind.isFile())
    throw new SnapshotError('unreadable_file', 'cannot open the snapshot: it is not a regular file', where)
  let fd: number
  try {
    fd = await new Promise<number>((settle, fail) =>
      openFile(path, 'r', (error, opened) => (error === null ? settle(opened) : fail(error))),
    )
  } catch (error) {
    throw new SnapshotError('unreadable_file', `cannot open the snapshot: ${reason(error)}`, where)
  }
  let file: StoredFile | undefined
  try {
    const stats = await new Promise<BigIntStats>((settle, fail) =>
      fstat(fd, { bigint: true }, (error, s) =>
        error === null ? settle(s) : fail(new Unreadable(reason(error))),
      ),
    )
    if (!stats.isFile()) throw new Unreadable('it is not a regular file')
    // Without a cache (or with checks) nothing is left on disk; the reads at open bypass the cache.
    const blocks = cache ?? { cacheBytes: 0, blockBytes: 1 << 16 }
    const opened = new StoredFile(
      path,
      fd,
      Number(stats.size),
      new BlockCache(blocks.cacheBytes, blocks.blockBytes),
    )
    file = opened
    const leaveOnDisk = cache !== undefined && checks === undefined
    const { content, lazy, fingerprint } = await readContent(
      opened,
      fileKey(stats),
      checks,
      leaveOnDisk,
      onProgress,
    )
    if (checks !== undefined) verifyContent(content, checks)
    const restored = restore(content, lazy ? opened : undefined, fingerprint)
    if (!lazy) opened.release()
    onProgress?.({ ...NO_RECORDS, phase: 'done', bytes: kind.size, totalBytes: kind.size })
    return restored
  } catch (error) {
    if (file === undefined) close(fd, () => undefined)
    else file.release()
    if (error instanceof SnapshotError) throw error
    if (error instanceof Incompatible) throw new SnapshotError('incompatible_snapshot', error.message, where)
    if (error instanceof Unreadable) {
      throw new SnapshotError('unreadable_file', `cannot read the snapshot: ${error.message}`, where)
    }
    // Anything else, from the checks here or from decoding and constructing, is the content's fault.
    throw new SnapshotError('corrupt_snapshot', `not a valid snapshot: ${reason(error)}`, where)
  }
}

async function readContent(
  file: StoredFile,
  key: string,
  checks: Checklist | undefined,
  leaveOnDisk: boolean,
  onProgress: ((progress: Progress) => void) | undefined,
): Promise<{ content: SnapshotContent; lazy: boolean; fingerprint: string }> {
  const size = file.size
  const head = await readAt(file, Math.min(size, HEADER_BYTES), 0)
  if (!hasMagic(head)) {
    const prefix = head.length < MAGIC.length && MAGIC.subarray(0, head.length).every((b, i) => head[i] === b)
    if (prefix) throw new Corrupt(`truncated to ${size} bytes`)
    throw new Incompatible('not a domindex snapshot (no snapshot signature)')
  }
  if (size < 16) throw new Corrupt(`truncated to ${size} bytes`)
  const version = new DataView(head.buffer, head.byteOffset).getUint32(8, true)
  if (version !== FORMAT_VERSION) {
    throw new Incompatible(
      `snapshot format version ${version}; this version of domindex reads version ${FORMAT_VERSION} (build the snapshot again)`,
    )
  }
  if (size < HEADER_BYTES) throw new Corrupt(`truncated to ${size} bytes`)
  const header = decodeHeader(head)
  if (!isLittleEndianMark(header.byteOrderMark)) {
    if (isBigEndianMark(header.byteOrderMark)) throw new Incompatible('written with another byte order')
    throw new Corrupt('the byte-order mark is damaged')
  }
  let commit: Commit
  try {
    commit = latestCommit(header, size)
  } catch (error) {
    throw new Corrupt(reason(error))
  }
  const table = await readAt(file, commit.tableBytes, commit.tableOffset)
  if (crc32(table, 0) !== commit.tableCrc) throw new Corrupt('the section table fails its checksum')
  const entries = decodeTable(table, commit.sectionCount)
  checkLayout(entries, commit.tableOffset)
  const sections: (Uint8Array | LazySection)[] = []
  const tell = (bytes: number, phase: Progress['phase']) =>
    onProgress?.({ ...NO_RECORDS, phase, bytes, totalBytes: size })
  let lazy = false
  for (const entry of entries) {
    if (leaveOnDisk && entry.length > 0 && isLazySection(entry.name)) {
      sections.push(new LazySection(file, entry))
      lazy = true
      continue
    }
    const bytes = await readAt(file, entry.length, entry.offset, (read) => tell(entry.offset + read, 'read'))
    if (sectionCrc(bytes, 0) !== entry.crc) throw new Corrupt(`section ${entry.name} fails its checksum`)
    sections.push(bytes)
  }
  if (checks !== undefined) {
    checks.passed(
      `header: signature, version, byte order, commit ${commit.generation} (its slot's checksum)`,
      HEADER_BYTES,
    )
    checks.passed('section table: checksum, sections within the commit without overlap', entries.length)
    checks.passed("sections: each one's checksum", entries.length)
    await checkPadding(table, entries, (length, at) => readAt(file, length, at), checks)
  }
  tell(size, 'index')
  const skeleton = unpackExact(new Packr({ useRecords: false }), sections[0] as Uint8Array)
  const { tree, parts } = skeletonParts(skeleton)
  // Each value is remembered with its sections, so that a save in place lists them again unwritten.
  const placed = (value: object, indices: readonly number[], part: PartDescriptor): void =>
    recordOrigin(
      value,
      key,
      indices.map((i) => entries[i + 1] as SectionEntry),
      part.kind === 'strings' ? stringsLayout(part) : undefined,
    )
  const fingerprint = `${commit.generation}-${commit.tableCrc.toString(16).padStart(8, '0')}`
  return { content: checkContent(joinState(tree, parts, sections.slice(1), placed)), lazy, fingerprint }
}

function checkLayout(entries: readonly SectionEntry[], tableOffset: number): void {
  if (entries.length === 0 || (entries[0] as SectionEntry).name !== 'skeleton') {
    throw new Corrupt('the first section is not the skeleton')
  }
  // By offset, an empty section before one that starts where it sits: it holds no byte to overlap.
  const byOffset = [...entries].sort((a, b) => a.offset - b.offset || a.length - b.length)
  let at = HEADER_BYTES
  for (const entry of byOffset) {
    if (entry.offset < at || entry.offset % 8 !== 0) throw new Corrupt(`section ${entry.name} is misplaced`)
    at = entry.offset + entry.length
  }
  if (at > tableOffset) throw new Corrupt('the sections overrun the section table')
}

function skeletonParts(skeleton: unknown): { tree: unknown; parts: PartDescriptor[] } {
  if (skeleton === null || typeof skeleton !== 'object') throw new Corrupt('the skeleton is not an object')
  const { tree, parts } = skeleton as { tree?: unknown; parts?: unknown }
  if (!Array.isArray(parts)) throw new Corrupt('the skeleton lists no parts')
  return { tree, parts: parts as PartDescriptor[] }
}

async function readAt(
  handle: StoredFile,
  length: number,
  position: number,
  progress?: (bytesRead: number) => void,
): Promise<Uint8Array> {
  // A buffer of its own per section, so its typed arrays are views at offset 0 (aligned).
  const bytes = new Uint8Array(new ArrayBuffer(length))
  let done = 0
  while (done < length) {
    const bytesRead = await handle.readAsync(bytes, done, Math.min(IO_CHUNK, length - done), position + done)
    if (bytesRead === 0) throw new Corrupt(`the file ends inside bytes ${position}…${position + length}`)
    done += bytesRead
    progress?.(done)
  }
  return bytes
}

function reason(error: unknown): string {
  return error instanceof Error ? error.message : String(error)
}
