/**
 * PLACEHOLDER (replaced by the ingest work): streams sources into normalised records.
 */
import type { Observation, Progress, Reject, Sources, WhoisRecord } from '../types.js'

/** Options of {@link loadSources}. */
export interface LoadOptions {
  strict?: boolean
  onProgress?: (progress: Progress) => void
}

/** Counts of a load. */
export interface LoadStats {
  files: number
  bytes: number
  whoisRecords: number
  whoisReplaced: number
  observations: number
  observationsReplaced: number
  datesUnparsed: number
  rejects: { count: number; kept: Reject[] }
}

/** What a load produces: WHOIS records with their domain keys, and MX and TXT observations. */
export interface Loaded {
  whois: { keys: string[]; records: WhoisRecord[] }
  mx: Observation[]
  txt: Observation[]
  stats: LoadStats
}

/** Loads every source. */
export async function loadSources(sources: Sources, options: LoadOptions = {}): Promise<Loaded> {
  void sources
  void options
  throw new Error('not implemented yet')
}
