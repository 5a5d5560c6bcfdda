/**
 * Maps one row of a bulk WHOIS CSV file (SPEC 13; rows as `CsvSplitter` gives them) to a WHOIS
 * record in the API's shape.
 *
 * Columns are recognised by name, ignoring case and `_` (`domainName`, `domain_name` and
 * `DOMAINNAME` are one column):
 * - `domainName` → `query` and `domain.name`; `createdDate`, `updatedDate`, `expiresDate` →
 *   `domain.created`/`updated`/`expires`; `registrarName` → `domain.registrar_name`;
 *   `registrarIANAID` → `domain.registrar_id`; `whoisServer` → `server`; `nameServers` →
 *   `domain.nameservers` (split at `|`, trimmed, empty names dropped); `status` → `domain.status`;
 * - `<contact>_<field>`: contacts `registrant`, `administrativeContact` or `admin` (→ `admin`),
 *   `technicalContact` or `tech` (→ `tech`), `billingContact` or `billing` (→ `billing`); fields
 *   `organization`, `name`, `street1`…`street4` (the non-empty ones → `street`: a string when one,
 *   an array when several), `city`, `state` (→ `province`), `postalCode` (→ `postal_code`),
 *   `country`, `telephone` (→ `phone`), `fax`, `email`.
 * Rules, decided where SPEC 13 is silent:
 * - a cell that is empty or only white space is an absent field (never `''`); other cells are kept
 *   as written (the loader normalises hosts and dates as for any record);
 * - a section (`domain`, a contact) with no field is absent;
 * - any other column (`registrant_telephoneExt`, `contactEmail`, `Audit_auditUpdatedDate`…) goes
 *   to the record's `extra` object under its header name; so does a second non-empty column for a
 *   field already filled (`domain_name` after `domainName`): the first, in header order, wins;
 * - a row without a domain name is a reject.
 */
import type { Contact, DomainSection, WhoisRecord } from '../../types.js'

/** The contact sections and the column prefixes that name each. */
const CONTACTS = [
  ['registrant', ['registrant']],
  ['admin', ['administrativeContact', 'admin']],
  ['tech', ['technicalContact', 'tech']],
  ['billing', ['billingContact', 'billing']],
] as const
/** Contact columns (after the prefix) and the record fields they fill, in output order. */
const CONTACT_FIELDS = [
  ['organization', 'organization'],
  ['name', 'name'],
  ['street1', 'street'],
  ['street2', 'street'],
  ['street3', 'street'],
  ['street4', 'street'],
  ['city', 'city'],
  ['state', 'province'],
  ['postalCode', 'postal_code'],
  ['country', 'country'],
  ['telephone', 'phone'],
  ['fax', 'fax'],
  ['email', 'email'],
] as const
/** The `domain` columns and fields, in output order. */
const DOMAIN_FIELDS = [
  ['domainName', 'name'],
  ['createdDate', 'created'],
  ['updatedDate', 'updated'],
  ['expiresDate', 'expires'],
  ['registrarIANAID', 'registrar_id'],
  ['registrarName', 'registrar_name'],
  ['nameServers', 'nameservers'],
  ['status', 'status'],
] as const

/*
 * Slots: each recognised column fills one slot of a row's values: first the domain fields, then
 * `server`, then each contact's fields. Streets have a slot each and are joined when assembling.
 */
const SERVER_SLOT = DOMAIN_FIELDS.length
const CONTACTS_START = SERVER_SLOT + 1
const SLOTS = CONTACTS_START + CONTACTS.length * CONTACT_FIELDS.length
const NAME_SLOT = 0
const NOT_PLACED = -1

/** Header spelling → slot, for the spellings of {@link WHOIS_CSV_COLUMNS}. */
const SLOT_OF = new Map<string, number>()

/**
 * The recognised column names, as the bulk WHOIS CSV layout spells them; a header matches one of
 * them ignoring case and `_` (`registrant_postal_code` is `registrant_postalCode`).
 *
 * @example
 * ```ts
 * WHOIS_CSV_COLUMNS.slice(0, 3) // ['domainName', 'createdDate', 'updatedDate']
 * WHOIS_CSV_COLUMNS.includes('administrativeContact_postalCode') // true
 * ```
 */
export const WHOIS_CSV_COLUMNS: readonly string[] = Object.freeze(columnNames())

function columnNames(): string[] {
  const names: string[] = []
  const add = (name: string, slot: number): void => {
    names.push(name)
    SLOT_OF.set(normalizeColumn(name), slot)
  }
  for (let slot = 0; slot < DOMAIN_FIELDS.length; slot++) add(DOMAIN_FIELDS[slot]![0], slot)
  add('whoisServer', SERVER_SLOT)
  for (let contact = 0; contact < CONTACTS.length; contact++)
    for (const prefix of CONTACTS[contact]![1])
      for (let field = 0; field < CONTACT_FIELDS.length; field++)
        add(
          `${prefix}_${CONTACT_FIELDS[field]![0]}`,
          CONTACTS_START + contact * CONTACT_FIELDS.length + field,
        )
  return names
}

/** A header name as matched: lower case, without `_`. */
function normalizeColumn(name: string): string {
  return name.toLowerCase().replaceAll('_', '')
}

