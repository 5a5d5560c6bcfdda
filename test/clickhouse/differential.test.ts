/**
 * The ClickHouse engine against the embedded engine, on the same corpus: exported through
 * `exportToClickHouse` into Distributed tables over the local two-shard cluster (asked through the
 * second server, so every query crosses shards), and into plain tables on one server without a
 * cluster. Random queries of every family and combination (seeded, reproducible) must give deep-equal
 * answers: counts, ordered pages, summaries, and the same errors. Then arbitrary strings in every
 * parameter: never a SQL error, always the embedded engine's answer.
 *
 * Then a sequence of updates (updates.ts) appended to both exports (`append: true`): after each,
 * the same random queries against `Engine.build` over the surviving records (SPEC 12's meaning of
 * an update), which the embedded engine's own `update` chain must also equal. The cluster export
 * keeps the replaced rows as dead rows until the last update compacts it; the single server
 * compacts after the first update and keeps dead rows after the second.
 */
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ApiTarget } from '../../src/api/routes.js'
import { ClickHouseEngine } from '../../src/clickhouse/clickhouse-engine.js'
import { exportToClickHouse } from '../../src/clickhouse/export.js'
import { Engine } from '../../src/engine.js'
import { loadSources } from '../../src/ingest/load.js'
import type { SuggestParams } from '../../src/query/suggest-params.js'
import type { Observation, Params, Sources, WhoisRecord } from '../../src/types.js'
import { clusterBinaries, describeCluster } from './cluster-fixture.js'
import { readLines, vocabularyOf, writeCorpus } from './corpus.js'
import { type LocalCluster, startLocalCluster } from './local-cluster.js'
import { dnsParams, type Family, reverseParams, whoisParams } from './query-arbitraries.js'
import { Reference, type UpdateStep, writeUpdates } from './updates.js'

