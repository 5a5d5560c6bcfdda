/**
 * The snapshot file layout (SPEC 10), format 9: one file that grows by commits. All integers
 * little-endian; every section starts at a multiple of 8, so a section read into its own buffer is
 * a valid typed array of any element size.
 *
 *   offset  size  field
 *   0       8     magic 89 44 4D 58 0D 0A 1A 0A ("\x89DMX\r\n\x1a\n": a non-ASCII first byte and
 *                 CR LF / ^Z / LF catch text-mode transfers, as PNG's signature does)
 *   8       4     format version ({@link FORMAT_VERSION})
 *   12      4     byte-order mark 0x01020304 (a big-endian writer would show 0x04030201)
 *   16      48    commit slot 0
 *   64      48    commit slot 1
 *   112           sections and section tables of the commits, in the order they were written
 *
 * A commit slot (all zero while unused): generation u32 (1 for the first commit, +1 for each
 * next), section count u32, table offset u64, table length u32, table CRC-32 u32, commit length
 * u64 (the file's length when the commit was made: its table ends there), 12 zero bytes, CRC-32
 * of the slot's first 44 bytes u32. A section table: S entries, each offset u64, length u64,
 * CRC-32 u32, name length u32, the name in UTF-8, zero padding to a multiple of 8.
 *
 * A full save writes one commit (slot 0, generation 1): the sections from byte 112, zero padding
 * between, then the table, and the file ends there. A save in place (an update of a snapshot
 * opened from this file) appends its new sections and a table listing every live section, old and
 * new, makes them durable, then writes the slot that does not hold the newest commit, as LMDB
 * writes its two meta pages: readers that opened an earlier commit keep reading its sections,
 * which no save overwrites; a reader picks the newest slot that passes its checksum; a process
 * killed before the slot's write leaves the previous commit newest, with bytes after it that the
 * next save cuts off. A slot that fails its checksum is taken for a write a kill interrupted only
 * when bytes follow the other slot's commit (the appended commit it would have named); otherwise
 * the file is damaged and refused.
 *
 * Invariants of a commit: its sections lie between byte 112 and its table, 8-aligned, without
 * overlap; its table ends at its commit length. Section 0 is `skeleton` (see snapshot-content.ts);
 * the others hold the typed arrays and string tables it refers to.
 */
import { crc32 } from './crc32.js'

/** The format version this library writes and reads; another version is `incompatible_snapshot`. */
export const FORMAT_VERSION = 9

/** The file signature. */
export const MAGIC = Uint8Array.of(0x89, 0x44, 0x4d, 0x58, 0x0d, 0x0a, 0x1a, 0x0a)

/** Bytes of the header: signature, version, byte-order mark and the two commit slots. */
export const HEADER_BYTES = 112

/** Bytes of a commit slot. */
const SLOT_BYTES = 48
/** Where the commit slots start. */
const SLOTS_AT = 16

const BYTE_ORDER_MARK = 0x01020304

/** One section as the table lists it. */
export interface SectionEntry {
  readonly name: string
  readonly offset: number
  readonly length: number
  readonly crc: number
}

/** A commit: where its section table is and how long the file was when it was made. */
export interface Commit {
  readonly generation: number
  readonly sectionCount: number
  readonly tableOffset: number
  readonly tableBytes: number
  readonly tableCrc: number
  readonly commitBytes: number
}

/** A commit slot as read: unused (all zero), a commit, or bytes that fail the slot's checksum. */
export type SlotRead =
  | { readonly state: 'empty' }
  | { readonly state: 'commit'; readonly commit: Commit }
  | { readonly state: 'damaged' }

