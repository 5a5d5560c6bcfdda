/**
 * The CRC-32 of a whole section's bytes, remembered per buffer: a snapshot's sections are read into
 * buffers of their own and never change afterwards (index states are immutable), so an engine
 * opened from a file, updated and saved again checksums only its new sections. The entries go
 * with their buffers (a WeakMap), so nothing is kept alive by them.
 */
import { crc32 } from './crc32.js'

// One checksum or write call handles at most 1 GiB: Node refuses single I/O calls beyond 2 GiB.
const IO_CHUNK = 1 << 30

const known = new WeakMap<ArrayBufferLike, number>()

/**
 * The CRC-32 of `bytes` continued from `previous`; remembered when `bytes` is a whole buffer and
 * checksummed from the start.
 *
 * @param bytes - a section's bytes, or a piece of them
 * @param previous - the CRC of the pieces before (0 to start)
 * @example
 * ```ts
 * sectionCrc(new Uint8Array(8), 0) // 0x6522df69, and again without computing
 * ```
 */
export function sectionCrc(bytes: Uint8Array, previous: number): number {
  const whole = previous === 0 && bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength
  if (whole) {
    const crc = known.get(bytes.buffer)
    if (crc !== undefined) return crc
  }
  let crc = previous
  for (let at = 0; at < bytes.length; at += IO_CHUNK) crc = crc32(bytes.subarray(at, at + IO_CHUNK), crc)
  if (whole) known.set(bytes.buffer, crc)
  return crc
}
