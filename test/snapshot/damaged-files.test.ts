/**
 * `Engine.open` refuses every damaged or foreign file with a SnapshotError naming it, never with
 * another exception and never with an engine: a byte flipped in each section read at open, in
 * every header byte and across the section table; a byte flipped in a section left on disk (the
 * stored records, SPEC 16) is refused by the first query that reads it, naming the section, and by
 * `open` with `verify`; truncation at every section boundary ±1 and at a sample of
 * other offsets; bytes appended; another format version or signature; a missing file.
 */
import {
  closeSync,
  copyFileSync,
  openSync,
  readFileSync,
  readSync,
  truncateSync,
  writeFileSync,
  writeSync,
} from 'node:fs'
import { join } from 'node:path'
import fc from 'fast-check'
import { beforeAll, describe, expect, it } from 'vitest'
import { Engine } from '../../src/engine.js'
import { SnapshotError, type SnapshotErrorCode } from '../../src/errors.js'
import { commitTable, HEADER_BYTES, type SectionEntry } from '../../src/snapshot/format.js'
import { isLazySection } from '../../src/snapshot/lazy-parts.js'
import { SAMPLE, tempDir } from './fixture.js'

/** A memory budget no test corpus fills: one segment whatever DOMINDEX_MEMORY_BUDGET says. */
const ONE_PART = 2 ** 40

const dir = tempDir()
const original = join(dir, 'good.dmx')
const damaged = join(dir, 'damaged.dmx')
let sections: SectionEntry[] = []
let tableStart = 0
let tableBytes = 0
let size = 0
let domains: string[] = []

async function openError(path: string): Promise<SnapshotError> {
  const outcome = await Engine.open(path).then(
    () => 'opened',
    (error: unknown) => error,
  )
  if (!(outcome instanceof SnapshotError))
    throw new Error(`${path} gave ${String(outcome)}, not a SnapshotError`)
  expect(outcome.file).toBe(path)
  expect(outcome.message).toContain(path)
  return outcome
}

function flipAt(position: number): void {
  const fd = openSync(damaged, 'r+')
  try {
    const byte = new Uint8Array(1)
    readSync(fd, byte, 0, 1, position)
    byte[0] = (byte[0] as number) ^ 0x10
    writeSync(fd, byte, 0, 1, position)
  } finally {
    closeSync(fd)
  }
}

/** The code `open` gives with one byte flipped at `position`; the file is repaired afterwards. */
async function codeWithFlip(position: number): Promise<SnapshotErrorCode> {
  flipAt(position)
  try {
    return (await openError(damaged)).code
  } finally {
    flipAt(position)
  }
}

beforeAll(async () => {
  // Every section of the file is damaged in turn: one segment's.
  const engine = await Engine.build(SAMPLE, { memoryBudget: ONE_PART })
  engine.prioritize({ domain: 'example.org' })
  await engine.save(original)
  copyFileSync(original, damaged)
  const bytes = readFileSync(original)
  size = bytes.length
  const table = commitTable(bytes)
  tableStart = table.commit.tableOffset
  tableBytes = table.commit.tableBytes
  sections = table.entries
  domains = readFileSync('data/whois.jsonl', 'utf8')
    .trimEnd()
    .split('\n')
    .map((line) => String((JSON.parse(line) as { query: unknown }).query))
})

/**
 * What reading every stored record of the damaged file gives (every record section, and the
 * domains dictionary, is read), or with `copy` what saving it elsewhere gives (every section left
 * on disk is copied, checksum checked): the error, or 'read'.
 */
async function readAllRecords(copy = false): Promise<unknown> {
  // A section that open itself reads a little of (a DNS index's field names) is refused there.
  const engine = await Engine.open(damaged, { cacheBytes: 0 }).catch((error: unknown) => error)
  if (!(engine instanceof Engine)) return engine
  try {
    if (copy) await engine.save(join(dir, 'copy.dmx'))
    else for (const domain of domains) engine.whois({ domain })
    return 'read'
  } catch (error) {
    return error
  } finally {
    await engine.close()
  }
}

