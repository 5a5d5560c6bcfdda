/**
 * Fields a WHOIS record holds under a name the loader does not read, where another parser's
 * spelling of a field it does read is likely (issue 26, item 3): `domain.registrar`, as
 * python-whois and the whois-parser libraries write it, is not `domain.registrar_name`, so the
 * registrar criterion, pivots and suggestions never see it. Such fields are counted as records
 * load, and the build's summary names each with the field it probably means. The spellings are a
 * fixed list, taken from the parsers whose output the shared real data holds (likexian's and
 * weppos's whois-parser, python-whois) and the flat layouts of WHOIS libraries: a guess by edit
 * distance would flag real extra fields (`registrar_url` is one edit from `registrar_id`).
 */

const DOMAIN: Readonly<Record<string, string>> = {
  registrar: 'registrar_name',
  registrar_organization: 'registrar_name',
  sponsoring_registrar: 'registrar_name',
  registrar_iana_id: 'registrar_id',
  iana_id: 'registrar_id',
  name_servers: 'nameservers',
  nameserver: 'nameservers',
  name_server: 'nameservers',
  ns: 'nameservers',
  creation_date: 'created',
  created_date: 'created',
  created_on: 'created',
  registered: 'created',
  registration_date: 'created',
  updated_date: 'updated',
  last_updated: 'updated',
  changed: 'updated',
  expiration_date: 'expires',
  expiry_date: 'expires',
  expires_on: 'expires',
  registry_expiry_date: 'expires',
  domain: 'name',
  domain_name: 'name',
}

const CONTACT: Readonly<Record<string, string>> = {
  org: 'organization',
  organisation: 'organization',
  company: 'organization',
  address: 'street',
  street_address: 'street',
  postcode: 'postal_code',
  zip: 'postal_code',
  zipcode: 'postal_code',
  zip_code: 'postal_code',
  state: 'province',
  region: 'province',
  telephone: 'phone',
  phone_number: 'phone',
  fax_number: 'fax',
  mail: 'email',
  e_mail: 'email',
  email_address: 'email',
}

// Flat layouts (python-whois's dictionary): a top-level field meaning one of a section's.
const TOP: Readonly<Record<string, string>> = {
  domain_name: 'domain.name',
  registrar: 'domain.registrar_name',
  registrar_name: 'domain.registrar_name',
  name_servers: 'domain.nameservers',
  nameservers: 'domain.nameservers',
  creation_date: 'domain.created',
  updated_date: 'domain.updated',
  expiration_date: 'domain.expires',
  org: 'registrant.organization',
  emails: 'registrant.email',
}

const CONTACTS = ['registrant', 'admin', 'tech', 'billing'] as const
const hasOwn = Object.prototype.hasOwnProperty

/**
 * The field a record's field probably means, by their paths, or undefined when it is not a known
 * spelling of one.
 *
 * @example
 * ```ts
 * meantField('domain.registrar') // 'domain.registrar_name'
 * meantField('tech.zip')         // 'tech.postal_code'
 * meantField('domain.dnssec')    // undefined
 * ```
 */
export function meantField(path: string): string | undefined {
  const dot = path.indexOf('.')
  if (dot < 0) return TOP[path]
  const section = path.slice(0, dot)
  const field = path.slice(dot + 1)
  const table =
    section === 'domain' ? DOMAIN : (CONTACTS as readonly string[]).includes(section) ? CONTACT : undefined
  const meant = table === undefined || !hasOwn.call(table, field) ? undefined : table[field]
  return meant === undefined ? undefined : `${section}.${meant}`
}

/**
 * Counts, record by record, the fields holding a value under another parser's spelling while the
 * field it means is absent (a record with both is read as it is).
 *
 * @example
 * ```ts
 * const near = new NearFields()
 * near.note({ domain: { name: 'a.com', registrar: 'MarkMonitor Inc.' } })
 * near.take() // { 'domain.registrar': 1 }
 * ```
 */
export class NearFields {
  #counts: Record<string, number> = {}
  #any = false

  /** Counts the near fields of one record. */
  note(record: Readonly<Record<string, unknown>>): void {
    for (const key in record) {
      if (!hasOwn.call(TOP, key) || !hasOwn.call(record, key) || record[key] === null) continue
      if (record[key] !== undefined && !this.#holds(record, TOP[key] as string)) this.#count(key)
    }
    this.#section(record, 'domain', DOMAIN)
    for (const contact of CONTACTS) this.#section(record, contact, CONTACT)
  }

  /** The counts since the last take, by field path; an empty object when there were none. */
  take(): Record<string, number> {
    const counts = this.#counts
    if (this.#any) {
      this.#counts = {}
      this.#any = false
    }
    return counts
  }

  #section(
    record: Readonly<Record<string, unknown>>,
    name: string,
    table: Readonly<Record<string, string>>,
  ): void {
    const section = record[name]
    if (section === null || typeof section !== 'object' || Array.isArray(section)) return
    const fields = section as Record<string, unknown>
    for (const key in fields) {
      if (!hasOwn.call(table, key) || !hasOwn.call(fields, key)) continue
      if (fields[key] === undefined || fields[key] === null) continue
      const meant = table[key] as string
      if (fields[meant] === undefined || fields[meant] === null) this.#count(`${name}.${key}`)
    }
  }

  #holds(record: Readonly<Record<string, unknown>>, path: string): boolean {
    const [section, field] = path.split('.') as [string, string]
    const value = record[section]
    if (value === null || typeof value !== 'object') return false
    const held = (value as Record<string, unknown>)[field]
    return held !== undefined && held !== null
  }

  #count(path: string): void {
    this.#counts[path] = (this.#counts[path] ?? 0) + 1
    this.#any = true
  }
}

/**
 * Adds counts of near fields into a running total.
 *
 * @example
 * ```ts
 * addNearFields({ 'domain.registrar': 2 }, { 'domain.registrar': 1, 'tech.zip': 1 }) // { 'domain.registrar': 3, 'tech.zip': 1 }
 * ```
 */
export function addNearFields(
  into: Record<string, number>,
  counts: Readonly<Record<string, number>> | undefined,
): Record<string, number> {
  for (const key in counts)
    if (hasOwn.call(counts, key)) into[key] = (into[key] ?? 0) + (counts[key] as number)
  return into
}
