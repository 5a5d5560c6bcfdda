/**
 * RDAP domain objects (RFC 9083) as WHOIS records (SPEC 13). A pure mapping: the loader checks the
 * record afterwards like any WHOIS record (`whois-record.ts`: host names, `_norm` dates), so this
 * module only places fields and rejects what is not a domain object.
 *
 * Rules SPEC leaves open, as decided here:
 * - Name: `ldhName`, else `unicodeName`, lower-cased and otherwise as written (the loader trims,
 *   drops a trailing dot and converts Unicode to punycode for the key); `query` and `domain.name`.
 * - `objectClassName`, when present, must be exactly `domain`; without it, any object with a name
 *   is mapped (`isRdapDomain` is the stricter test for sniffing).
 * - Text: a value counts when it is a string with a non-blank character and is kept as written
 *   (not trimmed); blank strings, numbers and other types are absent fields, never null.
 * - Events: the first event of each action wins (`registration` → `created`, `last changed` →
 *   `updated`, `expiration` → `expires`), actions matched in any case; `last update of RDAP
 *   database` is ignored. Dates are kept as written.
 * - `status`: the non-blank statuses joined by `, `, as written (RDAP's `client transfer
 *   prohibited`, not EPP's `clientTransferProhibited`); absent when none. A lone string is one
 *   status.
 * - A member read here whose value has another JSON type than RFC 9083's (`port43: 43`,
 *   `events: {...}`, `secureDNS: true`; not null, which is absent) is kept as given in the
 *   record's `extra` object under its member name, as CSV keeps columns it cannot place: never
 *   dropped without a trace.
 * - `nameservers`: each nameserver's `ldhName`, else `unicodeName`, as written, in input order;
 *   absent when none. Invalid names are left for the loader to reject.
 * - `dnssec`: `signedDelegation` when `secureDNS.delegationSigned` is true, `unsigned` when false,
 *   absent when `secureDNS` or a boolean `delegationSigned` is absent.
 * - Entities (`rdap-entities.ts`): walked breadth-first and iteratively (top-level entities, then
 *   those nested one level down, ...), in document order, so a top-level registrant beats one
 *   nested in the registrar. The first entity with a role wins that role; roles are matched in any
 *   case; one entity may fill several roles (each gets its own contact object).
 * - Registrar: `registrar_name` the jCard `fn`, else `org`; `registrar_id` the identifier of the
 *   first `publicIds` entry of type `IANA Registrar ID` (any case; a number becomes its decimal
 *   text); `registrar_url` the jCard `url`, else the href of the first link with rel `about`,
 *   never `links[0]`, which is usually `self`: the RDAP API's own URL, not the registrar's site;
 *   `registrar_email` the jCard `email` only, not the nested abuse contact's.
 * - Contacts: fields in WHOIS order, every absent one omitted; `redacted` always set. A contact
 *   whose role has no entity but is named by an RFC 9537 redaction entry (a registry that removed
 *   it) is `{ redacted: true }`.
 * - jCard (`rdap-jcard.ts`): the first property giving a non-blank value wins each field; property
 *   names in any case. `org` as an array: its non-blank parts joined by `, `. Address: the first
 *   `adr` with a non-blank part; street lines are part 2 (a string, an array, or text with line
 *   breaks, all split into lines), one line a string, several an array; other parts given as
 *   arrays are joined by `, `; `country` the `cc` parameter, else part 6; when every part is blank
 *   the `label` parameter's lines become `street`. `tel`: `fax` when its type includes fax, `phone`
 *   when it includes voice or not fax (untyped, work, cell); `type` a string, comma list or array;
 *   a leading `tel:` (any case) removed, the rest (`;ext=`) kept. `email`, `url` as written.
 * - Redaction (`rdap-redaction.ts`): a contact is redacted when an entry of the top-level RFC 9537
 *   `redacted` array names it in `name.type`, `name.description`, `prePath`, `postPath` or
 *   `replacementPath` (`registrant`; `admin…`/`tech…`/`billing` as words, so "Tech Email" and
 *   `roles[0]=='technical'` both count), or when one of its mapped fields holds the word
 *   "redacted" in any case ("REDACTED FOR PRIVACY", "Data Redacted", "[REDACTED]"). Only the
 *   top-level array is read: in a search result it sits beside `domainSearchResults`, out of the
 *   per-domain mapping's sight.
 * - Nothing from the input is copied by key: the record is built from literal field names, so
 *   `__proto__`, `constructor` and the like in the input never reach a prototype.
 */