describe('damaged snapshots', () => {
  it('opens the undamaged file (the damage below is what fails)', async () => {
    expect((await Engine.open(damaged)).stats().counts.whois).toBe(3000)
    expect(sections.length).toBeGreaterThan(100)
  })

  it('refuses a byte flipped in each section read at open, at its first, middle and last byte', async () => {
    for (const section of sections.filter((s) => s.length > 0 && !isLazySection(s.name))) {
      const offsets = new Set([0, section.length >> 1, section.length - 1])
      for (const offset of offsets) {
        const code = await codeWithFlip(section.offset + offset)
        expect(code, `${section.name} + ${offset}`).toBe('corrupt_snapshot')
      }
    }
  })

  it('refuses a byte flipped in a section left on disk at the first read or copy of it, and at open with verify', async () => {
    const lazy = sections.filter((s) => s.length > 0 && isLazySection(s.name))
    expect(lazy.map((s) => s.name)).toContain('segments.0.store.chunks.0')
    for (const section of lazy) {
      for (const offset of new Set([0, section.length >> 1, section.length - 1])) {
        flipAt(section.offset + offset)
        try {
          const readByLookups = /\.store\.(?:chunks|tables|domains)\./.test(section.name)
          const outcome = await readAllRecords(!readByLookups)
          const where = `${section.name} + ${offset}`
          expect(outcome, where).toBeInstanceOf(SnapshotError)
          expect((outcome as SnapshotError).code, where).toBe('corrupt_snapshot')
          expect((outcome as SnapshotError).file, where).toBe(damaged)
          expect((outcome as SnapshotError).message, where).toContain(`section ${section.name}`)
          const verified = await Engine.open(damaged, { verify: true }).then(
            () => 'opened',
            (error: unknown) => error,
          )
          expect((verified as SnapshotError).code, where).toBe('corrupt_snapshot')
        } finally {
          flipAt(section.offset + offset)
        }
      }
    }
    expect(await readAllRecords()).toBe('read')
    expect(await readAllRecords(true)).toBe('read')
  })

  it('refuses a byte flipped anywhere in the header', async () => {
    for (let position = 0; position < HEADER_BYTES; position++) {
      const code = await codeWithFlip(position)
      // The signature and the version decide compatibility; the byte-order mark is the other
      // order's or damage; the commit slots are checksummed, and an unused one must be all zero.
      const expected = position < 12 ? 'incompatible_snapshot' : 'corrupt_snapshot'
      expect(code, `header byte ${position}`).toBe(expected)
    }
  })

  it('refuses a byte flipped in the section table', async () => {
    for (let position = tableStart; position < tableStart + tableBytes; position += 7) {
      expect(await codeWithFlip(position), `table byte ${position}`).toBe('corrupt_snapshot')
    }
  })

  it('refuses truncation at every section boundary ±1 and at sampled offsets', async () => {
    const cuts = new Set([
      0,
      1,
      7,
      8,
      12,
      15,
      16,
      63,
      64,
      HEADER_BYTES - 1,
      HEADER_BYTES,
      tableStart,
      size - 1,
    ])
    for (const s of sections)
      for (const at of [s.offset, s.offset + s.length]) for (const d of [-1, 0, 1]) cuts.add(at + d)
    for (const at of fc.sample(fc.integer({ min: 0, max: size - 1 }), { numRuns: 40, seed: 7 })) cuts.add(at)
    cuts.delete(size)
    cuts.delete(size + 1)
    // Longest first, so each cut only shortens the file further and nothing is copied between.
    for (const at of [...cuts].sort((a, b) => b - a)) {
      truncateSync(damaged, at)
      expect((await openError(damaged)).code, `truncated to ${at}`).toBe('corrupt_snapshot')
    }
    copyFileSync(original, damaged)
  })

  it('opens a file with bytes after its commit (a save in place a kill cut short) as that commit', async () => {
    writeFileSync(damaged, Buffer.concat([readFileSync(original), Buffer.alloc(4096, 0x5a)]))
    const engine = await Engine.open(damaged, { verify: true })
    expect(engine.stats().counts.whois).toBe(3000)
    await engine.close()
    copyFileSync(original, damaged)
  })

  it('refuses another format version as incompatible, checksums intact', async () => {
    const bytes = readFileSync(original)
    // Version 4 held DNS strings as JS string tables, version 3 numbered DNS host keys and items
    // in another order, version 2 held the records uncompressed, version 1 an earlier layout
    // still: refused, never misread.
    // Version 7 was one file written whole at every save, its header holding the table.
    for (const version of [1, 2, 3, 4, 5, 7, 8]) {
      bytes.writeUInt32LE(version, 8)
      const path = join(dir, `version${version}.dmx`)
      writeFileSync(path, bytes)
      const error = await openError(path)
      expect(error.code).toBe('incompatible_snapshot')
      expect(error.message).toContain(`version ${version}; this version of domindex reads version 9`)
    }
  })

  it('refuses a file of another kind as incompatible, and a missing file as unreadable', async () => {
    expect((await openError('data/whois.jsonl')).code).toBe('incompatible_snapshot')
    expect((await openError(join(dir, 'absent.dmx'))).code).toBe('unreadable_file')
    expect((await openError(dir)).code).toBe('unreadable_file')
  })
})
