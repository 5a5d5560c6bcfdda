/**
 * The `fields` option (issue 26, item 3): an engine built with a field map answers as one built
 * from the same records with the fields copied beforehand by a reference copy, through the reverse
 * criteria that read the targets; bad maps are refused naming the option and the entry.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Engine } from '../../src/engine.js'
import { loadSources } from '../../src/ingest/load.js'
import { runCli } from '../cli/run-cli.js'

let dir: string
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'domindex-fields-'))
})
afterAll(() => rm(dir, { recursive: true, force: true }))

const MAP = {
  'domain.registrar': 'domain.registrar_name',
  'domain.name_servers': 'domain.nameservers',
  creation_date: 'domain.created',
  'registrant.org': 'registrant.organization',
}

const REGISTRARS = ['MarkMonitor Inc.', 'GoDaddy.com, LLC', 'Gandi SAS']
const value = fc.option(fc.constantFrom(...REGISTRARS), { nil: undefined, freq: 3 })

const drawn = fc.array(
  fc.record({
    registrar: fc.oneof(value, fc.constant(null)),
    registrarName: value,
    servers: fc.option(fc.constantFrom(['ns1.a.net'], ['ns2.b.org', 'ns1.a.net']), { nil: undefined }),
    created: fc.option(fc.constantFrom('2020-05-01', '2021-07-09T10:00:00Z'), { nil: undefined }),
    org: fc.option(fc.constantFrom('Acme Holdings', 'Beta Labs'), { nil: undefined }),
    noDomain: fc.boolean(),
  }),
  { minLength: 1, maxLength: 30 },
)

type Drawn = typeof drawn extends fc.Arbitrary<infer T> ? T : never

function recordsOf(list: Drawn): Record<string, unknown>[] {
  return list.map((d, i) => {
    const record: Record<string, unknown> = { query: `d${i}.com` }
    const domain: Record<string, unknown> = {}
    if (d.registrar !== undefined) domain['registrar'] = d.registrar
    if (d.registrarName !== undefined) domain['registrar_name'] = d.registrarName
    if (d.servers !== undefined) domain['name_servers'] = d.servers
    if (!d.noDomain || Object.keys(domain).length > 0) record['domain'] = domain
    if (d.created !== undefined) record['creation_date'] = d.created
    if (d.org !== undefined) record['registrant'] = { org: d.org }
    return record
  })
}

// The reference copy: the target gets the source's value when it has none.
function copied(record: Record<string, unknown>): Record<string, unknown> {
  const out = structuredClone(record)
  for (const [from, to] of Object.entries(MAP)) {
    const [fs, ff] = from.split('.') as [string, string | undefined]
    const source = ff === undefined ? out[fs] : (out[fs] as Record<string, unknown> | undefined)?.[ff]
    if (source === undefined || source === null) continue
    const [ts, tf] = to.split('.') as [string, string]
    const section = (out[ts] ?? {}) as Record<string, unknown>
    if (section[tf] === undefined || section[tf] === null) section[tf] = source
    out[ts] = section
  }
  return out
}

const QUERIES = [
  ...REGISTRARS.map((registrar) => ({ registrar })),
  { nameserver: 'a.net' },
  { nameserver: 'b.org' },
  { created_from: '2021-01-01' },
  { name: 'acme holdings' },
]

describe('the fields option', () => {
  it('answers as the records copied beforehand do, records and counts alike', async () => {
    let run = 0
    await fc.assert(
      fc.asyncProperty(drawn, async (list) => {
        const records = recordsOf(list)
        const raw = join(dir, `raw${run}.jsonl`)
        const fixed = join(dir, `fixed${run++}.jsonl`)
        await writeFile(raw, `${records.map((r) => JSON.stringify(r)).join('\n')}\n`)
        await writeFile(fixed, `${records.map((r) => JSON.stringify(copied(r))).join('\n')}\n`)
        const mapped = await Engine.build({ whois: [raw] }, { fields: MAP })
        const reference = await Engine.build({ whois: [fixed] })
        for (const params of QUERIES) expect(mapped.reverse(params)).toEqual(reference.reverse(params))
        expect(mapped.stats().counts).toEqual(reference.stats().counts)
        // What the map copied is no longer reported as a field under another name.
        expect(mapped.stats().nearFields ?? {}).toEqual(reference.stats().nearFields ?? {})
        const streamed = await loadSources({ whois: [raw] }, { fields: MAP })
        expect(streamed.whois.records).toEqual((await loadSources({ whois: [fixed] })).whois.records)
      }),
      { seed: 2612, numRuns: 20 },
    )
  })

  it('refuses a map that is not pairs of field paths, naming the entry', async () => {
    const file = join(dir, 'one.jsonl')
    await writeFile(file, '{"query":"a.com"}\n')
    const bad: [unknown, RegExp][] = [
      [['domain.registrar'], /fields must be an object/],
      [{ 'domain.registrar': 3 }, /"domain.registrar" → 3: the target must be a field path/],
      [{ 'domain.registrar': 'registrar_name' }, /the target must be a field of domain/],
      [{ 'a.b.c': 'domain.name' }, /a path is a top-level field or section.field/],
      [{ 'domain.x': 'domain.__proto__' }, /a path is a top-level field or section.field/],
      [{ 'domain.name': 'domain.name' }, /copied onto itself/],
    ]
    for (const [fields, message] of bad) {
      await expect(
        Engine.build({ whois: [file] }, { fields: fields as Record<string, string> }),
      ).rejects.toThrow(message)
    }
  })

  it('the CLI takes --fields FROM=TO,… and refuses what is not', async () => {
    const file = join(dir, 'cli.jsonl')
    await writeFile(file, `${JSON.stringify({ query: 'a.com', domain: { registrar: 'Gandi SAS' } })}\n`)
    const built = await runCli(['build', '--whois', file, '--out', join(dir, 'cli.dmx')])
    expect(built.stderr).toContain('domain.registrar in 1 record is not a field domindex reads')
    const mapped = await runCli([
      'build',
      '--whois',
      file,
      '--out',
      join(dir, 'cli2.dmx'),
      '--fields',
      'domain.registrar=domain.registrar_name',
    ])
    expect(mapped.status, mapped.stderr).toBe(0)
    expect(mapped.stderr).not.toContain('is not a field domindex reads')
    const query = await runCli(['query', join(dir, 'cli2.dmx'), '/v1/domain/reverse?registrar=gandi%20sas'])
    expect(JSON.parse(query.stdout)).toMatchObject({ result_count: 1 })
    const wrong = await runCli([
      'build',
      '--whois',
      file,
      '--out',
      join(dir, 'x.dmx'),
      '--fields',
      'domain.registrar',
    ])
    expect(wrong.status).toBe(2)
    expect(wrong.stderr).toContain('--fields needs FROM=TO pairs')
  })
})
