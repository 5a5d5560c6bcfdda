/**
 * The streaming export: duplicates across files replaced server-side as the embedded loader
 * replaces them (a domain loaded twice, an observation id reused with another apex or another
 * kind), a strict-mode failure after batches reached staging leaving the previous export answering,
 * and the rows held client-side bounded by the batch size, not by the input.
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { IN_FLIGHT } from '../../src/clickhouse/batch-upload.js'
import { ClickHouseEngine } from '../../src/clickhouse/clickhouse-engine.js'
import { exportToClickHouse } from '../../src/clickhouse/export.js'
import { ClickHouseHttp } from '../../src/clickhouse/http-client.js'
import { Engine } from '../../src/engine.js'
import { SnapshotError } from '../../src/errors.js'
import { writeSample } from '../../src/generate/write-sample.js'
import type { Sources } from '../../src/types.js'
import { clusterBinaries, describeCluster } from './cluster-fixture.js'
import { type LocalCluster, startLocalCluster } from './local-cluster.js'

interface Json {
  [field: string]: unknown
  domain?: { name?: unknown }
  date?: unknown
  id?: unknown
  name?: unknown
}

async function records(path: string): Promise<Json[]> {
  const text = await readFile(path, 'utf8')
  return text
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => JSON.parse(line) as Json)
}

async function writeLines(path: string, values: readonly unknown[]): Promise<string> {
  await writeFile(path, `${values.map((value) => JSON.stringify(value)).join('\n')}\n`)
  return path
}

describeCluster('exportToClickHouse streams', () => {
  let cluster: LocalCluster
  let dir: string
  let sources: Sources
  let duplicated: string[]

  beforeAll(async () => {
    cluster = await startLocalCluster(clusterBinaries!)
    dir = await mkdtemp(join(tmpdir(), 'domindex-ch-stream-'))
    const files = await writeSample({ whois: 80, dns: 160, seed: 9, out: dir })
    const whois = await records(files.whois.path)
    const mx = await records(files.mx.path)
    const txt = await records(files.txt.path)
    // The second WHOIS file reloads 20 domains, some spelled in upper case: they must replace.
    const again = whois.slice(0, 20).map((record, i) => {
      const domain = record.domain as Json
      const name = String(domain.name)
      return {
        ...record,
        server: 'second',
        domain: { ...domain, name: i % 2 === 0 ? name.toUpperCase() : name },
      }
    })
    duplicated = again.map((record) => String((record.domain as Json).name))
    const later = [
      ...mx.slice(0, 10).map((o) => ({ ...o, date: String(o.date).replace(/^\d{4}/, '2001') })),
      // Reused ids: another apex (maybe another shard), and another kind.
      { ...mx[22], id: mx[21]!.id },
      { ...txt[0], id: mx[20]!.id },
      { ...mx[23], id: txt[1]!.id },
    ]
    sources = {
      whois: [files.whois.path, await writeLines(join(dir, 'whois-2.jsonl'), again)],
      dns: [files.mx.path, files.txt.path, await writeLines(join(dir, 'dns-2.jsonl'), later)],
    }
  })

  afterAll(async () => {
    await cluster?.stop()
    if (dir !== undefined) await rm(dir, { recursive: true, force: true })
  })

  it('replaces duplicates across files as the embedded loader does, on a cluster and on one server', async () => {
    const engine = await Engine.build(sources)
    const stats = engine.stats()
    expect(stats.whoisReplaced).toBe(20)
    expect(stats.observationsReplaced).toBeGreaterThan(10)
    for (const cluster_ of [cluster.cluster, undefined]) {
      const database = cluster_ === undefined ? 'stream_single' : 'stream'
      const result = await exportToClickHouse(sources, {
        url: cluster.urls[0]!,
        database,
        ...(cluster_ === undefined ? {} : { cluster: cluster_ }),
        batchRows: 7,
        chunkSize: 2048,
      })
      expect(result.rows).toEqual({ whois: stats.counts.whois, mx: stats.counts.mx, txt: stats.counts.txt })
      const { whoisRecords, whoisReplaced, observations, observationsReplaced, datesUnparsed, rejects } =
        stats
      expect(result.load).toMatchObject({
        whoisRecords,
        whoisReplaced,
        observations,
        observationsReplaced,
        datesUnparsed,
        rejects,
      })
      // Without a cluster the tables are on the first server only.
      const ch = await ClickHouseEngine.connect({
        url: cluster.urls[cluster_ === undefined ? 0 : 1]!,
        database,
      })
      for (const domain of duplicated) expect(await ch.whois({ domain })).toEqual(engine.whois({ domain }))
      for (const page of [0, 1]) {
        expect(await ch.mx({ page })).toEqual(engine.mx({ page }))
        expect(await ch.txt({ page })).toEqual(engine.txt({ page }))
      }
      expect(await ch.reverse({ created_from: '1900-01-01' })).toEqual(
        engine.reverse({ created_from: '1900-01-01' }),
      )
      ch.close()
    }
  })

  it('in strict mode fails midway, after batches reached staging, and leaves the previous export answering', async () => {
    const url = cluster.urls[0]!
    await exportToClickHouse(sources, { url, database: 'stream', cluster: cluster.cluster })
    const ch = await ClickHouseEngine.connect({ url, database: 'stream' })
    const before = { mx: await ch.mx({}), whois: await ch.whois({ domain: duplicated[1]! }) }
    const good = Array.from({ length: 300 }, (_, i) => `{"query":"s${i}.example"}`)
    const bad = join(dir, 'bad-midway.jsonl')
    await writeFile(bad, `${[...good, 'not json', ...good].join('\n')}\n`)
    await expect(
      exportToClickHouse(
        { whois: [bad] },
        { url, database: 'stream', cluster: cluster.cluster, strict: true, batchRows: 10, chunkSize: 512 },
      ),
    ).rejects.toThrow(SnapshotError)
    expect({ mx: await ch.mx({}), whois: await ch.whois({ domain: duplicated[1]! }) }).toEqual(before)
    ch.close()
    const client = new ClickHouseHttp({ url })
    const tables = await client.rows<{ name: string }>(
      "SELECT name FROM system.tables WHERE database = 'stream' ORDER BY name",
    )
    client.close()
    // The export's tables, and no staging or next table left behind.
    expect(tables.map((t) => t.name)).toEqual(
      ['loads', 'mx', 'obs_ids', 'txt', 'whois']
        .flatMap((name) => [name, `${name}_local`])
        .concat(['mx_dead', 'txt_dead', 'whois_dead'].flatMap((name) => [name, `${name}_local`]))
        .sort(),
    )
  })

  it('holds a bounded number of rows client-side, however large the input', async () => {
    const count = 5000
    const lines = Array.from(
      { length: count },
      (_, i) => `{"query":"d${i}.example","domain":{"name":"d${i}.example"}}`,
    )
    const big = join(dir, 'big.jsonl')
    await writeFile(big, `${lines.join('\n')}\n`)
    const batchRows = 50
    const chunkSize = 1024
    // A chunk completes at most chunkSize / (shortest line) records, plus one carried over.
    const perChunk = Math.ceil(chunkSize / Math.min(...lines.map((line) => line.length + 1))) + 1
    const bound = (IN_FLIGHT + 1) * batchRows + perChunk
    let most = 0
    const result = await exportToClickHouse(
      { whois: [big] },
      {
        url: cluster.urls[0]!,
        database: 'stream_big',
        batchRows,
        chunkSize,
        onHeld: (rows) => {
          most = Math.max(most, rows)
        },
      },
    )
    expect(result.rows.whois).toBe(count)
    expect(most).toBeGreaterThanOrEqual(batchRows)
    expect(most).toBeLessThanOrEqual(bound)
    expect(count).toBeGreaterThan(20 * bound)
  })
})
