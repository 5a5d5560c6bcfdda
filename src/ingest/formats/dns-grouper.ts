/**
 * Groups raw DNS records (`dns-records`, `zdns` and `zone` lines, parsed) into observations (SPEC 13): one
 * per apex, date and kind, in any input order.
 *
 * Layout: apex → day → {MX group, TXT group, NS hosts}. A group keeps only what its observation
 * needs: the MX hosts with their preferences, the TXT values, the NS hosts, and the file:line of its
 * first record. Hosts, TXT values, days and file names are interned, so a provider's MX host or a
 * common SPF text is stored once however many apexes use it. Groups are kept in order of first
 * appearance, which is the output order.
 *
 * Rules, decided where SPEC is silent:
 * - A record counts when its name is an apex: `apexDomain(name) === name` (ICANN section of the
 *   PSL). Other names (`www.example.com`, a public suffix, an IP address) and wildcard owners
 *   (`*.example.com`) are skipped and counted, except the mail-policy TXT records below.
 * - Mail-policy TXT records (SPEC 13): a TXT record at `_dmarc.<apex>`, `<selector>._domainkey.<apex>`,
 *   `_mta-sts.<apex>`, `_smtp._tls.<apex>` or `<selector>._bimi.<apex>` belongs to the apex's TXT
 *   observation of its day: after the apex's own `dns-txt` items, in input order, a `txt` item of
 *   context `dns-txt-dmarc`, `dns-txt-dkim`, `dns-txt-mta-sts`, `dns-txt-tlsrpt` or
 *   `dns-txt-bimi`, a DKIM or BIMI one after a `selector` item of its context (the labels before
 *   `._domainkey.`/`._bimi.`, `*` for a wildcard); an exact repeat (context, selector, value) is
 *   kept once. MX and NS records at those names are skipped as any other name.
 * - MX items: `host` then `mx-preference` (the preference as decimal text) per pair, ascending
 *   preference, then host; a repeated (host, preference) pair is kept once; the null MX is `.`.
 * - TXT items: the values in input order; an exact repeat of a value is kept once (a record seen
 *   twice, from two resolvers or two files, is one record).
 * - NS: the apex's NS hosts of that day, in input order, de-duplicated, end both its MX and its TXT
 *   observation. NS records of an apex and day with neither MX nor TXT records are skipped and
 *   counted ("no MX or TXT answer to attach to").
 * - The id is `<kind>-<date>-<apex>` (`mx-2024-03-05-example.com`): the same data loaded again
 *   replaces its observations instead of adding copies. Records of one group in two files merge only
 *   when one grouper reads both files; otherwise the later file's observation replaces the earlier.
 * - An observation's file:line is its group's first MX or TXT record's.
 */
import { showValue } from '../../errors.js'
import { apexDomain } from '../../normalize/apex.js'
import type { Item, Observation } from '../../types.js'
import type { DnsRecord } from './dns-record.js'

/** An observation with the file and line of its group's first record. */
export interface GroupedObservation {
  observation: Observation
  file: string
  line: number
}

/** Where a record was read. */
export interface RecordSource {
  file: string
  line: number
}

/** Where a group comes from: its apex, day and first record. */
interface Origin {
  apex: string
  day: string
  file: string
  line: number
  /** The apex's groups of that day, for the NS hosts. */
  date: DayGroups
}

interface MxGroup extends Origin {
  kind: 'mx'
  /** Each MX host with its preferences. */
  hosts: Map<string, number[]>
}

interface TxtGroup extends Origin {
  kind: 'txt'
  /** The values, in first-seen order. */
  texts: Set<string>
  /** The mail-policy records, in first-seen order, by context, selector and value. */
  policies: Map<string, MailPolicyText>
}

/** A mail-policy TXT record of an apex: its context, selector (DKIM and BIMI) and value. */
interface MailPolicyText {
  context: string
  selector: string | null
  value: string
}

/** A mail-policy name: the apex it belongs to, the context of its TXT items, its selector. */
export interface MailPolicyName {
  apex: string
  context: string
  selector: string | null
}

type Group = MxGroup | TxtGroup

interface DayGroups {
  mx: MxGroup | undefined
  txt: TxtGroup | undefined
  ns: Set<string> | undefined
  /** NS records added, repeats included: all are skipped when no MX or TXT group comes. */
  nsRecords: number
}

