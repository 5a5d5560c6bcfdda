/**
 * How a saved snapshot's bytes split (SPEC 10): its newest commit's section table, read back from
 * the file, gives each live section's length, grouped by segment (section names are paths in the
 * saved content: `segments.3.store.chunks.0`); the file's other bytes are dead (sections of
 * earlier commits that a save in place left behind) or framing (header, tables, padding).
 */
import { readFile } from 'node:fs/promises'
import { commitTable } from '../../../src/snapshot/format.js'

/** Bytes of a snapshot by part. */
export interface SaveLayout {
  fileBytes: number
  /** The newest commit's generation (1 after a full save, +1 for each save in place). */
  generation: number
  /** The bytes of the sections the newest commit lists. */
  liveBytes: number
  /** Sections of each segment, in the engine's segment order (the newest last). */
  segmentBytes: number[]
  /** Of those, the deletion sets of every segment together. */
  deletedBytes: number
  /** The skeleton and anything outside the segments (load statistics, queue). */
  otherBytes: number
}

/**
 * Reads a snapshot's layout.
 *
 * @param path - a saved snapshot
 * @example
 * ```ts
 * await saveLayout('/tmp/run/work.dmx') // { fileBytes: 1419551984, generation: 2, segmentBytes: [1397756796, 21669264], ... }
 * ```
 */
export async function saveLayout(path: string): Promise<SaveLayout> {
  const file = await readFile(path)
  const { commit, entries } = commitTable(file)
  const segmentBytes: number[] = []
  let deletedBytes = 0
  let otherBytes = 0
  let liveBytes = 0
  for (const entry of entries) {
    liveBytes += entry.length
    const [top, segment, part] = entry.name.split('.')
    if (top !== 'segments' || segment === undefined) {
      otherBytes += entry.length
      continue
    }
    const s = Number(segment)
    segmentBytes[s] = (segmentBytes[s] ?? 0) + entry.length
    if (part === 'deleted') deletedBytes += entry.length
  }
  return {
    fileBytes: file.length,
    generation: commit.generation,
    liveBytes,
    segmentBytes: Array.from(segmentBytes, (b) => b ?? 0),
    deletedBytes,
    otherBytes,
  }
}
