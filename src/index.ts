/**
 * domindex: an embeddable, offline search engine for bulk WHOIS and DNS MX/TXT snapshots.
 * This file is the whole public surface.
 */

export type { BuildOptions, EngineStats } from './engine.js'
export { Engine } from './engine.js'
export type { QueryErrorCode, SnapshotErrorCode } from './errors.js'
export { QueryError, SnapshotError } from './errors.js'
export { apexDomain } from './normalize/apex.js'
export type { NormalizeDateOptions } from './normalize/date.js'
export { normalizeDate } from './normalize/date.js'
export type {
  Contact,
  DnsKind,
  DomainSection,
  Envelope,
  Item,
  Observation,
  Params,
  ParamValue,
  PrioritizeResponse,
  Progress,
  Reject,
  Source,
  Sources,
  SummaryResponse,
  WhoisRecord,
} from './types.js'
