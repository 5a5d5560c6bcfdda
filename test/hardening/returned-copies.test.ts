/**
 * Issue 15, items 7 and 8: nothing a caller receives is the engine's own object. Mutating a
 * returned observation kept verbatim, or the rejects and sources of stats(), changes no later
 * answer and no later save.
 */
import { afterAll, beforeAll, expect, it } from 'vitest'
import { Engine } from '../../src/engine.js'
import type { Envelope, Observation } from '../../src/types.js'
import { apex, ns, observation, txt } from '../dns/observations.js'
import { type TempFiles, tempFiles } from '../ingest/temp-files.js'

let files: TempFiles
beforeAll(async () => {
  files = await tempFiles()
})
afterAll(async () => {
  await files.remove()
})

it('returns a fresh object for an observation kept verbatim', async () => {
  const kept = {
    ...observation('t1', '2024-01-02', apex('a.com'), txt('v=spf1 -all'), ns('ns.a.net')),
    ttl: 300,
  }
  const engine = await Engine.build({ dns: [{ path: await files.lines('obs.jsonl', [kept]), kind: 'txt' }] })
  const first = (engine.txt({ host: 'a.com' }) as Envelope<Observation>).results[0] as Observation
  first['ttl'] = 1
  ;(first.items[0] as { value: string }).value = 'changed.com'
  expect(engine.txt({ host: 'a.com' })).toEqual({ page: 0, pages: 1, result_count: 1, results: [kept] })
})

it('returns copies of its rejects and sources from stats()', async () => {
  const path = await files.write('whois.jsonl', '{"query":"a.com"}\nnot json\n')
  const engine = await Engine.build({ whois: [path] })
  const stats = engine.stats()
  stats.rejects.kept.length = 0
  stats.rejects.count = 99
  stats.sources.length = 0
  const again = engine.stats()
  expect(again.rejects.count).toBe(1)
  expect(again.rejects.kept).toHaveLength(1)
  expect(again.sources).toHaveLength(1)
  await engine.save(`${files.dir}/s.dmx`)
  const opened = (await Engine.open(`${files.dir}/s.dmx`)).stats()
  expect(opened.rejects.count).toBe(1)
  expect(opened.sources).toHaveLength(1)
})
