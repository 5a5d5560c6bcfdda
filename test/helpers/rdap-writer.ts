/**
 * WHOIS records written back as RDAP domain objects (RFC 9083), the inverse of
 * `src/ingest/formats/rdap.ts` on the fields both carry, for the format-agreement property test and
 * the formats benchmark (bench/formats.bench.ts).
 *
 * The layout, as registries write it:
 * - `ldhName` the domain name (`domain.name`, else `query`), `handle` `domain.id`, `port43`
 *   `server`; `status` the record's status split at commas (the mapping joins them with `, `, so a
 *   status written `a, b` round-trips exactly); `events` `registration`, `last changed` and
 *   `expiration` with the dates as written; `nameservers` objects with `ldhName` as written;
 *   `secureDNS.delegationSigned` from `dnssec` (`signedDelegation` or `unsigned`).
 * - A `registrar` entity with `fn` `registrar_name`, `url`, `email`, and the `IANA Registrar ID`
 *   public id; then one entity per contact section (roles `registrant`, `administrative`,
 *   `technical`, `billing`), in that order, each with a jCard: `fn` (the name, or `''` as RFC 9083
 *   servers write when there is none), `org`, one `adr` (street lines in part 2, a string for one
 *   line and an array for several; city, province, postal code in parts 3–5; the country as the
 *   `cc` parameter), `tel` typed `voice` and `fax` as `tel:` URIs, `email`.
 * - Only string values are written (a street may be an array of strings); other shapes, `redacted`
 *   and fields RDAP has no place for are left out. `postalcode` (SPEC 2's alias) is written as the
 *   postal code when `postal_code` is absent.
 */
import type { Contact, WhoisRecord } from '../../src/types.js'

/** A jCard property: `[name, parameters, value type, value]`. */
type JCardProperty = [string, Record<string, string>, string, unknown]

const CONTACT_ROLES = [
  ['registrant', 'registrant'],
  ['admin', 'administrative'],
  ['tech', 'technical'],
  ['billing', 'billing'],
] as const

const EVENTS = [
  ['created', 'registration'],
  ['updated', 'last changed'],
  ['expires', 'expiration'],
] as const

/**
 * The RDAP domain object of a WHOIS record.
 *
 * @param record - a record in the API's shape
 * @example
 * ```ts
 * rdapDomainOf({ query: 'example.com', domain: { name: 'example.com', created: '2020-01-02', nameservers: ['ns1.example.net'] } })
 * // { objectClassName: 'domain', ldhName: 'example.com',
 * //   events: [{ eventAction: 'registration', eventDate: '2020-01-02' }],
 * //   nameservers: [{ objectClassName: 'nameserver', ldhName: 'ns1.example.net' }] }
 * ```
 */
export function rdapDomainOf(record: WhoisRecord): Record<string, unknown> {
  const domain = record.domain ?? {}
  const out: Record<string, unknown> = { objectClassName: 'domain' }
  putText(out, 'handle', domain['id'])
  putText(out, 'ldhName', domain.name ?? record.query)
  putText(out, 'port43', record.server)
  const status = domain['status']
  if (typeof status === 'string') out['status'] = status.split(',').map((s) => s.trim())
  const events = []
  for (const [key, eventAction] of EVENTS) {
    const eventDate = domain[key]
    if (typeof eventDate === 'string') events.push({ eventAction, eventDate })
  }
  if (events.length > 0) out['events'] = events
  const nameservers = domain.nameservers
  if (Array.isArray(nameservers) && nameservers.length > 0) {
    out['nameservers'] = nameservers.map((ldhName) => ({ objectClassName: 'nameserver', ldhName }))
  }
  const dnssec = domain['dnssec']
  if (dnssec === 'signedDelegation' || dnssec === 'unsigned') {
    out['secureDNS'] = { delegationSigned: dnssec === 'signedDelegation' }
  }
  const entities: unknown[] = []
  const registrar = registrarEntity(record)
  if (registrar !== undefined) entities.push(registrar)
  for (const [key, role] of CONTACT_ROLES) {
    const contact = record[key]
    if (contact !== null && contact !== undefined) entities.push(contactEntity(contact, role))
  }
  if (entities.length > 0) out['entities'] = entities
  return out
}

function registrarEntity(record: WhoisRecord): Record<string, unknown> | undefined {
  const domain = record.domain ?? {}
  const properties: JCardProperty[] = []
  pushText(properties, 'fn', 'text', domain['registrar_name'])
  pushText(properties, 'url', 'uri', domain['registrar_url'])
  pushText(properties, 'email', 'text', domain['registrar_email'])
  const id = domain['registrar_id']
  if (properties.length === 0 && typeof id !== 'string') return undefined
  const entity: Record<string, unknown> = { objectClassName: 'entity', roles: ['registrar'] }
  if (typeof id === 'string') entity['publicIds'] = [{ type: 'IANA Registrar ID', identifier: id }]
  entity['vcardArray'] = jCard(properties)
  return entity
}

function contactEntity(contact: Contact, role: string): Record<string, unknown> {
  const properties: JCardProperty[] = []
  properties.push(['fn', {}, 'text', typeof contact.name === 'string' ? contact.name : ''])
  pushText(properties, 'org', 'text', contact.organization)
  const adr = address(contact)
  if (adr !== undefined) properties.push(adr)
  pushText(properties, 'tel', 'uri', telUri(contact.phone), { type: 'voice' })
  pushText(properties, 'tel', 'uri', telUri(contact.fax), { type: 'fax' })
  pushText(properties, 'email', 'text', contact.email)
  return { objectClassName: 'entity', roles: [role], vcardArray: jCard(properties) }
}

/** The `adr` property, or undefined when the contact has no address field. */
function address(contact: Contact): JCardProperty | undefined {
  const street = streetPart(contact.street)
  const city = textOf(contact.city)
  const province = textOf(contact.province)
  const postal = textOf(contact.postal_code) ?? textOf(contact.postalcode)
  const country = textOf(contact.country)
  if ([street, city, province, postal, country].every((part) => part === undefined || part === '')) {
    return undefined
  }
  const params: Record<string, string> = country === undefined ? {} : { cc: country }
  return ['adr', params, 'text', ['', '', street ?? '', city ?? '', province ?? '', postal ?? '', '']]
}

/** Street lines: one as a string, several as an array of their string elements. */
function streetPart(street: unknown): string | string[] | undefined {
  if (typeof street === 'string') return street
  if (!Array.isArray(street)) return undefined
  const lines = street.filter((line): line is string => typeof line === 'string')
  return lines.length === 0 ? undefined : lines.length === 1 ? lines[0] : lines
}

function telUri(number: unknown): string | undefined {
  return typeof number === 'string' ? `tel:${number}` : undefined
}

function jCard(properties: readonly JCardProperty[]): unknown[] {
  return ['vcard', [['version', {}, 'text', '4.0'], ...properties]]
}

function textOf(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined
}

function putText(target: Record<string, unknown>, key: string, value: unknown): void {
  if (typeof value === 'string') target[key] = value
}

function pushText(
  properties: JCardProperty[],
  name: string,
  type: string,
  value: unknown,
  params: Record<string, string> = {},
): void {
  if (typeof value === 'string') properties.push([name, params, type, value])
}
