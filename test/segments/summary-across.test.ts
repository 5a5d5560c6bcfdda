/**
 * Summaries over several segments (collect/summary.ts summarizeParts): the largest segment's
 * counts are pruned against the top list's floor less the most a smaller segment adds, so many
 * distinct values with a small `summary_limit` exercise the pruning. Each updated engine must
 * summarise exactly as a fresh build of the same observations.
 */
import fc from 'fast-check'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { Engine } from '../../src/engine.js'
import type { Observation } from '../../src/types.js'
import { apex, ns, observation, txt } from '../dns/observations.js'
import { type TempFiles, tempFiles } from '../ingest/temp-files.js'

let files: TempFiles
beforeAll(async () => {
  files = await tempFiles()
})
afterAll(async () => {
  await files.remove()
})

// Values drawn from a skewed pool, so counts tie and spread across the floor.
const valueOf = (v: number): string => `v=spf1 include:_spf${v % 7 === 0 ? 1 : v}.example ~all`
const obsArb = (min: number, max: number) =>
  fc.record({
    apex: fc.integer({ min: 0, max: 40 }),
    day: fc.integer({ min: 1, max: 9 }),
    values: fc.array(fc.integer({ min, max }).map(valueOf), { minLength: 1, maxLength: 3 }),
  })

function toObservation(o: { apex: number; day: number; values: string[] }, id: string): Observation {
  return observation(id, `2024-01-0${o.day}`, apex(`a${o.apex}.com`), ...o.values.map(txt), ns('ns1.dns.net'))
}

it('summaries across segments equal a fresh build, most_recent and limits included', async () => {
  let run = 0
  await fc.assert(
    fc.asyncProperty(
      fc.array(obsArb(0, 399), { minLength: 100, maxLength: 300 }),
      // Updates favour a band of values, which their counts lift past values the base ranks higher.
      fc.array(fc.array(obsArb(8, 30), { minLength: 0, maxLength: 60 }), { minLength: 1, maxLength: 3 }),
      fc.integer({ min: 1, max: 6 }),
      fc.boolean(),
      async (base, updates, limit, mostRecent) => {
        run++
        const all = [...base.map((o, i) => toObservation(o, `b${i}`))]
        let engine = await Engine.build({
          dns: [{ path: await files.lines(`b${run}.jsonl`, all), kind: 'txt' }],
        })
        for (const [u, update] of updates.entries()) {
          // Half of each update's observations replace held ids.
          const added = update.map((o, i) =>
            toObservation(o, i % 2 === 0 && i < all.length ? `b${i}` : `u${u}-${i}`),
          )
          engine = await engine.update({
            dns: [{ path: await files.lines(`u${run}-${u}.jsonl`, added), kind: 'txt' }],
          })
          const ids = new Set(added.map((o) => o.id))
          all.splice(0, all.length, ...all.filter((o) => !ids.has(o.id)), ...added)
        }
        const fresh = await Engine.build({
          dns: [{ path: await files.lines(`f${run}.jsonl`, all), kind: 'txt' }],
        })
        const params = {
          summarize: 'txt',
          summary_context: 'dns-txt',
          summary_limit: limit,
          most_recent: mostRecent,
        }
        expect(engine.txt(params)).toEqual(fresh.txt(params))
        expect(engine.txt({ ...params, summarize: 'host', summary_context: '' })).toEqual(
          fresh.txt({ ...params, summarize: 'host', summary_context: '' }),
        )
      },
    ),
    { seed: 14, numRuns: 25 },
  )
})
