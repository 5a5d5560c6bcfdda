/**
 * The local cluster itself, and the client's behaviour against a real server: `ON CLUSTER` DDL
 * through ZooKeeper, a Distributed table over two shards, error reports, escaping.
 */
import fc from 'fast-check'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { ClickHouseError, ClickHouseHttp } from '../../src/clickhouse/http-client.js'
import { sqlString } from '../../src/clickhouse/sql-literal.js'
import { clusterBinaries, describeCluster } from './cluster-fixture.js'
import { type LocalCluster, startLocalCluster } from './local-cluster.js'

describeCluster('local two-shard cluster', () => {
  let cluster: LocalCluster
  let client: ClickHouseHttp

  beforeAll(async () => {
    cluster = await startLocalCluster(clusterBinaries!)
    client = new ClickHouseHttp({ url: cluster.urls[0]! })
  })

  afterAll(async () => {
    client?.close()
    await cluster?.stop()
  })

  it('creates tables ON CLUSTER and spreads a Distributed insert over both shards', async () => {
    const c = cluster.cluster
    await client.query(`CREATE DATABASE IF NOT EXISTS t ON CLUSTER ${c}`)
    await client.query(
      `CREATE TABLE t.x_local ON CLUSTER ${c} (apex String, n UInt32) ENGINE = MergeTree ORDER BY apex`,
    )
    await client.query(
      `CREATE TABLE t.x ON CLUSTER ${c} AS t.x_local ENGINE = Distributed(${c}, t, x_local, cityHash64(apex))`,
    )
    const rows = Array.from({ length: 1000 }, (_, n) => JSON.stringify({ apex: `d${n}.com`, n })).join('\n')
    await client.insert('t.x', `${rows}\n`)
    const [total] = await client.rows<{ rows_total: string; n_sum: string }>(
      'SELECT count() AS rows_total, sum(n) AS n_sum FROM t.x',
    )
    expect(total).toEqual({ rows_total: '1000', n_sum: String((999 * 1000) / 2) })
    const second = new ClickHouseHttp({ url: cluster.urls[1]! })
    const [a] = await client.rows<{ n: string }>('SELECT count() AS n FROM t.x_local')
    const [b] = await second.rows<{ n: string }>('SELECT count() AS n FROM t.x_local')
    second.close()
    expect(Number(a!.n) + Number(b!.n)).toBe(1000)
    expect(Number(a!.n)).toBeGreaterThan(300)
    expect(Number(b!.n)).toBeGreaterThan(300)
  })

  it('reports server errors with their text', async () => {
    await expect(client.query('SELEC 1')).rejects.toThrow(ClickHouseError)
    await expect(client.query('SELEC 1')).rejects.toThrow(/Syntax error/)
  })

  it('sqlString round-trips every well-formed string through the server', async () => {
    await fc.assert(
      fc.asyncProperty(fc.string({ unit: 'binary', maxLength: 40 }), async (raw) => {
        const text = raw.replace(/[\uD800-\uDFFF]/gu, '\uFFFD')
        const [row] = await client.rows<{ v: string }>(`SELECT ${sqlString(text)} AS v`)
        expect(row?.v).toBe(text)
      }),
      { numRuns: 300, seed: 11 },
    )
  })
})
