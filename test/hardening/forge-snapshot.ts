/**
 * Forged snapshots for the check tests: a good snapshot read back by the snapshot reader, one
 * value changed (named by its path in the content, which is also its section's name), and written
 * again by the snapshot writer, so every checksum is recomputed and only the structure check can
 * tell; and raw byte patches outside the sections, with the table's and header's checksums
 * recomputed.
 */
import { readFile, writeFile } from 'node:fs/promises'
import { crc32 } from '../../src/snapshot/crc32.js'
import { commitTable, encodeSlot, slotOffset } from '../../src/snapshot/format.js'
import { readSnapshot } from '../../src/snapshot/read-snapshot.js'
import { writeSnapshot } from '../../src/snapshot/write-snapshot.js'

/**
 * Writes `out`: the snapshot `good` with the value at `path` (e.g.
 * `segments.0.reverse.text.positions.docs`, or `segments.0.reverse.docCount` in the skeleton)
 * changed by `change`, which may change a copy in place or return a new value. A typed array is
 * handed over as a copy: the writer remembers the checksum of each buffer it read, so a buffer
 * changed in place would keep its old checksum.
 *
 * @example
 * ```ts
 * await forge<Uint32Array>(good, out, 'segments.0.store.slots', (slots) => slots.reverse())
 * ```
 */
export async function forge<T>(
  good: string,
  out: string,
  path: string,
  change: (value: T) => unknown,
): Promise<void> {
  const content = await readSnapshot(good, (c) => c)
  const keys = path.split('.')
  const last = keys.pop() as string
  let parent = content as unknown as Record<string, unknown>
  for (const key of keys) parent = parent[key] as Record<string, unknown>
  const value = parent[last]
  const given = (ArrayBuffer.isView(value) ? (value as unknown as { slice(): T }).slice() : value) as T
  parent[last] = change(given) ?? given
  await writeSnapshot(out, content)
}

/**
 * Writes `out`: the file `good` with the byte at `position` set to `value`, the section table's
 * and header's checksums recomputed, so that a byte of the table or of the padding between
 * sections changes without failing any checksum.
 */
export async function patchByte(good: string, out: string, position: number, value: number): Promise<void> {
  const bytes = new Uint8Array(await readFile(good))
  bytes[position] = value
  const { commit } = commitTable(bytes)
  const table = bytes.subarray(commit.tableOffset, commit.tableOffset + commit.tableBytes)
  const slot = encodeSlot({ ...commit, tableCrc: crc32(table, 0) })
  bytes.set(slot, slotOffset(0))
  await writeFile(out, bytes)
}
