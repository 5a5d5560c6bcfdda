/**
 * Issue 15, item 19: messages say what happened in words. A missing field is "missing", not
 * "got undefined"; an unknown option's message has balanced quotes, names the options and the
 * nearest one; a terminal that reports 0 columns gets a full-width progress bar; opening and
 * saving a snapshot report their progress.
 */
import { stat } from 'node:fs/promises'
import { join } from 'node:path'
import { expect, it } from 'vitest'
import { parseCommandArgs, UsageError } from '../../src/cli/args.js'
import { INPUT_LISTS, INPUT_OPTIONS } from '../../src/cli/inputs.js'
import { ProgressReporter } from '../../src/cli/progress.js'
import { Engine } from '../../src/engine.js'
import { HostCheck } from '../../src/ingest/host-check.js'
import { checkObservation } from '../../src/ingest/observation-record.js'
import type { Progress } from '../../src/types.js'
import { tempFiles, whoisRecord } from '../ingest/temp-files.js'

it('calls a missing field missing', () => {
  const hosts = new HostCheck()
  const meta = { context: '', is_metadata: true, type: 'host', value: 'a.com' }
  const noDate = checkObservation({ id: 'a', items: [meta] }, 'mx', hosts)
  expect(noDate.ok ? '' : noDate.reason).toBe('date is missing; it must be a YYYY-MM-DD calendar date')
  const noValue = checkObservation(
    { date: '2024-01-31', id: 'a', items: [meta, { context: 'dns-txt', is_metadata: false, type: 'txt' }] },
    'txt',
    hosts,
  )
  expect(noValue.ok ? '' : noValue.reason).toMatch(/^items\[1\]\.value is missing; it must be a string$/)
})

it('names an unknown option with balanced quotes, the options and the nearest one', () => {
  const parse = () => parseCommandArgs(['--wohis', 'x.jsonl'], INPUT_OPTIONS, INPUT_LISTS)
  expect(parse).toThrow(UsageError)
  expect(parse).toThrow(/^unknown option --wohis \(did you mean --whois\?\); options: --whois, /)
  let message = ''
  try {
    parse()
  } catch (error) {
    message = (error as Error).message
  }
  expect(message.split('"').length % 2).toBe(1)
  expect(message.split("'").length % 2).toBe(1)
})

it('draws a full-width bar when the terminal reports 0 columns', () => {
  const chunks: string[] = []
  const reporter = new ProgressReporter(
    { isTTY: true, columns: 0, write: (t: string) => chunks.push(t) },
    () => 1000,
  )
  reporter.update({ phase: 'read', bytes: 512, totalBytes: 1024, records: 10, rejects: 0 })
  const drawn = (chunks[0] as string).replace('\r\x1b[2K', '')
  expect(drawn.length).toBeGreaterThan(60)
  expect(drawn).toContain('50%')
})

it('reports the progress of a save (bytes written) and of an open (bytes read, then decoding)', async () => {
  const files = await tempFiles()
  try {
    const records = Array.from({ length: 50 }, (_, i) => whoisRecord(`p${i}.com`))
    const engine = await Engine.build({ whois: [await files.lines('w.jsonl', records)] })
    const path = join(files.dir, 's.dmx')
    const saving: Progress[] = []
    await engine.save(path, { onProgress: (p) => saving.push(p) })
    const size = (await stat(path)).size
    expect(saving.map((p) => p.phase)).toEqual([...saving.slice(0, -1).map(() => 'write'), 'done'])
    expect(saving.at(-1)).toMatchObject({ bytes: size, totalBytes: size })
    const opening: Progress[] = []
    const opened = await Engine.open(path, { onProgress: (p) => opening.push(p) })
    expect(opened.stats().counts.whois).toBe(50)
    expect([...new Set(opening.map((p) => p.phase))]).toEqual(['read', 'index', 'done'])
    const reads = opening.filter((p) => p.phase === 'read').map((p) => p.bytes)
    expect(reads).toEqual([...reads].sort((a, b) => a - b))
    expect(opening.every((p) => p.totalBytes === size)).toBe(true)
    const chunks: string[] = []
    let now = 0
    const bar = new ProgressReporter(
      { isTTY: true, columns: 120, write: (t: string) => chunks.push(t) },
      () => now,
      'open',
    )
    for (const p of opening) {
      now += 200
      bar.update(p)
    }
    expect(chunks.some((c) => c.includes('opening [') && !c.includes('records'))).toBe(true)
    expect(chunks.some((c) => c.includes('decoding'))).toBe(true)
  } finally {
    await files.remove()
  }
})
