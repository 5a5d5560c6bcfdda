/**
 * How a saved snapshot's bytes and its save time split, to show what an incremental layout (only
 * the new segment and the deletion sets written) would save. Bytes: the section table read back
 * from the file gives each section's length, grouped by segment (section names are paths in the
 * saved content: `segments.3.store.chunks.0`). Time: the saved content is read back
 * (`readSnapshot`) and written again to a new file beside it by the steps of
 * src/snapshot/write-snapshot.ts, each timed: splitting the state into sections (string tables
 * encoded) and packing the skeleton, the CRC-32 of every section, the positioned writes, the
 * `fsync`, and the close, rename and directory flush. The sum is checked against a plain
 * `writeSnapshot` of the same content, timed as a whole.
 */
import { open, rename, rm } from 'node:fs/promises'
import { dirname } from 'node:path'
import { Packr } from 'msgpackr'
import { packExact } from '../../../src/indexes/exact-pack.js'
import { crc32 } from '../../../src/snapshot/crc32.js'
import {
  align8,
  decodeHeader,
  decodeTable,
  encodeHeader,
  encodeTable,
  HEADER_BYTES,
  type SectionEntry,
} from '../../../src/snapshot/format.js'
import { readSnapshot } from '../../../src/snapshot/read-snapshot.js'
import type { SnapshotContent } from '../../../src/snapshot/snapshot-content.js'
import { type PendingSection, splitState } from '../../../src/snapshot/split-state.js'
import { writeAt, writeSnapshot } from '../../../src/snapshot/write-snapshot.js'

/** Bytes of a snapshot by part, and its save's steps timed again on its content. */
export interface SaveLayout {
  fileBytes: number
  /** Sections of each segment, in the engine's segment order (the newest last). */
  segmentBytes: number[]
  /** Of those, the deletion sets of every segment together. */
  deletedBytes: number
  /** The skeleton and anything outside the segments (load statistics, queue). */
  otherBytes: number
  /** The save's steps, in milliseconds. */
  steps: { split: number; crc: number; write: number; sync: number; rename: number }
  /** `writeSnapshot` of the same content as a whole. */
  wholeMs: number
}

// One write or checksum call handles at most 1 GiB, as the snapshot code does.
const IO_CHUNK = 1 << 30

/**
 * Reads a snapshot's layout and times its save's steps on its content.
 *
 * @param path - a saved snapshot
 * @example
 * ```ts
 * await saveLayout('/tmp/run/work.dmx') // { fileBytes: 1419551984, segmentBytes: [1397756796, 21669264], ... }
 * ```
 */
export async function saveLayout(path: string): Promise<SaveLayout> {
  const handle = await open(path, 'r')
  const head = new Uint8Array(HEADER_BYTES)
  await handle.read(head, 0, HEADER_BYTES, 0)
  const header = decodeHeader(head)
  const table = new Uint8Array(header.tableBytes)
  await handle.read(table, 0, table.length, HEADER_BYTES)
  await handle.close()
  const segmentBytes: number[] = []
  let deletedBytes = 0
  let otherBytes = header.fileBytes
  for (const entry of decodeTable(table, header.sectionCount)) {
    const [top, segment, part] = entry.name.split('.')
    if (top !== 'segments' || segment === undefined) continue
    const s = Number(segment)
    segmentBytes[s] = (segmentBytes[s] ?? 0) + entry.length
    otherBytes -= entry.length
    if (part === 'deleted') deletedBytes += entry.length
  }

  const content = await readSnapshot(path, (c) => c)
  const copy = `${path}.resave`
  const steps = await timedSave(copy, content)
  await rm(copy, { force: true })
  const t0 = performance.now()
  await writeSnapshot(copy, content)
  const wholeMs = performance.now() - t0
  await rm(copy, { force: true })
  return {
    fileBytes: header.fileBytes,
    segmentBytes: Array.from(segmentBytes, (b) => b ?? 0),
    deletedBytes,
    otherBytes,
    steps,
    wholeMs,
  }
}

/** write-snapshot.ts's steps, each timed. */
async function timedSave(path: string, content: SnapshotContent): Promise<SaveLayout['steps']> {
  let t = performance.now()
  const lap = (): number => {
    const now = performance.now()
    const ms = now - t
    t = now
    return ms
  }
  const split = splitState(content)
  const skeleton = packExact(new Packr({ useRecords: false }), { tree: split.tree, parts: split.parts })
  // Sections an opened snapshot left on disk are read in here, so the steps below time memory alone.
  const sections: { name: string; pieces: readonly Uint8Array[] }[] = [
    { name: 'skeleton', pieces: [skeleton] },
    ...split.sections.map((s: PendingSection) =>
      'stored' in s ? { name: s.name, pieces: [s.stored.readAll()] } : s,
    ),
  ]
  const splitMs = lap()

  const sized = sections.map((s) => ({
    name: s.name,
    length: s.pieces.reduce((sum, p) => sum + p.length, 0),
    crc: s.pieces.reduce((crc, p) => crcOf(p, crc), 0),
  }))
  const crcMs = lap()

  const tableBytes = encodeTable(sized.map((s) => ({ ...s, offset: 0 }))).length
  let at = align8(HEADER_BYTES + tableBytes)
  const entries: SectionEntry[] = sized.map((s) => {
    const entry = { ...s, offset: at }
    at = align8(at + s.length)
    return entry
  })
  const last = entries[entries.length - 1] as SectionEntry
  const sectionTable = encodeTable(entries)
  const head = encodeHeader({
    sectionCount: entries.length,
    tableBytes: sectionTable.length,
    tableCrc: crc32(sectionTable, 0),
    fileBytes: last.offset + last.length,
  })
  const temp = `${path}.tmp`
  const handle = await open(temp, 'wx')
  await writeAt(handle, head, 0)
  await writeAt(handle, sectionTable, HEADER_BYTES)
  for (let s = 0; s < sections.length; s++) {
    let offset = (entries[s] as SectionEntry).offset
    for (const piece of (sections[s] as { pieces: readonly Uint8Array[] }).pieces) {
      await writeAt(handle, piece, offset)
      offset += piece.length
    }
  }
  const writeMs = lap()
  await handle.sync()
  const syncMs = lap()
  await handle.close()
  await rename(temp, path)
  const directory = await open(dirname(path), 'r')
  await directory.sync()
  await directory.close()
  return { split: splitMs, crc: crcMs, write: writeMs, sync: syncMs, rename: lap() }
}

function crcOf(bytes: Uint8Array, previous: number): number {
  let crc = previous
  for (let at = 0; at < bytes.length; at += IO_CHUNK) crc = crc32(bytes.subarray(at, at + IO_CHUNK), crc)
  return crc
}