/** Header name → slot, memoised: a file repeats its header names on every row. */
const slotMemo = new Map<string, number>()
/** Bounds the memo when many files with odd headers pass through one process. */
const SLOT_MEMO_LIMIT = 10_000

function slotOf(header: string): number {
  let slot = slotMemo.get(header)
  if (slot === undefined) {
    slot = SLOT_OF.get(normalizeColumn(header)) ?? NOT_PLACED
    if (slotMemo.size >= SLOT_MEMO_LIMIT) slotMemo.clear()
    slotMemo.set(header, slot)
  }
  return slot
}

/** One row's values by slot; reused from row to row (the mapping is synchronous). */
const values: (string | undefined)[] = new Array(SLOTS).fill(undefined)

/**
 * Maps one CSV row (header name → cell) to a WHOIS record, or gives why it cannot be one.
 *
 * @param row - a row as `CsvSplitter` hands it
 * @returns the record, or the reason for a reject
 * @example
 * ```ts
 * csvRowToWhois({ domain_name: 'example.com', nameServers: 'NS1.EXAMPLE.NET| ns2.example.net', registrant_state: 'CA',
 *   registrant_street1: '1 Main St', registrant_telephoneExt: '12', billingContact_email: '' })
 * // { query: 'example.com', domain: { name: 'example.com', nameservers: ['NS1.EXAMPLE.NET', 'ns2.example.net'] },
 * //   registrant: { street: '1 Main St', province: 'CA' }, extra: { registrant_telephoneExt: '12' } }
 * csvRowToWhois({ domainName: ' ', status: 'ok' }) // 'no domain name: the domainName cell is empty'
 * ```
 */
export function csvRowToWhois(row: Readonly<Record<string, string>>): WhoisRecord | string {
  values.fill(undefined)
  let extra: Record<string, string> | undefined
  let hasNameColumn = false
  for (const header in row) {
    const slot = slotOf(header)
    if (slot === NAME_SLOT) hasNameColumn = true
    const cell = row[header]
    if (cell === undefined || isBlank(cell)) continue
    if (slot !== NOT_PLACED && values[slot] === undefined) values[slot] = cell
    else {
      extra ??= {}
      setOwn(extra, header, cell)
    }
  }
  const name = values[NAME_SLOT]
  if (name === undefined)
    return hasNameColumn
      ? 'no domain name: the domainName cell is empty'
      : 'no domain name: the header has no domainName column (domainName or domain_name, in any case)'
  const record: WhoisRecord = { query: name }
  const server = values[SERVER_SLOT]
  if (server !== undefined) record.server = server
  record.domain = domainSection()
  for (let contact = 0; contact < CONTACTS.length; contact++) {
    const fields = contactSection(CONTACTS_START + contact * CONTACT_FIELDS.length)
    if (fields !== undefined) record[CONTACTS[contact]![0]] = fields
  }
  if (extra !== undefined) record['extra'] = extra
  return record
}

function domainSection(): DomainSection {
  const domain: DomainSection = {}
  for (let slot = 0; slot < DOMAIN_FIELDS.length; slot++) {
    const value = values[slot]
    if (value === undefined) continue
    const field = DOMAIN_FIELDS[slot]![1]
    if (field !== 'nameservers') domain[field] = value
    else {
      const hosts = value
        .split('|')
        .map((host) => host.trim())
        .filter((host) => host.length > 0)
      if (hosts.length > 0) domain.nameservers = hosts
    }
  }
  return domain
}

/** The contact whose slots start at `start`, or undefined when it has no field. */
function contactSection(start: number): Contact | undefined {
  let contact: Contact | undefined
  let streets: string[] | undefined
  for (let i = 0; i < CONTACT_FIELDS.length; i++) {
    const value = values[start + i]
    if (value === undefined) continue
    contact ??= {}
    const field = CONTACT_FIELDS[i]![1]
    if (field !== 'street') contact[field] = value
    else if (streets === undefined) {
      streets = [value]
      contact.street = value
    } else {
      streets.push(value)
      contact.street = streets
    }
  }
  return contact
}

function isBlank(cell: string): boolean {
  return cell.length === 0 || cell.trim().length === 0
}

/** Sets an own property, even one named `__proto__` (which plain assignment would not create). */
function setOwn(target: Record<string, string>, key: string, value: string): void {
  if (key === '__proto__')
    Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true })
  else target[key] = value
}

/**
 * Whether a file's first line is the header of a bulk WHOIS CSV file: it has a `domainName`
 * column (any case, `_` ignored, the name optionally quoted).
 *
 * @param firstLine - the file's first line (a byte order mark and a trailing `\r` are fine)
 * @example
 * ```ts
 * looksLikeWhoisCsvHeader('\ufeff"domain_name",createdDate\r') // true
 * looksLikeWhoisCsvHeader('{"domainName":"example.com"}')      // false
 * ```
 */
export function looksLikeWhoisCsvHeader(firstLine: string): boolean {
  return firstLine.split(',').some((cell) => {
    let name = cell.trim()
    if (name.length >= 2 && name.startsWith('"') && name.endsWith('"')) name = name.slice(1, -1).trim()
    return SLOT_OF.get(normalizeColumn(name)) === NAME_SLOT
  })
}
