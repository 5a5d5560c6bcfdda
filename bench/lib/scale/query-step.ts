/**
 * The open-and-query step of the scale benchmark, in a fresh process: `Engine.open` of the saved
 * snapshot (time, resident memory held, peak RSS), then every reverse and DNS family through the
 * engine's own methods (`engine.reverse`, `engine.mx`, `engine.txt`: validation, search, the page
 * of 100 decoded or the summary), timed after warm-up calls, answers kept for the peers' checks.
 */
import { Engine } from '../../../src/engine.js'
import type { Params } from '../../../src/types.js'
import { memoryGrowth, memoryNow, sample } from '../measure.js'
import { dnsAnswer, type FamilyResult, matchesOf, reverseAnswer } from './answers.js'
import { readFamilies, snapshotFile } from './run-files.js'

/** What the query step reports. */
export interface QueryResult {
  openMs: number
  held: { rss: number; heapUsed: number; external: number }
  /** RSS before the open. */
  rssBefore: number
  maxRss: number
  reverse: FamilyResult[]
  dns: FamilyResult[]
}

/**
 * Opens the snapshot and times every family.
 *
 * @param dir - the run directory (snapshot and families)
 * @param runs - timed runs per family (a family of many parameter sets runs each once)
 */
export async function queryStep(dir: string, runs: number): Promise<QueryResult> {
  const before = memoryNow()
  const t0 = performance.now()
  const engine = await Engine.open(snapshotFile(dir))
  const openMs = performance.now() - t0
  const after = memoryNow()
  const families = readFamilies(dir)

  const reverse = families.reverse.map(([name, params]): FamilyResult => {
    const answers = [reverseAnswer(engine.reverse(params))]
    const times = sample(() => engine.reverse(params), runs, 3)
    console.log(`${name}: ${matchesOf(answers[0])} results`)
    return { name, times, answers }
  })
  const dns = families.dns.map((family): FamilyResult => {
    const ask = (params: Params) => (family.kind === 'mx' ? engine.mx(params) : engine.txt(params))
    const answers = family.params.map((params) => dnsAnswer(ask(params)))
    const times: number[] = []
    if (family.params.length > 1) {
      // Many parameter sets (lookups by host): one warm-up, then each set once.
      ask(family.params[0] as Params)
      for (const params of family.params) times.push(...sample(() => ask(params), 1, 0))
    } else times.push(...sample(() => ask(family.params[0] as Params), runs, 3))
    console.log(`${family.name}: ${matchesOf(answers[0])} matches`)
    return { name: family.name, times, answers }
  })
  return {
    openMs,
    held: memoryGrowth(after, before),
    rssBefore: before.rss,
    maxRss: process.resourceUsage().maxRSS * 1024,
    reverse,
    dns,
  }
}
