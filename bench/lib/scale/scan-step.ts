/**
 * The linear-scan peer of the scale benchmark. A corpus of 10M records does not fit in memory as
 * objects (~2 KB a WHOIS record), so the scan streams it through the loader (`streamSources`, so
 * records carry their `_norm` dates) in batches of {@link BATCH} records and times only the
 * matching: for each batch and family, every run applies the rules to every record of the batch,
 * counts the matches and keeps the 100 lowest result-order ranks (the first page). A run's time is
 * the sum over batches, so it is what a scan of the records held in memory would take, without the
 * reading and parsing. Rules: test/reverse/reference.ts for reverse search; the DNS families' own
 * scan rules (bench/lib/dns-families.ts), with `most_recent` needing a first pass over the
 * observations for each apex's latest date (its time is added to those families' runs).
 */
import type { DnsKind, Observation, Params, WhoisRecord } from '../../../src/types.js'
import { referenceMatch } from '../../../test/reverse/reference.js'
import { apexOf, countValues, type DnsFamily, summaryOf } from '../dns-families.js'
import { type Answer, dnsAnswer, type FamilyResult } from './answers.js'
import { streamRanked } from './ranks.js'
import { type Corpus, readFamilies } from './run-files.js'

const BATCH = 2048
/** Lookups by host scanned (each a whole pass), as bench/dns.bench.ts does. */
const HOST_SCANS = 3

/** The 100 lowest ranks seen, with their labels, in rank order. */
class FirstPage {
  readonly ranks: number[] = []
  readonly labels: string[] = []

  offer(rank: number, label: string): void {
    const { ranks, labels } = this
    if (ranks.length === 100 && rank > (ranks[99] as number)) return
    let at = ranks.length
    while (at > 0 && (ranks[at - 1] as number) > rank) at--
    ranks.splice(at, 0, rank)
    labels.splice(at, 0, label)
    if (ranks.length > 100) {
      ranks.pop()
      labels.pop()
    }
  }
}

/** One timed run of one parameter set of a family. */
interface Slot {
  param: number
  ms: number
  count: number
  page: FirstPage
  counts: Map<string, number>
}

function slotsOf(params: number, runs: number): Slot[] {
  const slot = (param: number): Slot => ({ param, ms: 0, count: 0, page: new FirstPage(), counts: new Map() })
  if (params > 1) return Array.from({ length: Math.min(params, HOST_SCANS) }, (_, i) => slot(i))
  return Array.from({ length: runs }, () => slot(0))
}

/** Times and answers of slots: one time per slot, one answer per parameter set (its first slot). */
function resultOf(
  name: string,
  slots: readonly Slot[],
  answer: (s: Slot) => Answer,
  extraMs = 0,
): FamilyResult {
  const answers: Answer[] = []
  for (const s of slots) if (answers[s.param] === undefined) answers[s.param] = answer(s)
  return { name, times: slots.map((s) => s.ms + extraMs), answers }
}

/** What the scan step reports. */
export interface ScanResult {
  reverse: FamilyResult[]
  dns: FamilyResult[]
  /** Wall time of the whole step, reading and parsing included. */
  wallMs: number
  maxRss: number
}

/**
 * Scans the corpus for every family.
 *
 * @param sources - the corpus
 * @param dir - the run directory (ranks and families)
 * @param runs - timed runs per family (one pass over the corpus serves them all)
 */
export async function scanStep(sources: Corpus, dir: string, runs: number): Promise<ScanResult> {
  const t0 = performance.now()
  const families = readFamilies(dir)
  const reverse = await scanWhois(sources, dir, families.reverse, runs)
  const dns = await scanDns(sources, dir, families.dns, runs)
  return { reverse, dns, wallMs: performance.now() - t0, maxRss: process.resourceUsage().maxRSS * 1024 }
}