/** The header fields a reader checks against the file. */
export interface Header {
  readonly version: number
  readonly byteOrderMark: number
  readonly slots: readonly [SlotRead, SlotRead]
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
 * Encodes a header whose slot 0 holds `commit` and slot 1 nothing (a full save's).
 *
 * @example
 * ```ts
 * encodeHeader({ generation: 1, sectionCount: 3, tableOffset: 4096, tableBytes: 96, tableCrc: 0x1234, commitBytes: 4192 }).length // 112
 * ```
 */
export function encodeHeader(commit: Commit): Uint8Array {
  const bytes = new Uint8Array(HEADER_BYTES)
  const view = new DataView(bytes.buffer)
  bytes.set(MAGIC, 0)
  view.setUint32(8, FORMAT_VERSION, true)
  view.setUint32(12, BYTE_ORDER_MARK, true)
  bytes.set(encodeSlot(commit), slotOffset(0))
  return bytes
}

/**
 * Encodes a commit slot.
 *
 * @example
 * ```ts
 * encodeSlot(commit).length // 48
 * ```
 */
export function encodeSlot(commit: Commit): Uint8Array {
  const bytes = new Uint8Array(SLOT_BYTES)
  const view = new DataView(bytes.buffer)
  view.setUint32(0, commit.generation, true)
  view.setUint32(4, commit.sectionCount, true)
  view.setBigUint64(8, BigInt(commit.tableOffset), true)
  view.setUint32(16, commit.tableBytes, true)
  view.setUint32(20, commit.tableCrc, true)
  view.setBigUint64(24, BigInt(commit.commitBytes), true)
  view.setUint32(44, crc32(bytes.subarray(0, 44), 0), true)
  return bytes
}

/**
 * The file offset of commit slot `slot` (0 or 1).
 *
 * @example
 * ```ts
 * slotOffset(1) // 64
 * ```
 */
export function slotOffset(slot: 0 | 1): number {
  return SLOTS_AT + slot * SLOT_BYTES
}

/**
 * Whether bytes start with the snapshot signature.
 *
 * @param bytes - at least the first 8 bytes of a file
 * @example
 * ```ts
 * hasMagic(encodeHeader(commit)) // true
 * ```
 */
export function hasMagic(bytes: Uint8Array): boolean {
  return bytes.length >= MAGIC.length && MAGIC.every((b, i) => bytes[i] === b)
}

/**
 * Decodes the header (after {@link hasMagic}); the caller checks the fields.
 *
 * @param bytes - the first {@link HEADER_BYTES} bytes of the file
 * @example
 * ```ts
 * decodeHeader(encodeHeader(commit)).slots[0] // { state: 'commit', commit }
 * ```
 */
export function decodeHeader(bytes: Uint8Array): Header {
  const view = new DataView(bytes.buffer, bytes.byteOffset, HEADER_BYTES)
  return {
    version: view.getUint32(8, true),
    byteOrderMark: view.getUint32(12, true),
    slots: [
      decodeSlot(bytes.subarray(slotOffset(0), slotOffset(0) + SLOT_BYTES)),
      decodeSlot(bytes.subarray(slotOffset(1), slotOffset(1) + SLOT_BYTES)),
    ],
  }
}

function decodeSlot(bytes: Uint8Array): SlotRead {
  if (bytes.every((b) => b === 0)) return { state: 'empty' }
  const view = new DataView(bytes.buffer, bytes.byteOffset, SLOT_BYTES)
  const zeroTail = bytes.subarray(32, 44).every((b) => b === 0)
  if (!zeroTail || view.getUint32(44, true) !== crc32(bytes.subarray(0, 44), 0)) return { state: 'damaged' }
  const commit: Commit = {
    generation: view.getUint32(0, true),
    sectionCount: view.getUint32(4, true),
    tableOffset: safeNumber(view.getBigUint64(8, true)),
    tableBytes: view.getUint32(16, true),
    tableCrc: view.getUint32(20, true),
    commitBytes: safeNumber(view.getBigUint64(24, true)),
  }
  return commit.generation === 0 ? { state: 'damaged' } : { state: 'commit', commit }
}

/**
 * The commit a reader opens: the newest slot's, among those that pass their checksum. Throws a
 * plain Error naming the fault when none can be trusted: no commit; a damaged slot that cannot be
 * an interrupted write (nothing follows the other commit); a commit longer than the file
 * (truncated); a table that does not end at its commit length.
 *
 * @param header - the decoded header
 * @param fileBytes - the file's length
 * @example
 * ```ts
 * latestCommit(decodeHeader(head), size).tableOffset // where to read the section table
 * ```
 */
export function latestCommit(header: Header, fileBytes: number): Commit {
  const commits = header.slots.flatMap((slot) => (slot.state === 'commit' ? [slot.commit] : []))
  if (commits.length === 0) throw new Error('no commit slot passes its checksum')
  const newest = commits.reduce((a, b) => (b.generation > a.generation ? b : a))
  if (commits.length === 2 && commits[0]?.generation === commits[1]?.generation) {
    throw new Error('both commit slots hold the same generation')
  }
  if (header.slots.some((slot) => slot.state === 'damaged') && fileBytes <= newest.commitBytes) {
    throw new Error('a commit slot fails its checksum')
  }
  if (newest.commitBytes > fileBytes) {
    throw new Error(
      `truncated: commit ${newest.generation} ends at byte ${newest.commitBytes}, the file at ${fileBytes}`,
    )
  }
  if (
    newest.tableOffset < HEADER_BYTES ||
    newest.tableOffset % 8 !== 0 ||
    newest.tableOffset + newest.tableBytes !== newest.commitBytes
  ) {
    throw new Error(`commit ${newest.generation}'s section table is misplaced`)
  }
  return newest
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

/**
 * Whether the byte-order mark is the one a big-endian writer would give.
 *
 * @param mark - the header's byte-order mark
 * @example
 * ```ts
 * isBigEndianMark(0x04030201) // true
 * ```
 */
export function isBigEndianMark(mark: number): boolean {
  return mark === 0x04030201
}

function safeNumber(value: bigint): number {
  if (value > BigInt(Number.MAX_SAFE_INTEGER)) throw new Error(`offset ${value} is beyond any file`)
  return Number(value)
}

/**
 * The newest commit of a whole snapshot file held in memory and its section table (tools and
 * tests; the reader reads only the parts it needs). Throws a plain Error as {@link latestCommit}.
 *
 * @example
 * ```ts
 * commitTable(readFileSync('corpus.dmx')).entries.find((e) => e.name === 'skeleton')
 * ```
 */
export function commitTable(file: Uint8Array): { commit: Commit; entries: SectionEntry[] } {
  const commit = latestCommit(decodeHeader(file.subarray(0, HEADER_BYTES)), file.length)
  const table = file.subarray(commit.tableOffset, commit.tableOffset + commit.tableBytes)
  return { commit, entries: decodeTable(table, commit.sectionCount) }
}
