/**
 * Papercuts round 2, items 1 and 13: rejects of raw DNS record files (`dns-records`, `zdns`) were
 * lost. The parse task added the replay's uncounted rejects to a count read before the replay ran,
 * so `stats().rejects.count` missed every kept reject and `--max-rejects` let a file of only bad
 * records through. Every reject now counts, in a build and an update, in the calling thread and on
 * workers, below and beyond the 1,000 kept in full.
 */
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Engine } from '../../src/engine.js'
import { runCli } from '../cli/run-cli.js'
import { type TempFiles, tempFiles } from '../ingest/temp-files.js'

let files: TempFiles
beforeAll(async () => {
  files = await tempFiles()
})
afterAll(() => files.remove())

const DAY = '2024-03-05'

/** `bad` raw MX records at an empty name (each a reject), then `good` ones at distinct apexes. */
function rawLines(bad: number, good: number): unknown[] {
  const lines: unknown[] = []
  for (let i = 0; i < bad; i++)
    lines.push({ name: '', type: 'mx', value: `10 mx${i}.example.net`, date: DAY })
  for (let i = 0; i < good; i++)
    lines.push({ name: `ok${i}.com`, type: 'mx', value: '10 mx.ok.net', date: DAY })
  return lines
}

describe('raw DNS record rejects are counted', () => {
  it.each([
    [0, 6],
    [1, 6],
    [0, 1_500],
    [1, 1_500],
  ])('workers %i, %i bad records: stats count every one', async (workers, bad) => {
    const path = await files.lines(`raw-${workers}-${bad}.jsonl`, rawLines(bad, 3))
    const seen: number[] = []
    const engine = await Engine.build(
      { dns: [{ path, kind: 'mx' }] },
      { workers, onReject: (reject) => seen.push(reject.line) },
    )
    const { rejects, counts } = engine.stats()
    expect(counts.mx).toBe(3)
    expect(rejects.count).toBe(bad)
    expect(rejects.kept.length).toBe(Math.min(bad, 1_000))
    expect(seen.length).toBe(bad)
  })

  it('an update counts its raw-record rejects too', async () => {
    const base = await files.lines('base.jsonl', rawLines(0, 2))
    const delta = await files.lines('delta.jsonl', rawLines(4, 1))
    const engine = await Engine.build({ dns: [{ path: base, kind: 'mx' }] }, { workers: 0 })
    const updated = await engine.update({ dns: [{ path: delta, kind: 'mx' }] }, { workers: 0 })
    expect(updated.stats().rejects.count).toBe(4)
  })

  it('domindex build --max-rejects applies to them: a file of only bad records fails and saves nothing', async () => {
    const input = await files.lines('only-bad.jsonl', rawLines(6, 0))
    const out = join(files.dir, 'never.dmx')
    const rejectsFile = join(files.dir, 'rejects.jsonl')
    const result = await runCli([
      'build',
      '--dns',
      input,
      '--out',
      out,
      '--max-rejects',
      '2',
      '--rejects',
      rejectsFile,
    ])
    expect(result.status).toBe(1)
    expect(result.stderr).toContain('6 rejects')
    expect(result.stderr).toContain('nothing saved')
    expect((await readFile(rejectsFile, 'utf8')).trimEnd().split('\n')).toHaveLength(6)
  })
})
