/**
 * The update deltas of the update benchmark: a daily feed over the seeded base corpus of N WHOIS
 * records and 3N observations (`writeSample`, seed 1), written once per corpus and reused (the same
 * N, update count and seed give byte-identical files). Update u (1…U) holds:
 *
 * - `whois.jsonl`: 10,000 records. 5,000 replace held domains (base records picked by a hash, no
 *   domain twice in one update) with changed contents: `updated` on the update's day, `expires` a
 *   year later, and the registrar, nameservers and registrant of a fresh generated record (a
 *   transfer with a new owner). 5,000 are new domains: generator records N + 5,000(u−1) … N + 5,000u,
 *   which no base record names (distinct indices give distinct names).
 * - `dns-mx.jsonl`, `dns-txt.jsonl`: 30,000 observations, one MX and one TXT for 15,000 apexes:
 *   13,500 held apexes (base DNS apexes picked by a hash) and 1,500 of the update's new domains,
 *   all dated the update's day (2025-01-01 + u − 1, later than every base date, so each touched
 *   apex's `most_recent` moves to the new segment). Their items are the generator's for a stand-in
 *   apex (seed 1000 + u), with the stand-in's name rewritten to the target apex wherever it occurs
 *   (metadata item, self-hosted mail and name servers, provider hosts with a dashed name, DMARC);
 *   ids are new (`mx-uNN-…`).
 * - `remove-whois.txt`: 100 held base domains (none of this update's replaced ones);
 *   `remove-dns.txt`: 100 base observation ids (computed as the generator forms them). A key an
 *   earlier update removed is no longer held and is counted as such.
 *
 * Generation reads the generator once up to N + 5,000U records (the held records to change are
 * kept as they pass: about 2 KB each, 200 MB for 20 updates at 1M) and 30,000 observations per
 * update. Written into a `.partial` directory, renamed when complete.
 */
