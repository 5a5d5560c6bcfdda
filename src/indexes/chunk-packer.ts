/**
 * Packs values (WHOIS records, DNS observations) into chunks of back-to-back encodings, in one of
 * two codings. Plain chunks (observations, read once while indexing) use exact-pack.ts: msgpackr
 * with shared structures, the V8 serializer for values msgpackr would alter. Table-coded chunks
 * (WHOIS records, which stay packed for the engine's lifetime and are read a page at a time) use
 * table-codec/: every string that recurs across the chunk's values is stored once in the chunk's
 * string table, so a record is a few bytes of references and its own strings, and decodes without
 * decompressing anything. One packer owns its structures (or shapes), so a chunk is decoded with
 * those of the packer that wrote it: the same input always packs to the same bytes, whichever
 * thread packs it.
 *
 * Layout of a chunk (k values):
 *   bytes        Uint8Array      the encodings back to back
 *   ends         Uint32Array(k)  value i ends at byte ends[i] and starts at ends[i − 1] (0 for i = 0)
 *   tableCoded   boolean         which coding the encodings use
 *   structures   string[][]      plain: the packer's msgpackr structures when the chunk was taken
 *                                (a prefix of every later chunk's: structures are only ever
 *                                appended); table-coded: the chunk's object shapes
 *   table        Uint8Array      table-coded: the chunk's string table, UTF-8 back to back
 *                                (table-codec/string-table.ts); empty for plain chunks
 *   tableEnds    Uint32Array     table string i ends at byte tableEnds[i]; empty for plain chunks
 * A chunk holds at most 2^14 values and closes once past 32 MiB of encodings (table-coded: of an
 * upper bound of them), so its offsets fit 32 bits and no buffer comes near the 2 GiB a single read
 * or transfer can move.
 *
 * Measured on 100k generated records (table-coded against the former msgpackr + DEFLATE blocks of
 * 4 records with a 16 KiB preset dictionary, node's synchronous zlib):
 *   coding                 bytes a record (table included)  pack a record  page of 100 at random
 *   msgpackr               804                                 4 µs          0.23 ms
 *   msgpackr + DEFLATE     192                                45 µs          1.4–2.2 ms
 *   table-coded            225                                35–40 µs       0.35 ms
 * The page figure is what a query pays to return its records, so it decides; DEFLATE's per-call cost
 * (a new zlib stream for each block) could not be brought below ~10 µs a record.
 */
import { Packr } from 'msgpackr'
import { packExact } from './exact-pack.js'
import { grow } from './grow.js'
import { packTable, StringTally } from './table-codec/string-table.js'
import { TableEncoder } from './table-codec/table-encoder.js'

/**
 * msgpackr's default. More is allowed up to 8160, but msgpackr 2.1.3 then writes records that it
 * cannot read back ("Data read, but end of buffer not reached", found by fast-check with 33+
 * shapes; test/snapshot/record-store.test.ts keeps a case). Shapes beyond 32 are written inline
 * in their records, larger but exact; the generated corpus has 11.
 */
export const MAX_SHARED_STRUCTURES = 32

const CHUNK_VALUES = 1 << 14
const CHUNK_BYTES = 32 << 20

/** A closed chunk; see the file comment for the layout. */
export interface PackedChunk {
  readonly bytes: Uint8Array
  readonly ends: Uint32Array
  readonly tableCoded: boolean
  readonly structures: readonly (readonly string[])[]
  readonly table: Uint8Array
  readonly tableEnds: Uint32Array
}

/** Options of {@link ChunkPacker}. */
export interface PackerOptions {
  /** Table-code the chunks (table-codec/) instead of msgpackr. Default false. */
  readonly tableCoded?: boolean
  /** The most values a chunk holds (at most and by default 16,384). A build within a small memory budget takes smaller chunks. */
  readonly maxValues?: number | undefined
}