describeCluster('ClickHouseEngine answers as the embedded engine', () => {
  let cluster: LocalCluster
  let dir: string
  let engine: Engine
  let sharded: ClickHouseEngine
  let single: ClickHouseEngine
  let families: Record<Family, fc.Arbitrary<Params>>
  let sources: Sources

  beforeAll(async () => {
    cluster = await startLocalCluster(clusterBinaries!)
    try {
      await setUp()
    } catch (error) {
      throw new Error(`set-up failed: ${String(error)}\n${await cluster.logs()}`)
    }
  })

  async function setUp(): Promise<void> {
    dir = await mkdtemp(join(tmpdir(), 'domindex-ch-corpus-'))
    const corpus = await writeCorpus(dir, { whois: 300, dns: 600 }, 7)
    sources = corpus.sources
    const vocabulary = corpus.vocabulary
    engine = await Engine.build(sources)
    const url = cluster.urls[0]!
    await exportToClickHouse(sources, { url, database: 'dmx', cluster: cluster.cluster })
    await exportToClickHouse(sources, { url, database: 'dmx_single' })
    sharded = await ClickHouseEngine.connect({ url: cluster.urls[1]!, database: 'dmx' })
    single = await ClickHouseEngine.connect({ url, database: 'dmx_single' })
    families = {
      whois: whoisParams(vocabulary),
      reverse: reverseParams(vocabulary),
      mx: dnsParams(vocabulary, 'mx'),
      txt: dnsParams(vocabulary, 'txt'),
    }
  }

  afterAll(async () => {
    sharded?.close()
    single?.close()
    await cluster?.stop()
    if (dir !== undefined) await rm(dir, { recursive: true, force: true })
  })

  it('spreads the corpus over both shards', async () => {
    for (const url of cluster.urls) {
      expect(await countOn(url, 'SELECT count() FROM dmx.whois_local')).toBeGreaterThan(50)
    }
  })

  for (const family of ['whois', 'reverse', 'mx', 'txt'] as const) {
    it(`${family}: random queries give the same answers on the cluster and on one server`, async () => {
      let nonEmpty = 0
      let pivots = 0
      await fc.assert(
        fc.asyncProperty(families[family], async (params) => {
          const expected = embedded(engine, family, params)
          expect(await remote(sharded, family, params)).toEqual(expected)
          expect(await remote(single, family, params)).toEqual(expected)
          if (hasResults(expected)) nonEmpty++
          if (hasResults(expected) && ('email' in params || 'registrar' in params)) pivots++
        }),
        { numRuns: family === 'whois' ? 60 : 150, seed: 42 },
      )
      // The arbitraries draw from the corpus, so most queries find something: a guard against
      // a property that only ever compares empty answers (or errors), email and registrar too
      // (seed 42 gives 9 of 32 such queries answered with results).
      expect(nonEmpty).toBeGreaterThan(MIN_NON_EMPTY[family])
      if (family === 'reverse') expect(pivots).toBeGreaterThan(3)
    })
  }

  it('gives the same answer, never a SQL error, for arbitrary strings in every parameter', async () => {
    const names: Record<Family, readonly string[]> = {
      whois: ['domain', 'apex_domain'],
      reverse: [
        'phrase',
        'street',
        'postalcode',
        'phone',
        'slop',
        'name',
        'nameserver',
        'email',
        'registrar',
        'created_from',
        'created_to',
        'updated_from',
        'updated_to',
        'expires_from',
        'expires_to',
        'page',
      ],
      mx: [
        'host',
        'nameserver',
        'most_recent',
        'summarize',
        'summary_context',
        'summary_limit',
        'expression',
        'from',
        'to',
        'filter',
        'page',
      ],
      txt: ['txt', 'host', 'nameserver', 'summarize', 'summary_context', 'expression', 'filter'],
    }
    const text = fc.string({ unit: 'binary', maxLength: 24 })
    const arbitrary = fc.constantFrom<Family>('whois', 'reverse', 'mx', 'txt').chain((family) =>
      fc.tuple(
        fc.constant(family),
        fc.dictionary(
          fc.constantFrom(...names[family]),
          fc.oneof(text, fc.constantFrom("'", '\\', "\\'", '"', '\u0000', 'true')),
          {
            minKeys: 1,
            maxKeys: 3,
          },
        ),
      ),
    )
    await fc.assert(
      fc.asyncProperty(arbitrary, async ([family, params]) => {
        expect(await remote(sharded, family, params)).toEqual(embedded(engine, family, params))
      }),
      { numRuns: 300, seed: 43 },
    )
  })

  it('answers request() and fetch() as the embedded engine, status and body', async () => {
    const paths = [
      '/v1/domain/reverse?phrase=acme+holdings&slop=2',
      '/v1/domain/reverse?name=%C3%84rger&page=0',
      '/v1/domain/txt?txt=spf1&filter=txt%3Agoogle&filter=host%3Aexample-dns.net&summarize=txt&summary_limit=2',
      '/v1/domain/mx?most_recent=true&expression=NOT+(dns-mx.host%3Agoogle.com+OR+host%3D.)',
      '/v1/domain/whois?domain=WWW.EDGE-A.com.&apex_domain=true',
      '/v1/domain/reverse?phrase=%27%3B+DROP+TABLE+dmx.whois%3B+--',
      '/v1/domain/reverse?email=+INFO%40Edge-F.com%09',
      '/v1/domain/reverse?registrar=%EF%BC%A7oDaddy.com%2C%C2%A0%C2%A0LLC&created_from=2020-05-02',
      '/v1/domain/reverse?registrar=%C7%B0ones+registrar&email=info+%40edge-f.com',
      '/v1/domain/reverse?email=%27%29+OR+1%3D1+--',
      '/v1/domain/whois?domain=absent.example',
      '/v2/nothing',
    ]
    for (const path of paths) {
      const expected = await engine.request(path)
      expect(await sharded.request(path)).toEqual(expected)
      const response = await sharded.fetch(`https://api.example${path}`)
      expect({ status: response.status, body: await response.json() }).toEqual(
        JSON.parse(JSON.stringify(expected)),
      )
    }
  })

  it('answers the largest queries the validators accept', async () => {
    const many = (term: (i: number) => string, count = 1_000) =>
      Array.from({ length: count }, (_, i) => term(i))
    const cases: [Family, Params][] = [
      ['mx', { filter: many((i) => `dns-ns.host:ns${i}.example-dns.net`) }],
      ['txt', { filter: many((i) => `dns-txt.txt="v=spf1 include:_spf${i}.google.com ~all"`, 100) }],
      ['txt', { expression: `${'('.repeat(99)}txt:spf1${')'.repeat(99)}` }],
      ['txt', { expression: `${'NOT '.repeat(98)}txt:spf1` }],
      // Adjacent terms are AND-ed: 900 of them stay within the 10,000 characters of an expression.
      ['txt', { expression: many((i) => `txt:v${i}`, 900).join(' ') }],
      ['reverse', { phrase: 'acme holdings '.repeat(20_000), slop: 3 }],
      ['reverse', { name: 'acme '.repeat(20_000) }],
      // email and registrar have no length limit: keys past ClickHouse's default 256 KiB statement.
      ['reverse', { email: 'x@'.repeat(100_000), registrar: 'GoDaddy  '.repeat(40_000) }],
    ]
    for (const [family, params] of cases) {
      expect(await remote(sharded, family, params)).toEqual(embedded(engine, family, params))
    }
    // A thousand terms take ClickHouse 18.16 seconds to plan (about 5 s each on the development machine).
  }, 180_000)

  it('answers pivots as the embedded engine: values, counts, order and requests (SPEC 14)', async () => {
    const whoisDomains = (await collect(engine.reverseAll({ nameserver: 'com' }))).map((r) =>
      String(r.domain?.name),
    )
    const dnsDomains = [...(await collect(engine.mxAll({}))), ...(await collect(engine.txtAll({})))].map(
      (o) => String(o.items[0]?.value),
    )
    const domains = [...new Set([...whoisDomains.slice(0, 30), ...dnsDomains.slice(0, 30), 'absent.example'])]
    let withPivots = 0
    for (const domain of domains) {
      const expected = engine.pivots({ domain })
      if ((expected?.pivots.length ?? 0) > 0) withPivots++
      expect(await sharded.pivots({ domain }), domain).toEqual(expected)
      expect(await single.pivots({ domain }), domain).toEqual(expected)
    }
    expect(withPivots).toBeGreaterThan(30)
    const path = `/v1/domain/pivots?domain=${encodeURIComponent(`WWW.${whoisDomains[0]}.`)}&apex_domain=true`
    expect(await sharded.request(path)).toEqual(await engine.request(path))
  }, 120_000)

  it('suggests spelling variants as the embedded engine: values, counts, order and requests (SPEC 14)', async () => {
    const [first] = await collect(engine.reverseAll({ nameserver: 'com' }))
    const held = engine.pivots({ domain: String(first?.domain?.name) })?.pivots ?? []
    const queries: SuggestParams[] = [
      { kind: 'registrar', text: 'go', limit: 100 },
      { kind: 'nameserver', text: 'ns1' },
      { kind: 'organization', text: 'zebra7' },
    ]
    for (const { kind, value } of held) {
      if (kind === 'phone' || kind === 'mx' || kind === 'txt') continue
      queries.push({ kind, text: value, limit: 3 }, { kind, text: value.slice(0, 4) })
    }
    expect(queries.length).toBeGreaterThan(5)
    let found = 0
    for (const params of queries) {
      const expected = engine.suggest(params)
      found += expected.suggestions.length
      expect(await sharded.suggest(params), JSON.stringify(params)).toEqual(expected)
      expect(await single.suggest(params), JSON.stringify(params)).toEqual(expected)
    }
    expect(found).toBeGreaterThan(10)
    const path = '/v1/domain/suggest?kind=registrar&text=godady&limit=5'
    expect(await sharded.request(path)).toEqual(await engine.request(path))
  }, 120_000)

  it('iterates every result with the …All iterators in the embedded order', async () => {
    expect(await collect(sharded.reverseAll({ nameserver: 'com' }))).toEqual(
      await collect(engine.reverseAll({ nameserver: 'com' })),
    )
    // The generator's most common registrar (83 domains), asked in another writing.
    const registrar = { registrar: ' godaddy.com,  LLC' }
    const godaddy = await collect(engine.reverseAll(registrar))
    expect(godaddy.length).toBeGreaterThan(50)
    expect(await collect(sharded.reverseAll(registrar))).toEqual(godaddy)
    expect(await collect(sharded.txtAll({ txt: 'spf1' }))).toEqual(
      await collect(engine.txtAll({ txt: 'spf1' })),
    )
  })

  describe('after a sequence of updates', () => {
    let steps: UpdateStep[]
    let reference: Reference
    let chain: Engine
    let families: Record<Family, fc.Arbitrary<Params>>
    let shardedUp: ClickHouseEngine
    let singleUp: ClickHouseEngine
    // Per update: the compaction ratio of the cluster export and of the single server's.
    const RATIOS: readonly (readonly [number, number])[] = [
      [Number.POSITIVE_INFINITY, 0],
      [Number.POSITIVE_INFINITY, Number.POSITIVE_INFINITY],
      [0, Number.POSITIVE_INFINITY],
    ]

    beforeAll(async () => {
      steps = await writeUpdates(dir, 107)
      reference = new Reference()
      await reference.apply(sources)
      chain = engine
      const url = cluster.urls[0]!
      await exportToClickHouse(sources, { url, database: 'dmx_up', cluster: cluster.cluster })
      await exportToClickHouse(sources, { url, database: 'dmx_up_single' })
      shardedUp = await ClickHouseEngine.connect({ url: cluster.urls[1]!, database: 'dmx_up' })
      singleUp = await ClickHouseEngine.connect({ url, database: 'dmx_up_single' })
      // Every value the base and the updates hold, so that queries also ask for removed records.
      const whois: WhoisRecord[] = await readLines<WhoisRecord>(join(dir, 'whois.jsonl'))
      const observations: Observation[] = [
        ...(await readLines<Observation>(join(dir, 'dns-mx.jsonl'))),
        ...(await readLines<Observation>(join(dir, 'dns-txt.jsonl'))),
      ]
      for (const step of steps) {
        const loaded = await loadSources(step.sources)
        whois.push(...loaded.whois.records)
        observations.push(...loaded.mx, ...loaded.txt)
      }
      const vocabulary = vocabularyOf(whois, observations)
      vocabulary.days.push('2025-12-31', '2000-01-02', '2001-06-15', '2026-01-01')
      families = {
        whois: whoisParams(vocabulary),
        reverse: reverseParams(vocabulary),
        mx: dnsParams(vocabulary, 'mx'),
        txt: dnsParams(vocabulary, 'txt'),
      }
    })

    afterAll(() => {
      shardedUp?.close()
      singleUp?.close()
    })

    for (const [n, [shardedRatio, singleRatio]] of RATIOS.entries()) {
      it(`update ${n + 1}: the cluster and one server answer as a build over the surviving records`, async () => {
        const step = steps[n]!
        const url = cluster.urls[0]!
        const options = { url, append: true, remove: step.remove } as const
        const onCluster = await exportToClickHouse(step.sources, {
          ...options,
          database: 'dmx_up',
          cluster: cluster.cluster,
          compactRatio: shardedRatio,
        })
        const alone = await exportToClickHouse(step.sources, {
          ...options,
          database: 'dmx_up_single',
          compactRatio: singleRatio,
        })
        expect(onCluster.compacted).toBe(shardedRatio === 0)
        expect(alone.compacted).toBe(singleRatio === 0)
        // Until compacted, the cluster answers past dead rows on both shards.
        for (const shard of cluster.urls) {
          const whoisDead = await countOn(shard, 'SELECT count() FROM dmx_up.whois_dead_local')
          const mxDead = await countOn(shard, 'SELECT count() FROM dmx_up.mx_dead_local')
          expect(whoisDead > 0 && mxDead > 0).toBe(shardedRatio !== 0)
        }
        await reference.apply(step.sources, step.remove)
        const expected = await Engine.build(await reference.write(dir))
        const before = chain.stats()
        chain = await chain.update(step.sources, { remove: step.remove })
        const after = chain.stats()
        // The servers count what the embedded engine counts.
        for (const result of [onCluster, alone]) {
          expect(result.removed).toEqual({
            whois: after.removed.whois - before.removed.whois,
            observations: after.removed.observations - before.removed.observations,
            notHeld: after.removed.notHeld - before.removed.notHeld,
          })
          expect(result.load.whoisReplaced).toBe(after.whoisReplaced - before.whoisReplaced)
          expect(result.load.observationsReplaced).toBe(
            after.observationsReplaced - before.observationsReplaced,
          )
        }
        expect(after.counts).toEqual(expected.stats().counts)
        for (const family of ['whois', 'reverse', 'mx', 'txt'] as const) {
          let nonEmpty = 0
          await fc.assert(
            fc.asyncProperty(families[family], async (params) => {
              const answer = embedded(expected, family, params)
              expect(embedded(chain, family, params)).toEqual(answer)
              expect(await remote(shardedUp, family, params)).toEqual(answer)
              expect(await remote(singleUp, family, params)).toEqual(answer)
              if (hasResults(answer)) nonEmpty++
            }),
            { numRuns: family === 'whois' ? 20 : 30, seed: 100 + n },
          )
          expect(nonEmpty).toBeGreaterThan(MIN_NON_EMPTY_AFTER_UPDATES[family])
        }
        // Whole result lists in order, across every page: every apex's latest day, and every domain.
        const com = { nameserver: 'com' }
        expect(await collect(shardedUp.reverseAll(com))).toEqual(await collect(expected.reverseAll(com)))
        for (const all of ['mxAll', 'txtAll'] as const) {
          const latest = { most_recent: true }
          expect(await collect(shardedUp[all](latest))).toEqual(await collect(expected[all](latest)))
          expect(await collect(singleUp[all](latest))).toEqual(await collect(expected[all](latest)))
        }
      })
    }
  })
})

