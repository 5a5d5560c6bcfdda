/**
 * The exporter and its command: schema on the cluster, progress, rejects as the embedded loader
 * counts them, strict mode leaving a previous export untouched, re-export replacing tables, and
 * connecting to a database without an export, an export over one an earlier version wrote. Appends:
 * what they refuse (an export without a column rows now carry, too), `--append` with remove
 * files applied twice (an update applied again changes no answer, which is what lets a failed
 * update be run again), and a strict append failing without changing an answer.
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { UsageError } from '../../src/cli/args.js'
import { exportClickHouseCommand } from '../../src/cli/export-clickhouse.js'
import { ClickHouseEngine } from '../../src/clickhouse/clickhouse-engine.js'
import { exportToClickHouse } from '../../src/clickhouse/export.js'
import { Engine } from '../../src/engine.js'
import { QueryError, SnapshotError } from '../../src/errors.js'
import { writeSample } from '../../src/generate/write-sample.js'
import type { Progress } from '../../src/types.js'
import { clusterBinaries, describeCluster } from './cluster-fixture.js'
import { type LocalCluster, startLocalCluster } from './local-cluster.js'

describeCluster('exportToClickHouse', () => {
  let cluster: LocalCluster
  let dir: string
  let whois: string
  let mx: string
  let bad: string

  beforeAll(async () => {
    cluster = await startLocalCluster(clusterBinaries!)
    dir = await mkdtemp(join(tmpdir(), 'domindex-ch-export-'))
    const files = await writeSample({ whois: 120, dns: 120, seed: 5, out: dir })
    whois = files.whois.path
    mx = files.mx.path
    bad = join(dir, 'bad.jsonl')
    await writeFile(
      bad,
      '{"query":"ok.com","domain":{"name":"ok.com"}}\nnot json\n{"domain":{"name":"a..b"}}\n',
    )
  })

  afterAll(async () => {
    await cluster?.stop()
    if (dir !== undefined) await rm(dir, { recursive: true, force: true })
  })

  it('writes what the embedded loader loads, counts the same rejects, and reports progress', async () => {
    const phases: Progress['phase'][] = []
    const sources = { whois: [whois, bad], dns: [{ path: mx, kind: 'mx' as const }] }
    const result = await exportToClickHouse(sources, {
      url: cluster.urls[0]!,
      database: 'exp',
      cluster: cluster.cluster,
      onProgress: (p) => phases.push(p.phase),
    })
    const engine = await Engine.build(sources)
    expect(result.rows).toEqual({ whois: engine.stats().counts.whois, mx: engine.stats().counts.mx, txt: 0 })
    expect(result.load.rejects).toEqual(engine.stats().rejects)
    expect(result.load.rejects.count).toBe(2)
    expect(phases).toContain('read')
    expect(phases).toContain('index')
    expect(phases.at(-1)).toBe('done')
    const ch = await ClickHouseEngine.connect({ url: cluster.urls[1]!, database: 'exp' })
    expect(await ch.reverse({ nameserver: 'com' })).toEqual(engine.reverse({ nameserver: 'com' }))
    ch.close()
  })

  it('in strict mode fails at the first reject, before touching the tables of a previous export', async () => {
    await expect(
      exportToClickHouse(
        { whois: [bad] },
        { url: cluster.urls[0]!, database: 'exp', cluster: cluster.cluster, strict: true },
      ),
    ).rejects.toThrow(SnapshotError)
    const ch = await ClickHouseEngine.connect({ url: cluster.urls[0]!, database: 'exp' })
    expect((await ch.mx({})) as { result_count: number }).toMatchObject({ result_count: 60 })
    ch.close()
  })

  it('replaces the previous export', async () => {
    await exportToClickHouse(
      { whois: [bad] },
      { url: cluster.urls[0]!, database: 'exp', cluster: cluster.cluster },
    )
    const ch = await ClickHouseEngine.connect({ url: cluster.urls[1]!, database: 'exp' })
    expect(await ch.reverse({ created_from: '1900-01-01' })).toMatchObject({ result_count: 0 })
    expect(await ch.whois({ domain: 'OK.com' })).toEqual({ query: 'ok.com', domain: { name: 'ok.com' } })
    expect(await ch.mx({})).toMatchObject({ result_count: 0 })
    ch.close()
  })

  it('refuses to connect to a database without an export', async () => {
    await expect(
      ClickHouseEngine.connect({ url: cluster.urls[0]!, database: 'nothing_here' }),
    ).rejects.toThrow(/lacks the table\(s\) whois, mx, txt/)
  })

  it('runs as the export-clickhouse command', async () => {
    const status = await exportClickHouseCommand.run([
      '--whois',
      whois,
      '--mx',
      mx,
      '--url',
      cluster.urls[0]!,
      '--database',
      'cli',
      '--cluster',
      cluster.cluster,
    ])
    expect(status).toBe(0)
    const ch = await ClickHouseEngine.connect({ url: cluster.urls[0]!, database: 'cli' })
    expect(await ch.reverse({ created_from: '1900-01-01' })).toMatchObject({ result_count: 120 })
    ch.close()
    await expect(exportClickHouseCommand.run(['--whois', whois, '--database', 'cli'])).rejects.toThrow(
      UsageError,
    )
    await expect(
      exportClickHouseCommand.run(['--whois', whois, '--url', cluster.urls[0]!, '--database', 'x; DROP']),
    ).rejects.toThrow(UsageError)
  })

  it('refuses an append without an export to update, to the wrong set-up, with bad removal keys, and removals without append', async () => {
    const url = cluster.urls[0]!
    await expect(
      exportToClickHouse({ whois: [whois] }, { url, database: 'absent', append: true }),
    ).rejects.toThrow(/database absent does not exist/)
    await exportToClickHouse({ whois: [] }, { url, database: 'bare' })
    await expect(
      exportToClickHouse({}, { url, database: 'bare', cluster: cluster.cluster, append: true }),
    ).rejects.toThrow(/export on one server, not sharded/)
    await fetch(`${url}/?query=${encodeURIComponent('DROP TABLE bare.whois_dead_local')}`, { method: 'POST' })
    await expect(
      exportToClickHouse({ whois: [whois] }, { url, database: 'bare', append: true }),
    ).rejects.toThrow(/lacks the table\(s\) whois_dead_local/)
    const invalid = exportToClickHouse(
      {},
      { url, database: 'exp', append: true, remove: { whois: ['ok.com', 'a..b'] } },
    )
    await expect(invalid).rejects.toThrow(QueryError)
    await expect(invalid).rejects.toThrow('remove.whois[1] "a..b" is not a host name (empty label)')
    await expect(exportToClickHouse({}, { url, database: 'exp', remove: { dns: ['x'] } })).rejects.toThrow(
      /give append: true/,
    )
    await expect(exportToClickHouse({}, { url, database: 'exp', append: true })).rejects.toThrow(
      /give the cluster it was exported to/,
    )
  })

  it('refuses an append to an export written before the email and registrar columns; an export over it answers them', async () => {
    const url = cluster.urls[0]!
    const sources = { whois: [whois] }
    await exportToClickHouse(sources, { url, database: 'older' })
    // What an earlier version wrote: the local table without the columns, and its router made from it.
    for (const sql of [
      'ALTER TABLE older.whois_local DROP COLUMN email_keys',
      'ALTER TABLE older.whois_local DROP COLUMN registrar_keys',
      'DROP TABLE older.whois',
      "CREATE TABLE older.whois AS older.whois_local ENGINE = Merge(older, '^whois_local$')",
    ]) {
      const response = await fetch(`${url}/?query=${encodeURIComponent(sql)}`, { method: 'POST' })
      expect(response.status, await response.text()).toBe(200)
    }
    await expect(exportToClickHouse(sources, { url, database: 'older', append: true })).rejects.toThrow(
      /without the column\(s\) whois_local\.email_keys, whois_local\.registrar_keys; export into it again/,
    )
    await exportToClickHouse(sources, { url, database: 'older' })
    const engine = await Engine.build(sources)
    const email = engine
      .reverse({ created_from: '1900-01-01' })
      .results.map((record) => record.registrant?.email)
      .find((value) => typeof value === 'string')
    const ch = await ClickHouseEngine.connect({ url, database: 'older' })
    for (const params of [{ email: ` ${String(email).toUpperCase()}` }, { registrar: 'GODADDY.COM,  LLC' }]) {
      const answer = engine.reverse(params)
      expect(answer.result_count).toBeGreaterThan(0)
      expect(await ch.reverse(params)).toEqual(answer)
    }
    ch.close()
  })

  it('applies --append with remove files as engine.update does, and again without changing an answer', async () => {
    const records = (await readFile(whois, 'utf8')).split('\n').filter((line) => line !== '')
    const observations = (await readFile(mx, 'utf8')).split('\n').filter((line) => line !== '')
    const domain = (line: string) => (JSON.parse(line) as { domain: { name: string } }).domain.name
    const delta = join(dir, 'delta.jsonl')
    await writeFile(
      delta,
      `${records
        .slice(0, 10)
        .map((line) => line.replace(/"organization":"[^"]*"/, '"organization":"Appended Holdings"'))
        .join('\n')}\n`,
    )
    const removeWhois = join(dir, 'remove-whois.txt')
    const removeDns = join(dir, 'remove-dns.txt')
    const dropped = records.slice(10, 15).map(domain)
    const gone = observations.slice(0, 5).map((line) => (JSON.parse(line) as { id: string }).id)
    await writeFile(
      removeWhois,
      `# dropped\n${dropped.map((d) => d.toUpperCase()).join('\n')}\n\nnot-held.example\n`,
    )
    await writeFile(removeDns, `${gone.join('\r\n')}\r\n`)
    const args = ['--append', '--whois', delta, '--remove-whois', removeWhois, '--remove-dns', removeDns]
    const target = ['--url', cluster.urls[0]!, '--database', 'cli', '--cluster', cluster.cluster]
    await expect(
      exportClickHouseCommand.run(['--whois', delta, '--remove-dns', removeDns, ...target]),
    ).rejects.toThrow(/give --append/)
    const base = await Engine.build({ whois: [whois], dns: [{ path: mx, kind: 'mx' }] })
    const updated = await base.update(
      { whois: [delta] },
      { remove: { whois: [...dropped, 'not-held.example'], dns: gone } },
    )
    const queries: ['reverse' | 'mx', Record<string, string>][] = [
      ['reverse', { name: 'appended holdings' }],
      ['reverse', { created_from: '1900-01-01' }],
      ['mx', { most_recent: 'true' }],
      ['mx', { summarize: 'host' }],
    ]
    for (let run = 0; run < 2; run++) {
      expect(await exportClickHouseCommand.run([...args, ...target])).toBe(0)
      const ch = await ClickHouseEngine.connect({ url: cluster.urls[1]!, database: 'cli' })
      for (const [family, params] of queries)
        expect(await ch[family](params)).toEqual(updated[family](params))
      expect(await ch.whois({ domain: dropped[0]! })).toBeNull()
      ch.close()
    }
    // A strict append that meets a reject fails before changing anything queries read.
    await expect(
      exportToClickHouse(
        { whois: [delta, bad] },
        { url: cluster.urls[0]!, database: 'cli', cluster: cluster.cluster, append: true, strict: true },
      ),
    ).rejects.toThrow(SnapshotError)
    const ch = await ClickHouseEngine.connect({ url: cluster.urls[1]!, database: 'cli' })
    for (const [family, params] of queries) expect(await ch[family](params)).toEqual(updated[family](params))
    ch.close()
  })
})