/**
 * A msgpackr instance that reads values packed with the given structures.
 *
 * @param structures - the structures of the chunks it will read
 * @example
 * ```ts
 * unpackerFor(chunk.structures).unpack(chunk.bytes.subarray(0, chunk.ends[0]))
 * ```
 */
export function unpackerFor(structures: readonly (readonly string[])[]): Packr {
  return new Packr({
    structures: structures.map((keys) => [...keys]),
    maxSharedStructures: MAX_SHARED_STRUCTURES,
  })
}

/**
 * Packs values into chunks.
 *
 * @example
 * ```ts
 * const packer = new ChunkPacker()
 * packer.add({ query: 'a.com' })
 * packer.take() // { bytes: <…>, ends: Uint32Array [14], tableCoded: false, structures: [['query']], … }
 * new ChunkPacker({ tableCoded: true }) // chunks with a string table each
 * ```
 */
export class ChunkPacker {
  readonly #tableCoded: boolean
  readonly #maxValues: number
  readonly #structures: string[][] = []
  readonly #packr = new Packr({ structures: this.#structures, maxSharedStructures: MAX_SHARED_STRUCTURES })
  #bytes = new Uint8Array(1 << 16)
  #used = 0
  #ends = new Uint32Array(CHUNK_VALUES)
  #count = 0
  // Table-coded: the open chunk's values, kept until take() knows the table.
  #values: unknown[] = []
  #tally = new StringTally()

  /** @param options - see {@link PackerOptions} */
  constructor(options: PackerOptions = {}) {
    this.#tableCoded = options.tableCoded ?? false
    this.#maxValues = Math.max(1, Math.min(CHUNK_VALUES, options.maxValues ?? CHUNK_VALUES))
  }

  /** The number of values in the open chunk. */
  get count(): number {
    return this.#count
  }

  /** True when the open chunk should be taken before the next value. */
  get full(): boolean {
    return this.#count >= this.#maxValues || this.#used >= CHUNK_BYTES
  }

  /** Appends a value to the open chunk (take the chunk first when {@link full}). */
  add(value: unknown): void {
    if (this.#tableCoded) {
      this.#values.push(value)
      this.#used += this.#tally.add(value)
      this.#count++
      return
    }
    const packed = packExact(this.#packr, value)
    const needed = this.#used + packed.length
    if (needed > this.#bytes.length) this.#bytes = grow(this.#bytes, needed)
    this.#bytes.set(packed, this.#used)
    this.#used = needed
    this.#ends[this.#count++] = needed
  }

  /** Closes the open chunk and returns it (each array owns its buffer: transferable). */
  take(): PackedChunk {
    if (this.#tableCoded) return this.#takeTableCoded()
    const bytes = this.#bytes.slice(0, this.#used)
    const ends = this.#ends.slice(0, this.#count)
    const structures = this.#structures.map((keys) => [...keys])
    this.#used = 0
    this.#count = 0
    return {
      bytes,
      ends,
      tableCoded: false,
      structures,
      table: new Uint8Array(0),
      tableEnds: new Uint32Array(0),
    }
  }

  #takeTableCoded(): PackedChunk {
    const strings = this.#tally.table()
    const encoder = new TableEncoder(strings)
    const values = this.#values
    const ends = new Uint32Array(values.length)
    let used = 0
    for (let i = 0; i < values.length; i++) {
      const encoding = encoder.encode(values[i])
      if (used + encoding.length > this.#bytes.length) this.#bytes = grow(this.#bytes, used + encoding.length)
      this.#bytes.set(encoding, used)
      used += encoding.length
      ends[i] = used
    }
    const table = packTable(strings)
    this.#values = []
    this.#tally = new StringTally()
    this.#used = 0
    this.#count = 0
    return {
      bytes: this.#bytes.slice(0, used),
      ends,
      tableCoded: true,
      structures: encoder.shapes,
      table: table.bytes,
      tableEnds: table.ends,
    }
  }
}
