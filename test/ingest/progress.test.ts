import { statSync } from 'node:fs'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { loadSources } from '../../src/ingest/load.js'
import { ProgressClock } from '../../src/ingest/progress-clock.js'
import type { Progress } from '../../src/types.js'
import { type TempFiles, tempFiles, whoisRecord } from './temp-files.js'

let files: TempFiles
beforeAll(async () => {
  files = await tempFiles()
})
afterAll(() => files.remove())
afterEach(() => {
  vi.useRealTimers()
})

describe('progress', () => {
  it('reports read progress once a second has passed, not more often', () => {
    vi.useFakeTimers({ toFake: ['performance'] })
    const seen: Progress[] = []
    const clock = new ProgressClock((p) => seen.push(p), 1000)
    clock.tick(10, 1, 0)
    vi.advanceTimersByTime(999)
    clock.tick(20, 2, 0)
    expect(seen).toEqual([])
    vi.advanceTimersByTime(1)
    clock.tick(30, 3, 1)
    clock.tick(40, 4, 1)
    expect(seen).toEqual([{ phase: 'read', bytes: 30, totalBytes: 1000, records: 3, rejects: 1 }])
    vi.advanceTimersByTime(1500)
    clock.tick(50, 5, 1)
    expect(seen).toHaveLength(2)
  })

  it('ends with one done report whose bytes equal the summed file sizes, compressed for gzip', async () => {
    const text = Array.from({ length: 500 }, (_, i) => JSON.stringify(whoisRecord(`d${i}.com`))).join('\n')
    const plain = await files.write('p.jsonl', `${text}\nnot json\n`)
    const packed = await files.gzip('p.jsonl.gz', text)
    const seen: Progress[] = []
    const loaded = await loadSources(
      { whois: [plain, packed] },
      { onProgress: (p) => seen.push(p), chunkSize: 4096 },
    )
    const last = seen.at(-1)
    expect(seen.filter((p) => p.phase === 'done')).toHaveLength(1)
    expect(last).toEqual({
      phase: 'done',
      bytes: loaded.stats.bytes,
      totalBytes: loaded.stats.bytes,
      records: 1000,
      rejects: 1,
    })
    expect(loaded.stats.sources.map((s) => s.bytes)).toEqual([
      Buffer.byteLength(`${text}\nnot json\n`),
      statSync(packed).size,
    ])
  })
})
