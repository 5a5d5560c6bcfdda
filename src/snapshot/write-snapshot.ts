/**
 * Writes a snapshot file (layout in format.ts), in one of two ways, each safe against a kill at
 * any moment (SPEC 10):
 * - a full save: everything goes to a temporary file in the target's directory (so the rename
 *   never crosses file systems; named as temp-files.ts says, and those left by killed saves
 *   removed first), which is flushed to disk and renamed over the target; the directory is
 *   flushed too, so the rename survives a crash. A failed save removes its temporary file and
 *   leaves any previous snapshot untouched.
 * - a save in place (`appendTo`: the content was read from the file now at the path, and most of
 *   it is still there): the sections not yet in the file are appended with a new section table
 *   listing every live section, flushed, and only then the commit slot that does not hold the
 *   newest commit is written and flushed. Readers of earlier commits read on undisturbed; a kill
 *   before the slot's write leaves the previous commit, whose trailing bytes the next save cuts.
 * A save in place is chosen when what it writes is less than what it keeps and the file would
 * stay at most twice the bytes it holds live (the rest being sections of earlier commits that no
 * longer count); otherwise the save is full, which leaves no dead bytes.
 */
import { type FileHandle, open, rename, rm, stat } from 'node:fs/promises'
import { endianness } from 'node:os'
import { dirname } from 'node:path'
import { Packr } from 'msgpackr'
import { SnapshotError } from '../errors.js'
import { packExact } from '../indexes/exact-pack.js'
import type { Progress } from '../types.js'
import { crc32 } from './crc32.js'
import {
  align8,
  type Commit,
  decodeHeader,
  encodeHeader,
  encodeSlot,
  encodeTable,
  HEADER_BYTES,
  latestCommit,
  type SectionEntry,
  slotOffset,
} from './format.js'
import { sectionCrc } from './section-crc.js'
import { fileKey, recordOrigin, stringsLayout } from './section-origins.js'
import type { SnapshotContent } from './snapshot-content.js'
import { type PendingSection, type SplitState, splitState } from './split-state.js'
import { removeStaleTemps, tempPathFor } from './temp-files.js'

// One write or checksum call handles at most 1 GiB: Node refuses single I/O calls beyond 2 GiB.
// Writes of at most 64 MiB, so that progress moves while a large section is written.
const IO_CHUNK = 1 << 26

/** How a snapshot is written. */
export interface WriteOptions {
  /** Told the bytes written (phase `write`), then `done`. */
  readonly onProgress?: ((progress: Progress) => void) | undefined
  /**
   * The file the content was read from ({@link fileKey}): when the path still holds it, the save
   * may append to it. The caller makes sure no other writer committed since the read.
   */
  readonly appendTo?: string | undefined
  /** Remember where each value now lies, for the next save in place to the same file. */
  readonly recordOrigins?: boolean | undefined
}

/** What a save wrote. */
export interface WriteResult {
  /** Whether it appended a commit to the file in place. */
  readonly appended: boolean
  /** The bytes written. */
  readonly bytesWritten: number
  /** The file's length afterwards. */
  readonly fileBytes: number
  /** The bytes of the file the newest commit lists (the rest belongs to earlier commits only). */
  readonly liveBytes: number
}

/**
 * Writes `content` to `path`, in place or in full (see above).
 *
 * @throws SnapshotError `unreadable_file` when the file system refuses, `corrupt_snapshot` when a
 *   section copied from a damaged snapshot fails its checksum, `incompatible_snapshot` on a
 *   big-endian machine
 * @example
 * ```ts
 * await writeSnapshot('corpus.dmx', engineContent, { onProgress: console.log })
 * ```
 */
