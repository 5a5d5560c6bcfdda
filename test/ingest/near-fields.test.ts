/**
 * Fields under another parser's spelling (issue 26, item 3): counted as records load, through the
 * build's worker tasks and the streaming loader, against a brute-force count over random records;
 * named by `build` and `update` with the field they probably mean; the real records'
 * `domain.registrar`.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Engine } from '../../src/engine.js'
import { loadSources } from '../../src/ingest/load.js'
import { meantField, NearFields } from '../../src/ingest/near-fields.js'
import { runCli } from '../cli/run-cli.js'
import { realData } from '../helpers/real-data.js'

let dir: string
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'domindex-near-'))
})
afterAll(() => rm(dir, { recursive: true, force: true }))

// The spellings the reference knows, with the fields they mean: a copy of the documented list.
const SPELLED: Readonly<Record<string, string>> = {
  'domain.registrar': 'domain.registrar_name',
  'domain.name_servers': 'domain.nameservers',
  'domain.creation_date': 'domain.created',
  'domain.expiration_date': 'domain.expires',
  'registrant.org': 'registrant.organization',
  'admin.zip': 'admin.postal_code',
  'tech.telephone': 'tech.phone',
  registrar: 'domain.registrar_name',
  creation_date: 'domain.created',
}
const KNOWN = ['domain.dnssec', 'domain.registrar_url', 'registrant.street', 'extra']

const at = (record: Record<string, unknown>, path: string): unknown => {
  const [head, tail] = path.split('.') as [string, string | undefined]
  if (tail === undefined) return record[head]
  const section = record[head]
  return section !== null && typeof section === 'object'
    ? (section as Record<string, unknown>)[tail]
    : undefined
}

const put = (record: Record<string, unknown>, path: string, value: unknown): void => {
  const [head, tail] = path.split('.') as [string, string | undefined]
  if (tail === undefined) record[head] = value
  else {
    const section = (record[head] ?? {}) as Record<string, unknown>
    section[tail] = value
    record[head] = section
  }
}

const records = fc.array(
  fc.record({
    spelled: fc.subarray(Object.keys(SPELLED)),
    meant: fc.subarray(Object.values(SPELLED)),
    known: fc.subarray(KNOWN),
  }),
  { minLength: 1, maxLength: 40 },
)

function recordsOf(
  drawn: { spelled: string[]; meant: string[]; known: string[] }[],
): Record<string, unknown>[] {
  return drawn.map(({ spelled, meant, known }, i) => {
    const record: Record<string, unknown> = { domain: { name: `d${i}.com` } }
    for (const [k, path] of [...known, ...meant, ...spelled].entries()) {
      const date = path.endsWith('created') || path.endsWith('expires') || path.endsWith('_date')
      // Now and then a null: a field present without a value counts as absent on either side.
      const value =
        (i + k) % 7 === 3
          ? null
          : path.endsWith('nameservers') || path.endsWith('servers')
            ? ['ns1.a.net']
            : date
              ? '2024-01-02'
              : 'x'
      put(record, path, value)
    }
    return record
  })
}

// The reference: a spelled field counts when the field it means is absent.
function reference(list: readonly Record<string, unknown>[]): Record<string, number> {
  const counts: Record<string, number> = {}
  for (const record of list)
    for (const [path, meant] of Object.entries(SPELLED))
      if (at(record, path) != null && at(record, meant) == null) counts[path] = (counts[path] ?? 0) + 1
  return counts
}

describe('fields under another spelling', () => {
  it('meantField names the field a spelling means, and nothing for fields of their own', () => {
    for (const [path, meant] of Object.entries(SPELLED)) expect(meantField(path)).toBe(meant)
    for (const path of KNOWN) expect(meantField(path)).toBeUndefined()
    expect(meantField('domain.__proto__')).toBeUndefined()
  })

  it('counts as the reference does, one record at a time, in a build and in the streaming loader', async () => {
    let run = 0
    await fc.assert(
      fc.asyncProperty(records, async (drawn) => {
        const list = recordsOf(drawn)
        const near = new NearFields()
        for (const record of list) near.note(record)
        expect(near.take()).toEqual(reference(list))
        expect(near.take()).toEqual({})
        const file = join(dir, `r${run++}.jsonl`)
        await writeFile(file, `${list.map((r) => JSON.stringify(r)).join('\n')}\n`)
        const want = reference(list)
        const built = await Engine.build({ whois: [file] })
        expect(built.stats().nearFields ?? {}).toEqual(want)
        expect((await loadSources({ whois: [file] })).stats.nearFields ?? {}).toEqual(want)
      }),
      { seed: 2611, numRuns: 25 },
    )
  })

  it('counts across worker tasks and adds an update to the build', async () => {
    const many = recordsOf(
      Array.from({ length: 6000 }, (_, i) => ({
        spelled: i % 3 === 0 ? ['domain.registrar'] : [],
        meant: [],
        known: [],
      })),
    )
    const file = join(dir, 'many.jsonl')
    await writeFile(file, `${many.map((r) => JSON.stringify(r)).join('\n')}\n`)
    const built = await Engine.build({ whois: [file] }, { workers: 2, rangeBytes: 4096 })
    const want = reference(many)
    expect(want['domain.registrar']).toBeGreaterThan(1000)
    expect(built.stats().nearFields).toEqual(want)
    const day = join(dir, 'day.jsonl')
    await writeFile(day, `${JSON.stringify({ domain: { name: 'new.com', registrar: 'R', ns: ['a.b'] } })}\n`)
    const updated = await built.update({ whois: [day] })
    expect(updated.stats().nearFields).toEqual({
      'domain.registrar': (want['domain.registrar'] as number) + 1,
      'domain.ns': 1,
    })
  })

  it("build names the real records' domain.registrar and what it means", async () => {
    const real = realData('whois_records.jsonl')
    if (real === null) return
    const result = await runCli(['build', '--whois', real, '--out', join(dir, 'real.dmx')])
    expect(result.status, result.stderr).toBe(0)
    expect(result.stderr).toMatch(
      /warning: domain\.registrar in [\d,]+ records is not a field domindex reads: did you mean domain\.registrar_name\?/,
    )
  })
})
