/**
 * The parser of the `zdns` format (SPEC 13): the JSON lines the ZDNS scanner (zmap/zdns) writes, one
 * queried name a line, turned into {@link DnsRecord}s for the grouper.
 *
 * Layouts, both read:
 * ```
 * {"name": "example.com", "class": "IN", "status": "NOERROR", "timestamp": "…", "data": {…}}    (older releases)
 * {"name": "example.com", "results": {"MX": {"status": "NOERROR", "timestamp": "…", "data": {…}}, …}}
 * ```
 * Under `results` each module's result counts when the module is `MX`, `TXT`, `NS` or `MXLOOKUP`
 * (any case); other modules (`A`, `AAAA`…) are ignored. The top layout does not name its module,
 * so there every answer of type MX, TXT or NS counts.
 *
 * Rules, decided where SPEC is silent:
 * - Only `NOERROR` results count. A line whose results are all of another status (`NXDOMAIN`,
 *   `SERVFAIL`, `TIMEOUT`…) is skipped with that status as the reason, as is a NOERROR line without
 *   a single MX, TXT or NS answer (NODATA). In a line with several modules, a failed module beside
 *   an answering one adds nothing and the line is not skipped.
 * - Raw modules: `data.answers[]` with `type`, `name`, `answer` and, for MX, `preference`. An answer
 *   of another type than its module's (the CNAME before an MX answer) is ignored. The owner is the
 *   answer's `name`, else the queried `name`.
 * - `mxlookup`: `data.exchanges[]` with `name` (the exchange) and `preference`; the owner is the
 *   queried `name`.
 * - The null MX (RFC 7505): ZDNS writes the raw answer `.`, and `mxlookup` trims the dot to an empty
 *   exchange name; both become the host `.`.
 * - TXT: ZDNS joins a record's character-strings with a newline; they are concatenated without one,
 *   as SPF (RFC 7208 §3.3) and DKIM (RFC 6376 §3.6.2.2) read them, so a long SPF or DKIM record split
 *   in 255-byte strings is one value again.
 * - The day is the result's `timestamp` (RFC 3339, any offset) moved to UTC.
 * - Malformed content (a missing `status` or `timestamp`, an MX answer without a preference, an owner
 *   or exchange that is no host name) rejects the whole line, naming the field by its path.
 */
import { mustBe, showValue } from '../../errors.js'
import { utcDay } from './dns-day.js'
import { dnsHost } from './dns-host.js'
import type { DnsRecord, DnsSkip } from './dns-record.js'

type Module = 'MX' | 'TXT' | 'NS' | 'MXLOOKUP'

const MODULES: ReadonlySet<string> = new Set<Module>(['MX', 'TXT', 'NS', 'MXLOOKUP'])

/** What one module result gave: records added to the list, a status that does not count, or a reject. */
type ResultOutcome = { status: string } | { reason: string } | null

/**
 * Parses one ZDNS output line.
 *
 * @param value - what JSON.parse returned for the line
 * @returns the line's records (at least one), a {@link DnsSkip}, or a reject reason
 * @example
 * ```ts
 * parseZdnsLine({ name: 'example.com', results: { MX: { status: 'NOERROR', timestamp: '2024-03-05T12:34:56Z',
 *   data: { answers: [{ type: 'MX', name: 'example.com', answer: 'mx1.example.com.', preference: 10 }] } } } })
 * // [{ name: 'example.com', kind: 'mx', value: 'mx1.example.com', preference: 10, day: '2024-03-05' }]
 * parseZdnsLine({ name: 'nope.example', status: 'NXDOMAIN', timestamp: '2024-03-05T12:34:56Z', data: {} })
 * // { skip: 'status NXDOMAIN' }
 * ```
 */
export function parseZdnsLine(value: unknown): DnsRecord[] | DnsSkip | string {
  if (!isObject(value)) return `a zdns line must be a JSON object, got ${showValue(value)}`
  const queried = value['name']
  if (typeof queried !== 'string') return mustBe('name', 'the queried name, a string', queried)
  const records: DnsRecord[] = []
  const statuses: string[] = []
  const results = value['results']

  if (results === undefined) {
    const outcome = readResult(value, undefined, '', queried, records)
    if (outcome !== null && 'reason' in outcome) return outcome.reason
    if (outcome !== null) statuses.push(outcome.status)
  } else {
    if (!isObject(results)) return mustBe('results', 'an object of module results', results)
    let modules = 0
    for (const key of Object.keys(results)) {
      const module = key.toUpperCase()
      if (!MODULES.has(module)) continue
      modules++
      const result = results[key]
      const path = `results.${key}.`
      if (!isObject(result)) return mustBe(`results.${key}`, 'an object {status, timestamp, data}', result)
      const outcome = readResult(result, module as Module, path, queried, records)
      if (outcome !== null && 'reason' in outcome) return outcome.reason
      if (outcome !== null && !statuses.includes(outcome.status)) statuses.push(outcome.status)
    }
    if (modules === 0) {
      const names = Object.keys(results).join(', ')
      return { skip: `no MX, TXT, NS or MXLOOKUP result (modules: ${names === '' ? 'none' : names})` }
    }
  }
  if (records.length > 0) return records
  return {
    skip: statuses.length > 0 ? `status ${statuses.join(', ')}` : 'NOERROR without an MX, TXT or NS answer',
  }
}

