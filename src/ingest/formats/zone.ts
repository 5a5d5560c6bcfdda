/**
 * The parser of the `zone` format (SPEC 13): DNS presentation format (RFC 1035 §5) as BIND zone
 * files, `dig` answers and massdns's `-o S` output write it, read line by line into
 * {@link DnsRecord}s for the grouper. A zone file carries no date: every record gets the source's.
 *
 * ```
 * $ORIGIN example.com.
 * $TTL 1h
 * @        IN  MX   10 mx1            ; mx1.example.com
 *              MX   20 mx2.example.net.
 * _dmarc   300 TXT  ( "v=DMARC1; p=reject; "
 *                     "rua=mailto:d@example.com" )
 * ```
 *
 * Rules, decided where SPEC is silent:
 * - A record is `owner [TTL] [class] type rdata`, the TTL and the class in either order, each
 *   optional. A line starting with a space or tab has no owner: it continues the previous record's
 *   (the last owner written, whatever its type, across `$ORIGIN`). Tokens, quoting, escapes,
 *   parentheses and comments are read as zone-tokens.ts says; a record's line is the line it starts.
 * - Names: `@` is the origin; a name ending in `.` is absolute; any other is relative to the origin
 *   (the origin appended). A relative name or `@` before any `$ORIGIN` is a reject. Names are then
 *   normalised as the other DNS formats do (lower case, punycode, no trailing dot; dns-host.ts). A
 *   name with an escaped dot (`a\.b`) is a reject: no host name has a dot inside a label.
 * - `$ORIGIN name` sets the origin (a relative name is appended to the current origin); one that is
 *   no host name is a reject, and relative names after it are rejects until the next good one, so
 *   they are never put under the previous origin. `$TTL ttl` is checked and otherwise ignored.
 *   `$INCLUDE` is a reject: data does not open files (load the included file as a source of its
 *   own). `$GENERATE` is skipped and counted (its ranges are not expanded). Any other `$` word at
 *   the start of a line is a reject.
 * - TTL: decimal seconds or BIND units (`1h30m`, `2d`, `1w`), ignored. Class: `IN`, `CH`, `HS`,
 *   `CS` or RFC 3597's `CLASS<n>`, in any case; a record of a class other than IN (`CLASS1`) is
 *   skipped and counted: CHAOS and Hesiod data is no Internet mail routing.
 * - Type, in any case: `MX`, `TXT` and `NS` are read; any other (`A`, `SOA`, `CNAME`, `SPF`,
 *   `RRSIG`, the generic `TYPE15`…) is skipped and counted, and neither its owner nor its data is
 *   checked, as the `dns-records` format skips them. MX, TXT or NS data in RFC 3597's generic form
 *   (`\# 4 0a6d7831`) is skipped and counted too (not decoded). A record whose text cannot be read
 *   (a bad escape, a quoted string left open, a `)` without `(`, a `(` never closed before the end
 *   of the file) is a reject, whatever its type.
 * - MX data is `preference exchange`: the preference an integer 0…65535, the exchange a name (`.`
 *   is the null MX, RFC 7505). NS data is one name. TXT data is one or more character-strings,
 *   quoted or not, joined without a separator as SPF (RFC 7208 §3.3) and DKIM read them; their
 *   bytes are joined before they are read as UTF-8. A string may be longer than 255 bytes (as tools
 *   write long values). Data with too few or too many parts is a reject naming what it must be.
 * - `dig` output is zone text: its `;;` headers and sections, and the question line (`;example.com.
 *   IN MX`), are comments. massdns's `-o S` lines (`name. TYPE data`) are records without TTL and
 *   class.
 */
import { showValue } from '../../errors.js'
import { type DnsHost, dnsHost } from './dns-host.js'
import type { DnsRecord, DnsSkip } from './dns-record.js'
import { readZoneTokens, type ZoneToken, type ZoneTokenState } from './zone-tokens.js'

/** What one record (or directive) of a zone file gave: a record, a skip, or a reject reason. */
export type ZoneOutcome = DnsRecord | DnsSkip | string

/** Receives each outcome with the line its record starts on. */
export type ZoneSink = (outcome: ZoneOutcome, line: number) => void

/** An absolute name without its trailing dot (`.` is the root), or why a name field gives none. */
type Name = { ok: true; name: string } | { ok: false; reason: string }

const TAB = 9
const SPACE = 32
// Checked once a record, not a character: the regular expressions stay off the per-character path.
const TTL = /^(?:\d+|(?:\d+[wdhms])+)$/i
const CLASS = /^(?:IN|CH|HS|CS|CLASS\d+)$/i
const IN = /^(?:IN|CLASS0*1)$/i
const TYPE = /^[a-z][a-z0-9-]*$/i
const PREFERENCE = /^\d{1,5}$/
const NO_ORIGIN: Name = { ok: false, reason: 'no $ORIGIN is set' }

