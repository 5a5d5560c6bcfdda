/**
 * A kind's spelling-variant index kept beside its snapshot (SPEC 14, issue 26 items 10 and 16):
 * `corpus.dmx.suggest/<kind>`, written on the first use of the kind (or by `build --suggest`) and
 * read by every later process instead of decoding every record again.
 *
 * The file is the index's flat arrays as they lie in memory, so reading it is one read and no
 * parsing:
 *   magic "DMXSUGG1", u32 header length, the header (JSON: the snapshot's fingerprint, the kind and
 *   each array's name and byte length), then each array, every part starting on an 8-byte
 *   boundary, then a u32 CRC-32 of everything before it.
 * A file is used only when its fingerprint is the snapshot's (its commit generation and the
 * checksum of its section table, so an update or compaction makes it stale), its checksum holds
 * and its arrays fit together; otherwise the index is built again and the file replaced.
 */

import { readFileSync } from 'node:fs'
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { setImmediate } from 'node:timers/promises'
import {
  ARRAYS,
  type ArrayName,
  BYTE_ARRAYS,
  checkedParts,
  type IndexArrays,
  indexArrays,
  indexFromArrays,
} from '../pivots/index-arrays.js'
import { normalizedValue } from '../pivots/record-values.js'
import type { SuggestKind } from '../pivots/suggest-kinds.js'
import { VALUE_ENCODER } from '../pivots/value-encoder.js'
import { ValueIndex } from '../pivots/value-index.js'
import { crc32 } from './crc32.js'
import { tempPathFor } from './temp-files.js'

const MAGIC = Buffer.from('DMXSUGG1', 'latin1')

// How this version encodes words: a later FlexSearch whose encoder answers otherwise (or a change
// to the values' normalisation) makes the files written before stale.
const ENCODING = [
  ...VALUE_ENCODER.encode('Acme Holdngs, GoDaddy.com LLC ns1.cloudflare.com Zürich straße 8001 namechep'),
  normalizedValue('registrar', ' GoDaddy.com,   LLC '),
  normalizedValue('nameserver', 'NS1.Example.COM.'),
].join(' ')

interface Header {
  readonly fingerprint: string
  readonly kind: SuggestKind
  /** {@link ENCODING}: a file encoded otherwise is stale. */
  readonly encoding: string
  readonly lengths: Record<ArrayName, number>
}

/**
 * The path of a kind's file beside a snapshot.
 *
 * @example
 * ```ts
 * suggestFilePath('/data/corpus.dmx', 'email') // '/data/corpus.dmx.suggest/email'
 * ```
 */
export function suggestFilePath(snapshot: string, kind: SuggestKind): string {
  return join(`${snapshot}.suggest`, kind)
}

/**
 * Writes a kind's index beside the snapshot, atomically (a temporary file, then a rename).
 *
 * @param snapshot - the snapshot's path
 * @param fingerprint - the snapshot's fingerprint
 * @throws the file system's error when the directory or file cannot be written
 * @example
 * ```ts
 * await writeSuggestFile('corpus.dmx', '3-9f3a0c1e', 'email', index)
 * ```
 */
export async function writeSuggestFile(
  snapshot: string,
  fingerprint: string,
  kind: SuggestKind,
  index: ValueIndex,
): Promise<string> {
  const path = suggestFilePath(snapshot, kind)
  const arrays = indexArrays(index)
  const lengths = Object.fromEntries(
    ARRAYS.map((name) => [name, arrays[name].byteLength]),
  ) as Header['lengths']
  const header = Buffer.from(
    JSON.stringify({ fingerprint, kind, encoding: ENCODING, lengths } satisfies Header),
    'utf8',
  )
  const head = Buffer.alloc(12)
  MAGIC.copy(head)
  head.writeUInt32LE(header.length, 8)
  const chunks: Uint8Array[] = [head, header, padding(12 + header.length)]
  let at = align(12 + header.length)
  for (const name of ARRAYS) {
    const a = arrays[name]
    chunks.push(new Uint8Array(a.buffer, a.byteOffset, a.byteLength), padding(at + a.byteLength))
    at = align(at + a.byteLength)
  }
  const body = Buffer.concat(chunks)
  const crc = Buffer.alloc(4)
  crc.writeUInt32LE(crc32(body, 0))
  await mkdir(`${snapshot}.suggest`, { recursive: true })
  const temp = tempPathFor(path)
  try {
    await writeFile(temp, Buffer.concat([body, crc]))
    await rename(temp, path)
  } catch (error) {
    await rm(temp, { force: true })
    throw error
  }
  return path
}

