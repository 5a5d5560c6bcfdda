import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Engine } from '../../src/engine.js'
import type { Envelope, Observation } from '../../src/types.js'
import { apex, mx, ns, observation, txt } from './observations.js'

const MX: Observation[] = [
  observation('m1', '2024-01-01', apex('moved.com'), mx('aspmx.l.google.com', '1'), ns('ns1.oldprov.net')),
  observation(
    'm2',
    '2024-02-01',
    apex('moved.com'),
    mx('moved-com.mail.protection.outlook.com', '0'),
    ns('ns1.newprov.net'),
  ),
  observation('n1', '2024-02-01', apex('NoMail.com.'), mx('.', '0'), ns('ns2.oldprov.net')),
]
const TXT: Observation[] = [
  observation(
    't1',
    '2024-02-01',
    apex('moved.com'),
    txt('v=spf1 include:_spf.google.com ~all'),
    ns('ns1.newprov.net'),
  ),
  observation(
    't2',
    '2024-02-01',
    apex('other.com'),
    txt('google-site-verification=abc'),
    ns('ns1.oldprov.net'),
  ),
  observation('t3', '2024-02-02', apex('empty.com'), ns('ns1.oldprov.net')),
]

describe('DNS search through the Engine', () => {
  let dir = ''
  let engine: Engine
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'domindex-dns-'))
    const dns = join(dir, 'dns.jsonl')
    const empty = join(dir, 'empty-answers.jsonl')
    await writeFile(dns, [...MX, ...TXT.slice(0, 2)].map((o) => JSON.stringify(o)).join('\n'))
    await writeFile(empty, JSON.stringify(TXT[2]))
    engine = await Engine.build({ dns: [dns, { path: empty, kind: 'txt' }] })
  })
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true })
  })

  it('splits MX from TXT and answers each endpoint from its own observations', () => {
    expect(engine.stats().counts).toMatchObject({ mx: 3, txt: 3 })
    expect((engine.mx({}) as Envelope<Observation>).results).toEqual([MX[1], MX[2], MX[0]])
    expect((engine.txt({ nameserver: 'oldprov.net' }) as Envelope<Observation>).results).toEqual([
      TXT[2],
      TXT[1],
    ])
  })

  it('answers most_recent, summaries and expressions as the index does', () => {
    expect(
      (engine.mx({ nameserver: 'oldprov.net', most_recent: 'true' }) as Envelope<Observation>).results,
    ).toEqual([MX[2]])
    expect(engine.txt({ txt: '_spf.google.com', summarize: 'host', summary_context: '' })).toEqual({
      summary: { other: 0, values: { 'moved.com': 1 } },
    })
    expect(
      (engine.mx({ host: 'nomail.com', expression: 'dns-mx.host=.' }) as Envelope<Observation>).result_count,
    ).toBe(1)
  })

  it('answers the HTTP paths, with query-string parameters and repeated filter keys', async () => {
    const ok = await engine.request(
      '/v1/domain/mx?filter=dns-mx.host:google.com&filter=dns-mx.host:outlook.com',
    )
    expect(ok.status).toBe(200)
    expect((ok.body as Envelope<Observation>).results.map((o) => o.id)).toEqual(['m2', 'm1'])
    const summary = await engine.request(
      '/v1/domain/txt?nameserver=oldprov.net&summarize=txt&summary_context=dns-txt',
    )
    expect(summary.body).toEqual({ summary: { other: 0, values: { 'google-site-verification=abc': 1 } } })
    const bad = await engine.request('/v1/domain/mx?txt=spf1')
    expect(bad.status).toBe(400)
    expect(bad.body).toMatchObject({ error: { code: 'unknown_parameter', param: 'txt' } })
    const syntax = await engine.request(`/v1/domain/txt?expression=${encodeURIComponent('(txt:a OR')}`)
    expect(syntax.body).toMatchObject({ error: { code: 'invalid_parameter', param: 'expression' } })
  })
})
