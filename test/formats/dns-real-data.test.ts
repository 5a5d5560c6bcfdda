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
 * Every line parses: the wildcard owners `*._domainkey.<zone>` included (not rejected). Every record
 * at an apex shows up in its observation, and so does every mail-policy TXT record (`_dmarc.<zone>`,
 * `<selector>._domainkey.<zone>`, wildcards included: SPEC 13) in its zone's, in its policy's
 * context; the records at other names are skipped and counted.
 */
import { existsSync, readFileSync } from 'node:fs'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { tokenize } from '../../src/analysis/tokenize.js'
import { Engine } from '../../src/engine.js'
import { mailPolicyName } from '../../src/ingest/formats/dns-grouper.js'
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
/** The apex whose observation holds a record: its name, or a mail-policy TXT record's zone. */
const apexOf = (r: DnsRecord): string | null =>
  isApex(r.name) ? r.name : r.kind === 'txt' ? (mailPolicyName(r.name)?.apex ?? null) : null
/** A record's answer: `host preference` (MX), the TXT value, a policy record's owner and value. */
const answerOf = (r: DnsRecord) =>
  r.kind === 'mx' ? `${r.value} ${r.preference}` : isApex(r.name) ? r.value : `${r.name} ${r.value}`

// The owner name of a mail-policy item, from its context, selector and apex (SPEC 13).
const POLICY_OWNERS: Record<string, (apex: string, selector: string) => string> = {
  'dns-txt-dmarc': (apex) => `_dmarc.${apex}`,
  'dns-txt-mta-sts': (apex) => `_mta-sts.${apex}`,
  'dns-txt-tlsrpt': (apex) => `_smtp._tls.${apex}`,
  'dns-txt-dkim': (apex, selector) => `${selector}._domainkey.${apex}`,
  'dns-txt-bimi': (apex, selector) => `${selector}._bimi.${apex}`,
}

/** Each observation's answers, as answerOf writes them. */
function answers(o: Observation): Set<string> {
  const out = new Set<string>()
  const items = o.items
  const apex = items[0]?.value as string
  let selector = ''
  for (let i = 1; i < items.length; i++) {
    const item = items[i]
    const owner = item === undefined ? undefined : POLICY_OWNERS[item.context]
    if (item?.context === 'dns-txt') out.add(item.value)
    else if (item?.context === 'dns-mx' && item.type === 'host')
      out.add(`${item.value} ${items[i + 1]?.value}`)
    else if (owner !== undefined && item?.type === 'selector') selector = item.value
    else if (owner !== undefined && item?.type === 'txt') out.add(`${owner(apex, selector)} ${item.value}`)
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
      const atApex = grouped.records.filter(({ record }) => apexOf(record) !== null)
      for (const { record } of atApex) {
        expect(byId.get(`${kind}-${record.day}-${apexOf(record)}`)?.has(answerOf(record))).toBe(true)
      }
      // Nothing else in the observations: their answers are exactly the distinct apex records.
      const distinct = new Set(
        atApex.map(({ record }) => `${record.day} ${apexOf(record)} ${answerOf(record)}`),
      )
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

  it('accepts the wildcard owners (*._domainkey.<zone>): DKIM records of their zone, selector *', () => {
    const grouped = groupLines(dnsRecords, rows(TXT_FILE).map(toLine), TXT_FILE)
    const wildcards = grouped.records.filter(({ record }) => record.name.startsWith('*._domainkey.'))
    expect(wildcards.length).toBeGreaterThan(200)
    const skipped = new Map(grouped.skippedRecords.map((s) => [s.line, s.reason]))
    const byId = new Map(grouped.observations.map(({ observation: o }) => [o.id, answers(o)]))
    for (const { line, record } of wildcards) {
      const zone = record.name.slice('*._domainkey.'.length)
      if (isApex(zone)) expect(byId.get(`txt-${record.day}-${zone}`)?.has(answerOf(record))).toBe(true)
      else expect(skipped.get(line)).toMatch(/^name ".*" is a wildcard owner, not an apex$/)
    }
    // The real files' DMARC records are found by `txt=DMARC1` once loaded (issue 26, item 6).
    const dmarc = grouped.records.filter(({ record }) => record.name.startsWith('_dmarc.'))
    expect(dmarc.length).toBeGreaterThan(100)
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
      // `txt=DMARC1` finds the zones publishing DMARC, held in their dns-txt-dmarc items (SPEC 13).
      const holding = (context: string) =>
        grouped.observations.filter(({ observation }) =>
          observation.items.some(
            (i) => i.type === 'txt' && i.context.startsWith(context) && tokenize(i.value).includes('dmarc1'),
          ),
        ).length
      expect(holding('dns-txt-dmarc')).toBeGreaterThan(50)
      expect(engine.txt({ txt: 'DMARC1' }).result_count).toBe(holding('dns-txt'))
      expect(engine.txt({ filter: 'dns-txt-dmarc.txt:DMARC1' }).result_count).toBe(holding('dns-txt-dmarc'))
    } finally {
      await rm(dir, { recursive: true, force: true })
    }
  })
})
