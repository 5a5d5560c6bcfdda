/**
 * WHOIS records written as rows of a bulk WHOIS CSV file, the inverse of
 * `src/ingest/formats/csv-whois.ts` on the fields both carry, for the format-agreement property
 * test and the formats benchmark (bench/formats.bench.ts).
 *
 * The layout, as bulk WHOIS databases write it: the columns {@link WHOIS_CSV_HEADER} names, in that
 * order, cells quoted RFC 4180 style (in double quotes, a quote doubled) when they hold a comma, a
 * quote, a line break, or white space at either end. Nameservers are joined with `|`; street lines go
 * to `street1`…`street4`; `province` is `state`, `postal_code` (else the alias `postalcode`) is
 * `postalCode`, `phone` is `telephone`. Only string values are written (a street may be an array
 * of strings); an absent field is an empty cell. Other fields (`registrar_url`, `dnssec`,
 * `redacted`…) have no column in this layout and are left out.
 */
import type { Contact, WhoisRecord } from '../../src/types.js'

const CONTACTS = [
  ['registrant', 'registrant'],
  ['admin', 'administrativeContact'],
  ['tech', 'technicalContact'],
  ['billing', 'billingContact'],
] as const
const STREET_LINES = 4
/** Contact columns after the street lines: column suffix and the record field it holds. */
const CONTACT_COLUMNS = [
  ['city', 'city'],
  ['state', 'province'],
  ['postalCode', 'postal_code'],
  ['country', 'country'],
  ['telephone', 'phone'],
  ['fax', 'fax'],
  ['email', 'email'],
] as const
const DOMAIN_COLUMNS = [
  ['createdDate', 'created'],
  ['updatedDate', 'updated'],
  ['expiresDate', 'expires'],
  ['registrarName', 'registrar_name'],
  ['registrarIANAID', 'registrar_id'],
] as const

/**
 * The header row's column names.
 *
 * @example
 * ```ts
 * WHOIS_CSV_HEADER.slice(0, 3) // ['domainName', 'createdDate', 'updatedDate']
 * ```
 */
export const WHOIS_CSV_HEADER: readonly string[] = Object.freeze([
  'domainName',
  ...DOMAIN_COLUMNS.map(([column]) => column),
  'whoisServer',
  'nameServers',
  'status',
  ...CONTACTS.flatMap(([, prefix]) => [
    `${prefix}_organization`,
    `${prefix}_name`,
    ...Array.from({ length: STREET_LINES }, (_, i) => `${prefix}_street${i + 1}`),
    ...CONTACT_COLUMNS.map(([column]) => `${prefix}_${column}`),
  ]),
])

/**
 * A CSV line of cells (without its line end), each quoted when RFC 4180 needs it.
 *
 * @example
 * ```ts
 * csvLine(['a.example', 'Acme, Inc.', 'say "hi"', '']) // 'a.example,"Acme, Inc.","say ""hi""",'
 * ```
 */
export function csvLine(cells: readonly string[]): string {
  return cells.map(csvCell).join(',')
}

/**
 * One record's cells, in {@link WHOIS_CSV_HEADER} order.
 *
 * @param record - a record in the API's shape
 * @throws Error when a contact has more than four street lines (the layout has four columns)
 * @example
 * ```ts
 * csvCellsOf({ query: 'a.example', domain: { name: 'a.example', nameservers: ['ns1.x.example', 'ns2.x.example'] } })
 * // ['a.example', '', '', '', '', '', '', 'ns1.x.example|ns2.x.example', '', '', ...]
 * ```
 */
export function csvCellsOf(record: WhoisRecord): string[] {
  const domain = record.domain ?? {}
  const cells = [text(domain.name ?? record.query)]
  for (const [, field] of DOMAIN_COLUMNS) cells.push(text(domain[field]))
  cells.push(text(record.server))
  const nameservers = domain.nameservers
  cells.push(Array.isArray(nameservers) ? nameservers.filter((ns) => typeof ns === 'string').join('|') : '')
  cells.push(text(domain['status']))
  for (const [key] of CONTACTS) {
    const contact: Contact = record[key] ?? {}
    cells.push(text(contact.organization), text(contact.name), ...streetCells(contact))
    for (const [, field] of CONTACT_COLUMNS) {
      cells.push(text(field === 'postal_code' ? (contact.postal_code ?? contact.postalcode) : contact[field]))
    }
  }
  return cells
}

function streetCells(contact: Contact): string[] {
  const street = contact.street
  const lines = typeof street === 'string' ? [street] : Array.isArray(street) ? street.map(text) : []
  if (lines.length > STREET_LINES) {
    throw new Error(`csv-writer: ${lines.length} street lines, the layout has ${STREET_LINES} columns`)
  }
  while (lines.length < STREET_LINES) lines.push('')
  return lines
}

function text(value: unknown): string {
  return typeof value === 'string' ? value : ''
}

function csvCell(cell: string): string {
  return /[",\r\n]|^\s|\s$/.test(cell) ? `"${cell.replaceAll('"', '""')}"` : cell
}
