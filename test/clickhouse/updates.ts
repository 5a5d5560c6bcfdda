/**
 * A sequence of updates over the differential corpus (corpus.ts), and the reference they are
 * checked against. The updates are derived from the corpus files, deterministically:
 *
 *   1. new domains and observations (a second generated sample, whose names may also collide with
 *      the corpus's), replaced records (another organization, an older creation date, other
 *      nameservers, the domain spelled in upper case with a trailing dot), removed domains (some
 *      spelled that way, one listed twice, one not held, one removed and carried again by the
 *      update), observations moved to a later day and to an earlier one, re-sent with the other
 *      kind, re-sent under another apex, removed (every observation of some apexes' latest day,
 *      an id with a lone surrogate, an id not held)
 *   2. removed domains re-added, replaced ones replaced again or removed, removed observations
 *      re-added with the other kind, kind-changed ones removed, moved ones moved back
 *   3. nothing at all
 *
 * The reference follows SPEC 12 literally: it keeps the surviving records by key, applies each
 * update's removals and then its records (as loaded by the embedded loader), and writes them to
 * files for `Engine.build`.
 */
import { mkdir, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { writeSample } from '../../src/generate/write-sample.js'
import { loadSources } from '../../src/ingest/load.js'
import { normalizeHost } from '../../src/normalize/host.js'
import type { DnsKind, Observation, Sources, WhoisRecord } from '../../src/types.js'
import { readLines } from './corpus.js'

/** One update: new sources, and keys removed first. */
export interface UpdateStep {
  name: string
  sources: Sources
  remove: { whois: string[]; dns: string[] }
}

type Item = { context: string; is_metadata: boolean; type: string; value: string }

const copy = <T>(value: T): T => structuredClone(value)
const every = <T>(list: readonly T[], modulo: number, rest: number): T[] =>
  list.filter((_, i) => i % modulo === rest)

async function writeLines(path: string, values: readonly unknown[]): Promise<string> {
  await writeFile(path, values.map((value) => `${JSON.stringify(value)}\n`).join(''))
  return path
}

function domainName(record: WhoisRecord): string {
  return String(record.domain?.name)
}

function apexOf(observation: Observation): string {
  return String((observation.items[0] as Item).value)
}

function withApex(observation: Observation, apex: string): Observation {
  const out = copy(observation)
  ;(out.items[0] as Item).value = apex
  return out
}

// An MX observation re-sent as a TXT one: the same id, day and apex, TXT items.
function asTxt(observation: Observation, text: string): Observation {
  const items = observation.items as Item[]
  return {
    ...copy(observation),
    items: [
      copy(items[0] as Item),
      { context: 'dns-txt', is_metadata: false, type: 'txt', value: text },
      copy(items.at(-1) as Item),
    ],
  }
}

/**
 * Writes the update files into `dir` (the corpus directory) and returns the steps.
 *
 * @param dir - the directory writeCorpus wrote
 * @param seed - the seed of the generated new records
 */
export async function writeUpdates(dir: string, seed: number): Promise<UpdateStep[]> {
  const whois = await readLines<WhoisRecord>(join(dir, 'whois.jsonl'))
  const mx = await readLines<Observation>(join(dir, 'dns-mx.jsonl'))
  const txt = await readLines<Observation>(join(dir, 'dns-txt.jsonl'))
  const organizations = whois.flatMap((r) => {
    const org = r.registrant?.organization
    return typeof org === 'string' ? [org] : []
  })
  const file = (name: string) => join(dir, name)

  // Update 1.
  const extra = join(dir, 'extra')
  await mkdir(extra, { recursive: true })
  const fresh = await writeSample({ whois: 30, dns: 60, seed, out: extra })
  const replaced = every(whois, 10, 1).map((record, k) => {
    const out = copy(record)
    const domain = out.domain ?? {}
    out.registrant = {
      ...out.registrant,
      organization: organizations[(k * 7) % organizations.length] ?? 'Acme Holdings',
    }
    if (k % 2 === 0) domain.created = '1999-12-31T23:59:59Z'
    if (k % 3 === 0) domain.nameservers = ['NS1.Example-DNS.net.', 'ns9.example-dns.net']
    if (k % 4 === 0) domain.name = `${domainName(record).toUpperCase()}.`
    return out
  })
  const readded = copy(whois[5] as WhoisRecord)
  if (readded.domain !== undefined && readded.domain !== null) readded.domain.updated = '2026-01-01T00:00:00Z'
  const edgeA = {
    query: 'edge-a.com',
    domain: { name: 'edge-a.com', created: '2021-01-01T00:00:00Z', nameservers: ['ns1.example-dns.net'] },
    registrant: { organization: 'Ärger & Söhne GmbH', phone: '+1.650-253-0000' },
  }
  const removedDomains = every(whois, 10, 3).map((record, k) =>
    k % 2 === 0 ? domainName(record) : `${domainName(record).toUpperCase()}.`,
  )
  // Every MX observation of three apexes' latest day goes: their `most_recent` day moves back.
  const latestOf = (apex: string): Observation[] => {
    const own = mx.filter((o) => apexOf(o) === apex)
    const day = own
      .map((o) => o.date)
      .sort()
      .at(-1)
    return own.filter((o) => o.date === day)
  }
  const emptied = [0, 40, 80].flatMap((i) => latestOf(apexOf(mx[i] as Observation)))
  const step1: UpdateStep = {
    name: 'new, replaced, moved and removed records',
    sources: {
      whois: [await writeLines(file('u1-whois.jsonl'), [...replaced, readded, edgeA]), fresh.whois.path],
      dns: [
        {
          path: await writeLines(file('u1-mx.jsonl'), [
            ...every(mx, 10, 1).map((o) => ({ ...copy(o), date: '2025-12-31' })),
            ...every(mx, 10, 2).map((o) => ({ ...copy(o), date: '2000-01-02' })),
          ]),
          kind: 'mx',
        },
        {
          path: await writeLines(file('u1-txt.jsonl'), [
            ...every(txt, 10, 1).map((o, k) => ({
              ...copy(o),
              items: copy((txt[(k * 3 + 7) % txt.length] as Observation).items).map((item, j) =>
                j === 0 ? (o.items[0] as Item) : item,
              ),
            })),
            ...every(mx, 20, 4).map((o) => asTxt(o, 'v=spf1 include:_spf.google.com ~all')),
            ...every(txt, 20, 5).map((o, k) =>
              withApex(o, apexOf(txt[(k * 11 + 3) % txt.length] as Observation)),
            ),
          ]),
          kind: 'txt',
        },
        { path: fresh.mx.path, kind: 'mx' },
        { path: fresh.txt.path, kind: 'txt' },
      ],
    },
    remove: {
      whois: [
        ...removedDomains,
        domainName(whois[3] as WhoisRecord),
        domainName(whois[5] as WhoisRecord),
        'not-held.example',
        'EDGE-C.com.',
      ],
      dns: [
        ...every(mx, 10, 7).map((o) => o.id),
        ...every(txt, 10, 7).map((o) => o.id),
        ...emptied.map((o) => o.id),
        'edge-txt-\ud800',
        'no-such-id',
      ],
    },
  }

  // Update 2.
  const step2: UpdateStep = {
    name: 'removed keys re-added, replaced ones replaced again or removed, moved ones moved back',
    sources: {
      whois: [
        await writeLines(file('u2-whois.jsonl'), [
          ...every(whois, 20, 3),
          ...every(whois, 20, 1).map((record, k) => {
            const out = copy(record)
            out.tech = {
              organization: organizations[(k * 5 + 1) % organizations.length] ?? 'Acme Holdings',
              name: 'quick brown fox',
            }
            return out
          }),
        ]),
      ],
      dns: [
        {
          path: await writeLines(file('u2-mx.jsonl'), [
            ...every(mx, 20, 1).map((o) => ({ ...copy(o), date: '2001-06-15' })),
            {
              ...withApex(mx[0] as Observation, apexOf(mx[0] as Observation)),
              id: 'u2-new-1',
              date: '2026-01-01',
            },
          ]),
          kind: 'mx',
        },
        {
          path: await writeLines(
            file('u2-txt.jsonl'),
            every(mx, 20, 7).map((o) => asTxt(o, 'google-site-verification=readded')),
          ),
          kind: 'txt',
        },
      ],
    },
    remove: {
      whois: [
        ...every(whois, 20, 11).map(domainName),
        ...(await readLines<WhoisRecord>(fresh.whois.path)).slice(0, 5).map(domainName),
      ],
      dns: [
        ...every(mx, 40, 4).map((o) => o.id),
        ...(await readLines<Observation>(fresh.txt.path)).slice(0, 3).map((o) => o.id),
      ],
    },
  }

  const step3: UpdateStep = {
    name: 'nothing',
    sources: { whois: [], dns: [] },
    remove: { whois: [], dns: [] },
  }
  return [step1, step2, step3]
}

/** SPEC 12's meaning of a sequence of updates: the surviving records, by key, in load order. */
export class Reference {
  readonly #whois = new Map<string, WhoisRecord>()
  readonly #dns = new Map<string, { kind: DnsKind; observation: Observation }>()
  #written = 0

  /** Applies a build's or an update's sources, after its removals. */
  async apply(sources: Sources, remove: UpdateStep['remove'] = { whois: [], dns: [] }): Promise<void> {
    for (const raw of remove.whois) {
      const host = normalizeHost(raw)
      if (host.ok) this.#whois.delete(host.host)
    }
    for (const id of remove.dns) this.#dns.delete(id)
    const loaded = await loadSources(sources)
    loaded.whois.keys.forEach((key, i) => {
      this.#whois.delete(key)
      this.#whois.set(key, loaded.whois.records[i] as WhoisRecord)
    })
    for (const kind of ['mx', 'txt'] as const) {
      for (const observation of loaded[kind]) {
        this.#dns.delete(observation.id)
        this.#dns.set(observation.id, { kind, observation })
      }
    }
  }

  /** Writes the surviving records into `dir` and returns them as sources for `Engine.build`. */
  async write(dir: string): Promise<Sources> {
    const n = this.#written++
    const held = [...this.#dns.values()]
    const observations = (kind: DnsKind) => held.filter((o) => o.kind === kind).map((o) => o.observation)
    return {
      whois: [await writeLines(join(dir, `reference-${n}-whois.jsonl`), [...this.#whois.values()])],
      dns: [
        { path: await writeLines(join(dir, `reference-${n}-mx.jsonl`), observations('mx')), kind: 'mx' },
        { path: await writeLines(join(dir, `reference-${n}-txt.jsonl`), observations('txt')), kind: 'txt' },
      ],
    }
  }

  /** Every record held, for the query vocabulary. */
  records(): { whois: WhoisRecord[]; observations: Observation[] } {
    return {
      whois: [...this.#whois.values()],
      observations: [...this.#dns.values()].map((o) => o.observation),
    }
  }
}
