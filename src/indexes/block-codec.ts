/**
 * Compresses a chunk's encodings (chunk-packer.ts) in blocks of {@link BLOCK_VALUES} values with
 * raw DEFLATE (node:zlib) and a preset dictionary sampled from the chunk's own values, so a value
 * is read by inflating its block alone while the dictionary supplies the keys, registrars and
 * contact boilerplate that every record repeats.
 *
 * Layout of a compressed chunk's bytes (k values, ⌈k / B⌉ blocks, B = {@link BLOCK_VALUES}):
 *   block b       the DEFLATE stream of values b·B … min(k, (b + 1)·B) − 1, back to back; it
 *                 ends at byte blockEnds[b] of the chunk and starts where block b − 1 ends
 *   dictionary    ≤ {@link DICTIONARY_BYTES} bytes kept beside the chunk: whole encodings of
 *                 values spread evenly over the chunk, the last one cut at the limit
 * The dictionary depends on the chunk's values alone and zlib is deterministic for a given build
 * and level, so the same values always compress to the same bytes, whichever thread compresses them.
 *
 * Measured on 100k generated records (800 bytes a record as msgpack) with node's synchronous zlib,
 * whose ~5–10 µs a call (a new zlib stream each time) dominates reading: a page of 100 records at
 * random costs ~100 block inflates. Bytes a record count blocks, dictionary and offsets.
 *   values a block  level  bytes a record  compress a record  page of 100 at random
 *   4               1      210             15 µs              1.30 ms
 *   4               6      198             19 µs              1.25 ms
 *   6               6      192             16 µs              1.50 ms
 *   8               1      201             10 µs              1.74 ms
 *   8               6      189             12 µs              1.65 ms
 *   uncompressed           804              –                 0.23 ms
 * Blocks of 4 at level 6: a page stays near 1.25 ms, and the build's pass over every record in
 * document order (one inflate a record) costs ~15 µs a record on the main thread, while the extra
 * compression time is spent in parse workers. A 32 KiB dictionary saved ~6% more bytes for ~8%
 * slower inflates; one value a call compresses to ~200 bytes but costs ~40 µs; fflate (pure JS)
 * was slower both ways.
 */
import { deflateRawSync, inflateRawSync } from 'node:zlib'

/** Values a block holds (the last block of a chunk may hold fewer). */
export const BLOCK_VALUES = 4

/** The largest dictionary a chunk keeps. */
export const DICTIONARY_BYTES = 16 << 10

const LEVEL = 6

/**
 * A chunk's dictionary: whole encodings of values spread evenly over it, the last one cut at
 * {@link DICTIONARY_BYTES}.
 *
 * @param bytes - the chunk's encodings, back to back
 * @param ends - value i ends at byte ends[i]
 * @example
 * ```ts
 * sampleDictionary(Uint8Array.of(1, 2, 3), Uint32Array.of(1, 3)) // Uint8Array [1, 2, 3]
 * ```
 */
export function sampleDictionary(bytes: Uint8Array, ends: Uint32Array): Uint8Array {
  const k = ends.length
  const dictionary = new Uint8Array(Math.min(DICTIONARY_BYTES, bytes.length))
  const picks = Math.min(k, Math.ceil((DICTIONARY_BYTES * k) / Math.max(1, bytes.length)))
  let at = 0
  for (let j = 0; j < picks && at < dictionary.length; j++) {
    const i = Math.floor(((j + 0.5) * k) / picks)
    const start = i === 0 ? 0 : (ends[i - 1] as number)
    const length = Math.min((ends[i] as number) - start, dictionary.length - at)
    dictionary.set(bytes.subarray(start, start + length), at)
    at += length
  }
  return at === dictionary.length ? dictionary : dictionary.slice(0, at)
}

/** Compressed blocks, back to back, and where each ends. */
export interface CompressedBlocks {
  readonly bytes: Uint8Array
  readonly blockEnds: Uint32Array
}

/**
 * Compresses encodings in blocks of {@link BLOCK_VALUES} values.
 *
 * @param bytes - the encodings, back to back
 * @param ends - value i ends at byte ends[i]
 * @param dictionary - the chunk's dictionary ({@link sampleDictionary})
 * @example
 * ```ts
 * compressBlocks(bytes, ends, sampleDictionary(bytes, ends)).blockEnds.length // ⌈ends.length / 4⌉
 * ```
 */
export function compressBlocks(
  bytes: Uint8Array,
  ends: Uint32Array,
  dictionary: Uint8Array,
): CompressedBlocks {
  const k = ends.length
  const blocks: Uint8Array[] = []
  const blockEnds = new Uint32Array(Math.ceil(k / BLOCK_VALUES))
  let size = 0
  for (let b = 0; b < blockEnds.length; b++) {
    const first = b * BLOCK_VALUES
    const start = first === 0 ? 0 : (ends[first - 1] as number)
    const end = ends[Math.min(k, first + BLOCK_VALUES) - 1] as number
    const block = deflateRawSync(bytes.subarray(start, end), { dictionary, level: LEVEL })
    blocks.push(block)
    size += block.length
    blockEnds[b] = size
  }
  const out = new Uint8Array(size)
  let at = 0
  for (const block of blocks) {
    out.set(block, at)
    at += block.length
  }
  return { bytes: out, blockEnds }
}

/**
 * The encodings a block holds, back to back.
 *
 * @param block - the block's compressed bytes
 * @param dictionary - its chunk's dictionary
 * @example
 * ```ts
 * inflateBlock(bytes.subarray(0, blockEnds[0]), dictionary) // the first 4 encodings, back to back
 * ```
 */
export function inflateBlock(block: Uint8Array, dictionary: Uint8Array): Uint8Array {
  return inflateRawSync(block, { dictionary })
}
