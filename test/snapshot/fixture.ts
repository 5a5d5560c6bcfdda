/**
 * Shared pieces of the snapshot tests: the sample corpus as sources, temporary directories, the
 * query set derived from a corpus, and a comparison of two engines' answers over it.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll } from 'vitest'
import type { Engine } from '../../src/engine.js'
import type { Observation, Params, Sources, WhoisRecord } from '../../src/types.js'

/** The sample corpus in data/, DNS files declared (some observations have empty answers). */
export const SAMPLE: Sources = {
  whois: ['data/whois.jsonl'],
  dns: [
    { path: 'data/dns-mx.jsonl', kind: 'mx' },
    { path: 'data/dns-txt.jsonl', kind: 'txt' },
  ],
}

/** A fresh temporary directory, removed after the test file. */
export function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'domindex-snapshot-'))
  afterAll(() => rmSync(dir, { recursive: true, force: true }))
  return dir
}

/** Every query method's call, named for failure messages. */
export interface Call {
  readonly label: string
  readonly run: (engine: Engine) => unknown
}

function first(value: unknown): string | undefined {
  if (typeof value === 'string') return value
  if (Array.isArray(value) && typeof value[0] === 'string') return value[0]
  return undefined
}

/**
 * Calls of every query family built from the corpus's own values: a forward lookup per record,
 * reverse searches by phrase, name, street, postal code, phone, nameserver and dates (two pages),
 * MX and TXT searches by host, nameserver and text, with most_recent and summaries.
 */
export function callsFor(records: readonly WhoisRecord[], observations: readonly Observation[]): Call[] {
  const calls: Call[] = []
  const add = (label: string, run: (engine: Engine) => unknown): void => {
    calls.push({ label, run })
  }
  const reverse = (params: Params): void => {
    for (const page of [0, 1])
      add(`reverse ${JSON.stringify(params)} page ${page}`, (e) => e.reverse({ ...params, page }))
  }
  for (const record of records) {
    const domain = first(record.domain?.name) ?? first(record.query)
    if (domain !== undefined) add(`whois ${domain}`, (e) => e.whois({ domain, apex_domain: true }))
  }
  add('whois absent', (e) => e.whois({ domain: 'absent-from-every-corpus.example' }))
  for (const record of records.slice(0, 12)) {
    const registrant = record.registrant
    const contact = registrant !== null && typeof registrant === 'object' ? registrant : {}
    const organization = first(contact.organization)
    if (organization !== undefined && organization.trim() !== '') reverse({ phrase: organization, slop: 1 })
    const name = first(contact.name)
    if (name !== undefined && name.trim() !== '') reverse({ name })
    const street = first(contact.street)
    if (street !== undefined && street.trim() !== '') reverse({ street })
    const postal = first(contact.postal_code)
    if (postal !== undefined && postal.trim() !== '') reverse({ postalcode: postal })
    const phone = first(contact.phone)
    if (phone !== undefined && /\d{4}/.test(phone)) reverse({ phone })
    const nameserver = first(record.domain?.nameservers)
    if (nameserver !== undefined) reverse({ nameserver })
  }
  reverse({ created_from: '2010-01-01', created_to: '2020-12-31' })
  reverse({ expires_from: '2024-01-01' })
  const dns = (kind: 'mx' | 'txt', params: Params): void => {
    add(`${kind} ${JSON.stringify(params)}`, (e) => (kind === 'mx' ? e.mx(params) : e.txt(params)))
  }
  for (const observation of observations.slice(0, 10)) {
    const apex = observation.items[0]?.value
    const ns = observation.items.find((item) => item.context === 'dns-ns')?.value
    for (const kind of ['mx', 'txt'] as const) {
      if (typeof apex === 'string') dns(kind, { host: apex })
      if (typeof ns === 'string') {
        dns(kind, { nameserver: ns, most_recent: true })
        dns(kind, { nameserver: ns, summarize: 'host', summary_context: 'dns-ns' })
      }
    }
  }
  dns('txt', { txt: 'v=spf1' })
  dns('txt', { txt: 'google-site-verification', summarize: 'txt', summary_context: 'dns-txt' })
  dns('mx', { expression: 'dns-mx.host:google.com OR dns-ns.host:cloudflare.com', page: 1 })
  dns('mx', { summarize: 'host', summary_context: 'dns-mx', summary_limit: 5 })
  return calls
}

function answer(call: Call, engine: Engine): unknown {
  try {
    return { call: call.label, answer: call.run(engine) }
  } catch (error) {
    // A derived value may be an invalid parameter: then both engines must refuse it alike.
    return { call: call.label, thrown: String(error) }
  }
}

/** The answers of two engines to the same calls, paired for one `toEqual`. */
export function answers(
  calls: readonly Call[],
  before: Engine,
  after: Engine,
): { before: unknown[]; after: unknown[] } {
  return { before: calls.map((c) => answer(c, before)), after: calls.map((c) => answer(c, after)) }
}