/** Reads one result `{status, timestamp, data}` into `records`. */
function readResult(
  result: Record<string, unknown>,
  module: Module | undefined,
  path: string,
  queried: string,
  records: DnsRecord[],
): ResultOutcome {
  const status = result['status']
  if (typeof status !== 'string')
    return { reason: mustBe(`${path}status`, 'a string such as "NOERROR"', status) }
  if (status !== 'NOERROR') return { status }
  const timestamp = result['timestamp']
  const day = utcDay(timestamp)
  if (day === null) return { reason: mustBe(`${path}timestamp`, 'an RFC 3339 timestamp', timestamp) }
  const data = result['data']
  if (data === undefined) return null
  if (!isObject(data)) return { reason: mustBe(`${path}data`, 'an object', data) }
  const reason =
    module === 'MXLOOKUP'
      ? readExchanges(data, `${path}data.exchanges`, queried, day, records)
      : (readAnswers(data, module, `${path}data.answers`, queried, day, records) ??
        (module === undefined ? readExchanges(data, `${path}data.exchanges`, queried, day, records) : null))
  return reason === null ? null : { reason }
}

/** Reads the raw answers of the module's type (or of MX, TXT and NS when unknown); a reject reason, or null. */
function readAnswers(
  data: Record<string, unknown>,
  module: Module | undefined,
  path: string,
  queried: string,
  day: string,
  records: DnsRecord[],
): string | null {
  const answers = data['answers']
  if (answers === undefined) return null
  if (!Array.isArray(answers)) return mustBe(path, 'an array of answers', answers)
  for (let i = 0; i < answers.length; i++) {
    const answer: unknown = answers[i]
    const at = `${path}[${i}]`
    if (!isObject(answer)) return mustBe(at, 'an answer object {type, name, answer}', answer)
    const type = typeof answer['type'] === 'string' ? (answer['type'] as string).toUpperCase() : ''
    if (module === undefined ? type !== 'MX' && type !== 'TXT' && type !== 'NS' : type !== module) continue
    const owner = answer['name']
    const name = dnsHost(`${at}.name`, typeof owner === 'string' && owner !== '' ? owner : queried, false)
    if (!name.ok) return name.reason
    const text = answer['answer']
    if (typeof text !== 'string') return mustBe(`${at}.answer`, 'a string', text)
    if (type === 'TXT') {
      records.push({ name: name.host, kind: 'txt', value: text.replaceAll('\n', ''), day })
    } else if (type === 'NS') {
      const host = dnsHost(`${at}.answer`, text, false)
      if (!host.ok) return host.reason
      records.push({ name: name.host, kind: 'ns', value: host.host, day })
    } else {
      const reason = pushMx(answer['preference'], text, at, 'answer', name.host, day, records)
      if (reason !== null) return reason
    }
  }
  return null
}

/** Reads `mxlookup`'s exchanges; a reject reason, or null. */
function readExchanges(
  data: Record<string, unknown>,
  path: string,
  queried: string,
  day: string,
  records: DnsRecord[],
): string | null {
  const exchanges = data['exchanges']
  if (exchanges === undefined) return null
  if (!Array.isArray(exchanges)) return mustBe(path, 'an array of exchanges', exchanges)
  const name = dnsHost('name', queried, false)
  if (!name.ok) return name.reason
  for (let i = 0; i < exchanges.length; i++) {
    const exchange: unknown = exchanges[i]
    const at = `${path}[${i}]`
    if (!isObject(exchange)) return mustBe(at, 'an exchange object {name, preference}', exchange)
    const type = exchange['type']
    if (typeof type === 'string' && type.toUpperCase() !== 'MX') continue
    const reason = pushMx(exchange['preference'], exchange['name'], at, 'name', name.host, day, records)
    if (reason !== null) return reason
  }
  return null
}

/** Adds one MX record; a reject reason, or null. `''` is the null MX whose dot ZDNS trimmed. */
function pushMx(
  preference: unknown,
  exchange: unknown,
  at: string,
  field: string,
  name: string,
  day: string,
  records: DnsRecord[],
): string | null {
  if (
    typeof preference !== 'number' ||
    !Number.isInteger(preference) ||
    preference < 0 ||
    preference > 65_535
  ) {
    return mustBe(`${at}.preference`, 'an integer from 0 to 65535', preference)
  }
  const host = dnsHost(`${at}.${field}`, exchange === '' ? '.' : exchange, true)
  if (!host.ok) return host.reason
  records.push({ name, kind: 'mx', value: host.host, preference, day })
  return null
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}
