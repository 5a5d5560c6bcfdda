/**
 * Checks what no checksum covers (layout in format.ts): the zero padding after each name in the
 * section table (covered by the table's checksum, which a forger recomputes as easily) and the
 * zero padding that aligns the end of each section. Bytes between a commit's sections may belong
 * to sections of earlier commits that no longer count (a save in place appends), so they are not
 * checked.
 */
import { align8, type SectionEntry } from '../format.js'
import { type Checklist, Violation } from './checklist.js'

/**
 * Checks the table's padding bytes and the padding after each section.
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
  for (const entry of entries) {
    const end = entry.offset + entry.length
    zeros += nonZero(await read(align8(end) - end, end), `the padding after section ${entry.name}`)
  }
  checks.passed('padding: zero after each name and each section', zeros)
}

// The number of bytes, all zero, else a Violation naming the first one that is not.
function nonZero(bytes: Uint8Array, where: string): number {
  const at = bytes.findIndex((b) => b !== 0)
  if (at >= 0) throw new Violation(where, `byte ${at} is ${bytes[at]}, not 0`)
  return bytes.length
}
