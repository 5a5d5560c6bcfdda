/**
 * What a domain shares with others (SPEC 14): the distinct values of its WHOIS record and of its
 * most recent MX and TXT observations, each with the request that lists the domains or
 * observations holding it. Counting and ordering are pivots.ts's; a record's values are
 * record-values.ts's.
 *
 *   kind          value                                               request
 *   email         each contact email, trimmed and lower-cased          /v1/domain/reverse?email=V
 *   organization  each contact organization with a letter or digit     /v1/domain/reverse?name=V
 *   phone         the digits of each contact phone, 4 or more          /v1/domain/reverse?phone=V
 *   street        each street value or line with a letter or digit     /v1/domain/reverse?street=V
 *   registrar     domain.registrar_name (each of an array), trimmed    /v1/domain/reverse?registrar=V
 *   nameserver    each domain.nameservers host, normalised             /v1/domain/reverse?nameserver=V
 *   mx            each dns-mx host of the latest MX observations       /v1/domain/mx?most_recent=true&filter=dns-mx.host=V
 *   txt           each dns-txt value of the latest TXT observations    /v1/domain/txt?most_recent=true&filter=dns-txt.txt="V"
 * Values not named otherwise are trimmed; a value left empty is no pivot, nor is the null MX `.`.
 */
import { normalizeHost } from '../normalize/host.js'
import type { Observation, Params, WhoisRecord } from '../types.js'
import { RECORD_PIVOT_KINDS, recordValues, shownValue } from './record-values.js'

/** The kinds of pivot, in the order ties between equal counts are broken (SPEC 14's table). */
export const PIVOT_KINDS = [...RECORD_PIVOT_KINDS, 'mx', 'txt'] as const

/** A kind of pivot. */
export type PivotKind = (typeof PIVOT_KINDS)[number]

/** The API path a pivot's request goes to. */
export type PivotRoute = 'reverse' | 'mx' | 'txt'

/** A pivot before it is counted: its value and the request that lists what shares it. */
export interface PivotCandidate {
  readonly kind: PivotKind
  readonly value: string
  readonly route: PivotRoute
  /** The request's parameters, as its query string carries them. */
  readonly params: Params
  /** The request: a path with a percent-encoded query string. */
  readonly request: string
}

/**
 * The distinct pivots of a domain's record and latest observations, kind by kind, values in
 * first-seen order.
 *
 * @param record - the domain's WHOIS record, or null
 * @param mx - its most recent MX observations
 * @param txt - its most recent TXT observations
 * @example
 * ```ts
 * pivotCandidates({ registrant: { email: ' A@B.com' } }, [], [])
 * // [{ kind: 'email', value: 'a@b.com', route: 'reverse', params: { email: 'a@b.com' }, request: '/v1/domain/reverse?email=a%40b.com' }]
 * ```
 */
export function pivotCandidates(
  record: WhoisRecord | null,
  mx: readonly Observation[],
  txt: readonly Observation[],
): PivotCandidate[] {
  const values = new Map<PivotKind, Set<string>>(PIVOT_KINDS.map((kind) => [kind, new Set<string>()]))
  const add = (kind: PivotKind, value: string | null): void => {
    if (value !== null && value !== '') values.get(kind)?.add(value)
  }
  if (record !== null) {
    for (const kind of RECORD_PIVOT_KINDS) {
      for (const value of recordValues(record, kind, shownValue)) add(kind, value)
    }
  }
  for (const item of itemsOf(mx, 'dns-mx', 'host')) {
    const host = normalizeHost(item)
    if (host.ok && host.host !== '.') add('mx', host.host)
  }
  for (const item of itemsOf(txt, 'dns-txt', 'txt')) add('txt', item.trim())
  const out: PivotCandidate[] = []
  for (const kind of PIVOT_KINDS) {
    for (const value of values.get(kind) ?? []) out.push(pivotCandidate(kind, value))
  }
  return out
}

/**
 * The candidate of one value: the request that lists what holds it.
 *
 * @param kind - the kind of pivot
 * @param value - a value of that kind, normalised
 * @example
 * ```ts
 * pivotCandidate('registrar', 'godaddy.com, llc').request // '/v1/domain/reverse?registrar=godaddy.com%2C%20llc'
 * ```
 */
export function pivotCandidate(kind: PivotKind, value: string): PivotCandidate {
  if (kind === 'mx' || kind === 'txt') {
    const filter = kind === 'mx' ? `dns-mx.host=${value}` : `dns-txt.txt="${quoted(value)}"`
    return {
      kind,
      value,
      route: kind,
      params: { most_recent: 'true', filter },
      request: `/v1/domain/${kind}?most_recent=true&filter=${encodeURIComponent(filter)}`,
    }
  }
  const param = kind === 'organization' ? 'name' : kind
  return {
    kind,
    value,
    route: 'reverse',
    params: { [param]: value },
    request: `/v1/domain/reverse?${param}=${encodeURIComponent(value)}`,
  }
}

// A quoted expression value: `\` and `"` escaped (query/expression/lexer.ts).
function quoted(value: string): string {
  return value.replace(/[\\"]/g, (c) => `\\${c}`)
}

function* itemsOf(observations: readonly Observation[], context: string, type: string): Generator<string> {
  for (const observation of observations) {
    for (const item of observation.items) {
      if (item.context === context && item.type === type && typeof item.value === 'string') yield item.value
    }
  }
}
