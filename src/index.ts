/**
 * domindex: an embeddable, offline search engine for bulk WHOIS and DNS MX/TXT snapshots.
 * This file is the whole public surface.
 */

export type { HeaderInput } from './api/auth.js'
export type { FetchFunction } from './api/fetch.js'
export type { RequestOptions } from './api/request.js'
export type { ApiErrorCode, ApiResponse, ErrorBody } from './api/responses.js'
export type { ClickHouseEngineOptions } from './clickhouse/clickhouse-engine.js'
export { ClickHouseEngine } from './clickhouse/clickhouse-engine.js'
export type { ClickHouseExportOptions, ClickHouseExportResult } from './clickhouse/export.js'
export { exportToClickHouse } from './clickhouse/export.js'
export { ClickHouseError } from './clickhouse/http-client.js'
export { Engine } from './engine.js'
export type {
  BuildOptions,
  EngineStats,
  OpenOptions,
  PreparedSuggestions,
  SaveOptions,
  SaveResult,
  UpdateOptions,
} from './engine-options.js'
export type { QueryErrorCode, SnapshotErrorCode } from './errors.js'
export { QueryError, SnapshotError } from './errors.js'
export { apexDomain } from './normalize/apex.js'
export type { NormalizeDateOptions } from './normalize/date.js'
export { normalizeDate } from './normalize/date.js'
export type { PivotKind } from './pivots/pivot-candidates.js'
export type { Pivot, PivotsResponse } from './pivots/pivots.js'
export type { SuggestKind } from './pivots/suggest-kinds.js'
export type { Suggestion, SuggestResponse } from './pivots/suggestions.js'
export type { SuggestParams } from './query/suggest-params.js'
export type { PrioritizedDomain } from './queue/prioritization-queue.js'
export type {
  AllParams,
  Contact,
  DnsKind,
  DnsParams,
  DomainSection,
  Envelope,
  Item,
  ItemField,
  Observation,
  Params,
  ParamValue,
  PrioritizeParams,
  PrioritizeResponse,
  Progress,
  Reject,
  ReverseParams,
  Source,
  SourceFormat,
  Sources,
  SummaryResponse,
  TxtParams,
  WhoisParams,
  WhoisRecord,
} from './types.js'