import { existsSync } from 'node:fs'
import { mkdir, rename, rm, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { DomainNames } from '../../../src/generate/domain-names.js'
import { LineWriter } from '../../../src/generate/line-writer.js'
import { generateObservations } from '../../../src/generate/observations.js'
import { hash32 } from '../../../src/generate/random.js'
import { generateWhois } from '../../../src/generate/whois.js'
import type { DnsKind, DomainSection, Observation, Sources, WhoisRecord } from '../../../src/types.js'

/** Replaced and new WHOIS records per update (each). */
export const HALF_WHOIS = 5000
/** Apexes observed per update (one MX and one TXT observation each). */
export const DNS_APEXES = 15_000
/** Of {@link DNS_APEXES}, those that are new domains of the update. */
export const NEW_APEXES = 1500
/** Keys of each removal list. */
export const REMOVALS = 100

const REPLACE_SALT = 0x5e1ec7
const REMOVE_SALT = 0x0dd0
const APEX_SALT = 0xa9e7
const DAY = 86_400_000
const FIRST_UPDATE_DAY = Date.UTC(2025, 0, 1)
/** The domain fields a transfer changes, taken from a fresh record. */
const TRANSFERRED = [
  'registrar_id',
  'registrar_name',
  'registrar_url',
  'registrar_email',
  'nameservers',
] as const

/** The corpus a delta series belongs to. */
export interface DeltaPlan {
  /** Base WHOIS records (N); the base has 3N observations over ceil(3N / 6) apexes. */
  records: number
  /** Updates. */
  updates: number
  /** The base corpus's seed. */
  seed: number
}

/** The files of one update. */
export interface DeltaFiles {
  sources: Sources
  removeWhois: string
  removeDns: string
}

/**
 * The directory of update u (1-based) of a delta series in `dir`.
 *
 * @example
 * ```ts
 * deltaDir('/tmp/run/deltas', 3) // '/tmp/run/deltas/03'
 * ```
 */
export function deltaDir(dir: string, u: number): string {
  return join(dir, String(u).padStart(2, '0'))
}

/**
 * The files of update u.
 *
 * @param dir - the deltas directory
 * @param u - the update, 1-based
 */
export function deltaFiles(dir: string, u: number): DeltaFiles {
  const d = deltaDir(dir, u)
  return {
    sources: {
      whois: [join(d, 'whois.jsonl')],
      dns: [
        { path: join(d, 'dns-mx.jsonl'), kind: 'mx' },
        { path: join(d, 'dns-txt.jsonl'), kind: 'txt' },
      ],
    },
    removeWhois: join(d, 'remove-whois.txt'),
    removeDns: join(d, 'remove-dns.txt'),
  }
}

/** `count` distinct integers in [0, range) picked by hash from (salt, u), none of them in `avoid`. */
function picks(count: number, range: number, salt: number, u: number, avoid?: ReadonlySet<number>): number[] {
  const out: number[] = []
  const seen = new Set<number>()
  for (let k = 0; out.length < count; k++) {
    const v = hash32(salt + u, k) % range
    if (seen.has(v) || avoid?.has(v) === true) continue
    seen.add(v)
    out.push(v)
  }
  return out
}

/** The id the generator gives base observation j. */
function baseObservationId(seed: number, j: number): string {
  const kind = j % 2 === 0 ? 'mx' : 'txt'
  return `${kind}-${hash32(seed, j).toString(16).padStart(8, '0')}-${j.toString(16)}`
}

function isoDay(u: number): string {
  return new Date(FIRST_UPDATE_DAY + (u - 1) * DAY).toISOString().slice(0, 10)
}

/** A held record as the update changes it: renewed, transferred, with a new registrant. */
function changed(held: WhoisRecord, fresh: WhoisRecord, u: number): WhoisRecord {
  const day = isoDay(u)
  const next = Number(day.slice(0, 4)) + 1
  const domain: DomainSection = {
    ...held.domain,
    updated: `${day}T06:00:00Z`,
    expires: `${next}${day.slice(4)}T06:00:00Z`,
  }
  for (const field of TRANSFERRED) {
    const value = fresh.domain?.[field]
    if (value !== undefined) (domain as Record<string, unknown>)[field] = value
  }
  const record: WhoisRecord = { ...held, domain }
  if (fresh.registrant !== undefined) record.registrant = fresh.registrant
  return record
}

/** An observation of a stand-in apex, moved to `target` on update u's day with a new id. */
function moved(o: Observation, target: string, u: number, j: number): Observation {
  const standIn = (o.items[0] as { value: string }).value
  const dashedFrom = standIn.replaceAll('.', '-')
  const dashedTo = target.replaceAll('.', '-')
  const kind: DnsKind = o.id.startsWith('mx-') ? 'mx' : 'txt'
  return {
    date: isoDay(u),
    id: `${kind}-u${String(u).padStart(2, '0')}-${j.toString(16)}`,
    items: o.items.map((item) => ({
      ...item,
      value: item.value.replaceAll(standIn, target).replaceAll(dashedFrom, dashedTo),
    })),
  }
}

/**
 * Writes the deltas of a plan into `dir` unless they are there.
 *
 * @param dir - the deltas directory
 * @param plan - base size, update count and seed
 * @example
 * ```ts
 * await writeDeltas('/tmp/domindex-bench-update-100000/deltas', { records: 100_000, updates: 20, seed: 1 })
 * ```
 */
export async function writeDeltas(dir: string, plan: DeltaPlan): Promise<void> {
  if (existsSync(dir)) return
  const { records: n, updates, seed } = plan
  const partial = `${dir}.partial`
  await rm(partial, { recursive: true, force: true })
  const baseApexes = Math.max(1, Math.ceil((3 * n) / 6))
  if (baseApexes < DNS_APEXES - NEW_APEXES || n < 2 * HALF_WHOIS) {
    throw new Error(`update.bench: deltas need a base of at least 30,000 records; got ${n}`)
  }
  const names = new DomainNames(seed)

  // Which held record each update changes, and which removals it lists.
  const replaced: number[][] = []
  const removedDomains: number[][] = []
  const wanted = new Map<number, { u: number; slot: number }[]>()
  for (let u = 1; u <= updates; u++) {
    const picked = picks(HALF_WHOIS, n, REPLACE_SALT, u)
    replaced.push(picked)
    removedDomains.push(picks(REMOVALS, n, REMOVE_SALT, u, new Set(picked)))
    picked.forEach((h, slot) => {
      const list = wanted.get(h)
      if (list === undefined) wanted.set(h, [{ u, slot }])
      else list.push({ u, slot })
    })
  }
  const held = new Map<number, WhoisRecord>()
  const fresh: WhoisRecord[] = []
  for (const [i, record] of generatorEntries(n + HALF_WHOIS * updates, seed)) {
    if (i < n) {
      if (wanted.has(i)) held.set(i, record)
    } else fresh.push(record)
  }

  for (let u = 1; u <= updates; u++) {
    const d = deltaDir(partial, u)
    await mkdir(d, { recursive: true })
    const files = deltaFiles(partial, u)
    const whois = new LineWriter((files.sources.whois as string[])[0] as string)
    const newOnes = fresh.slice((u - 1) * HALF_WHOIS, u * HALF_WHOIS)
    const picked = replaced[u - 1] as number[]
    for (let slot = 0; slot < picked.length; slot++) {
      const record = held.get(picked[slot] as number) as WhoisRecord
      await whois.line(JSON.stringify(changed(record, newOnes[slot] as WhoisRecord, u)))
    }
    for (const record of newOnes) await whois.line(JSON.stringify(record))
    await whois.close()

    const mx = new LineWriter(join(d, 'dns-mx.jsonl'))
    const txt = new LineWriter(join(d, 'dns-txt.jsonl'))
    const heldApexes = picks(DNS_APEXES - NEW_APEXES, baseApexes, APEX_SALT, u)
    let j = 0
    for (const o of generateObservations({ apexes: DNS_APEXES, count: 2 * DNS_APEXES, seed: 1000 + u })) {
      const k = Math.floor(j / 2)
      const target =
        k < heldApexes.length
          ? names.get(heldApexes[k] as number).ascii
          : names.get(n + (u - 1) * HALF_WHOIS + (k - heldApexes.length)).ascii
      const out = moved(o, target, u, j)
      await (out.id.startsWith('mx-') ? mx : txt).line(JSON.stringify(out))
      j++
    }
    await Promise.all([mx.close(), txt.close()])

    const domains = (removedDomains[u - 1] as number[]).map((h) => names.get(h).name)
    const ids = picks(REMOVALS, 3 * n, REMOVE_SALT + 0x100, u).map((jj) => baseObservationId(seed, jj))
    await writeFile(files.removeWhois, `# update ${u}: held domains dropped\n${domains.join('\n')}\n`)
    await writeFile(files.removeDns, `# update ${u}: observations dropped\n${ids.join('\n')}\n`)
  }
  await rename(partial, dir)
}

function* generatorEntries(count: number, seed: number): Generator<[number, WhoisRecord]> {
  let i = 0
  for (const record of generateWhois({ count, seed })) yield [i++, record]
}