/** A kind's index read from beside the snapshot, or why it cannot be used. */
export type SuggestFileRead =
  | { readonly index: ValueIndex }
  | { readonly reason: 'none' | 'stale' | 'damaged' }

/**
 * A kind's index read from beside the snapshot, on this thread at once.
 *
 * @param snapshot - the snapshot's path
 * @param fingerprint - the snapshot's fingerprint now
 * @example
 * ```ts
 * readSuggestFile('corpus.dmx', '3-9f3a0c1e', 'email') // { index } or { reason: 'none' }
 * ```
 */
export function readSuggestFile(snapshot: string, fingerprint: string, kind: SuggestKind): SuggestFileRead {
  let file: Buffer
  try {
    file = readFileSync(suggestFilePath(snapshot, kind))
  } catch (error) {
    return absent(error)
  }
  const read = decoded(file, fingerprint, kind, (body) => crc32(body, 0))
  if (!('arrays' in read)) return read
  try {
    return { index: indexFromArrays(read.arrays) }
  } catch {
    return { reason: 'damaged' }
  }
}

/**
 * {@link readSuggestFile} without holding the event loop for long: the file is read by the
 * thread pool and its checksum computed a mebibyte at a time between turns of the event loop.
 *
 * @example
 * ```ts
 * await loadSuggestFile('corpus.dmx', '3-9f3a0c1e', 'email') // { index } or { reason: 'stale' }
 * ```
 */
export async function loadSuggestFile(
  snapshot: string,
  fingerprint: string,
  kind: SuggestKind,
): Promise<SuggestFileRead> {
  let file: Buffer
  try {
    file = await readFile(suggestFilePath(snapshot, kind))
  } catch (error) {
    return absent(error)
  }
  let crc = 0
  for (let at = 0; at < file.length - 4; at += CRC_SLICE) {
    crc = crc32(file.subarray(at, Math.min(at + CRC_SLICE, file.length - 4)), crc)
    await setImmediate()
  }
  const read = decoded(file, fingerprint, kind, () => crc)
  if (!('arrays' in read)) return read
  try {
    const checks = checkedParts(read.arrays)
    for (;;) {
      const step = checks.next()
      if (step.done === true) return { index: new ValueIndex(step.value) }
      await setImmediate()
    }
  } catch {
    return { reason: 'damaged' }
  }
}

// No file is `none`; a file that cannot be read (a directory, no permission, over 2 GiB) is
// `damaged`, so it is built again and replaced, and the caller says so.
function absent(error: unknown): SuggestFileRead {
  return (error as NodeJS.ErrnoException).code === 'ENOENT' ? { reason: 'none' } : { reason: 'damaged' }
}

const CRC_SLICE = 1 << 20

// The file's arrays once its signature, checksum and header hold, not yet checked to fit.
function decoded(
  bytes: Buffer,
  fingerprint: string,
  kind: SuggestKind,
  checksum: (body: Buffer) => number,
): { readonly arrays: IndexArrays } | { readonly reason: 'stale' | 'damaged' } {
  try {
    // The arrays are viewed in place: the buffer must start on an 8-byte boundary.
    const file = bytes.byteOffset % 8 === 0 ? bytes : Buffer.from(bytes)
    if (file.length < 16 || !file.subarray(0, 8).equals(MAGIC)) return { reason: 'damaged' }
    const end = file.length - 4
    if (checksum(file.subarray(0, end)) !== file.readUInt32LE(end)) return { reason: 'damaged' }
    const header = JSON.parse(file.subarray(12, 12 + file.readUInt32LE(8)).toString('utf8')) as Header
    if (header.fingerprint !== fingerprint || header.kind !== kind || header.encoding !== ENCODING) {
      return { reason: 'stale' }
    }
    return { arrays: viewArrays(file, header) }
  } catch {
    return { reason: 'damaged' }
  }
}

function viewArrays(file: Buffer, header: Header): IndexArrays {
  let at = align(12 + file.readUInt32LE(8))
  const out = {} as IndexArrays
  for (const name of ARRAYS) {
    const bytes = header.lengths[name]
    if (!Number.isInteger(bytes) || bytes < 0 || at + bytes > file.length - 4) throw new Error(name)
    out[name] = BYTE_ARRAYS.has(name)
      ? file.subarray(at, at + bytes)
      : new Uint32Array(file.buffer, file.byteOffset + at, bytes / 4)
    at = align(at + bytes)
  }
  if (at !== file.length - 4) throw new Error('length')
  return out
}

function align(at: number): number {
  return Math.ceil(at / 8) * 8
}
function padding(at: number): Uint8Array {
  return new Uint8Array(align(at) - at)
}