async function scanWhois(
  sources: Pick<Corpus, 'whois'>,
  dir: string,
  families: readonly [string, Params][],
  runs: number,
): Promise<FamilyResult[]> {
  const slots = families.map(() => slotsOf(1, runs))
  const ranks: number[] = []
  const keys: string[] = []
  const records: WhoisRecord[] = []
  const flush = (): void => {
    families.forEach(([, params], f) => {
      for (const slot of slots[f] as Slot[]) {
        const t = performance.now()
        for (let j = 0; j < records.length; j++) {
          if (!referenceMatch(records[j] as WhoisRecord, params)) continue
          slot.count++
          slot.page.offer(ranks[j] as number, keys[j] as string)
        }
        slot.ms += performance.now() - t
      }
    })
    ranks.length = 0
    keys.length = 0
    records.length = 0
  }
  await streamRanked({ whois: sources.whois }, dir, {
    onWhois: (rank, key, record) => {
      ranks.push(rank)
      keys.push(key)
      records.push(record)
      if (records.length === BATCH) flush()
    },
  })
  flush()
  return families.map(([name], f) =>
    resultOf(name, slots[f] as Slot[], (s) => ({ count: s.count, page: s.page.labels })),
  )
}

/** Each apex's latest date among a kind's observations, and the time it took to find them. */
async function latestDates(
  sources: Pick<Corpus, 'dns'>,
  dir: string,
  kind: DnsKind,
): Promise<{ latest: Map<string, string>; ms: number }> {
  const latest = new Map<string, string>()
  let ms = 0
  let batch: Observation[] = []
  const flush = (): void => {
    const t = performance.now()
    for (const o of batch) {
      const apex = apexOf(o)
      if ((latest.get(apex) ?? '') < o.date) latest.set(apex, o.date)
    }
    ms += performance.now() - t
    batch = []
  }
  await streamRanked({ dns: sources.dns.filter((s) => s.kind === kind) }, dir, {
    onObservation: (_kind, _rank, o) => {
      batch.push(o)
      if (batch.length === BATCH) flush()
    },
  })
  flush()
  return { latest, ms }
}

async function scanDns(
  sources: Pick<Corpus, 'dns'>,
  dir: string,
  families: readonly DnsFamily[],
  runs: number,
): Promise<FamilyResult[]> {
  const latest = new Map<DnsKind, { latest: Map<string, string>; ms: number }>()
  for (const kind of new Set(families.filter((f) => f.mostRecent).map((f) => f.kind))) {
    latest.set(kind, await latestDates(sources, dir, kind))
  }
  const slots = families.map((f) => slotsOf(f.params.length, runs))
  let batchKind: DnsKind = 'mx'
  let ranks: number[] = []
  let batch: Observation[] = []
  const flush = (): void => {
    families.forEach((family, f) => {
      if (family.kind !== batchKind) return
      const newest = family.mostRecent ? latest.get(family.kind)?.latest : undefined
      const { summary } = family
      for (const slot of slots[f] as Slot[]) {
        const t = performance.now()
        for (let j = 0; j < batch.length; j++) {
          const o = batch[j] as Observation
          if (newest !== undefined && newest.get(apexOf(o)) !== o.date) continue
          if (!family.test(o, slot.param)) continue
          if (summary !== null) countValues(o, summary.type, summary.context, slot.counts)
          else {
            slot.count++
            slot.page.offer(ranks[j] as number, o.id)
          }
        }
        slot.ms += performance.now() - t
      }
    })
    ranks = []
    batch = []
  }
  await streamRanked({ dns: sources.dns }, dir, {
    onObservation: (kind, rank, o) => {
      if (kind !== batchKind) {
        flush()
        batchKind = kind
      }
      ranks.push(rank)
      batch.push(o)
      if (batch.length === BATCH) flush()
    },
  })
  flush()
  return families.map((family, f) =>
    resultOf(
      family.name,
      slots[f] as Slot[],
      (s) =>
        family.summary !== null ? dnsAnswer(summaryOf(s.counts)) : { count: s.count, page: s.page.labels },
      family.mostRecent ? (latest.get(family.kind)?.ms ?? 0) : 0,
    ),
  )
}
