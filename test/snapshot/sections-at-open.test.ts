/**
 * What `open()` reads must not grow with the records (SPEC 16): every section that does is left
 * on disk (snapshot/lazy-parts.ts). Two builds of the same generator, one four times the other;
 * the sections read at open may grow only with the record chunks (a few bytes a chunk of
 * thousands of records) and the skeleton (field names, codecs, load counts, the first rejects), never by a byte a
 * record. A growing section made eager again (the observations' key orders, a byte each, were
 * until now) fails it.
 */
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { Engine } from '../../src/engine.js'
import { writeSample } from '../../src/generate/write-sample.js'
import { commitTable } from '../../src/snapshot/format.js'
import { isLazySection } from '../../src/snapshot/lazy-parts.js'
import { tempDir } from './fixture.js'

const dir = tempDir()

/** Bytes of the sections read at open: the skeleton, and every other one. */
async function readAtOpen(records: number): Promise<{ skeleton: number; other: number; names: string[] }> {
  const files = await writeSample({
    out: join(dir, `s${records}`),
    whois: records,
    dns: 3 * records,
    seed: 7,
  })
  // One segment whatever the environment's budget: segments each hold their own small sections.
  const engine = await Engine.build(
    { whois: [files.whois.path], dns: [files.mx.path, files.txt.path] },
    { memoryBudget: 2 ** 31 },
  )
  const path = join(dir, `s${records}.dmx`)
  await engine.save(path)
  await engine.close()
  const { entries } = commitTable(new Uint8Array(await readFile(path)))
  let skeleton = 0
  let other = 0
  const names: string[] = []
  for (const entry of entries) {
    if (isLazySection(entry.name)) continue
    if (entry.name === 'skeleton') skeleton += entry.length
    else {
      other += entry.length
      names.push(`${entry.name} ${entry.length}`)
    }
  }
  return { skeleton, other, names }
}

describe('sections read at open', () => {
  it('grow by less than a tenth of a byte a record, the skeleton by less than half a byte', async () => {
    // Both past the first 1,000 rejects, which the skeleton keeps in full (load.rejects.kept).
    const small = await readAtOpen(6000)
    const large = await readAtOpen(24000)
    const extra = 24000 - 6000
    expect((large.other - small.other) / extra, large.names.join('\n')).toBeLessThan(0.1)
    expect((large.skeleton - small.skeleton) / extra).toBeLessThan(0.5)
  }, 120_000)
})
