/**
 * Result-order ranks of a streamed corpus. The engine numbers WHOIS records in result order
 * (created descending, undated last, domain ascending) and observations per kind (date descending,
 * id ascending); the peers number their rows the same way, so that a first page is the lowest ranks
 * with no sort. The prepare step computes each record's rank once, by its position in the stream,
 * and writes one uint32 file per kind; the other steps stream the corpus again with
 * {@link streamRanked}, which hands every record over with its rank, in constant memory.
 *
 * Ranks by position assume no duplicates (a later record replacing an earlier one); the build step
 * reports the engine's replacement counts, which must be 0 for a generated corpus.
 */
import { readFileSync, writeFileSync } from 'node:fs'
import { resultOrder } from '../../../src/collect/order.js'
import { dayNumber } from '../../../src/indexes/dns/day.js'
import { streamSources } from '../../../src/ingest/stream.js'
import type { DnsKind, Observation, Sources, WhoisRecord } from '../../../src/types.js'
import { rankFile } from './run-files.js'

/** Receivers of {@link streamRanked}; a kind without a receiver is not read. */
export interface RankedHandlers {
  onWhois?: (rank: number, key: string, record: WhoisRecord) => void
  onObservation?: (kind: DnsKind, rank: number, observation: Observation) => void
  /** Called after each chunk read; reading waits for it. */
  onChunk?: () => Promise<void> | undefined
}

/** The positions of `keys` sorted into result order, as ranks: rank[position]. */
function ranksOf(order: Uint32Array): Uint32Array {
  const ranks = new Uint32Array(order.length)
  for (let k = 0; k < order.length; k++) ranks[order[k] as number] = k
  return ranks
}

/**
 * WHOIS ranks by stream position, from each record's key and `created_norm` (empty when undated).
 *
 * @example
 * ```ts
 * whoisRanks(['b.com', 'a.com'], ['2020-01-01T00:00:00Z', '']) // Uint32Array [0, 1]
 * ```
 */
export function whoisRanks(keys: readonly string[], created: readonly string[]): Uint32Array {
  // resultOrder reads only `domain.created_norm` of each record.
  const records = created.map((c): WhoisRecord => ({ domain: { created_norm: c } }))
  return ranksOf(resultOrder(records, keys))
}

/**
 * Observation ranks by stream position: date descending, id ascending.
 *
 * @param ids - each observation's id
 * @param days - each observation's day number
 */
export function observationRanks(ids: readonly string[], days: Int32Array): Uint32Array {
  const order = new Uint32Array(ids.length)
  for (let i = 0; i < order.length; i++) order[i] = i
  order.sort((a, b) => {
    const d = (days[b] as number) - (days[a] as number)
    if (d !== 0) return d
    const ia = ids[a] as string
    const ib = ids[b] as string
    return ia < ib ? -1 : ia > ib ? 1 : 0
  })
  return ranksOf(order)
}

/** The day number of an observation's date (its first ten characters). */
export function observationDay(o: Observation): number {
  return dayNumber(o.date)
}

/** Writes a kind's ranks. */
export function writeRanks(dir: string, kind: 'whois' | DnsKind, ranks: Uint32Array): void {
  writeFileSync(rankFile(dir, kind), ranks)
}

/** Reads a kind's ranks. */
export function readRanks(dir: string, kind: 'whois' | DnsKind): Uint32Array {
  const bytes = readFileSync(rankFile(dir, kind))
  return new Uint32Array(bytes.buffer, bytes.byteOffset, bytes.byteLength / 4)
}

/**
 * Streams the corpus through the loader's checks and normalisation (`streamSources`) and hands each
 * record over with its result-order rank. Only the kinds with a receiver are read.
 *
 * @param sources - the corpus, or part of it (one DNS file, say)
 * @param dir - the run directory holding the rank files
 * @param handlers - receivers per kind
 * @throws Error when a kind's record count differs from its rank file (another corpus)
 * @example
 * ```ts
 * await streamRanked(sources, dir, { onWhois: (rank, key, record) => peer.add(rank, key, record) })
 * ```
 */
export async function streamRanked(sources: Sources, dir: string, handlers: RankedHandlers): Promise<void> {
  const { onWhois, onObservation, onChunk } = handlers
  const whois = onWhois === undefined ? new Uint32Array(0) : readRanks(dir, 'whois')
  const dns = {
    mx: onObservation === undefined ? new Uint32Array(0) : readRanks(dir, 'mx'),
    txt: onObservation === undefined ? new Uint32Array(0) : readRanks(dir, 'txt'),
  }
  const seen = { whois: 0, mx: 0, txt: 0 }
  await streamSources(
    {
      ...(onWhois === undefined ? {} : { whois: sources.whois ?? [] }),
      ...(onObservation === undefined ? {} : { dns: sources.dns ?? [] }),
    },
    {
      onWhois: (key, record) => onWhois?.(whois[seen.whois++] as number, key, record),
      onObservation: (kind, _id, o) => onObservation?.(kind, dns[kind][seen[kind]++] as number, o),
      ...(onChunk === undefined ? {} : { onChunk }),
    },
  )
  const expected = { whois: whois.length, mx: dns.mx.length, txt: dns.txt.length }
  const streamed = new Set<string>(onWhois === undefined ? [] : ['whois'])
  if (onObservation !== undefined) {
    for (const source of sources.dns ?? []) if (typeof source !== 'string') streamed.add(source.kind ?? '')
  }
  for (const kind of ['whois', 'mx', 'txt'] as const) {
    if (streamed.has(kind) && seen[kind] !== expected[kind]) {
      throw new Error(`${kind}: streamed ${seen[kind]} records, the rank file has ${expected[kind]}`)
    }
  }
}
