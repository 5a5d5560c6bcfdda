/**
 * The public data shapes: WHOIS records, DNS observations, envelopes and summaries, as the HTTP API
 * returns them. Records are open objects: every field the input carries is kept.
 */

/** A contact section (`registrant`, `admin`, `tech`, `billing`). */
export interface Contact {
  organization?: string
  name?: string
  street?: string | string[]
  city?: string
  postal_code?: string
  postalcode?: string
  province?: string
  country?: string
  phone?: string
  fax?: string
  email?: string
  redacted?: boolean
  [field: string]: unknown
}

/** The `domain` section of a WHOIS record; every date field has a `<field>_norm` sibling. */
export interface DomainSection {
  name?: string
  created?: string
  created_norm?: string | null
  updated?: string
  updated_norm?: string | null
  expires?: string
  expires_norm?: string | null
  nameservers?: string[]
  [field: string]: unknown
}

/** A WHOIS record: the shape of the forward-lookup response. */
export interface WhoisRecord {
  query?: string
  server?: string
  domain?: DomainSection
  registrant?: Contact
  admin?: Contact
  tech?: Contact
  billing?: Contact
  [field: string]: unknown
}

/** One item of a DNS observation. */
export interface Item {
  context: string
  is_metadata: boolean
  type: string
  value: string
  [field: string]: unknown
}

/** A DNS MX or TXT observation. */
export interface Observation {
  date: string
  id: string
  items: Item[]
  [field: string]: unknown
}

/** The kind of a DNS observation. */
export type DnsKind = 'mx' | 'txt'

/** A page of results. */
export interface Envelope<T> {
  page: number
  pages: number
  result_count: number
  results: T[]
}

/** The answer to a `summarize` request. */
export interface SummaryResponse {
  summary: { other: number; values: Record<string, number> }
}

/** The answer to `prioritize`. */
export interface PrioritizeResponse {
  domain: string
  queued: true
  queued_at: string
  already_queued: boolean
}

/** A rejected input record. */
export interface Reject {
  file: string
  line: number
  reason: string
}

/** What `onProgress` receives, at least once a second while loading. */
export interface Progress {
  phase: 'read' | 'index' | 'done'
  bytes: number
  totalBytes: number
  records: number
  rejects: number
}

/** An input source: a file path, or a path with its DNS kind declared. */
export type Source = string | { path: string; kind?: DnsKind }

/** The inputs of `Engine.build`. */
export interface Sources {
  whois?: readonly Source[]
  dns?: readonly Source[]
}

/** A parameter value as a method or a query string gives it. */
export type ParamValue = string | number | boolean | readonly string[] | undefined

/** Parameters of any query method: the API's own snake_case names. */
export type Params = Readonly<Record<string, ParamValue>>
