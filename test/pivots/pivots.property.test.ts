/**
 * SPEC 14 pivots against a brute-force computation: random WHOIS corpora (emails differing in case
 * and spaces, registrar names in white space and width, arrays, missing and non-string fields) and
 * random MX and TXT observations of some of the same domains (the null MX, TXT values with quotes,
 * backslashes, commas and parentheses; domains with DNS only or WHOIS only). For every held domain:
 * the pivot set, each count (from the brute-force reverse and DNS references) and the order match,
 * and each count equals the `result_count` of `request()` on its request.
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { Engine } from '../../src/engine.js'
import { normalizeHost } from '../../src/normalize/host.js'
import type { Observation, Params, WhoisRecord } from '../../src/types.js'
import { referenceSearch as dnsReference } from '../dns/reference.js'
import { corpus } from '../reverse/corpus.js'
import { referenceMatch } from '../reverse/reference.js'
import { writeLines } from './write-lines.js'

const DOMAINS = ['a.com', 'b.org', 'c.net', 'd.com', 'e.io', 'f.de']
const MX_HOSTS = ['mx.a.com', 'MX.A.COM.', 'aspmx.l.google.com', '.', 'mx.prov.net', 'xn--mnchen-3ya.de']
const TXT_VALUES = [
  'v=spf1 -all',
  'V=SPF1 -ALL',
  '"quoted" text, with (parens)',
  'back\\slash "and" quote',
  '  padded  ',
  '',
  'a,b',
]
const DATES = ['2024-01-01', '2024-01-02', '2024-01-03']

function observations(kind: 'mx' | 'txt'): fc.Arbitrary<Observation[]> {
  const answer =
    kind === 'mx'
      ? fc.array(fc.constantFrom(...MX_HOSTS), { maxLength: 3 }).map((hosts) =>
          hosts.flatMap((h) => [
            { context: 'dns-mx', is_metadata: false, type: 'host', value: h },
            { context: 'dns-mx', is_metadata: false, type: 'mx-preference', value: '10' },
          ]),
        )
      : fc
          .array(fc.constantFrom(...TXT_VALUES), { maxLength: 3 })
          .map((values) =>
            values.map((v) => ({ context: 'dns-txt', is_metadata: false, type: 'txt', value: v })),
          )
  const one = fc.record({ apex: fc.constantFrom(...DOMAINS), date: fc.constantFrom(...DATES), answer })
  return fc.array(one, { maxLength: 12 }).map((drafts) =>
    drafts.map(({ apex, date, answer }, i) => ({
      id: `${kind}-${i}`,
      date,
      items: [
        { context: '', is_metadata: true, type: 'host', value: apex },
        ...answer,
        { context: 'dns-ns', is_metadata: false, type: 'host', value: 'ns1.prov.net' },
      ],
    })),
  )
}

/** The records with the first domains of DOMAINS as names (the rest: d<i>.com). */
const whois = corpus.map((records) =>
  records.map((r, i) => ({ ...r, domain: { ...r.domain, name: DOMAINS[i] ?? `d${i}.com` } }) as WhoisRecord),
)

interface RefPivot {
  kind: string
  value: string
  count: number
}

const KINDS = ['email', 'organization', 'phone', 'street', 'registrar', 'nameserver', 'mx', 'txt']

function strings(v: unknown): string[] {
  if (typeof v === 'string') return [v]
  return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : []
}