/**
 * Collects DNS records and yields their observations.
 *
 * @example
 * ```ts
 * const grouper = new DnsGrouper()
 * grouper.add({ name: 'example.com', kind: 'mx', value: 'mx2.example.com', preference: 20, day: '2024-03-05' }, { file: 'a.jsonl', line: 1 }) // 'ok'
 * grouper.add({ name: 'example.com', kind: 'ns', value: 'ns1.example.net', day: '2024-03-05' }, { file: 'a.jsonl', line: 2 })                   // 'ok'
 * grouper.add({ name: 'www.example.com', kind: 'txt', value: 'x', day: '2024-03-05' }, { file: 'a.jsonl', line: 3 })
 * // 'name "www.example.com" is not an apex (its apex is example.com)'
 * [...grouper.observations()].map((g) => g.observation)
 * // [{ date: '2024-03-05', id: 'mx-2024-03-05-example.com', items: [
 * //   { context: '', is_metadata: true, type: 'host', value: 'example.com' },
 * //   { context: 'dns-mx', is_metadata: false, type: 'host', value: 'mx2.example.com' },
 * //   { context: 'dns-mx', is_metadata: false, type: 'mx-preference', value: '20' },
 * //   { context: 'dns-ns', is_metadata: false, type: 'host', value: 'ns1.example.net' } ] }]
 * grouper.skipped // 1
 * ```
 */
export class DnsGrouper {
  readonly #apexes = new Map<string, Map<string, DayGroups>>()
  readonly #groups: Group[] = []
  readonly #strings = new Map<string, string>()
  #notApex = 0

  /**
   * Adds one record.
   *
   * @param record - a parsed record (names and hosts normalised)
   * @param where - the file and line it was read at
   * @returns `'ok'`, or why the record is skipped (its name is not an apex)
   */
  add(record: DnsRecord, where: RecordSource): 'ok' | string {
    const policy = record.kind === 'txt' ? mailPolicyName(record.name) : null
    const name = policy?.apex ?? record.name
    let days = this.#apexes.get(name)
    if (days === undefined) {
      const reason = notApex(name)
      if (reason !== null) {
        this.#notApex++
        return reason
      }
      days = new Map()
      this.#apexes.set(this.#intern(name), days)
    }
    let date = days.get(record.day)
    if (date === undefined) {
      date = { mx: undefined, txt: undefined, ns: undefined, nsRecords: 0 }
      days.set(this.#intern(record.day), date)
    }
    switch (record.kind) {
      case 'ns':
        date.ns ??= new Set()
        date.ns.add(this.#intern(record.value))
        date.nsRecords++
        break
      case 'txt': {
        date.txt ??= this.#track({
          ...this.#origin(name, record, date, where),
          kind: 'txt',
          texts: new Set(),
          policies: new Map(),
        })
        const value = this.#intern(record.value)
        if (policy === null) date.txt.texts.add(value)
        else {
          const key = `${policy.context}\u0000${policy.selector ?? ''}\u0000${value}`
          if (!date.txt.policies.has(key)) {
            const selector = policy.selector === null ? null : this.#intern(policy.selector)
            date.txt.policies.set(key, { context: policy.context, selector, value })
          }
        }
        break
      }
      case 'mx': {
        date.mx ??= this.#track({ ...this.#origin(name, record, date, where), kind: 'mx', hosts: new Map() })
        const hosts = date.mx.hosts
        const preferences = hosts.get(record.value)
        if (preferences === undefined) hosts.set(this.#intern(record.value), [record.preference])
        else if (!preferences.includes(record.preference)) preferences.push(record.preference)
        break
      }
    }
    return 'ok'
  }

  /**
   * Records skipped so far: those at a name that is no apex, plus the NS records of an apex and day
   * that has no MX or TXT record (final once every record is added).
   */
  get skipped(): number {
    let unattached = 0
    for (const days of this.#apexes.values()) {
      for (const date of days.values()) {
        if (date.mx === undefined && date.txt === undefined) unattached += date.nsRecords
      }
    }
    return this.#notApex + unattached
  }

  /** The observations, in order of their groups' first records. */
  *observations(): IterableIterator<GroupedObservation> {
    for (const group of this.#groups) {
      const items: Item[] = [{ context: '', is_metadata: true, type: 'host', value: group.apex }]
      if (group.kind === 'mx') pushMx(items, group.hosts)
      else pushTxt(items, group.texts, group.policies)
      const ns = group.date.ns
      if (ns !== undefined) {
        for (const host of ns) {
          items.push({ context: 'dns-ns', is_metadata: false, type: 'host', value: host })
        }
      }
      yield {
        observation: { date: group.day, id: `${group.kind}-${group.day}-${group.apex}`, items },
        file: group.file,
        line: group.line,
      }
    }
  }

  #origin(apex: string, record: DnsRecord, date: DayGroups, where: RecordSource): Origin {
    return {
      apex: this.#intern(apex),
      day: this.#intern(record.day),
      file: this.#intern(where.file),
      line: where.line,
      date,
    }
  }

