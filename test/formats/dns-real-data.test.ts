/**
 * The `dns-records` path over real third-party records (public zone files of two government DNS
 * repositories; see the shared real-data README). Each row becomes one `dns-records` line:
 *
 * - `name`: the row's `owner`; the empty owner and `@` (the zone's own name in 18F's Terraform)
 *   become the zone, the file name of `path` without its extension (`terraform/data.gov.tf`).
 * - `type`/`value`: MX rows `{preference, exchange}` → `MX`, `"<preference> <exchange>"`; TXT rows
 *   `{text}` → `TXT`, the text.
 * - the day: the rows carry none, so ministryofjustice rows get `date: "2024-05-01"` and 18F rows
 *   `timestamp: 1700049600` (2023-11-15T12:00:00Z, as unix seconds, to cover that path too).
 *
 * Every line parses: the wildcard owners `*._domainkey.<zone>` included (not rejected). Those, like
 * `_dmarc.<zone>`, are no apex, so the grouper skips and counts them; every record at an apex shows
 * up in its observation.
 */
import { existsSync, readFileSync } from 'node:fs'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { Engine } from '../../src/engine.js'
import type { DnsRecord } from '../../src/ingest/formats/dns-record.js'
import { HostCheck } from '../../src/ingest/host-check.js'
import { checkObservation } from '../../src/ingest/observation-record.js'
import { apexDomain } from '../../src/normalize/apex.js'
import type { Observation } from '../../src/types.js'
import { realData } from '../helpers/real-data.js'
import { dnsRecords, groupLines } from './dns-lines.js'

interface Row {
  owner: string
  repo: string
  path: string
  text?: string
  exchange?: string
  preference?: number
}

const MX_FILE = realData('dns_mx_observations.jsonl') ?? 'absent: dns_mx_observations.jsonl'
const TXT_FILE = realData('dns_txt_observations.jsonl') ?? 'absent: dns_txt_observations.jsonl'

function rows(path: string): Row[] {
  return readFileSync(path, 'utf8')
    .split('\n')
    .filter((l) => l.trim() !== '')
    .map((l) => JSON.parse(l) as Row)
}

function toLine(row: Row): Record<string, unknown> {
  const zone = (row.path.split('/').pop() ?? '').replace(/\.(yaml|tf)$/, '')
  const name = row.owner === '' || row.owner === '@' ? zone : row.owner
  const when = row.repo.startsWith('18F') ? { timestamp: 1700049600 } : { date: '2024-05-01' }
  return row.exchange === undefined
    ? { name, type: 'TXT', value: row.text, ...when }
    : { name, type: 'MX', value: `${row.preference} ${row.exchange}`, ...when }
}

const isApex = (name: string) => !name.startsWith('*.') && apexDomain(name) === name
const answerOf = (r: DnsRecord) => (r.kind === 'mx' ? `${r.value} ${r.preference}` : r.value)

/** Each observation's answers as `host preference` (MX) or the TXT value. */
function answers(o: Observation): Set<string> {
  const out = new Set<string>()
  const items = o.items
  for (let i = 1; i < items.length; i++) {
    const item = items[i]
    if (item?.context === 'dns-txt') out.add(item.value)
    else if (item?.context === 'dns-mx' && item.type === 'host')
      out.add(`${item.value} ${items[i + 1]?.value}`)
  }
  return out
}

describe.skipIf(!existsSync(MX_FILE) || !existsSync(TXT_FILE))('dns-records over real zone data', () => {
  for (const [kind, file] of [
    ['mx', MX_FILE],
    ['txt', TXT_FILE],
  ] as const) {
    it(`${kind}: no line rejected, no apex record lost, the others skipped and counted`, () => {
      const input = rows(file)
      const grouped = groupLines(dnsRecords, input.map(toLine), file)
      expect(grouped.rejects).toEqual([])
      expect(grouped.skippedLines).toEqual([])
      expect(grouped.records).toHaveLength(input.length)

      const byId = new Map(grouped.observations.map(({ observation: o }) => [o.id, answers(o)]))
      const atApex = grouped.records.filter(({ record }) => isApex(record.name))
      for (const { record } of atApex) {
        expect(byId.get(`${kind}-${record.day}-${record.name}`)?.has(answerOf(record))).toBe(true)
      }
      // Nothing else in the observations: their answers are exactly the distinct apex records.
      const distinct = new Set(atApex.map(({ record }) => `${record.day} ${record.name} ${answerOf(record)}`))
      expect([...byId.values()].reduce((n, set) => n + set.size, 0)).toBe(distinct.size)

      const notApex = grouped.records.length - atApex.length
      expect(grouped.skippedRecords).toHaveLength(notApex)
      expect(grouped.grouper.skipped).toBe(notApex)

      const hosts = new HostCheck()
      for (const { observation: o } of grouped.observations) {
        expect(checkObservation(o, kind, hosts)).toEqual({ ok: true, kind, id: o.id })
      }
    })
  }

  it('accepts the wildcard owners (*._domainkey.<zone>) and skips them as no apex', () => {
    const grouped = groupLines(dnsRecords, rows(TXT_FILE).map(toLine), TXT_FILE)
    const wildcards = grouped.records.filter(({ record }) => record.name.startsWith('*.'))
    expect(wildcards.length).toBeGreaterThan(200)
    const skipped = new Map(grouped.skippedRecords.map((s) => [s.line, s.reason]))
    for (const { line, record } of wildcards) {
      expect(skipped.get(line)).toBe(`name "${record.name}" is a wildcard owner, not an apex`)
    }
  })

  it('loads through the engine: every apex record served, the rest counted as skipped', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'domindex-real-dns-'))
    try {
      const lines = [...rows(MX_FILE), ...rows(TXT_FILE)].map((row) => JSON.stringify(toLine(row)))
      const path = join(dir, 'records.jsonl')
      await writeFile(path, `${lines.join('\n')}\n`)
      const engine = await Engine.build({ dns: [path] })
      const grouped = groupLines(dnsRecords, [...rows(MX_FILE), ...rows(TXT_FILE)].map(toLine), path)
      const stats = engine.stats()
      expect(stats.rejects.count).toBe(0)
      expect(stats.counts.mx + stats.counts.txt).toBe(grouped.observations.length)
      expect(stats.dnsSkipped).toBe(grouped.grouper.skipped)
      for (const { observation } of grouped.observations) {
        const kind = observation.id.startsWith('mx-') ? 'mx' : 'txt'
        const apex = observation.items[0]?.value as string
        expect(engine[kind]({ host: apex }).results).toContainEqual(observation)
      }
    } finally {
      await rm(dir, { recursive: true, force: true })
    }
  })
})