// Criteria are AND-ed, so some random queries match nothing; these floors are about half of what
// seed 42 gives (whois 43/60, reverse 41/150, mx and txt over 100/150).
const MIN_NON_EMPTY: Record<Family, number> = { whois: 20, reverse: 20, mx: 50, txt: 50 }
// After updates (20 whois, 30 other runs, seeds 100 to 102): whois 6 to 10, reverse 9 to 12,
// mx 12 to 16, txt 11 to 13.
const MIN_NON_EMPTY_AFTER_UPDATES: Record<Family, number> = { whois: 2, reverse: 4, mx: 5, txt: 5 }

async function countOn(url: string, sql: string): Promise<number> {
  const response = await fetch(`${url}/?query=${encodeURIComponent(sql)}`)
  return Number(await response.text())
}

async function collect<T>(iterator: AsyncIterableIterator<T>): Promise<T[]> {
  const out: T[] = []
  for await (const x of iterator) out.push(x)
  return out
}

type Outcome =
  | { answer: unknown }
  | { error: { name: string; code: unknown; param: unknown; message: string } }

// Engines typed as ApiTargets: a union of their overloaded methods (`engine[family]`) is not callable.
function embedded(engine: ApiTarget, family: Family, params: Params): Outcome {
  try {
    return { answer: engine[family](params) }
  } catch (error) {
    return failure(error)
  }
}

async function remote(engine: ApiTarget, family: Family, params: Params): Promise<Outcome> {
  try {
    return { answer: await engine[family](params) }
  } catch (error) {
    return failure(error)
  }
}

function failure(error: unknown): Outcome {
  const e = error as { name?: string; code?: unknown; param?: unknown; message?: string }
  return { error: { name: String(e.name), code: e.code, param: e.param, message: String(e.message) } }
}

function hasResults(outcome: Outcome): boolean {
  if (!('answer' in outcome) || outcome.answer === null) return false
  const answer = outcome.answer as { result_count?: number; summary?: { values: object } }
  if (answer.result_count !== undefined) return answer.result_count > 0
  if (answer.summary !== undefined) return Object.keys(answer.summary.values).length > 0
  return true
}
