/**
 * The snapshot file layout (SPEC 10). All integers little-endian; every section starts at a
 * multiple of 8, so a section read into its own buffer is a valid typed array of any element size.
 *
 *   offset  size  field
 *   0       8     magic 89 44 4D 58 0D 0A 1A 0A ("\x89DMX\r\n\x1a\n": a non-ASCII first byte and
 *                 CR LF / ^Z / LF catch text-mode transfers, as PNG's signature does)
 *   8       4     format version ({@link FORMAT_VERSION})
 *   12      4     byte-order mark 0x01020304 (a big-endian writer would show 0x04030201)
 *   16      4     section count S
 *   20      4     section table length in bytes
 *   24      8     file length in bytes (a truncated or extended file is refused before any read)
 *   32      4     CRC-32 of the section table
 *   36      4     CRC-32 of bytes 0…35
 *   40            section table: S entries, each offset u64, length u64, CRC-32 u32, name length
 *                 u32, the name in UTF-8, zero padding to a multiple of 8
 *   …             the sections in table order, each at an 8-aligned offset, zero padding between
 *
 * Invariants: sections lie after the table, in ascending offset order, without overlap, and the
 * last one ends at the file length. Section 0 is `skeleton` (see snapshot-content.ts); the others
 * hold the typed arrays and string tables it refers to.
 */
import { crc32 } from './crc32.js'

/** The format version this library writes and reads; another version is `incompatible_snapshot`. */
export const FORMAT_VERSION = 7

/** The file signature. */
export const MAGIC = Uint8Array.of(0x89, 0x44, 0x4d, 0x58, 0x0d, 0x0a, 0x1a, 0x0a)

/** Bytes of the fixed header; the section table starts here. */
export const HEADER_BYTES = 40

const BYTE_ORDER_MARK = 0x01020304

/** One section as the table lists it. */
export interface SectionEntry {
  readonly name: string
  readonly offset: number
  readonly length: number
  readonly crc: number
}

/** The header fields a reader checks against the file. */
export interface Header {
  readonly version: number
  readonly byteOrderMark: number
  readonly sectionCount: number
  readonly tableBytes: number
  readonly fileBytes: number
  readonly tableCrc: number
  readonly headerCrc: number
  /** The CRC-32 of bytes 0…35 as read, to compare with `headerCrc`. */
  readonly actualHeaderCrc: number
}

/**
 * Rounds up to a multiple of 8.
 *
 * @example
 * ```ts
 * align8(41) // 48
 * ```
 */
export function align8(n: number): number {
  return Math.ceil(n / 8) * 8
}

/**
 * Encodes the section table; its entries' offsets must already be final.
 *
 * @param sections - the sections in file order
 * @example
 * ```ts
 * encodeTable([{ name: 'skeleton', offset: 72, length: 10, crc: 0 }]).length // 32
 * ```
 */
export function encodeTable(sections: readonly SectionEntry[]): Uint8Array {
  const names = sections.map((s) => new TextEncoder().encode(s.name))
  const bytes = new Uint8Array(names.reduce((sum, name) => sum + align8(24 + name.length), 0))
  const view = new DataView(bytes.buffer)
  let at = 0
  sections.forEach((section, i) => {
    const name = names[i] as Uint8Array
    view.setBigUint64(at, BigInt(section.offset), true)
    view.setBigUint64(at + 8, BigInt(section.length), true)
    view.setUint32(at + 16, section.crc, true)
    view.setUint32(at + 20, name.length, true)
    bytes.set(name, at + 24)
    at += align8(24 + name.length)
  })
  return bytes
}

/**
 * Decodes the section table; throws a plain Error naming the fault when an entry overruns it.
 *
 * @param bytes - the table bytes
 * @param count - the number of entries the header announces
 * @example
 * ```ts
 * decodeTable(encodeTable(entries), entries.length) // entries
 * ```
 */
