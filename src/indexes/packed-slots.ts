/**
 * Packed chunks (chunk-packer.ts) laid end to end and read by slot: slot numbers run across the
 * chunks in order, so the value in slot s sits in the last chunk starting at or before s.
 *
 * Layout (n slots in C chunks):
 *   chunks       Uint8Array[]     the chunks' bytes
 *   chunkStarts  Uint32Array(C+1) chunk c holds slots chunkStarts[c] … chunkStarts[c + 1] − 1
 *   ends         Uint32Array(n)   slot s ends at byte ends[s] of its chunk and starts where the
 *                                 previous slot ends (0 for a chunk's first)
 *   codecs       string[][][]     the distinct msgpackr structure lists of the chunks
 *   chunkCodec   Uint32Array(C)   the codec each chunk was packed with
 */
import type { Packr } from 'msgpackr'
import { type PackedChunk, unpackerFor } from './chunk-packer.js'
import { unpackExact } from './exact-pack.js'

/** The plain data of {@link PackedSlots}; see the file comment. */
export interface PackedSlotsState {
  readonly chunks: readonly Uint8Array[]
  readonly chunkStarts: Uint32Array
  readonly ends: Uint32Array
  readonly codecs: readonly (readonly (readonly string[])[])[]
  readonly chunkCodec: Uint32Array
}

/**
 * Lays chunks end to end; chunks with equal structure lists share one codec.
 *
 * @param chunks - the chunks in slot order (none empty)
 * @example
 * ```ts
 * assembleChunks([packer.take()]).chunkStarts // Uint32Array [0, 3]
 * ```
 */
export function assembleChunks(chunks: readonly PackedChunk[]): PackedSlotsState {
  const codecIds = new Map<string, number>()
  const codecs: (readonly (readonly string[])[])[] = []
  const chunkCodec = new Uint32Array(chunks.length)
  const chunkStarts = new Uint32Array(chunks.length + 1)
  chunks.forEach((chunk, c) => {
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
  return { chunks: chunks.map((chunk) => chunk.bytes), chunkStarts, ends, codecs, chunkCodec }
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

  /** @param state - as {@link assembleChunks} or a saved snapshot gives it */
  constructor(state: PackedSlotsState) {
    this.state = state
    this.#unpackers = new Array<Packr | undefined>(state.codecs.length)
  }

  /** The number of slots. */
  get size(): number {
    return this.state.ends.length
  }

  /** The value in a slot, decoded afresh. */
  get(slot: number): unknown {
    const { chunks, chunkStarts, ends } = this.state
    let lo = 0
    let hi = chunks.length - 1
    while (lo < hi) {
      const mid = (lo + hi + 1) >>> 1
      if ((chunkStarts[mid] as number) <= slot) lo = mid
      else hi = mid - 1
    }
    const start = slot === chunkStarts[lo] ? 0 : (ends[slot - 1] as number)
    return unpackExact(this.#unpacker(lo), (chunks[lo] as Uint8Array).subarray(start, ends[slot]))
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
