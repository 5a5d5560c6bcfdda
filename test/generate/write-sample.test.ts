import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { writeSample } from '../../src/generate/write-sample.js'
import { loadSources } from '../../src/ingest/load.js'
import { type TempFiles, tempFiles } from '../ingest/temp-files.js'

let files: TempFiles
beforeAll(async () => {
  files = await tempFiles()
})
afterAll(() => files.remove())

describe('writeSample', () => {
  it('writes the same bytes on every run', async () => {
    const a = await writeSample({ whois: 400, dns: 900, seed: 12, out: join(files.dir, 'a') })
    const b = await writeSample({ whois: 400, dns: 900, seed: 12, out: join(files.dir, 'b', 'nested') })
    for (const name of ['whois.jsonl', 'dns-mx.jsonl', 'dns-txt.jsonl']) {
      const left = await readFile(join(files.dir, 'a', name))
      expect(left.equals(await readFile(join(files.dir, 'b', 'nested', name)))).toBe(true)
    }
    expect(a.whois.records).toBe(400)
    expect(a.mx.records + a.txt.records).toBe(900)
    expect(a.whois.bytes).toBe((await readFile(a.whois.path)).length)
    expect(b.mx.bytes).toBe(a.mx.bytes)
  })

  it('writes files that load without a reject when the DNS kinds are declared', async () => {
    const out = join(files.dir, 'c')
    const sample = await writeSample({ whois: 600, dns: 1200, seed: 1, out })
    const loaded = await loadSources({
      whois: [sample.whois.path],
      dns: [
        { path: sample.mx.path, kind: 'mx' },
        { path: sample.txt.path, kind: 'txt' },
      ],
    })
    expect(loaded.stats).toMatchObject({
      whoisRecords: 600,
      whoisReplaced: 0,
      observations: 1200,
      datesUnparsed: 0,
      rejects: { count: 0 },
    })
    expect(loaded.mx).toHaveLength(sample.mx.records)
  })

  it('reproduces the committed sample in data/ byte for byte (the command of data/README.md)', async () => {
    const out = join(files.dir, 'data')
    await writeSample({ whois: 3000, dns: 6000, seed: 1, out })
    for (const name of ['whois.jsonl', 'dns-mx.jsonl', 'dns-txt.jsonl']) {
      const committed = await readFile(fileURLToPath(new URL(`../../data/${name}`, import.meta.url)))
      expect((await readFile(join(out, name))).equals(committed)).toBe(true)
    }
  })
})