export function decodeTable(bytes: Uint8Array, count: number): SectionEntry[] {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  const decoder = new TextDecoder('utf-8', { fatal: true })
  const entries: SectionEntry[] = []
  let at = 0
  for (let i = 0; i < count; i++) {
    if (at + 24 > bytes.length) throw new Error(`section table ends inside entry ${i}`)
    const nameLength = view.getUint32(at + 20, true)
    if (at + 24 + nameLength > bytes.length)
      throw new Error(`section table ends inside the name of entry ${i}`)
    entries.push({
      offset: safeNumber(view.getBigUint64(at, true)),
      length: safeNumber(view.getBigUint64(at + 8, true)),
      crc: view.getUint32(at + 16, true),
      name: decoder.decode(bytes.subarray(at + 24, at + 24 + nameLength)),
    })
    at += align8(24 + nameLength)
  }
  if (at !== bytes.length)
    throw new Error(`section table holds ${bytes.length - at} bytes beyond its entries`)
  return entries
}

/**
 * Encodes the fixed header.
 *
 * @param fields - section count, table length and CRC, file length
 * @example
 * ```ts
 * encodeHeader({ sectionCount: 3, tableBytes: 96, tableCrc: 0x1234, fileBytes: 4096 }).length // 40
 * ```
 */
export function encodeHeader(fields: {
  sectionCount: number
  tableBytes: number
  tableCrc: number
  fileBytes: number
}): Uint8Array {
  const bytes = new Uint8Array(HEADER_BYTES)
  const view = new DataView(bytes.buffer)
  bytes.set(MAGIC, 0)
  view.setUint32(8, FORMAT_VERSION, true)
  view.setUint32(12, BYTE_ORDER_MARK, true)
  view.setUint32(16, fields.sectionCount, true)
  view.setUint32(20, fields.tableBytes, true)
  view.setBigUint64(24, BigInt(fields.fileBytes), true)
  view.setUint32(32, fields.tableCrc, true)
  view.setUint32(36, crc32(bytes.subarray(0, 36), 0), true)
  return bytes
}

/**
 * Whether bytes start with the snapshot signature.
 *
 * @param bytes - at least the first 8 bytes of a file
 * @example
 * ```ts
 * hasMagic(encodeHeader(fields)) // true
 * ```
 */
export function hasMagic(bytes: Uint8Array): boolean {
  return bytes.length >= MAGIC.length && MAGIC.every((b, i) => bytes[i] === b)
}

/**
 * Decodes the fixed header (after {@link hasMagic}); the caller checks the fields.
 *
 * @param bytes - the first {@link HEADER_BYTES} bytes of the file
 * @example
 * ```ts
 * decodeHeader(encodeHeader(fields)).version // FORMAT_VERSION
 * ```
 */
export function decodeHeader(bytes: Uint8Array): Header {
  const view = new DataView(bytes.buffer, bytes.byteOffset, HEADER_BYTES)
  return {
    version: view.getUint32(8, true),
    byteOrderMark: view.getUint32(12, true),
    sectionCount: view.getUint32(16, true),
    tableBytes: view.getUint32(20, true),
    fileBytes: safeNumber(view.getBigUint64(24, true)),
    tableCrc: view.getUint32(32, true),
    headerCrc: view.getUint32(36, true),
    actualHeaderCrc: crc32(bytes.subarray(0, 36), 0),
  }
}

/**
 * Whether the byte-order mark is the one this (little-endian) reader expects.
 *
 * @param mark - the header's byte-order mark
 * @example
 * ```ts
 * isLittleEndianMark(0x01020304) // true
 * ```
 */
export function isLittleEndianMark(mark: number): boolean {
  return mark === BYTE_ORDER_MARK
}

function safeNumber(value: bigint): number {
  if (value > BigInt(Number.MAX_SAFE_INTEGER)) throw new Error(`offset ${value} is beyond any file`)
  return Number(value)
}
