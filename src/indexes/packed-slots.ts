/**
 * Packed chunks (chunk-packer.ts) laid end to end and read by slot: slot numbers run across the
 * chunks in order, so the value in slot s sits in the last chunk starting at or before s.
 *
 * Layout (n slots in C chunks):
 *   chunks        Uint8Array[]     the chunks' encodings
 *   chunkStarts   Uint32Array(C+1) chunk c holds slots chunkStarts[c] … chunkStarts[c + 1] − 1
 *   ends          Uint32Array(n)   slot s ends at byte ends[s] of its chunk and starts where the
 *                                  previous slot ends (0 for a chunk's first)
 *   tableCoded    boolean          every chunk is table-coded, or none is (chunk-packer.ts)
 *   tables        Uint8Array[]     each chunk's string table (empty for plain chunks)
 *   tableEnds     Uint32Array[]    where each chunk's table strings end (on disk when opened)
 *   codecs        string[][][]     the distinct structure (or shape) lists of the chunks
 *   chunkCodec    Uint32Array(C)   the list each chunk was packed with
 * A table-coded chunk's decoder is made on its first read and keeps the table strings it decoded,
 * so a chunk's common strings are decoded once and shared by every record read from it.
 *
 * A chunk and its table may be left on disk by an opened snapshot (storage/lazy-section.ts): a
 * record's bytes and each table string, on its first use by the chunk's decoder, are then read
 * through the file's block cache. Those decoders keep the strings they decoded, so they are kept
 * least recently used first within a quarter of the cache's capacity in table bytes (at least
 * one): what stays in memory is bounded by the cache, not by the number of records. (Reading a
 * chunk's whole table when its decoder was made cost ~60 µs a lookup with a 1 MiB cache at 200k
 * records, bench/storage.bench.ts; string by string it is a block read at most.)
 */
import type { Packr } from 'msgpackr'
import { Column } from '../storage/column.js'
import type { LazyArray } from '../storage/lazy-array.js'
import { bytesOf, type StoredBytes } from '../storage/lazy-section.js'
import { type PackedChunk, unpackerFor } from './chunk-packer.js'
import { unpackExact } from './exact-pack.js'
import { TableDecoder } from './table-codec/table-decoder.js'

/** The plain data of {@link PackedSlots}; see the file comment. */
export interface PackedSlotsState {
  readonly chunks: readonly StoredBytes[]
  readonly chunkStarts: Uint32Array
  /** Left on disk by an opened snapshot (SPEC 16): a record reads its two offsets. */
  readonly ends: Uint32Array | LazyArray
  readonly tableCoded: boolean
  readonly tables: readonly StoredBytes[]
  readonly tableEnds: readonly (Uint32Array | LazyArray)[]
  readonly codecs: readonly (readonly (readonly string[])[])[]
  readonly chunkCodec: Uint32Array
}

/**
 * Lays chunks end to end; chunks with equal structure lists share one codec.
 *
 * @param chunks - the chunks in slot order, all compressed alike (by packers with equal options)
 * @example
 * ```ts
 * assembleChunks([packer.take()]).chunkStarts // Uint32Array [0, 3]
 * ```
 */
export function assembleChunks(chunks: readonly PackedChunk[]): PackedSlotsState {
  const tableCoded = chunks[0]?.tableCoded ?? false
  const codecIds = new Map<string, number>()
  const codecs: (readonly (readonly string[])[])[] = []
  const chunkCodec = new Uint32Array(chunks.length)
  const chunkStarts = new Uint32Array(chunks.length + 1)
  chunks.forEach((chunk, c) => {
    if (chunk.tableCoded !== tableCoded)
      throw new RangeError(
        `domindex: chunk ${c} is ${chunk.tableCoded ? '' : 'not '}table-coded, chunk 0 is${tableCoded ? '' : ' not'}`,
      )
    chunkStarts[c + 1] = (chunkStarts[c] as number) + chunk.ends.length
    const name = JSON.stringify(chunk.structures)
    let codec = codecIds.get(name)
    if (codec === undefined) {
      codec = codecs.length
      codecs.push(chunk.structures)
      codecIds.set(name, codec)
    }
    chunkCodec[c] = codec
  })
  const ends = new Uint32Array(chunkStarts[chunks.length] as number)
  chunks.forEach((chunk, c) => {
    ends.set(chunk.ends, chunkStarts[c])
  })
  return {
    chunks: chunks.map((chunk) => chunk.bytes),
    chunkStarts,
    ends,
    tableCoded,
    tables: chunks.map((chunk) => chunk.table),
    tableEnds: chunks.map((chunk) => chunk.tableEnds),
    codecs,
    chunkCodec,
  }
}

