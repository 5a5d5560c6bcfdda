/**
 * CRC-32 (the zlib/PNG polynomial 0xEDB88320) over byte ranges, continued across calls so a section
 * read in pieces is checked as it arrives. Node ≥ 20.15 has a native `zlib.crc32` (slice-by-N, a
 * few GB/s); earlier Node 20 releases use the byte-at-a-time table below, which gives the same values.
 */
import * as zlib from 'node:zlib'

type Crc32 = (data: Uint8Array, previous: number) => number

const native: unknown = Reflect.get(zlib, 'crc32')

let table: Uint32Array | undefined

/**
 * The table-driven CRC-32, for Node releases without `zlib.crc32`.
 *
 * @param data - the bytes
 * @param previous - the CRC of the bytes before `data` (0 to start)
 * @example
 * ```ts
 * crc32ByTable(new TextEncoder().encode('123456789'), 0) // 0xcbf43926
 * ```
 */
export function crc32ByTable(data: Uint8Array, previous: number): number {
  table ??= makeTable()
  let crc = ~previous
  for (let i = 0; i < data.length; i++)
    crc = (table[(crc ^ (data[i] as number)) & 0xff] as number) ^ (crc >>> 8)
  return ~crc >>> 0
}

/**
 * CRC-32 of `data`, continuing from `previous`.
 *
 * @param data - the bytes
 * @param previous - the CRC of the bytes before `data` (0 to start)
 * @example
 * ```ts
 * crc32(new TextEncoder().encode('123456789'), 0) // 0xcbf43926
 * ```
 */
export const crc32: Crc32 = typeof native === 'function' ? (native as Crc32) : crc32ByTable

function makeTable(): Uint32Array {
  const t = new Uint32Array(256)
  for (let n = 0; n < 256; n++) {
    let c = n
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1
    t[n] = c >>> 0
  }
  return t
}
