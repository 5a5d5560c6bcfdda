/**
 * Packs values (WHOIS records, DNS observations) into chunks of back-to-back encodings
 * (exact-pack.ts: msgpackr with shared structures, the V8 serializer for values msgpackr would
 * alter). One packer owns one msgpackr instance and its structures, so a chunk is decoded with the
 * structures of the packer that wrote it: the same input always packs to the same bytes, whichever
 * thread packs it.
 *
 * Layout of a chunk:
 *   bytes       Uint8Array      the encodings, back to back
 *   ends        Uint32Array(k)  value i ends at byte ends[i] and starts at ends[i − 1] (0 for i = 0)
 *   structures  string[][]      the packer's shared structures when the chunk was taken (a prefix
 *                               of every later chunk's: structures are only ever appended)
 * A chunk holds at most 2^14 values and closes once past 32 MiB, so its offsets fit 32 bits and no
 * buffer comes near the 2 GiB a single read or transfer can move.
 */
import { Packr } from 'msgpackr'
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
  readonly structures: readonly (readonly string[])[]
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
 * packer.take() // { bytes: <…>, ends: Uint32Array [14], structures: [['query']] }
 * ```
 */
export class ChunkPacker {
  readonly #structures: string[][] = []
  readonly #packr = new Packr({ structures: this.#structures, maxSharedStructures: MAX_SHARED_STRUCTURES })
  #bytes = new Uint8Array(1 << 16)
  #used = 0
  #ends = new Uint32Array(CHUNK_VALUES)
  #count = 0

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

  /** Closes the open chunk and returns it (each array owns its buffer: transferable). */
  take(): PackedChunk {
    const chunk: PackedChunk = {
      bytes: this.#bytes.slice(0, this.#used),
      ends: this.#ends.slice(0, this.#count),
      structures: this.#structures.map((keys) => [...keys]),
    }
    this.#used = 0
    this.#count = 0
    return chunk
  }
}
