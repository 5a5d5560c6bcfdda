import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Engine, type Progress, SnapshotError } from '../../src/index.js'
import { observation, type TempFiles, tempFiles, whoisRecord } from '../ingest/temp-files.js'

let files: TempFiles
beforeAll(async () => {
  files = await tempFiles()
})
afterAll(() => files.remove())

describe('Engine.build', () => {
  it('replaces a duplicate domain by the later record, across files, and counts it', async () => {
    const first = await files.lines('dup1.jsonl', [whoisRecord('a.com'), whoisRecord('b.com')])
    const later = whoisRecord('A.COM.', { server: 'later' })
    const second = await files.lines('dup2.jsonl', [later, whoisRecord('b.com', { server: 'latest' })])
    const engine = await Engine.build({ whois: [first, second] })
    expect(engine.whois({ domain: 'a.com' })?.server).toBe('later')
    expect(engine.whois({ domain: 'b.com' })?.server).toBe('latest')
    expect(engine.stats()).toMatchObject({ whoisRecords: 2, whoisReplaced: 2, counts: { whois: 2 } })
  })

  it('replaces a duplicate observation id by the later one, even of the other kind, and counts it', async () => {
    const mx = await files.lines('mx.jsonl', [
      observation('x', 'a.com', 'mx'),
      observation('y', 'a.com', 'mx'),
      observation('x', 'b.com', 'mx'),
    ])
    const txt = await files.lines('txt.jsonl', [
      observation('y', 'a.com', 'txt'),
      observation('z', 'a.com', 'txt'),
    ])
    const engine = await Engine.build({ dns: [mx, txt] })
    expect(engine.stats()).toMatchObject({
      observations: 3,
      observationsReplaced: 2,
      counts: { mx: 1, txt: 2 },
    })
    const found = engine.mx({})
    expect('results' in found && found.results.map((o) => [o.id, o.items[0]?.value])).toEqual([
      ['x', 'b.com'],
    ])
  })

  it('reports stats: counts, bytes, rejects, unparsed dates, per-source details, memory and build time', async () => {
    const whois = await files.gzip(
      'stats.jsonl.gz',
      [
        JSON.stringify(
          whoisRecord('a.com', { domain: { name: 'a.com', created: 'sometime', expires: '2020-01-01' } }),
        ),
        '{oops',
        JSON.stringify(whoisRecord('b.com')),
      ].join('\n'),
    )
    const dns = {
      path: await files.lines('empty.jsonl', [observation('e', 'a.com', 'empty')]),
      kind: 'txt' as const,
    }
    const engine = await Engine.build({ whois: [whois], dns: [dns] })
    const stats = engine.stats()
    expect(stats).toMatchObject({
      files: 2,
      whoisRecords: 2,
      observations: 1,
      datesUnparsed: 1,
      rejects: { count: 1, kept: [{ file: whois, line: 2 }] },
      counts: { whois: 2, mx: 0, txt: 1 },
    })
    expect(stats.rejects.kept[0]?.reason).toMatch(/^not valid JSON/)
    expect(stats.sources).toEqual([
      {
        file: whois,
        kind: 'whois',
        format: 'lines',
        gzip: true,
        bytes: expect.any(Number),
        records: 2,
        rejects: 1,
      },
      {
        file: dns.path,
        kind: 'dns',
        format: 'lines',
        gzip: false,
        bytes: expect.any(Number),
        records: 1,
        rejects: 0,
      },
    ])
    expect(stats.bytes).toBe((stats.sources[0]?.bytes ?? 0) + (stats.sources[1]?.bytes ?? 0))
    expect(stats.buildMs).toBeGreaterThan(0)
    expect(stats.memory.heapUsed).toBeGreaterThan(0)
  })

  it('strict mode throws a SnapshotError at the first reject', async () => {
    const path = await files.write(
      'strict.json',
      JSON.stringify([whoisRecord('a.com'), { domain: { name: 5 } }], null, 2),
    )
    const error = await Engine.build({ whois: [path] }, { strict: true }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(SnapshotError)
    expect(error).toMatchObject({ code: 'bad_record', file: path, line: 20 })
  })

  it('passes progress through, reports indexing, and ends with one done report', async () => {
    const seen: Progress[] = []
    await Engine.build(
      { whois: [await files.lines('p.jsonl', [whoisRecord('a.com')])] },
      { onProgress: (p) => seen.push(p) },
    )
    expect(seen.at(-1)).toMatchObject({ phase: 'done', records: 1, rejects: 0 })
    expect(seen.at(-2)).toMatchObject({ phase: 'index', records: 1, rejects: 0 })
    expect(seen.filter((p) => p.phase === 'done')).toHaveLength(1)
  })
})
