/**
 * `domindex serve --clickhouse URL --database DB` (SPEC 15 over SPEC 11): the fixture exported to
 * the local two-shard cluster and served over HTTP answers as request() of the embedded engine on
 * the same files, tokens included; SIGTERM exits 0. Skipped (loudly) without the ClickHouse binaries.
 */
import { rm } from 'node:fs/promises'
import { join } from 'node:path'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { exportToClickHouse } from '../../src/clickhouse/export.js'
import { Engine } from '../../src/engine.js'
import type { Sources } from '../../src/types.js'
import { writeFixture } from '../api/fixture.js'
import { clusterBinaries, describeCluster } from '../clickhouse/cluster-fixture.js'
import { type LocalCluster, startLocalCluster } from '../clickhouse/local-cluster.js'
import { exchange } from './http-exchange.js'
import { mustServe } from './serve-process.js'

describeCluster('domindex serve --clickhouse', () => {
  let cluster: LocalCluster
  let dir: string
  let engine: Engine

  beforeAll(async () => {
    cluster = await startLocalCluster(clusterBinaries!)
    dir = await writeFixture()
    const sources: Sources = {
      whois: [join(dir, 'whois.jsonl')],
      dns: [
        { path: join(dir, 'dns-mx.jsonl'), kind: 'mx' },
        { path: join(dir, 'dns-txt.jsonl'), kind: 'txt' },
      ],
    }
    engine = await Engine.build(sources, { tokens: ['ch-token'] })
    await exportToClickHouse(sources, {
      url: cluster.urls[0]!,
      database: 'dmx_serve',
      cluster: cluster.cluster,
    })
  })
  afterAll(async () => {
    await cluster?.stop()
    if (dir !== undefined) await rm(dir, { recursive: true, force: true })
  })

  it('answers as request() of the embedded engine does, then stops on SIGTERM', async () => {
    const served = await mustServe([
      '--clickhouse',
      cluster.urls[1]!,
      '--database',
      'dmx_serve',
      '--port',
      '0',
      '--token',
      'ch-token',
    ])
    expect(served.stderr()).toContain(
      `serving ClickHouse database dmx_serve of ${cluster.urls[1]} at ${served.url}`,
    )
    const paths = [
      '/v1/domain/reverse?name=acme&page=1',
      '/v1/domain/reverse?phrase=main+street&slop=1&nameserver=provider1.net',
      '/v1/domain/mx?nameserver=provider2.net&most_recent=true',
      '/v1/domain/txt?summarize=txt&summary_context=dns-txt',
      '/v1/domain/whois?domain=www.site7.com&apex_domain=true',
      '/v1/domain/whois?domain=missing.com',
      '/v1/domain/reverse?phrase=acme&slop=x',
    ]
    for (const path of paths) {
      for (const headers of [{ authorization: 'Bearer ch-token' }, {}]) {
        const got = await exchange(`${served.url}${path}`, { headers })
        const expected = await engine.request(path, { headers })
        expect([path, got.status, JSON.parse(got.body.toString('utf8'))]).toEqual([
          path,
          expected.status,
          expected.body,
        ])
      }
    }
    expect(await served.stop('SIGTERM')).toBe(0)
  })
})