/**
 * Reads a zone file's lines, in order, and tells the sink what each record gives.
 *
 * @example
 * ```ts
 * const zone = new ZoneReader('2024-03-05', (outcome, line) => console.log(line, outcome))
 * zone.push('$ORIGIN Example.com.', 1)
 * zone.push('@ 3600 IN MX 10 mx1', 2)  // 2 { name: 'example.com', kind: 'mx', value: 'mx1.example.com', preference: 10, day: '2024-03-05' }
 * zone.push('www A 192.0.2.1', 3)      // 3 { skip: 'type "A" is not mx, txt or ns' }
 * zone.push('@ TXT ( "v=spf1 "', 4)
 * zone.push('  "-all" )', 5)           // 4 { name: 'example.com', kind: 'txt', value: 'v=spf1 -all', day: '2024-03-05' }
 * zone.push('$INCLUDE other.zone', 6)  // 6 '$INCLUDE is not followed: ...'
 * zone.end()
 * ```
 */
export class ZoneReader {
  readonly #day: string
  readonly #sink: ZoneSink
  readonly #state: ZoneTokenState = { tokens: [], depth: 0, problem: undefined }
  #origin: Name = NO_ORIGIN
  /** The last owner written, resolved (not yet checked to be a host name). */
  #owner: Name = {
    ok: false,
    reason: 'the line starts with white space, which continues the previous owner, and none came before',
  }
  /** The line the record being read starts on. */
  #start = 0
  /** The record being read starts with white space: it has no owner of its own. */
  #blankOwner = false

  /**
   * @param day - the `YYYY-MM-DD` day of every record (the source's date)
   * @param sink - told each record, skip and reject
   */
  constructor(day: string, sink: ZoneSink) {
    this.#day = day
    this.#sink = sink
  }

  /**
   * Reads the next non-blank line.
   *
   * @param text - the line, without its line feed
   * @param line - its 1-based number
   */
  push(text: string, line: number): void {
    const state = this.#state
    const first = state.depth === 0
    if (first) {
      this.#start = line
      const c = text.charCodeAt(0)
      this.#blankOwner = c === SPACE || c === TAB
    }
    const known = state.problem
    readZoneTokens(text, state)
    if (known === undefined && state.problem !== undefined && !first) state.problem += ` (line ${line})`
    if (state.depth > 0) return
    if (state.tokens.length > 0 || state.problem !== undefined) this.#finish()
  }

  /** Ends the file: a record whose parentheses never closed is a reject at its first line. */
  end(): void {
    const state = this.#state
    if (state.depth === 0) return
    state.problem ??= 'a "(" is never closed: the file ends inside the record'
    this.#finish()
  }

  /** Hands on what the record read gives, and starts the next one. */
  #finish(): void {
    const state = this.#state
    const { tokens, problem } = state
    state.tokens = []
    state.depth = 0
    state.problem = undefined
    const head = tokens[0]
    const directive = !this.#blankOwner && head !== undefined && !head.quoted && head.text.startsWith('$')
    const outcome = directive ? this.#directive(tokens, problem) : this.#record(tokens, problem)
    if (outcome !== null) this.#sink(outcome, this.#start)
  }

  /** A `$` line: the origin or TTL changed (null), a skip, or a reject. */
  #directive(tokens: readonly ZoneToken[], problem: string | undefined): ZoneOutcome | null {
    const word = (tokens[0] as ZoneToken).text
    const name = word.toUpperCase()
    if (problem !== undefined && name !== '$ORIGIN') return problem
    switch (name) {
      case '$ORIGIN': {
        const arg = tokens[1]
        const origin: Name =
          problem !== undefined
            ? { ok: false, reason: problem }
            : arg === undefined || tokens.length > 2
              ? { ok: false, reason: `$ORIGIN takes one name, got ${wordsOf(tokens.slice(1))}` }
              : this.#originOf(arg)
        this.#origin = origin.ok
          ? origin
          : { ok: false, reason: `the $ORIGIN of line ${this.#start} was rejected` }
        return origin.ok ? null : origin.reason
      }
      case '$TTL':
        return tokens.length === 2 && TTL.test((tokens[1] as ZoneToken).text)
          ? null
          : `$TTL takes one TTL (seconds, or units such as 1h30m), got ${wordsOf(tokens.slice(1))}`
      case '$INCLUDE':
        return '$INCLUDE is not followed: data does not open files (load the included file as a source of its own)'
      case '$GENERATE':
        return { skip: '$GENERATE is not expanded' }
      default:
        return `unknown directive ${showValue(word)} (known: $ORIGIN, $TTL, $INCLUDE, $GENERATE)`
    }
  }

  /** A resource record: a record, a skip or a reject. */
  #record(tokens: readonly ZoneToken[], problem: string | undefined): ZoneOutcome {
    const head = tokens[0]
    let at = 0
    if (!this.#blankOwner && head !== undefined) {
      this.#owner = this.#resolve('owner', head)
      at = 1
    }
    if (problem !== undefined) return problem
    let ttl = false
    let klass: string | undefined
    for (let token = tokens[at]; token !== undefined; token = tokens[++at]) {
      if (klass === undefined && CLASS.test(token.text)) klass = token.text
      else if (!ttl && TTL.test(token.text)) ttl = true
      else break
    }
    const type = tokens[at++]
    if (type === undefined || !TYPE.test(type.text)) {
      return `expected a record type after the owner, TTL and class, got ${type === undefined ? 'nothing' : showValue(type.text)}`
    }
    const kind = type.text.toLowerCase()
    if (kind !== 'mx' && kind !== 'txt' && kind !== 'ns')
      return { skip: `type ${showValue(type.text)} is not mx, txt or ns` }
    if (klass !== undefined && !IN.test(klass)) return { skip: `class ${showValue(klass)} is not IN` }
    const data = tokens.slice(at)
    const generic = data[0]
    if (generic !== undefined && generic.text === '#' && generic.bytes !== undefined && !generic.quoted) {
      return { skip: `generic ${type.text.toUpperCase()} data (RFC 3597 \\#) is not decoded` }
    }
    const owner = this.#owner
    if (!owner.ok) return owner.reason
    if (owner.name === '.') return { skip: 'name "." (the root) is not an apex' }
    const name = dnsHost('owner', owner.name, false)
    if (!name.ok) return name.reason
    const day = this.#day
    if (kind === 'txt') {
      return data.length > 0
        ? { name: name.host, kind, value: joinStrings(data), day }
        : 'a TXT record needs at least one character-string'
    }
    if (kind === 'ns') {
      const host = data.length === 1 ? this.#host('NS host', data[0] as ZoneToken, false) : undefined
      if (host === undefined) return `NS data is one host name, got ${wordsOf(data)}`
      return host.ok ? { name: name.host, kind, value: host.host, day } : host.reason
    }
    const [preference, exchange] = data
    if (data.length !== 2 || preference === undefined || exchange === undefined) {
      return `MX data is "<preference> <exchange>", got ${wordsOf(data)}`
    }
    if (!PREFERENCE.test(preference.text) || Number(preference.text) > 65_535) {
      return `MX preference must be an integer from 0 to 65535, got ${showValue(preference.text)}`
    }
    const host = this.#host('MX exchange', exchange, true)
    return host.ok
      ? { name: name.host, kind, value: host.host, preference: Number(preference.text), day }
      : host.reason
  }

  /** The origin a `$ORIGIN` name sets: the root, or a normalised host. */
  #originOf(token: ZoneToken): Name {
    const origin = this.#resolve('$ORIGIN', token)
    if (!origin.ok || origin.name === '.') return origin
    const host = dnsHost('$ORIGIN', origin.name, false)
    return host.ok ? { ok: true, name: host.host } : host
  }

  /** A name field as a normalised host. */
  #host(field: string, token: ZoneToken, nullMx: boolean): DnsHost {
    const name = this.#resolve(field, token)
    return name.ok ? dnsHost(field, name.name, nullMx) : name
  }

  /** The absolute name a name field stands for. */
  #resolve(field: string, token: ZoneToken): Name {
    const text = token.text
    if (token.dotEscaped) {
      return {
        ok: false,
        reason: `${field} ${showValue(text)} has a dot inside a label (\\.), which no host name has`,
      }
    }
    if (text.endsWith('.')) return { ok: true, name: text === '.' ? '.' : text.slice(0, -1) }
    const origin = this.#origin
    if (!origin.ok) {
      const what = text === '@' ? '"@" stands for the origin' : `${field} ${showValue(text)} is relative`
      return { ok: false, reason: `${what}, and ${origin.reason}` }
    }
    if (text === '@') return origin
    return { ok: true, name: origin.name === '.' ? text : `${text}.${origin.name}` }
  }
}

/** A TXT record's character-strings joined: as text, or as bytes when escapes gave bytes. */
function joinStrings(strings: readonly ZoneToken[]): string {
  if (strings.length === 1) return (strings[0] as ZoneToken).text
  if (strings.every((s) => s.bytes === undefined)) return strings.map((s) => s.text).join('')
  const parts = strings.map((s) => s.bytes ?? Buffer.from(s.text, 'utf8'))
  return Buffer.concat(parts).toString('utf8')
}

function wordsOf(tokens: readonly ZoneToken[]): string {
  return tokens.length === 0 ? 'nothing' : showValue(tokens.map((t) => t.text).join(' '))
}