import { showValue } from '../../errors.js'
import type { DomainSection, WhoisRecord } from '../../types.js'
import { contactOf, findEntities, registrarFields } from './rdap-entities.js'
import { field, isJsonObject, list, put, text } from './rdap-json.js'
import { type ContactKey, redactedContacts } from './rdap-redaction.js'

const EVENTS = new Map([
  ['registration', 'created'],
  ['last changed', 'updated'],
  ['expiration', 'expires'],
])
const CONTACTS: readonly ContactKey[] = ['registrant', 'admin', 'tech', 'billing']

/**
 * Maps one RDAP domain object to a WHOIS record, or says why it cannot.
 *
 * @param value - one parsed JSON value
 * @returns the record (dates without `_norm`; the loader adds them), or a reject reason
 * @example
 * ```ts
 * rdapToWhois({ objectClassName: 'domain', ldhName: 'Example.COM', port43: 'whois.example',
 *   secureDNS: { delegationSigned: false } })
 * // { query: 'example.com', server: 'whois.example', domain: { name: 'example.com', dnssec: 'unsigned' } }
 * rdapToWhois({ objectClassName: 'entity', handle: 'X' })
 * // 'an RDAP object of class "entity" is not a domain object; objectClassName must be "domain"'
 * ```
 */
export function rdapToWhois(value: unknown): WhoisRecord | string {
  if (!isJsonObject(value)) return `an RDAP domain object must be a JSON object, got ${showValue(value)}`
  const objectClass = field(value, 'objectClassName')
  if (objectClass !== undefined && objectClass !== 'domain') {
    return `an RDAP object of class ${showValue(objectClass)} is not a domain object; objectClassName must be "domain"`
  }
  const written = text(field(value, 'ldhName')) ?? text(field(value, 'unicodeName'))
  if (written === undefined) {
    return `an RDAP domain object needs ldhName (or unicodeName), got ${showValue(value)}`
  }
  const name = written.toLowerCase()
  const entities = findEntities(value)
  const domain: DomainSection = { name }
  put(domain, 'id', text(field(value, 'handle')))
  putEvents(domain, field(value, 'events'))
  const registrar = entities.get('registrar')
  if (registrar !== undefined) {
    for (const [key, found] of Object.entries(registrarFields(registrar))) put(domain, key, found)
  }
  put(domain, 'nameservers', nameservers(field(value, 'nameservers')))
  const status = field(value, 'status')
  put(domain, 'status', joinedStatus(typeof status === 'string' ? [status] : status))
  put(domain, 'dnssec', dnssec(field(value, 'secureDNS')))

  const record: WhoisRecord = { query: name }
  put(record, 'server', text(field(value, 'port43')))
  record.domain = domain
  const extra = wrongTypes(value)
  if (extra !== undefined) record['extra'] = extra
  const redacted = redactedContacts(field(value, 'redacted'))
  for (const key of CONTACTS) {
    const entity = entities.get(key)
    if (entity !== undefined) record[key] = contactOf(entity, redacted.has(key))
    else if (redacted.has(key)) record[key] = { redacted: true }
  }
  return record
}

/**
 * Whether a parsed value looks like an RDAP domain object, for sniffing a file's format: an object
 * whose `objectClassName` is `domain`, or, without one, that has an `ldhName` (or `unicodeName`)
 * and a member only RDAP writes (`rdapConformance`, `events`, `entities`, `secureDNS`, or
 * `nameservers` holding objects). Reads at most eight fields.
 *
 * @example
 * ```ts
 * isRdapDomain({ objectClassName: 'domain', ldhName: 'example.com' }) // true
 * isRdapDomain({ ldhName: 'example.com', events: [] })                // true
 * isRdapDomain({ query: 'example.com', domain: { name: 'example.com' } }) // false (a WHOIS record)
 * ```
 */
