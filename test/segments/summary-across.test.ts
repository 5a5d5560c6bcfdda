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
const spfValue = (v: number): string => `v=spf1 include:_spf${v % 7 === 0 ? 1 : v}.example ~all`
const obsArb = (min: number, max: number) =>
  fc.record({
    apex: fc.integer({ min: 0, max: 40 }),
    day: fc.integer({ min: 1, max: 9 }),
    values: fc.array(fc.integer({ min, max }).map(spfValue), { minLength: 1, maxLength: 3 }),
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

it('counts a candidate exactly in a segment that did not list it, deletions taken away', async () => {
  // limit 2. Each segment's own top two, and the sum of their floors (36 + 2 + 3 + 0 = 41): A
  // (40 + 2 + 2) and B (36 + 6 + 1) both beat it, and B's count in the third segment, where it is
  // not listed and one of its two observations was replaced, must be counted there: 1.
  let n = 0
  const many = (value: string, times: number, id = () => `o${n++}`): Observation[] =>
    Array.from({ length: times }, () =>
      observation(id(), '2024-01-01', apex(`d${n}.com`), txt(value), ns('ns.x.net')),
    )
  const source = async (name: string, list: Observation[]) => ({
    dns: [{ path: await files.lines(name, list), kind: 'txt' as const }],
  })
  const base = [...many('A', 40), ...many('B', 36)]
  const u1 = [...many('B', 6), ...many('A', 2)]
  const u2 = [...many('X', 3), ...many('Y', 3), ...many('A', 2), ...many('B', 2)]
  const replaced = u2[u2.length - 1] as Observation
  const u3 = [observation(replaced.id, '2024-01-01', apex('z.com'), txt('Z'), ns('ns.x.net'))]
  let engine = await Engine.build(await source('t-base.jsonl', base))
  for (const [i, list] of [u1, u2, u3].entries())
    engine = await engine.update(await source(`t-u${i}.jsonl`, list))
  expect(engine.stats().segments).toBe(4)
  const params = { summarize: 'txt', summary_context: 'dns-txt', summary_limit: 2 }
  expect(engine.txt(params)).toEqual({ summary: { other: 7, values: { A: 44, B: 43 } } })
  const kept = [...base, ...u1, ...u2.slice(0, -1), ...u3]
  const fresh = await Engine.build(await source('t-fresh.jsonl', kept))
  expect(engine.txt(params)).toEqual(fresh.txt(params))
})
