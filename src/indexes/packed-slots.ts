/**
 * Packed chunks (chunk-packer.ts) laid end to end and read by slot: slot numbers run across the
 * chunks in order, so the value in slot s sits in the last chunk starting at or before s.
 *
 * Layout (n slots in C chunks, K compressed blocks):
 *   chunks        Uint8Array[]     the chunks' bytes: encodings, or compressed blocks of them
 *   chunkStarts   Uint32Array(C+1) chunk c holds slots chunkStarts[c] … chunkStarts[c + 1] − 1
 *   ends          Uint32Array(n)   slot s ends at byte ends[s] of its chunk's encodings (inflated
 *                                  if compressed) and starts where the previous slot ends (0 for
 *                                  a chunk's first)
 *   blockValues   number           values a compressed block holds; 0: no chunk is compressed
 *   blockEnds     Uint32Array(K)   the chunks' block ends (block-codec.ts), chunk after chunk;
 *                                  chunk c has ⌈(chunkStarts[c + 1] − chunkStarts[c]) / B⌉ blocks
 *   dictionaries  Uint8Array[]     each chunk's preset dictionary (empty when not compressed)
 *   codecs        string[][][]     the distinct msgpackr structure lists of the chunks
 *   chunkCodec    Uint32Array(C)   the codec each chunk was packed with
 * Reading a compressed slot inflates its block (block-codec.ts) and keeps that one block, so reading
 * the slots of a block in a row inflates it once.
 */
import type { Packr } from 'msgpackr'
import { inflateBlock } from './block-codec.js'
import { type PackedChunk, unpackerFor } from './chunk-packer.js'
import { unpackExact } from './exact-pack.js'

/** The plain data of {@link PackedSlots}; see the file comment. */
export interface PackedSlotsState {
  readonly chunks: readonly Uint8Array[]
  readonly chunkStarts: Uint32Array
  readonly ends: Uint32Array
  readonly blockValues: number
  readonly blockEnds: Uint32Array
  readonly dictionaries: readonly Uint8Array[]
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
  const blockValues = chunks[0]?.blockValues ?? 0
  const codecIds = new Map<string, number>()
  const codecs: (readonly (readonly string[])[])[] = []
  const chunkCodec = new Uint32Array(chunks.length)
  const chunkStarts = new Uint32Array(chunks.length + 1)
  let blocks = 0
  chunks.forEach((chunk, c) => {
    if (chunk.blockValues !== blockValues)
      throw new RangeError(
        `domindex: chunk ${c} has blocks of ${chunk.blockValues} values, chunk 0 of ${blockValues}`,
      )
    chunkStarts[c + 1] = (chunkStarts[c] as number) + chunk.ends.length
    blocks += chunk.blockEnds.length
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
  const blockEnds = new Uint32Array(blocks)
  blocks = 0
  chunks.forEach((chunk, c) => {
    ends.set(chunk.ends, chunkStarts[c])
    blockEnds.set(chunk.blockEnds, blocks)
    blocks += chunk.blockEnds.length
  })
  return {
    chunks: chunks.map((chunk) => chunk.bytes),
    chunkStarts,
    ends,
    blockValues,
    blockEnds,
    dictionaries: chunks.map((chunk) => chunk.dictionary),
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
  readonly #unpackers: (Packr | undefined)[]
  /** The index in `blockEnds` of each chunk's first block. */
  readonly #firstBlock: Uint32Array
  /** The block inflated last (-1: none), and its encodings. */
  #block = -1
  #encodings: Uint8Array = new Uint8Array(0)

  /** @param state - as {@link assembleChunks} or a saved snapshot gives it */
  constructor(state: PackedSlotsState) {
    this.state = state
    this.#unpackers = new Array<Packr | undefined>(state.codecs.length)
    const { chunkStarts, blockValues } = state
    const chunks = state.chunks.length
    this.#firstBlock = new Uint32Array(chunks + 1)
    if (blockValues > 0) {
      for (let c = 0; c < chunks; c++) {
        const values = (chunkStarts[c + 1] as number) - (chunkStarts[c] as number)
        this.#firstBlock[c + 1] = (this.#firstBlock[c] as number) + Math.ceil(values / blockValues)
      }
    }
  }

  /** The number of slots. */
  get size(): number {
    return this.state.ends.length
  }

  /** The value in a slot, decoded afresh. */
  get(slot: number): unknown {
    const { chunks, chunkStarts, ends, blockValues } = this.state
    let lo = 0
    let hi = chunks.length - 1
    while (lo < hi) {
      const mid = (lo + hi + 1) >>> 1
      if ((chunkStarts[mid] as number) <= slot) lo = mid
      else hi = mid - 1
    }
    const first = chunkStarts[lo] as number
    const start = slot === first ? 0 : (ends[slot - 1] as number)
    const end = ends[slot] as number
    const unpacker = this.#unpacker(lo)
    if (blockValues === 0) return unpackExact(unpacker, (chunks[lo] as Uint8Array).subarray(start, end))
    const b = Math.floor((slot - first) / blockValues)
    const blockFirst = first + b * blockValues
    const base = blockFirst === first ? 0 : (ends[blockFirst - 1] as number)
    const block = (this.#firstBlock[lo] as number) + b
    if (block !== this.#block) {
      const { blockEnds } = this.state
      const from = b === 0 ? 0 : (blockEnds[block - 1] as number)
      const bytes = (chunks[lo] as Uint8Array).subarray(from, blockEnds[block])
      this.#encodings = inflateBlock(bytes, this.state.dictionaries[lo] as Uint8Array)
      this.#block = block
    }
    return unpackExact(unpacker, this.#encodings.subarray(start - base, end - base))
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