export async function writeSnapshot(
  path: string,
  content: SnapshotContent,
  options: WriteOptions = {},
): Promise<WriteResult> {
  if (endianness() !== 'LE') {
    throw new SnapshotError('incompatible_snapshot', 'snapshots are written on little-endian machines only', {
      file: path,
    })
  }
  const here =
    options.appendTo === undefined ? undefined : await stat(path, { bigint: true }).catch(() => undefined)
  const keepFrom = here !== undefined && fileKey(here) === options.appendTo ? options.appendTo : undefined
  try {
    if (keepFrom !== undefined && here !== undefined) {
      const split = splitState(content, keepFrom)
      const appended = await appendCommit(path, sectionsOf(split), Number(here.size), options.onProgress)
      if (appended !== undefined) {
        if (options.recordOrigins === true) remember(split, appended.entries, keepFrom)
        return appended.result
      }
    }
    // Split again without the file's sections: a whole save writes (or copies) every one.
    const split = splitState(content, undefined)
    const written = await writeWhole(path, sectionsOf(split), options.onProgress)
    if (options.recordOrigins === true)
      remember(split, written.entries, fileKey(await stat(path, { bigint: true })))
    return written.result
  } catch (error) {
    // A section copied from a damaged snapshot is that snapshot's fault, and named as such.
    if (error instanceof SnapshotError && error.code === 'corrupt_snapshot') throw error
    throw new SnapshotError('unreadable_file', `cannot write the snapshot: ${reason(error)}`, { file: path })
  }
}

/** The skeleton (the tree and the parts' descriptors) and then the split's sections. */
function sectionsOf(split: SplitState): PendingSection[] {
  // A packr of its own, used once: the bytes it returns stay valid.
  const skeleton = packExact(new Packr({ useRecords: false }), { tree: split.tree, parts: split.parts })
  return [{ name: 'skeleton', pieces: [skeleton] }, ...split.sections]
}

/** Each moved value is remembered with the sections it now has in the file. */
function remember(split: SplitState, entries: readonly SectionEntry[], key: string): void {
  for (const { value, sections, part } of split.values) {
    const placed = sections.map((i) => entries[i + 1] as SectionEntry)
    recordOrigin(value, key, placed, part.kind === 'strings' ? stringsLayout(part) : undefined)
  }
}

/** Sections with their final entries; `kept` ones keep theirs, the others go from `at` on. */
function layOut(
  sections: readonly PendingSection[],
  at: number,
): { entries: SectionEntry[]; end: number; bytes: number } {
  let end = at
  let bytes = 0
  const entries = sections.map((s): SectionEntry => {
    if ('kept' in s) return { ...s.kept, name: s.name }
    const length = 'stored' in s ? s.stored.byteLength : s.pieces.reduce((sum, p) => sum + p.length, 0)
    const crc = 'stored' in s ? s.stored.entry.crc : s.pieces.reduce((c, p) => sectionCrc(p, c), 0)
    const entry = { name: s.name, offset: end, length, crc }
    end = align8(end + length)
    bytes += length
    return entry
  })
  return { entries, end, bytes }
}

/** Writes the sections not kept at their entries' offsets. */
async function writeSections(
  handle: FileHandle,
  sections: readonly PendingSection[],
  entries: readonly SectionEntry[],
  tell: (bytes: number) => void,
): Promise<void> {
  let written = 0
  for (let s = 0; s < sections.length; s++) {
    const section = sections[s] as PendingSection
    if ('kept' in section) continue
    let at = (entries[s] as SectionEntry).offset
    const write = async (piece: Uint8Array): Promise<void> => {
      const before = written
      await writeAt(handle, piece, at, (done) => tell(before + done))
      at += piece.length
      written += piece.length
    }
    if ('stored' in section) await section.stored.copyTo(write)
    else for (const piece of section.pieces) await write(piece)
  }
}

/**
 * Appends a commit to the file in place, or returns undefined (writing nothing) when a full save
 * is the better choice: what it would write is not less than what it keeps, or the file would
 * hold more dead bytes than live ones.
 */
