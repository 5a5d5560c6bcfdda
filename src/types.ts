/**
 * The public data shapes: WHOIS records, DNS observations, envelopes and summaries, as the HTTP API
 * returns them, and the parameters of each query method. Records are open objects: every field the
 * input carries is kept, and a WHOIS field may be `null` where registry extracts carry it so (the
 * loader accepts null contact sections, text fields and dates; `whois-record.ts` has the rules).
 * Observations are checked strictly on load, so their fields are never null.
 */

/** A contact section (`registrant`, `admin`, `tech`, `billing`). */
export interface Contact {
  organization?: string | null
  name?: string | null
  street?: string | string[] | null
  city?: string | null
  postal_code?: string | null
  postalcode?: string | null
  province?: string | null
  country?: string | null
  phone?: string | null
  fax?: string | null
  email?: string | null
  redacted?: boolean | null
  [field: string]: unknown
}

/**
 * The `domain` section of a WHOIS record; every date field has a `<field>_norm` sibling, `null`
 * when the date is null, blank or not a date.
 */
export interface DomainSection {
  name?: string | null
  created?: string | null
  created_norm?: string | null
  updated?: string | null
  updated_norm?: string | null
  expires?: string | null
  expires_norm?: string | null
  nameservers?: string[] | null
  [field: string]: unknown
}

/** A WHOIS record: the shape of the forward-lookup response. */
export interface WhoisRecord {
  query?: string | null
  server?: string | null
  domain?: DomainSection | null
  registrant?: Contact | null
  admin?: Contact | null
  tech?: Contact | null
  billing?: Contact | null
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

/** A context and type that items of an engine's observations carry (`dns-mx` and `host`). */
export interface ItemField {
  /** The item context; `""` for the metadata items. */
  context: string
  type: string
}

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

/**
 * A line of the data-quality report (`onNote`, `domindex build --report`): a record that replaced
 * an earlier one with the same key (a WHOIS domain or an observation id), or a date whose text is
 * not understood (its `_norm` is null); each with the file and line it was read at.
 */
export type LoadNote =
  | { kind: 'replaced'; key: string; file: string; line: number }
  | { kind: 'unparsed_date'; field: string; value: string; file: string; line: number }

/**
 * What `onProgress` receives, at least once a second. A build or update reads its inputs (`read`:
 * input bytes and records), then indexes (`index`); an open reads the snapshot's bytes (`read`),
 * then decodes them (`index`); a save writes the snapshot's bytes (`write`). Each ends with `done`.
 */
export interface Progress {
  phase: 'read' | 'index' | 'write' | 'done'
  bytes: number
  totalBytes: number
  records: number
  rejects: number
}

/**
 * An input source: a file path (`-` reads standard input), or a path with its DNS kind, its format
 * and, for a DNS zone file (which carries no date), the `YYYY-MM-DD` day of its records: a zone
 * source without a `date` is refused. A `date` on a DNS source whose format is sniffed applies
 * only if it sniffs as `zone` (other DNS formats carry their own dates).
 */
export type Source = string | { path: string; kind?: DnsKind; format?: SourceFormat; date?: string }

/**
 * The layout of an input file (SPEC 13): `json` is the API's own shapes (JSON Lines, arrays,
 * envelopes); WHOIS files may also be `rdap` (RFC 9083 domain objects) or `csv` (bulk WHOIS
 * databases), DNS files `dns-records` (`{name, type, value, date}` lines), `zdns` (the ZDNS
 * scanner's output) or `zone` (DNS presentation format: zone files, `dig` and massdns answers).
 * Without one, a file's format is sniffed from its first record.
 */
export type SourceFormat = 'json' | 'rdap' | 'csv' | 'dns-records' | 'zdns' | 'zone'

/** The inputs of `Engine.build`. */
export interface Sources {
  whois?: readonly Source[]
  dns?: readonly Source[]
}

/** A parameter value as a method or a query string gives it. */
export type ParamValue = string | number | boolean | readonly string[] | undefined

/** Parameters of any query method: the API's own snake_case names. */
export type Params = Readonly<Record<string, ParamValue>>

// The per-method parameter types below are type aliases, not interfaces, so that each is assignable
// to `Params` (the validators' input). Values are typed or the query string's text (SPEC 1); an
// `undefined` value counts as absent, as it does at run time.

/** A text parameter. */
type TextParam = string | undefined
/** A boolean parameter: `true`/`false` or that text. */
type BoolParam = boolean | string | undefined
/** An integer parameter, or its decimal text. */
type IntParam = number | string | undefined
/** A date or instant parameter: `YYYY-MM-DD` or `YYYY-MM-DDTHH:MM:SSZ`. */
type DateParam = string | undefined

/** Parameters of `whois()` (SPEC 4). */
export type WhoisParams = {
  readonly domain: string
  readonly apex_domain?: BoolParam
}

/**
 * Parameters of `reverse()` (SPEC 5): at least one criterion. `street`, `postalcode` and `phone`
 * are `true` (restrict `phrase` to that field) or a text to search in it. `email` and `registrar`
 * are API extensions (SPEC 14): an exact contact `email` (trimmed, case ignored) and an exact
 * `domain.registrar_name` (NFKC, case and white-space runs ignored).
 */
export type ReverseParams = {
  readonly phrase?: TextParam
  readonly street?: BoolParam
  readonly postalcode?: BoolParam
  readonly phone?: BoolParam
  readonly slop?: IntParam
  readonly name?: TextParam
  readonly nameserver?: TextParam
  readonly email?: TextParam
  readonly registrar?: TextParam
  readonly created_from?: DateParam
  readonly created_to?: DateParam
  readonly updated_from?: DateParam
  readonly updated_to?: DateParam
  readonly expires_from?: DateParam
  readonly expires_to?: DateParam
  readonly page?: IntParam
}

/** Parameters of `mx()` (SPEC 6), and those `txt()` shares with it. */
export type DnsParams = {
  readonly host?: TextParam
  readonly nameserver?: TextParam
  readonly most_recent?: BoolParam
  readonly from?: DateParam
  readonly to?: DateParam
  /** One or several filters, each holding one or more comma-separated terms. */
  readonly filter?: string | readonly string[] | undefined
  readonly expression?: TextParam
  /** An item type: the answer is a {@link SummaryResponse} instead of an envelope. */
  readonly summarize?: TextParam
  readonly summary_context?: TextParam
  readonly summary_limit?: IntParam
  readonly page?: IntParam
}

/** Parameters of `txt()` (SPEC 6): those of `mx()` and the `txt` text. */
export type TxtParams = DnsParams & {
  readonly txt?: TextParam
}

/** Parameters of `prioritize()` (SPEC 9). */
export type PrioritizeParams = {
  readonly domain: string
}

/**
 * Parameters of the `…All` iterators: those of the paged method, without `page` or the summary
 * parameters (the iterators choose the pages and never summarise).
 */
export type AllParams<P> = Omit<P, 'page' | 'summarize' | 'summary_context' | 'summary_limit'>
