/**
 * Packs values (WHOIS records, DNS observations) into chunks of back-to-back encodings
 * (exact-pack.ts: msgpackr with shared structures, the V8 serializer for values msgpackr would
 * alter), compressed in blocks when the packer is told to (block-codec.ts: WHOIS records, which
 * stay packed for the engine's lifetime; observations are read once while indexing). One packer
 * owns one msgpackr instance and its structures, so a chunk is decoded with the structures of the
 * packer that wrote it: the same input always packs to the same bytes, whichever thread packs it.
 *
 * Layout of a chunk (k values):
 *   bytes        Uint8Array      the encodings back to back, or, compressed, the blocks holding
 *                                them (block-codec.ts)
 *   ends         Uint32Array(k)  value i ends at byte ends[i] of the encodings back to back and
 *                                starts at ends[i − 1] (0 for i = 0), compressed or not
 *   blockValues  number          values a block holds; 0 when the bytes are not compressed
 *   blockEnds    Uint32Array     compressed block b ends at byte blockEnds[b]; empty if not
 *   dictionary   Uint8Array      the blocks' preset dictionary; empty if not compressed
 *   structures   string[][]      the packer's shared structures when the chunk was taken (a prefix
 *                                of every later chunk's: structures are only ever appended)
 * A chunk holds at most 2^14 values and closes once past 32 MiB of encodings, so its offsets fit 32
 * bits and no buffer comes near the 2 GiB a single read or transfer can move.
 */
import { Packr } from 'msgpackr'
import { BLOCK_VALUES, compressBlocks, inflateBlock, sampleDictionary } from './block-codec.js'
import { packExact } from './exact-pack.js'
import { grow } from './grow.js'

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
  readonly blockValues: number
  readonly blockEnds: Uint32Array
  readonly dictionary: Uint8Array
  readonly structures: readonly (readonly string[])[]
}

/** Options of {@link ChunkPacker}. */
export interface PackerOptions {
  /** Compress each chunk in blocks when it is taken (block-codec.ts). Default false. */
  readonly compressed?: boolean
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
 * The encodings of a chunk's values back to back, inflated if the chunk is compressed.
 *
 * @param chunk - a chunk
 * @example
 * ```ts
 * encodingsOf(chunk).length // chunk.ends[chunk.ends.length - 1]
 * ```
 */
export function encodingsOf(chunk: PackedChunk): Uint8Array {
  const { bytes, blockEnds, dictionary } = chunk
  if (chunk.blockValues === 0) return bytes
  const encodings = new Uint8Array(chunk.ends.length === 0 ? 0 : (chunk.ends.at(-1) as number))
  let at = 0
  for (let b = 0; b < blockEnds.length; b++) {
    const block = inflateBlock(bytes.subarray(b === 0 ? 0 : blockEnds[b - 1], blockEnds[b]), dictionary)
    encodings.set(block, at)
    at += block.length
  }
  return encodings
}

/**
 * A chunk holding other encodings with the same structures, compressed as the chunk was (with its
 * dictionary, so no value needs re-encoding).
 *
 * @param chunk - the chunk whose structures, compression and dictionary to keep
 * @param encodings - encodings back to back, packed with those structures
 * @param ends - value i ends at byte ends[i] of `encodings`
 * @example
 * ```ts
 * withEncodings(chunk, encodingsOf(chunk), chunk.ends) // equal to chunk
 * ```
 */
export function withEncodings(chunk: PackedChunk, encodings: Uint8Array, ends: Uint32Array): PackedChunk {
  const { blockValues, dictionary, structures } = chunk
  if (blockValues === 0)
    return { bytes: encodings, ends, blockValues, blockEnds: new Uint32Array(0), dictionary, structures }
  const { bytes, blockEnds } = compressBlocks(encodings, ends, dictionary)
  return { bytes, ends, blockValues, blockEnds, dictionary, structures }
}

/**
 * Packs values into chunks.
 *
 * @example
 * ```ts
 * const packer = new ChunkPacker()
 * packer.add({ query: 'a.com' })
 * packer.take() // { bytes: <…>, ends: Uint32Array [14], blockValues: 0, …, structures: [['query']] }
 * new ChunkPacker({ compressed: true }) // chunks compressed in blocks of 4 values
 * ```
 */
export class ChunkPacker {
  readonly #compressed: boolean
  readonly #structures: string[][] = []
  readonly #packr = new Packr({ structures: this.#structures, maxSharedStructures: MAX_SHARED_STRUCTURES })
  #bytes = new Uint8Array(1 << 16)
  #used = 0
  #ends = new Uint32Array(CHUNK_VALUES)
  #count = 0

  /** @param options - see {@link PackerOptions} */
  constructor(options: PackerOptions = {}) {
    this.#compressed = options.compressed ?? false
  }

  /** The number of values in the open chunk. */
  get count(): number {
    return this.#count
  }

  /** True when the open chunk should be taken before the next value. */
  get full(): boolean {
    return this.#count === CHUNK_VALUES || this.#used >= CHUNK_BYTES
  }

  /** Appends a value to the open chunk (take the chunk first when {@link full}). */
  add(value: unknown): void {
    const packed = packExact(this.#packr, value)
    const needed = this.#used + packed.length
    if (needed > this.#bytes.length) this.#bytes = grow(this.#bytes, needed)
    this.#bytes.set(packed, this.#used)
    this.#used = needed
    this.#ends[this.#count++] = needed
  }

  /**
   * Closes the open chunk and returns it, compressed if the packer compresses (each array owns its
   * buffer: transferable).
   */
  take(): PackedChunk {
    const encodings = this.#bytes.subarray(0, this.#used)
    const ends = this.#ends.slice(0, this.#count)
    const structures = this.#structures.map((keys) => [...keys])
    this.#used = 0
    this.#count = 0
    if (!this.#compressed) {
      const bytes = encodings.slice()
      return {
        bytes,
        ends,
        blockValues: 0,
        blockEnds: new Uint32Array(0),
        dictionary: new Uint8Array(0),
        structures,
      }
    }
    const dictionary = sampleDictionary(encodings, ends)
    const { bytes, blockEnds } = compressBlocks(encodings, ends, dictionary)
    return { bytes, ends, blockValues: BLOCK_VALUES, blockEnds, dictionary, structures }
  }
}
