/**
 * Issue 15, item 14: `reverseAll`, `mxAll` and `txtAll` match once and then page through that one
 * match set, instead of re-running the whole query for every page; they still answer exactly what
 * paging by hand answers, also over several segments with deletions.
 */
import { afterAll, beforeAll, expect, it } from 'vitest'
import { Engine } from '../../src/engine.js'
import type { Observation, Params, WhoisRecord } from '../../src/types.js'
import { observation, type TempFiles, tempFiles, whoisRecord } from '../ingest/temp-files.js'

let files: TempFiles
let engine: Engine
beforeAll(async () => {
  files = await tempFiles()
  const names = (prefix: string, n: number) => Array.from({ length: n }, (_, i) => `${prefix}${i}.com`)
  const built = await Engine.build({
    whois: [
      await files.lines(
        'w.jsonl',
        names('a', 260).map((n) => whoisRecord(n)),
      ),
    ],
    dns: [
      {
        path: await files.lines(
          'mx.jsonl',
          names('a', 230).map((n, i) => observation(`m${i}`, n, 'mx')),
        ),
        kind: 'mx',
      },
      {
        path: await files.lines(
          'txt.jsonl',
          names('a', 210).map((n, i) => observation(`t${i}`, n, 'txt')),
        ),
        kind: 'txt',
      },
    ],
  })
  // A second segment and deletions, so the iterators merge across segments.
  const removed = names('a', 40).filter((_, i) => i % 3 === 0)
  engine = await built.update(
    {
      whois: [
        await files.lines(
          'w2.jsonl',
          names('b', 120).map((n) => whoisRecord(n)),
        ),
      ],
      dns: [
        {
          path: await files.lines(
            'mx2.jsonl',
            names('b', 90).map((n, i) => observation(`n${i}`, n, 'mx')),
          ),
          kind: 'mx',
        },
      ],
    },
    { remove: { whois: removed } },
  )
})
afterAll(async () => {
  await files.remove()
})

/** Parameters whose `nameserver` counts how often the query is read. */
function counted(): { params: Params; reads: () => number } {
  let reads = 0
  const params = {}
  Object.defineProperty(params, 'nameserver', {
    enumerable: true,
    get() {
      reads++
      return 'example-dns.net'
    },
  })
  return { params: params as Params, reads: () => reads }
}

async function collect<T>(it: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = []
  for await (const x of it) out.push(x)
  return out
}

function byHand<T>(search: (p: Params) => unknown): T[] {
  const out: T[] = []
  for (let page = 0; ; page++) {
    const answer = search({ nameserver: 'example-dns.net', page }) as { pages: number; results: T[] }
    out.push(...answer.results)
    if (page + 1 >= answer.pages) return out
  }
}

it.each([
  [
    'reverseAll',
    (e: Engine, p: Params) => e.reverseAll(p),
    (e: Engine) => byHand<WhoisRecord>((p) => e.reverse(p)),
  ],
  ['mxAll', (e: Engine, p: Params) => e.mxAll(p), (e: Engine) => byHand<Observation>((p) => e.mx(p))],
  ['txtAll', (e: Engine, p: Params) => e.txtAll(p), (e: Engine) => byHand<Observation>((p) => e.txt(p))],
] as const)('%s reads its query once and answers what paging by hand does', async (_name, all, hand) => {
  const { params, reads } = counted()
  const results = await collect<unknown>(all(engine, params))
  expect(results.length).toBeGreaterThan(200)
  expect(results).toEqual(hand(engine))
  expect(reads()).toBe(1)
})
