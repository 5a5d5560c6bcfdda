/**
 * Columns (storage/column.ts) read elements from disk through a one-block window: on random
 * arrays of every kind a column may hold, at random 8-aligned places in a file, with blocks of 16
 * bytes to 4 KiB and no cache, every element read in a random order, every range and copy, and
 * every lower bound of a sorted array equal what the same column gives over the array in memory.
 */
import { openSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import fc from 'fast-check'
import { afterAll, describe, expect, it } from 'vitest'
import { crc32 } from '../../src/snapshot/crc32.js'
import { BlockCache } from '../../src/storage/block-cache.js'
import { Column } from '../../src/storage/column.js'
import { LazyArray, type LazyArrayKind, type NumberArray } from '../../src/storage/lazy-array.js'
import { LazySection } from '../../src/storage/lazy-section.js'
import { StoredFile } from '../../src/storage/stored-file.js'
import { type TempFiles, tempFiles } from '../ingest/temp-files.js'

let files: TempFiles | undefined
afterAll(() => files?.remove())
let next = 0

const KINDS: Record<LazyArrayKind, (values: number[]) => NumberArray> = {
  Uint16Array: (v) => Uint16Array.from(v, (x) => x & 0xffff),
  Uint32Array: (v) => Uint32Array.from(v, (x) => x >>> 0),
  Int32Array: (v) => Int32Array.from(v, (x) => x | 0),
  Float64Array: (v) => Float64Array.from(v, (x) => x / 7),
}

/** The array written at `padding` × 8 bytes into a file, as a column read through no cache. */
async function onDisk(
  array: NumberArray,
  kind: LazyArrayKind,
  padding: number,
  blockBytes: number,
): Promise<Column> {
  files ??= await tempFiles()
  const path = join(files.dir, `column-${next++}.bin`)
  const bytes = new Uint8Array(array.buffer, array.byteOffset, array.byteLength)
  const file = new Uint8Array(padding * 8 + bytes.length + 24)
  file.set(bytes, padding * 8)
  writeFileSync(path, file)
  const stored = new StoredFile(path, openSync(path, 'r'), file.length, new BlockCache(0, blockBytes))
  const entry = { name: 'column', offset: padding * 8, length: bytes.length, crc: crc32(bytes, 0) }
  return new Column(new LazyArray(new LazySection(stored, entry), kind))
}

describe('Column', () => {
  it('reads every kind from disk as from memory, in any order, whatever the block size', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...(Object.keys(KINDS) as LazyArrayKind[])),
        fc.array(fc.integer({ min: -(2 ** 31), max: 2 ** 32 - 1 }), { minLength: 1, maxLength: 600 }),
        fc.nat(40),
        fc.constantFrom(16, 64, 4096),
        fc.array(fc.nat(), { maxLength: 200 }),
        async (kind, values, padding, blockBytes, picks) => {
          const array = KINDS[kind](values)
          const memory = new Column(array)
          const disk = await onDisk(array, kind, padding, blockBytes)
          expect(disk.length).toBe(array.length)
          for (const p of picks) expect(disk.at(p % array.length)).toBe(memory.at(p % array.length))
          for (let i = array.length - 1; i >= 0; i--) expect(disk.at(i)).toBe(array[i])
          const from = (picks[0] ?? 0) % array.length
          const to = from + (((picks[1] ?? 0) % (array.length - from)) + 1)
          expect([...disk.range(from, to)]).toEqual([...array.subarray(from, to)])
          const into = KINDS[kind](new Array(to - from + 3).fill(0))
          disk.copy(from, to, into, 3)
          expect([...into.subarray(3)]).toEqual([...array.subarray(from, to)])
        },
      ),
      { seed: 1604, numRuns: 150 },
    )
  })

  it('finds lower bounds in sorted columns on disk as in memory', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.nat(5000), { minLength: 1, maxLength: 800 }),
        fc.array(fc.integer({ min: -5, max: 5005 }), { minLength: 1, maxLength: 30 }),
        fc.constantFrom(16, 64),
        async (values, probes, blockBytes) => {
          const sorted = Uint32Array.from(values).sort()
          const memory = new Column(sorted)
          const disk = await onDisk(sorted, 'Uint32Array', 1, blockBytes)
          for (const x of probes) {
            const lo = Math.min(sorted.length, Math.abs(x) % 7)
            expect(disk.lowerBound(x, lo, sorted.length)).toBe(memory.lowerBound(x, lo, sorted.length))
          }
        },
      ),
      { seed: 1605, numRuns: 100 },
    )
  })
})