/** SPEC 14, plainly: values, counts by the brute-force references, order. */
function referencePivots(
  records: readonly WhoisRecord[],
  mxs: readonly Observation[],
  txts: readonly Observation[],
  domain: string,
): RefPivot[] | null {
  const record = records.find((r) => r.domain?.name === domain) ?? null
  const latest = (all: readonly Observation[]) => {
    const mine = all.filter((o) => o.items[0]?.value === domain)
    const last =
      mine
        .map((o) => o.date)
        .sort()
        .at(-1) ?? ''
    return mine.filter((o) => o.date === last)
  }
  const mx = latest(mxs)
  const txt = latest(txts)
  if (record === null && mx.length === 0 && txt.length === 0) return null
  const seen = new Map<string, Set<string>>(KINDS.map((k) => [k, new Set()]))
  const put = (kind: string, value: string) => {
    if (value !== '') seen.get(kind)?.add(value)
  }
  for (const section of ['registrant', 'admin', 'tech', 'billing']) {
    const c = record?.[section]
    if (c === null || typeof c !== 'object' || Array.isArray(c)) continue
    const contact = c as Record<string, unknown>
    for (const e of strings(contact['email'])) put('email', e.trim().toLowerCase())
    for (const o of strings(contact['organization']))
      if (/[\p{L}\p{N}]/u.test(o)) put('organization', o.trim())
    for (const p of strings(contact['phone'])) {
      const digits = p.normalize('NFKC').replace(/[^0-9]/g, '')
      if (digits.length >= 4) put('phone', digits)
    }
    for (const s of strings(contact['street'])) if (/[\p{L}\p{N}]/u.test(s)) put('street', s.trim())
  }
  // The record's own registrar name, trimmed (SPEC 14), when its key is not blank.
  for (const r of strings(record?.domain?.['registrar_name'])) {
    const key = r.normalize('NFKC').toLowerCase().normalize('NFKC').replace(/\s+/g, ' ').trim()
    if (key !== '') put('registrar', r.trim())
  }
  for (const ns of strings(record?.domain?.nameservers)) {
    const host = normalizeHost(ns)
    if (host.ok) put('nameserver', host.host)
  }
  for (const o of mx)
    for (const item of o.items) {
      if (item.context !== 'dns-mx' || item.type !== 'host') continue
      const host = normalizeHost(item.value)
      if (host.ok && host.host !== '.') put('mx', host.host)
    }
  for (const o of txt)
    for (const item of o.items) if (item.context === 'dns-txt') put('txt', item.value.trim())
  const pivots: RefPivot[] = []
  for (const kind of KINDS) {
    for (const value of seen.get(kind) ?? []) {
      let count: number
      if (kind === 'mx' || kind === 'txt') {
        const filter =
          kind === 'mx' ? `dns-mx.host=${value}` : `dns-txt.txt="${value.replace(/[\\"]/g, (c) => `\\${c}`)}"`
        const found = dnsReference(kind, kind === 'mx' ? mxs : txts, { most_recent: true, filter: [filter] })
        count = 'result_count' in found ? found.result_count : -1
      } else {
        const params: Params = { [kind === 'organization' ? 'name' : kind]: value }
        count = records.filter((r) => referenceMatch(r, params)).length
      }
      pivots.push({ kind, value, count })
    }
  }
  return pivots.sort(
    (a, b) =>
      a.count - b.count ||
      KINDS.indexOf(a.kind) - KINDS.indexOf(b.kind) ||
      (a.value < b.value ? -1 : a.value > b.value ? 1 : 0),
  )
}

describe('pivots (SPEC 14)', () => {
  it('match a brute-force computation, and each count is its request’s result_count', async () => {
    await fc.assert(
      fc.asyncProperty(whois, observations('mx'), observations('txt'), async (records, mxs, txts) => {
        const sources = writeLines({ whois: records, mx: mxs, txt: txts })
        const engine = await Engine.build(sources)
        // The loader refuses some generated records (a non-string email, say: its own tests cover
        // that); the reference counts over the records held.
        const held = records.filter((r) => engine.whois({ domain: String(r.domain?.name) }) !== null)
        for (const domain of [...DOMAINS, 'absent.com']) {
          const expected = referencePivots(held, mxs, txts, domain)
          const actual = engine.pivots({ domain })
          if (expected === null) {
            expect(actual).toBeNull()
            expect((await engine.request(`/v1/domain/pivots?domain=${domain}`)).status).toBe(404)
            continue
          }
          expect(actual?.domain).toBe(domain)
          expect(actual?.pivots.map(({ kind, value, count }) => ({ kind, value, count }))).toEqual(expected)
          for (const pivot of actual?.pivots ?? []) {
            const { status, body } = await engine.request(pivot.request)
            expect(status, pivot.request).toBe(200)
            expect((body as { result_count: number }).result_count, pivot.request).toBe(pivot.count)
          }
          expect((await engine.request(`/v1/domain/pivots?domain=${domain.toUpperCase()}.`)).body).toEqual(
            actual,
          )
        }
      }),
      { seed: 14, numRuns: 60 },
    )
  })
})
