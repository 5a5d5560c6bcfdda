/**
 * One raw DNS record, and the parser of the `dns-records` format (SPEC 13): JSON lines
 * `{name, type, value, timestamp | date}`.
 *
 * Rules, decided where SPEC is silent:
 * - `type` is `mx`, `txt` or `ns` in any case; a line of another type (`A`, `CNAME`, `SOA`…) is
 *   skipped and counted, not rejected: a zone export holds every type, and only these three are
 *   observations' material. A `type` that is not a string is a reject.
 * - `name` (the owner) is a host name, normalised (lower case, punycode, no trailing dot); a
 *   wildcard owner `*.example.com` is accepted here (the grouper skips it: it is no apex).
 * - An MX `value` is `"<preference> <host>"`: the preference an integer 0…65535, the host normalised;
 *   `0 .` is the null MX (RFC 7505), kept as the host `.`. An NS `value` is a host name, normalised.
 *   A TXT `value` is any string, kept exactly as written (not trimmed).
 * - `date` is a `YYYY-MM-DD` calendar date; `timestamp` is an ISO 8601 timestamp (its UTC day counts;
 *   no zone means UTC) or unix seconds (number or decimal text). When both are given, `date` is used.
 * - Other fields (`ttl`, `class`…) are ignored.
 */
import { mustBe, showValue } from '../../errors.js'
import { parseIsoDate } from '../../normalize/date-iso.js'
import { utcDay } from './dns-day.js'
import { dnsHost } from './dns-host.js'

/**
 * A parsed DNS record: the owner `name` and an MX or NS `value` are normalised host names (the null
 * MX is `.`), `day` is the observation's UTC `YYYY-MM-DD` date.
 */
export type DnsRecord =
  | { name: string; kind: 'mx'; value: string; preference: number; day: string }
  | { name: string; kind: 'txt' | 'ns'; value: string; day: string }

/** A line that is valid but holds nothing to load, with the reason it is skipped (counted, not rejected). */
export interface DnsSkip {
  skip: string
}

const MX_VALUE = /^\s*(\d{1,5})\s+(\S+)\s*$/

/**
 * Parses one `dns-records` line.
 *
 * @param value - what JSON.parse returned for the line
 * @returns the record, a {@link DnsSkip} for a type other than mx/txt/ns, or a reject reason
 * @example
 * ```ts
 * parseDnsRecordLine({ name: 'Example.com', type: 'MX', value: '10 MX1.example.com.', date: '2024-03-05' })
 * // { name: 'example.com', kind: 'mx', value: 'mx1.example.com', preference: 10, day: '2024-03-05' }
 * parseDnsRecordLine({ name: 'example.com', type: 'A', value: '192.0.2.1', date: '2024-03-05' })
 * // { skip: 'type "A" is not mx, txt or ns' }
 * parseDnsRecordLine({ name: 'example.com', type: 'txt', value: 'v=spf1 -all', timestamp: 'soon' })
 * // 'timestamp must be an ISO 8601 timestamp or unix seconds, got "soon"'
 * ```
 */
export function parseDnsRecordLine(value: unknown): DnsRecord | DnsSkip | string {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return `a dns-records line must be a JSON object {name, type, value, timestamp | date}, got ${showValue(value)}`
  }
  const line = value as Record<string, unknown>
  const type = line['type']
  if (typeof type !== 'string') return mustBe('type', '"mx", "txt" or "ns" (any case)', type)
  const kind = type.toLowerCase()
  if (kind !== 'mx' && kind !== 'txt' && kind !== 'ns') {
    return { skip: `type ${showValue(type)} is not mx, txt or ns` }
  }

  const name = dnsHost('name', line['name'], false)
  if (!name.ok) return name.reason
  const date = dayOf(line)
  if (!date.ok) return date.reason
  const day = date.day
  const text = line['value']
  if (typeof text !== 'string')
    return mustBe('value', `the ${kind.toUpperCase()} record's value, a string`, text)

  if (kind === 'txt') return { name: name.host, kind, value: text, day }
  if (kind === 'ns') {
    const host = dnsHost('value', text, false)
    return host.ok ? { name: name.host, kind, value: host.host, day } : host.reason
  }
  const mx = MX_VALUE.exec(text)
  if (mx === null || Number(mx[1]) > 65_535) {
    return mustBe('value', 'an MX value "<preference 0-65535> <host>", such as "10 mx.example.com"', text)
  }
  const preference = Number(mx[1])
  const host = dnsHost('value', mx[2], true)
  return host.ok ? { name: name.host, kind, value: host.host, preference, day } : host.reason
}

/** The line's UTC day, or why it has none. */
function dayOf(line: Record<string, unknown>): { ok: true; day: string } | { ok: false; reason: string } {
  const date = line['date']
  if (date !== undefined) {
    return typeof date === 'string' && date.length === 10 && typeof parseIsoDate(date) === 'string'
      ? { ok: true, day: date }
      : {
          ok: false,
          reason: mustBe('date', 'a YYYY-MM-DD calendar date (an instant goes in timestamp)', date),
        }
  }
  const timestamp = line['timestamp']
  if (timestamp === undefined) {
    return {
      ok: false,
      reason:
        'date and timestamp are missing; a line needs date (YYYY-MM-DD) or timestamp (ISO 8601 or unix seconds)',
    }
  }
  const day = utcDay(timestamp)
  return day === null
    ? { ok: false, reason: mustBe('timestamp', 'an ISO 8601 timestamp or unix seconds', timestamp) }
    : { ok: true, day }
}
