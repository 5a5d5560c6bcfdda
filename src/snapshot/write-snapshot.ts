/**
 * Writes a snapshot file (layout in format.ts) atomically: everything goes to a temporary file in
 * the target's directory (so the rename never crosses file systems; named as temp-files.ts says,
 * and those left by killed saves removed first), which is flushed to disk and then renamed over
 * the target; the directory is flushed too, so the rename survives a crash. A
 * failed save removes its temporary file and leaves any previous snapshot untouched.
 */
import { type FileHandle, open, rename, rm } from 'node:fs/promises'
import { endianness } from 'node:os'
import { dirname } from 'node:path'
import { Packr } from 'msgpackr'
import { SnapshotError } from '../errors.js'
import { packExact } from '../indexes/exact-pack.js'
import type { Progress } from '../types.js'
import { crc32 } from './crc32.js'
import { align8, encodeHeader, encodeTable, HEADER_BYTES, type SectionEntry } from './format.js'
import { sectionCrc } from './section-crc.js'
import type { SnapshotContent } from './snapshot-content.js'
import { type PendingSection, splitState } from './split-state.js'
import { removeStaleTemps, tempPathFor } from './temp-files.js'

// One write or checksum call handles at most 1 GiB: Node refuses single I/O calls beyond 2 GiB.
// Writes of at most 64 MiB, so that progress moves while a large section is written.
const IO_CHUNK = 1 << 26

/**
 * Saves snapshot content to `path`, replacing any file there only once the new one is complete.
 *
 * @param path - the snapshot file to write
 * @param content - the engine's parts
 * @throws SnapshotError `unreadable_file` when the file cannot be written (missing or read-only
 *   directory, full disk), `incompatible_snapshot` on a big-endian machine
 * @example
 * ```ts
 * await writeSnapshot('corpus.dmx', content)
 * ```
 */
export async function writeSnapshot(
  path: string,
  content: SnapshotContent,
  onProgress?: (progress: Progress) => void,
): Promise<void> {
  if (endianness() !== 'LE') {
    throw new SnapshotError('incompatible_snapshot', 'snapshots are written on little-endian machines only', {
      file: path,
    })
  }
  const split = splitState(content)
  // A packr of its own, used once: the bytes it returns stay valid.
  const skeleton = packExact(new Packr({ useRecords: false }), { tree: split.tree, parts: split.parts })
  const sections: PendingSection[] = [{ name: 'skeleton', pieces: [skeleton] }, ...split.sections]
  const { entries, table, fileBytes } = layOut(sections)
  const header = encodeHeader({
    sectionCount: entries.length,
    tableBytes: table.length,
    tableCrc: crc32(table, 0),
    fileBytes,
  })
  await removeStaleTemps(path)
  const temp = tempPathFor(path)
  let handle: FileHandle | undefined
  try {
    handle = await open(temp, 'wx')
    const tell = (bytes: number, phase: Progress['phase']) =>
      onProgress?.({ phase, bytes, totalBytes: fileBytes, records: 0, rejects: 0 })
    await writeAt(handle, header, 0)
    await writeAt(handle, table, HEADER_BYTES)
    for (let s = 0; s < sections.length; s++) {
      let at = (entries[s] as SectionEntry).offset
      const section = sections[s] as PendingSection
      const write = async (piece: Uint8Array): Promise<void> => {
        const start = at
        await writeAt(handle as FileHandle, piece, at, (written) => tell(start + written, 'write'))
        at += piece.length
      }
      if ('stored' in section) await section.stored.copyTo(write)
      else for (const piece of section.pieces) await write(piece)
    }
    // Sections of zero bytes (an empty deletion set) still sit at an 8-aligned offset that may lie
    // past the last byte written: the file is set to the length its header gives, padding with zeros.
    await handle.truncate(fileBytes)
    await handle.sync()
    await handle.close()
    handle = undefined
    await rename(temp, path)
    tell(fileBytes, 'done')
  } catch (error) {
    await handle?.close().catch(() => undefined)
    await rm(temp, { force: true }).catch(() => undefined)
    // A section copied from a damaged snapshot is that snapshot's fault, and named as such.
    if (error instanceof SnapshotError && error.code === 'corrupt_snapshot') throw error
    throw new SnapshotError('unreadable_file', `cannot write the snapshot: ${reason(error)}`, { file: path })
  }
  await syncDirectory(dirname(path))
}

function layOut(sections: readonly PendingSection[]): {
  entries: SectionEntry[]
  table: Uint8Array
  fileBytes: number
} {
  const sized = sections.map((s) =>
    'stored' in s
      ? { name: s.name, length: s.stored.byteLength, crc: s.stored.entry.crc }
      : {
          name: s.name,
          length: s.pieces.reduce((sum, p) => sum + p.length, 0),
          crc: s.pieces.reduce((crc, p) => sectionCrc(p, crc), 0),
        },
  )
  // The table's length depends on the names only, so it is measured with placeholder offsets.
  const tableBytes = encodeTable(sized.map((s) => ({ ...s, offset: 0 }))).length
  let at = align8(HEADER_BYTES + tableBytes)
  const entries = sized.map((s) => {
    const entry = { ...s, offset: at }
    at = align8(at + s.length)
    return entry
  })
  const last = entries[entries.length - 1] as SectionEntry
  return { entries, table: encodeTable(entries), fileBytes: last.offset + last.length }
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
