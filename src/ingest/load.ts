/**
 * Loading snapshots into memory (SPEC 2): streams every source through `streamSources` (stream.ts:
 * reading, checks, normalisation, rejects), replaces duplicates (a later WHOIS record for the same
 * domain, a later observation with the same id) in place (whois-collector.ts,
 * observation-collector.ts), and counts everything: records, replacements, unparsed dates, rejects
 * per file.
 *
 * Memory: the records themselves, plus one Map from key to slot for WHOIS domains and one for
 * observation ids. The files are never held whole.
 */

import type { Observation, Sources, WhoisRecord } from '../types.js'
import { HostCheck } from './host-check.js'
import { addNearFields } from './near-fields.js'
import { ObservationCollector } from './observation-collector.js'
import { KEPT_REJECTS } from './rejects.js'
import { type StreamOptions, type StreamStats, streamSources } from './stream.js'
import { WhoisCollector } from './whois-collector.js'
import { WhoisPreparer } from './whois-record.js'

/** Options of {@link loadSources}. */
export type LoadOptions = Pick<StreamOptions, 'strict' | 'onProgress' | 'chunkSize' | 'fields'>

/** Counts of a load. */
export interface LoadStats extends Omit<StreamStats, 'whoisRecords' | 'observations'> {
  /** Distinct WHOIS domains loaded. */
  whoisRecords: number
  /** WHOIS records that replaced an earlier record of the same domain. */
  whoisReplaced: number
  /** Distinct observations loaded (MX and TXT). */
  observations: number
  /** Observations that replaced an earlier one with the same id. */
  observationsReplaced: number
}

/** What a load produces: WHOIS records with their domain keys, and MX and TXT observations. */
export interface Loaded {
  whois: { keys: string[]; records: WhoisRecord[] }
  mx: Observation[]
  txt: Observation[]
  stats: LoadStats
}

/**
 * Streams every source and returns the checked, normalised records, duplicates replaced.
 *
 * @param sources - WHOIS files and DNS files (paths, or `{path, kind}` for DNS files with empty answers)
 * @param options - strict mode and progress callback
 * @example
 * ```ts
 * const loaded = await loadSources({ whois: ['whois.jsonl.gz'], dns: [{ path: 'mx.jsonl', kind: 'mx' }] })
 * loaded.stats.whoisRecords // 3000
 * ```
 */
export async function loadSources(sources: Sources, options: LoadOptions = {}): Promise<Loaded> {
  // The collector's own checking (`add`) is not used here: streamSources has checked each record.
  const whois = new WhoisCollector(new WhoisPreparer(new HostCheck()))
  const dns = new ObservationCollector()
  const streamed = await streamSources(sources, {
    ...options,
    onWhois: (key, record) => whois.keep(key, record),
    onObservation: (kind, id, observation) => dns.keep(kind, id, observation),
  })
  const { mx, txt } = dns.lists()
  const loaded = whois.finish()
  const stats: LoadStats = {
    files: streamed.files,
    bytes: streamed.bytes,
    whoisRecords: loaded.records.length,
    whoisReplaced: whois.replaced,
    observations: mx.length + txt.length,
    observationsReplaced: dns.replaced,
    datesUnparsed: streamed.datesUnparsed,
    ...(streamed.nearFields === undefined ? {} : { nearFields: streamed.nearFields }),
    dnsSkipped: streamed.dnsSkipped,
    rejects: streamed.rejects,
    sources: streamed.sources,
  }
  return { whois: loaded, mx, txt, stats }
}

/**
 * The load counts of a build and an update together: every count added, sources listed in load
 * order, the first 1,000 rejects kept in full (each with its own file and line).
 *
 * @example
 * ```ts
 * addLoadStats(built, delta).files // built.files + delta.files
 * ```
 */
export function addLoadStats(a: LoadStats, b: LoadStats): LoadStats {
  return {
    files: a.files + b.files,
    bytes: a.bytes + b.bytes,
    whoisRecords: a.whoisRecords + b.whoisRecords,
    whoisReplaced: a.whoisReplaced + b.whoisReplaced,
    observations: a.observations + b.observations,
    observationsReplaced: a.observationsReplaced + b.observationsReplaced,
    datesUnparsed: a.datesUnparsed + b.datesUnparsed,
    ...(a.nearFields === undefined && b.nearFields === undefined
      ? {}
      : { nearFields: addNearFields(addNearFields({}, a.nearFields), b.nearFields) }),
    // Snapshots written before raw DNS records were read have no count of them.
    dnsSkipped: (a.dnsSkipped ?? 0) + (b.dnsSkipped ?? 0),
    rejects: {
      count: a.rejects.count + b.rejects.count,
      kept: [...a.rejects.kept, ...b.rejects.kept].slice(0, KEPT_REJECTS),
    },
    sources: [...a.sources, ...b.sources],
  }
}