  #track<G extends Group>(group: G): G {
    this.#groups.push(group)
    return group
  }

  #intern(text: string): string {
    const known = this.#strings.get(text)
    if (known !== undefined) return known
    this.#strings.set(text, text)
    return text
  }
}

/** Why a (normalised) name is not an apex, or null when it is one. */
function notApex(name: string): string | null {
  if (name.startsWith('*.')) return `name ${showValue(name)} is a wildcard owner, not an apex`
  const apex = apexDomain(name)
  if (apex === name) return null
  return apex === null
    ? `name ${showValue(name)} is not an apex (no registrable domain: a public suffix or an IP address)`
    : `name ${showValue(name)} is not an apex (its apex is ${apex})`
}

/** The MX pairs as items: ascending preference, then host. */
function pushMx(items: Item[], hosts: Map<string, number[]>): void {
  const pairs: [number, string][] = []
  for (const [host, preferences] of hosts)
    for (const preference of preferences) pairs.push([preference, host])
  pairs.sort((a, b) => a[0] - b[0] || (a[1] < b[1] ? -1 : a[1] > b[1] ? 1 : 0))
  for (const [preference, host] of pairs) {
    items.push({ context: 'dns-mx', is_metadata: false, type: 'host', value: host })
    items.push({ context: 'dns-mx', is_metadata: false, type: 'mx-preference', value: String(preference) })
  }
}

/** The TXT values as items, in first-seen order, then the mail-policy ones. */
function pushTxt(items: Item[], texts: Set<string>, policies: Map<string, MailPolicyText>): void {
  for (const text of texts) items.push({ context: 'dns-txt', is_metadata: false, type: 'txt', value: text })
  for (const { context, selector, value } of policies.values()) {
    if (selector !== null) items.push({ context, is_metadata: false, type: 'selector', value: selector })
    items.push({ context, is_metadata: false, type: 'txt', value })
  }
}

// Mail-policy names: a prefix before the apex, or a label after a selector.
const POLICY_PREFIXES: readonly [string, string][] = [
  ['_dmarc.', 'dns-txt-dmarc'],
  ['_mta-sts.', 'dns-txt-mta-sts'],
  ['_smtp._tls.', 'dns-txt-tlsrpt'],
]
const POLICY_SELECTED: readonly [string, string][] = [
  ['._domainkey.', 'dns-txt-dkim'],
  ['._bimi.', 'dns-txt-bimi'],
]

/**
 * The mail-policy name `name` is (SPEC 13), or null: the apex must be an apex, a selector non-empty.
 *
 * @example
 * ```ts
 * mailPolicyName('google._domainkey.example.com') // { apex: 'example.com', context: 'dns-txt-dkim', selector: 'google' }
 * mailPolicyName('_dmarc.www.example.com')        // null (www.example.com is no apex)
 * ```
 */
export function mailPolicyName(name: string): MailPolicyName | null {
  for (const [prefix, context] of POLICY_PREFIXES) {
    if (name.startsWith(prefix)) return policyOf(name.slice(prefix.length), context, null)
  }
  for (const [infix, context] of POLICY_SELECTED) {
    const at = name.lastIndexOf(infix)
    if (at > 0) return policyOf(name.slice(at + infix.length), context, name.slice(0, at))
  }
  return null
}

function policyOf(apex: string, context: string, selector: string | null): MailPolicyName | null {
  return apexDomain(apex) === apex ? { apex, context, selector } : null
}
