/**
 * Checks what no checksum covers (layout in format.ts): the zero padding after each name in the
 * section table (covered by the table's checksum, which a forger recomputes as easily) and the
 * zero padding between sections, which no checksum covers at all; and that each section sits at
 * the offset the writer gives it, the first 8-aligned one after the previous, so that no byte of
 * the file lies outside a checked section or checked padding.
 */
import { align8, type SectionEntry } from '../format.js'
import { type Checklist, Violation } from './checklist.js'

/**
 * Checks the table's and the file's padding bytes and the sections' offsets.
 *
 * @param table - the section table's bytes
 * @param entries - the sections it lists, in file order
 * @param tableEnd - the offset just past the table
 * @param read - reads `length` bytes of the file at `position`
 * @param checks - where the passed check goes
 * @example
 * ```ts
 * await checkPadding(table, entries, HEADER_BYTES + table.length, (length, at) => readAt(handle, length, at), checks)
 * ```
 */
export async function checkPadding(
  table: Uint8Array,
  entries: readonly SectionEntry[],
  tableEnd: number,
  read: (length: number, position: number) => Promise<Uint8Array>,
  checks: Checklist,
): Promise<void> {
  let zeros = 0
  let at = 0
  for (const entry of entries) {
    const end = at + 24 + new TextEncoder().encode(entry.name).length
    at = align8(end)
    zeros += nonZero(table.subarray(end, at), `section table: the padding after the name of ${entry.name}`)
  }
  let end = tableEnd
  for (const entry of entries) {
    const offset = align8(end)
    if (entry.offset !== offset)
      throw new Violation(entry.name, `starts at byte ${entry.offset}, where the layout puts it at ${offset}`)
    zeros += nonZero(await read(offset - end, end), `the padding before section ${entry.name}`)
    end = offset + entry.length
  }
  checks.passed('padding: zero, sections where the layout puts them', zeros)
}

// The number of bytes, all zero, else a Violation naming the first one that is not.
function nonZero(bytes: Uint8Array, where: string): number {
  const at = bytes.findIndex((b) => b !== 0)
  if (at >= 0) throw new Violation(where, `byte ${at} is ${bytes[at]}, not 0`)
  return bytes.length
}