/**
 * Reads values by slot.
 *
 * @example
 * ```ts
 * const slots = new PackedSlots(assembleChunks(chunks))
 * slots.get(0) // the first value packed
 * ```
 */
export class PackedSlots {
  /** The plain data read; never mutated. */
  readonly state: PackedSlotsState
  readonly #ends: Column
  readonly #unpackers: (Packr | undefined)[]
  readonly #decoders: (TableDecoder | undefined)[]
  /** Decoders of chunks left on disk, least recently used first, and their tables' bytes. */
  readonly #diskDecoders = new Map<number, TableDecoder>()
  #diskTableBytes = 0

  /** @param state - as {@link assembleChunks} or a saved snapshot gives it */
  constructor(state: PackedSlotsState) {
    this.state = state
    this.#ends = new Column(state.ends)
    this.#unpackers = new Array<Packr | undefined>(state.codecs.length)
    this.#decoders = new Array<TableDecoder | undefined>(state.tableCoded ? state.chunks.length : 0)
  }

  /** The number of slots. */
  get size(): number {
    return this.state.ends.length
  }

  /** The value in a slot, decoded afresh. */
  get(slot: number): unknown {
    const { chunks, chunkStarts } = this.state
    const ends = this.#ends
    let lo = 0
    let hi = chunks.length - 1
    while (lo < hi) {
      const mid = (lo + hi + 1) >>> 1
      if ((chunkStarts[mid] as number) <= slot) lo = mid
      else hi = mid - 1
    }
    const start = slot === chunkStarts[lo] ? 0 : ends.at(slot - 1)
    const end = ends.at(slot)
    const stored = chunks[lo] as StoredBytes
    if (!this.state.tableCoded) return unpackExact(this.#unpacker(lo), bytesOf(stored, start, end))
    if (stored instanceof Uint8Array) return this.#decoder(lo).decode(stored, start, end)
    const bytes = stored.read(start, end)
    return this.#diskDecoder(lo, stored.file.cacheCapacity).decode(bytes, 0, bytes.length)
  }

  #decoder(chunk: number): TableDecoder {
    let decoder = this.#decoders[chunk]
    if (decoder === undefined) {
      decoder = this.#newDecoder(chunk)
      this.#decoders[chunk] = decoder
    }
    return decoder
  }

  #diskDecoder(chunk: number, cacheBytes: number): TableDecoder {
    const held = this.#diskDecoders.get(chunk)
    if (held !== undefined) {
      this.#diskDecoders.delete(chunk)
      this.#diskDecoders.set(chunk, held)
      return held
    }
    const decoder = this.#newDecoder(chunk)
    this.#diskDecoders.set(chunk, decoder)
    this.#diskTableBytes += this.state.tables[chunk]?.byteLength ?? 0
    for (const [oldest] of this.#diskDecoders) {
      if (this.#diskTableBytes <= cacheBytes / 4 || oldest === chunk) break
      this.#diskDecoders.delete(oldest)
      this.#diskTableBytes -= this.state.tables[oldest]?.byteLength ?? 0
    }
    return decoder
  }

  #newDecoder(chunk: number): TableDecoder {
    const { tables, tableEnds, codecs, chunkCodec } = this.state
    return new TableDecoder(
      { bytes: tables[chunk] as StoredBytes, ends: tableEnds[chunk] as Uint32Array | LazyArray },
      codecs[chunkCodec[chunk] as number] as readonly (readonly string[])[],
    )
  }

  #unpacker(chunk: number): Packr {
    const codec = this.state.chunkCodec[chunk] as number
    let unpacker = this.#unpackers[codec]
    if (unpacker === undefined) {
      unpacker = unpackerFor(this.state.codecs[codec] as readonly (readonly string[])[])
      this.#unpackers[codec] = unpacker
    }
    return unpacker
  }
}
