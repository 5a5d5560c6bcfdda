/**
 * Reads a snapshot file (layout in format.ts) and hands its content to a constructor, refusing
 * anything that is not exactly what a save wrote: every section is read with positioned reads of
 * at most 1 GiB into a buffer of its own (never the whole file at once, so files and sections
 * beyond 2 GiB read as well) and its CRC-32 verified before anything is decoded. Every failure
 * is a SnapshotError naming the file: `unreadable_file` when the file cannot be read,
 * `incompatible_snapshot` for another signature, format version or byte order, `corrupt_snapshot`
 * for truncation, a checksum mismatch or a structure that does not fit. Given a checklist, it also
 * checks the padding and every structure (verify/), recording each check that passes.
 */
import { type FileHandle, open, stat } from 'node:fs/promises'
import { endianness } from 'node:os'
import { Packr } from 'msgpackr'
import { SnapshotError } from '../errors.js'
import { unpackExact } from '../indexes/exact-pack.js'
import type { Progress } from '../types.js'
import { crc32 } from './crc32.js'
import {
  align8,
  decodeHeader,
  decodeTable,
  FORMAT_VERSION,
  HEADER_BYTES,
  hasMagic,
  isLittleEndianMark,
  MAGIC,
  type SectionEntry,
} from './format.js'
import { joinState } from './join-state.js'
import type { PartDescriptor } from './part-kinds.js'
import { sectionCrc } from './section-crc.js'
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

/**
 * Reads a snapshot and constructs something from its content; an error thrown by `restore` also
 * means the content does not fit, and is reported as `corrupt_snapshot`.
 *
 * @param path - the snapshot file
 * @param restore - builds the result from the verified content
 * @param checks - when given, the padding and every structure are checked too (a broken invariant
 *   is `corrupt_snapshot`), and each check that passes is recorded there
 * @param onProgress - told the bytes read (phase `read`), then `index` while the content is decoded
 *   and restored, then `done`
 * @example
 * ```ts
 * const engine = await readSnapshot('corpus.dmx', (content) => engineFrom(content))
 * await readSnapshot('corpus.dmx', () => undefined, new Checklist(console.log)) // prints each check
 * ```
 */
export async function readSnapshot<T>(
  path: string,
  restore: (content: SnapshotContent) => T,
  checks?: Checklist,
  onProgress?: (progress: Progress) => void,
): Promise<T> {
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
  let handle: FileHandle
  try {
    handle = await open(path, 'r')
  } catch (error) {
    throw new SnapshotError('unreadable_file', `cannot open the snapshot: ${reason(error)}`, where)
  }
  try {
    const content = await readContent(handle, checks, onProgress)
    if (checks !== undefined) verifyContent(content, checks)
    const restored = restore(content)
    onProgress?.({ ...NO_RECORDS, phase: 'done', bytes: kind.size, totalBytes: kind.size })
    return restored
  } catch (error) {
    if (error instanceof Incompatible) throw new SnapshotError('incompatible_snapshot', error.message, where)
    if (error instanceof Unreadable) {
      throw new SnapshotError('unreadable_file', `cannot read the snapshot: ${error.message}`, where)
    }
    // Anything else, from the checks here or from decoding and constructing, is the content's fault.
    throw new SnapshotError('corrupt_snapshot', `not a valid snapshot: ${reason(error)}`, where)
  } finally {
    await handle.close().catch(() => undefined)
  }
}