export function isRdapDomain(value: unknown): boolean {
  if (!isJsonObject(value)) return false
  const objectClass = field(value, 'objectClassName')
  if (objectClass !== undefined) return objectClass === 'domain'
  if (typeof field(value, 'ldhName') !== 'string' && typeof field(value, 'unicodeName') !== 'string') {
    return false
  }
  return (
    Array.isArray(field(value, 'rdapConformance')) ||
    Array.isArray(field(value, 'events')) ||
    Array.isArray(field(value, 'entities')) ||
    isJsonObject(field(value, 'secureDNS')) ||
    isJsonObject(list(field(value, 'nameservers'))[0])
  )
}

/**
 * The domain objects of an RDAP search result (its `domainSearchResults` array), or undefined when
 * `value` is not one.
 *
 * @example
 * ```ts
 * rdapSearchResults({ rdapConformance: ['rdap_level_0'], domainSearchResults: [{ ldhName: 'a.example' }] })
 * // [{ ldhName: 'a.example' }]
 * rdapSearchResults({ ldhName: 'a.example' }) // undefined
 * ```
 */
export function rdapSearchResults(value: unknown): unknown[] | undefined {
  const results = field(value, 'domainSearchResults')
  return Array.isArray(results) ? results : undefined
}

// The JSON type each member read here has in RFC 9083.
const MEMBER_TYPES: readonly [string, 'string' | 'array' | 'object' | 'string or array'][] = [
  ['handle', 'string'],
  ['port43', 'string'],
  ['unicodeName', 'string'],
  ['status', 'string or array'],
  ['events', 'array'],
  ['entities', 'array'],
  ['nameservers', 'array'],
  ['redacted', 'array'],
  ['secureDNS', 'object'],
]

/** The members of another JSON type than RFC 9083's (null aside), as given, or undefined when none. */
function wrongTypes(value: { readonly [key: string]: unknown }): Record<string, unknown> | undefined {
  let extra: Record<string, unknown> | undefined
  for (const [member, type] of MEMBER_TYPES) {
    const given = field(value, member)
    if (given === undefined || given === null) continue
    const fits =
      type === 'array'
        ? Array.isArray(given)
        : type === 'object'
          ? isJsonObject(given)
          : typeof given === 'string' || (type === 'string or array' && Array.isArray(given))
    if (fits) continue
    extra ??= {}
    extra[member] = given
  }
  return extra
}

/** Sets `created`, `updated`, `expires` from the first event of each action with a date. */
function putEvents(domain: DomainSection, events: unknown): void {
  const dates = new Map<string, string>()
  for (const event of list(events)) {
    const action = text(field(event, 'eventAction'))
    const key = action === undefined ? undefined : EVENTS.get(action.toLowerCase())
    const date = text(field(event, 'eventDate'))
    if (key !== undefined && date !== undefined && !dates.has(key)) dates.set(key, date)
  }
  for (const key of EVENTS.values()) put(domain, key, dates.get(key))
}

function nameservers(value: unknown): string[] | undefined {
  const names: string[] = []
  for (const ns of list(value)) {
    const name = text(field(ns, 'ldhName')) ?? text(field(ns, 'unicodeName'))
    if (name !== undefined) names.push(name)
  }
  return names.length === 0 ? undefined : names
}

function joinedStatus(value: unknown): string | undefined {
  const statuses: string[] = []
  for (const status of list(value)) {
    const one = text(status)
    if (one !== undefined) statuses.push(one)
  }
  return statuses.length === 0 ? undefined : statuses.join(', ')
}

function dnssec(secureDNS: unknown): string | undefined {
  const signed = field(secureDNS, 'delegationSigned')
  return signed === true ? 'signedDelegation' : signed === false ? 'unsigned' : undefined
}
