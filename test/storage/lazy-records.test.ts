/**
 * SPEC 16, stored records read from disk: an opened snapshot leaves its stored WHOIS records on
 * disk and reads them through a block cache. Whatever the cache's size (none, a few blocks, the
 * default), every record, page and pivot equals the built engine's, over several record chunks;
 * the cache stays within its bound and counts its hits; `close()` ends the engine (later calls
 * throw `closed`) without ending an engine updated from it; an opened engine keeps reading the
 * file it opened after a save replaces the path (a point-in-time view).
 */
import { existsSync } from 'node:fs'
import { open, readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Engine } from '../../src/engine.js'
import { SnapshotError } from '../../src/errors.js'
import { writeSample } from '../../src/generate/write-sample.js'
import { commitTable } from '../../src/snapshot/format.js'
import { BLOCK_BYTES } from '../../src/storage/cache-options.js'
import type { WhoisRecord } from '../../src/types.js'
import { type TempFiles, tempFiles } from '../ingest/temp-files.js'

let files: TempFiles
let built: Engine
let snapshot: string
let domains: string[]
let deltaPath: string

// More than one chunk of 16,384 records, so that chunks' tables are read and evicted apart.
const RECORDS = 20_000

beforeAll(async () => {
  files = await tempFiles()
  const sample = await writeSample({ whois: RECORDS, dns: 2_000, seed: 11, out: join(files.dir, 'sample') })
  deltaPath = (await writeSample({ whois: 300, dns: 0, seed: 12, out: join(files.dir, 'delta') })).whois.path
  built = await Engine.build({
    whois: [sample.whois.path],
    dns: [
      { path: sample.mx.path, kind: 'mx' },
      { path: sample.txt.path, kind: 'txt' },
    ],
  })
  snapshot = join(files.dir, 'corpus.dmx')
  await built.save(snapshot)
  domains = []
  for await (const record of built.reverseAll({ created_from: '1000-01-01' }))
    domains.push(String(record.query))
  expect(domains.length).toBeGreaterThan(16_384)
}, 120_000)
afterAll(() => files.remove())

describe('stored records read from disk', () => {
  it.each([
    ['no cache', 0],
    ['three blocks', 3 * BLOCK_BYTES],
    ['the default', undefined],
  ])('with %s, every record and page equals the built engine', async (_, cacheBytes) => {
    const opened = await Engine.open(snapshot, cacheBytes === undefined ? {} : { cacheBytes })
    // Every record in a scattered order, so consecutive reads fall in different blocks and chunks.
    for (let i = 0; i < domains.length; i += 1) {
      const domain = domains[(i * 7919) % domains.length] as string
      expect(opened.whois({ domain })).toEqual(built.whois({ domain }))
    }
    for (const page of [1, 2, 50]) {
      const params = { created_from: '1000-01-01', page }
      expect(opened.reverse(params)).toEqual(built.reverse(params))
    }
    const some = domains[123] as string
    expect(opened.pivots({ domain: some })).toEqual(built.pivots({ domain: some }))
    const { cache } = opened.stats().memory
    expect(cache.misses).toBeGreaterThan(0)
    expect(cache.bytes).toBeLessThanOrEqual(Math.max(cache.capacity, BLOCK_BYTES))
    if (cacheBytes !== 0) expect(cache.hits).toBeGreaterThan(0)
    expect(cache.hitRate).toBeCloseTo(cache.hits / (cache.hits + cache.misses))
    await opened.close()
  })

  it('a closed engine refuses every call; an engine updated from it goes on', async () => {
    const opened = await Engine.open(snapshot, { cacheBytes: 0 })
    const updated = await opened.update({ whois: [deltaPath] })
    await opened.close()
    await opened.close()
    for (const call of [
      () => opened.whois({ domain: domains[0] as string }),
      () => opened.reverse({ created_from: '1000-01-01' }),
      () => opened.stats(),
    ]) {
      expect(call).toThrow(SnapshotError)
      expect(call).toThrow(/closed/)
    }
    const domain = domains[5] as string
    expect(updated.whois({ domain })).toEqual(built.whois({ domain }))
    await updated.close()
    expect(() => updated.whois({ domain })).toThrow(/closed/)
  })

  it('keeps reading the file it opened after a save replaces the path', async () => {
    const path = join(files.dir, 'replaced.dmx')
    await built.save(path)
    const opened = await Engine.open(path, { cacheBytes: 0 })
    const other = await Engine.build({ whois: [deltaPath] })
    await other.save(path)
    for (const domain of domains.slice(0, 2_000)) {
      expect(opened.whois({ domain })).toEqual(built.whois({ domain }))
    }
    expect((await Engine.open(path)).stats().counts.whois).toBe(other.stats().counts.whois)
    await opened.close()
  })

  it('saves an opened engine, copying its records from the file, to a snapshot that answers alike', async () => {
    const opened = await Engine.open(snapshot, { cacheBytes: 0 })
    const copy = join(files.dir, 'copy.dmx')
    await opened.save(copy)
    const reopened = await Engine.open(copy, { cacheBytes: 0 })
    for (const domain of domains.slice(-500)) {
      expect(reopened.whois({ domain }) as WhoisRecord).toEqual(built.whois({ domain }))
    }
    expect((await Engine.open(copy, { verify: true })).stats().counts).toEqual(built.stats().counts)
    await opened.close()
    await reopened.close()
  })

  it('a compacted engine shares the file: closing either leaves the other reading', async () => {
    const opened = await Engine.open(snapshot, { cacheBytes: 0 })
    const compacted = await opened.compact()
    await opened.close()
    const domain = domains[77] as string
    expect(compacted.whois({ domain })).toEqual(built.whois({ domain }))
    await compacted.close()
  })

  it('a save refuses to copy a damaged stored section into a new file', async () => {
    const damaged = join(files.dir, 'damaged.dmx')
    await built.save(damaged)
    const bytes = await readFile(damaged)
    // A byte in the middle of the first stored-record chunk, which open leaves on disk.
    const chunk = commitTable(bytes).entries.find((e) => e.name === 'segments.0.store.chunks.0')
    const opened = await Engine.open(damaged)
    const handle = await open(damaged, 'r+')
    const at = (chunk?.offset ?? 0) + ((chunk?.length ?? 0) >> 1)
    await handle.write(Uint8Array.of((bytes[at] as number) ^ 0x10), 0, 1, at)
    await handle.close()
    const copy = join(files.dir, 'copy-of-damaged.dmx')
    const error = await opened.save(copy).catch((e: unknown) => e)
    expect((error as SnapshotError).code).toBe('corrupt_snapshot')
    expect((error as SnapshotError).message).toMatch(/section segments\.0\.store\./)
    expect(existsSync(copy)).toBe(false)
    await opened.close()
  })

  it('refuses a cache size that is not a whole number of bytes, naming it', async () => {
    await expect(Engine.open(snapshot, { cacheBytes: -1 })).rejects.toThrow(
      /cacheBytes must be a whole number of bytes, got -1/,
    )
    await expect(Engine.open(snapshot, { cacheBytes: 1.5 })).rejects.toThrow(TypeError)
  })
})