async function appendCommit(
  path: string,
  sections: readonly PendingSection[],
  size: number,
  onProgress: ((progress: Progress) => void) | undefined,
): Promise<{ result: WriteResult; entries: SectionEntry[] } | undefined> {
  const keptBytes = sections.reduce((sum, s) => sum + ('kept' in s ? s.kept.length : 0), 0)
  const handle = await open(path, 'r+')
  try {
    const head = new Uint8Array(HEADER_BYTES)
    await handle.read(head, 0, HEADER_BYTES, 0)
    const header = decodeHeader(head)
    const last = latestCommit(header, size)
    // Sections remembered from a commit that is not the file's (one a kill cut short): write whole.
    if (sections.some((s) => 'kept' in s && s.kept.offset + s.kept.length > last.tableOffset))
      return undefined
    const { entries, end, bytes } = layOut(sections, align8(last.commitBytes))
    const table = encodeTable(entries)
    const commitBytes = end + table.length
    if (bytes >= keptBytes || commitBytes > 2 * (keptBytes + bytes + table.length + HEADER_BYTES))
      return undefined
    const total = bytes + table.length
    const tell = (written: number, phase: Progress['phase']) =>
      onProgress?.({ phase, bytes: written, totalBytes: total, records: 0, rejects: 0 })
    // Bytes after the newest commit are a killed save's: cut, so that the padding reads as zeros.
    await handle.truncate(last.commitBytes)
    await writeSections(handle, sections, entries, (written) => tell(written, 'write'))
    await writeAt(handle, table, end)
    await handle.truncate(commitBytes)
    await handle.sync()
    const commit: Commit = {
      generation: last.generation + 1,
      sectionCount: entries.length,
      tableOffset: end,
      tableBytes: table.length,
      tableCrc: crc32(table, 0),
      commitBytes,
    }
    const newest = header.slots.findIndex(
      (slot) => slot.state === 'commit' && slot.commit.generation === last.generation,
    )
    await writeAt(handle, encodeSlot(commit), slotOffset(newest === 0 ? 1 : 0))
    await handle.sync()
    tell(total, 'done')
    const liveBytes = HEADER_BYTES + keptBytes + bytes + table.length
    return { result: { appended: true, bytesWritten: total, fileBytes: commitBytes, liveBytes }, entries }
  } finally {
    await handle.close()
  }
}

/** Writes the whole snapshot to a temporary file and renames it over the path. */
async function writeWhole(
  path: string,
  sections: readonly PendingSection[],
  onProgress: ((progress: Progress) => void) | undefined,
): Promise<{ result: WriteResult; entries: SectionEntry[] }> {
  const { entries, end } = layOut(sections, HEADER_BYTES)
  const table = encodeTable(entries)
  const fileBytes = end + table.length
  const header = encodeHeader({
    generation: 1,
    sectionCount: entries.length,
    tableOffset: end,
    tableBytes: table.length,
    tableCrc: crc32(table, 0),
    commitBytes: fileBytes,
  })
  await removeStaleTemps(path)
  const temp = tempPathFor(path)
  let handle: FileHandle | undefined
  try {
    handle = await open(temp, 'wx')
    const tell = (bytes: number, phase: Progress['phase']) =>
      onProgress?.({ phase, bytes, totalBytes: fileBytes, records: 0, rejects: 0 })
    await writeAt(handle, header, 0)
    await writeSections(handle, sections, entries, (written) => tell(HEADER_BYTES + written, 'write'))
    await writeAt(handle, table, end)
    // Sections of zero bytes (an empty deletion set) sit at an 8-aligned offset that may lie past
    // the last byte written: the file is set to its length, padding with zeros.
    await handle.truncate(fileBytes)
    await handle.sync()
    await handle.close()
    handle = undefined
    await rename(temp, path)
    tell(fileBytes, 'done')
  } catch (error) {
    await handle?.close().catch(() => undefined)
    await rm(temp, { force: true }).catch(() => undefined)
    throw error
  }
  await syncDirectory(dirname(path))
  return { result: { appended: false, bytesWritten: fileBytes, fileBytes, liveBytes: fileBytes }, entries }
}

/**
 * Writes all of `bytes` at `position`, in calls of at most 1 GiB (Node refuses larger ones).
 *
 * @example
 * ```ts
 * await writeAt(handle, header, 0)
 * ```
 */
export async function writeAt(
  handle: FileHandle,
  bytes: Uint8Array,
  position: number,
  progress?: (bytesWritten: number) => void,
): Promise<void> {
  let done = 0
  while (done < bytes.length) {
    const { bytesWritten } = await handle.write(
      bytes,
      done,
      Math.min(IO_CHUNK, bytes.length - done),
      position + done,
    )
    done += bytesWritten
    progress?.(done)
  }
}

async function syncDirectory(directory: string): Promise<void> {
  // Flushing a directory makes the rename durable on POSIX; Windows cannot open a directory for
  // it, and the snapshot is complete either way, so a failure here is not the save's failure.
  try {
    const handle = await open(directory, 'r')
    try {
      await handle.sync()
    } finally {
      await handle.close()
    }
  } catch {
    // See above: durability of the rename is best effort.
  }
}

function reason(error: unknown): string {
  return error instanceof Error ? error.message : String(error)
}