async function readContent(
  handle: FileHandle,
  checks: Checklist | undefined,
  onProgress: ((progress: Progress) => void) | undefined,
): Promise<SnapshotContent> {
  const stats = await handle.stat().catch((error: unknown) => {
    throw new Unreadable(reason(error))
  })
  if (!stats.isFile()) throw new Unreadable('it is not a regular file')
  const size = stats.size
  const head = await readAt(handle, Math.min(size, HEADER_BYTES), 0)
  if (!hasMagic(head)) {
    const prefix = head.length < MAGIC.length && MAGIC.subarray(0, head.length).every((b, i) => head[i] === b)
    if (prefix) throw new Corrupt(`truncated to ${size} bytes`)
    throw new Incompatible('not a domindex snapshot (no snapshot signature)')
  }
  if (size < HEADER_BYTES) throw new Corrupt(`truncated to ${size} bytes`)
  const header = decodeHeader(head)
  if (header.version !== FORMAT_VERSION) {
    throw new Incompatible(
      `snapshot format version ${header.version}; this version of domindex reads version ${FORMAT_VERSION} (build the snapshot again)`,
    )
  }
  if (header.headerCrc !== header.actualHeaderCrc) throw new Corrupt('the header fails its checksum')
  if (!isLittleEndianMark(header.byteOrderMark)) {
    throw new Incompatible('written with another byte order')
  }
  if (header.fileBytes !== size) {
    throw new Corrupt(
      `the file has ${size} bytes where its header says ${header.fileBytes}: truncated or extended`,
    )
  }
  if (HEADER_BYTES + header.tableBytes > size) throw new Corrupt('the section table overruns the file')
  const table = await readAt(handle, header.tableBytes, HEADER_BYTES)
  if (crc32(table, 0) !== header.tableCrc) throw new Corrupt('the section table fails its checksum')
  const entries = decodeTable(table, header.sectionCount)
  checkLayout(entries, align8(HEADER_BYTES + header.tableBytes), size)
  const sections: Uint8Array[] = []
  const tell = (bytes: number, phase: Progress['phase']) =>
    onProgress?.({ ...NO_RECORDS, phase, bytes, totalBytes: size })
  for (const entry of entries) {
    const bytes = await readAt(handle, entry.length, entry.offset, (read) =>
      tell(entry.offset + read, 'read'),
    )
    if (sectionCrc(bytes, 0) !== entry.crc) throw new Corrupt(`section ${entry.name} fails its checksum`)
    sections.push(bytes)
  }
  if (checks !== undefined) {
    checks.passed('header: signature, version, byte order, file length, checksum', HEADER_BYTES)
    checks.passed('section table: checksum, sections in order within the file', entries.length)
    checks.passed("sections: each one's checksum", entries.length)
    const tableEnd = HEADER_BYTES + header.tableBytes
    await checkPadding(table, entries, tableEnd, (length, at) => readAt(handle, length, at), checks)
  }
  tell(size, 'index')
  const skeleton = unpackExact(new Packr({ useRecords: false }), sections[0] as Uint8Array)
  const { tree, parts } = skeletonParts(skeleton)
  return checkContent(joinState(tree, parts, sections.slice(1)))
}

function checkLayout(entries: readonly SectionEntry[], firstOffset: number, size: number): void {
  if (entries.length === 0 || (entries[0] as SectionEntry).name !== 'skeleton') {
    throw new Corrupt('the first section is not the skeleton')
  }
  let at = firstOffset
  for (const entry of entries) {
    if (entry.offset < at || entry.offset % 8 !== 0) throw new Corrupt(`section ${entry.name} is misplaced`)
    at = entry.offset + entry.length
  }
  if (at !== size) throw new Corrupt('the sections do not end at the end of the file')
}

function skeletonParts(skeleton: unknown): { tree: unknown; parts: PartDescriptor[] } {
  if (skeleton === null || typeof skeleton !== 'object') throw new Corrupt('the skeleton is not an object')
  const { tree, parts } = skeleton as { tree?: unknown; parts?: unknown }
  if (!Array.isArray(parts)) throw new Corrupt('the skeleton lists no parts')
  return { tree, parts: parts as PartDescriptor[] }
}

async function readAt(
  handle: FileHandle,
  length: number,
  position: number,
  progress?: (bytesRead: number) => void,
): Promise<Uint8Array> {
  // A buffer of its own per section, so its typed arrays are views at offset 0 (aligned).
  const bytes = new Uint8Array(new ArrayBuffer(length))
  let done = 0
  while (done < length) {
    const { bytesRead } = await handle
      .read(bytes, done, Math.min(IO_CHUNK, length - done), position + done)
      .catch((error: unknown) => {
        throw new Unreadable(reason(error))
      })
    if (bytesRead === 0) throw new Corrupt(`the file ends inside bytes ${position}…${position + length}`)
    done += bytesRead
    progress?.(done)
  }
  return bytes
}

function reason(error: unknown): string {
  return error instanceof Error ? error.message : String(error)
}
