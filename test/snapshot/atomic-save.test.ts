/**
 * `engine.save` is atomic: it fails cleanly (a SnapshotError naming the file, no temporary file
 * left behind, a previous snapshot untouched) and replaces an existing snapshot only with a
 * complete one, so a reader never sees a partial file.
 */
import { chmodSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import { Engine } from '../../src/engine.js'
import { SnapshotError } from '../../src/errors.js'
import { tempDir } from './fixture.js'

const dir = tempDir()
let small: Engine
let large: Engine

async function saveError(engine: Engine, path: string): Promise<SnapshotError> {
  const outcome = await engine.save(path).then(
    () => 'saved',
    (error: unknown) => error,
  )
  if (!(outcome instanceof SnapshotError)) throw new Error(`saving ${path} gave ${String(outcome)}`)
  expect(outcome.file).toBe(path)
  return outcome
}

beforeAll(async () => {
  const line = (i: number) =>
    JSON.stringify({ domain: { name: `d${i}.com` }, registrant: { organization: 'Acme' } })
  writeFileSync(join(dir, 'one.jsonl'), line(0))
  writeFileSync(join(dir, 'many.jsonl'), Array.from({ length: 500 }, (_, i) => line(i)).join('\n'))
  small = await Engine.build({ whois: [join(dir, 'one.jsonl')] })
  large = await Engine.build({ whois: [join(dir, 'many.jsonl')] })
})

describe('atomic saves', () => {
  it('fails cleanly into a missing directory or under a file', async () => {
    expect((await saveError(small, join(dir, 'missing', 'x.dmx'))).code).toBe('unreadable_file')
    expect((await saveError(small, join(dir, 'one.jsonl', 'x.dmx'))).code).toBe('unreadable_file')
  })

  it('removes its temporary file when the final rename fails', async () => {
    const target = join(dir, 'rename-fails')
    mkdirSync(join(target, 'x.dmx'), { recursive: true })
    await saveError(small, join(target, 'x.dmx'))
    expect(readdirSync(target)).toEqual(['x.dmx'])
  })

  it.skipIf(process.getuid?.() === 0)('fails cleanly into a read-only directory', async () => {
    const readOnly = join(dir, 'read-only')
    mkdirSync(readOnly)
    chmodSync(readOnly, 0o555)
    try {
      await saveError(small, join(readOnly, 'x.dmx'))
      expect(readdirSync(readOnly)).toEqual([])
    } finally {
      chmodSync(readOnly, 0o755)
    }
  })

  it('replaces an existing snapshot with a complete one, readable at every moment', async () => {
    const target = join(dir, 'replace')
    mkdirSync(target)
    const path = join(target, 'corpus.dmx')
    await small.save(path)
    const saving = large.save(path)
    // Opened while the new file is written: the old or the new snapshot, whole.
    const during = await Engine.open(path)
    await saving
    expect([1, 500]).toContain(during.stats().counts.whois)
    expect((await Engine.open(path)).stats().counts.whois).toBe(500)
    expect(readdirSync(target)).toEqual(['corpus.dmx'])
  })
})
