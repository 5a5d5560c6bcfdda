/**
 * Invented bulk WHOIS CSV text for the CSV tests (names, addresses and numbers are made up), a
 * small RFC 4180 writer, and helpers that run `CsvSplitter` (and `csvRowToWhois`) over bytes cut
 * into given pieces.
 */
import { CsvSplitter } from '../../src/ingest/formats/csv-splitter.js'
import { csvRowToWhois } from '../../src/ingest/formats/csv-whois.js'
import type { WhoisRecord } from '../../src/types.js'

/** What the splitter gave: `[line, row]` for a row, `[line, 'reject: …']` for a reject. */
export type Event = [number, Record<string, string> | string]
/** What the splitter and the mapping gave: `[line, record]`, or `[line, 'reject: …']`. */
export type Loaded = [number, WhoisRecord | string]

/**
 * A CSV cell as RFC 4180 writes it: quoted when it holds a comma, a quote or a line break (the
 * quotes doubled), or when `alwaysQuote` says so.
 */
export function csvCell(value: string, alwaysQuote = false): string {
  return alwaysQuote || /[",\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value
}

/** Rows as CSV text, each ended by `eol`. */
export function writeCsv(rows: readonly (readonly string[])[], eol = '\n'): string {
  return rows.map((cells) => `${cells.map((cell) => csvCell(cell)).join(',')}${eol}`).join('')
}

/** Runs a splitter over `bytes` pushed in pieces ending at `cuts` (sorted offsets), then ends it. */
export function splitAt(bytes: Buffer, cuts: readonly number[], maxRowBytes?: number): Event[] {
  const events: Event[] = []
  const splitter = new CsvSplitter(
    (row, line) => events.push([line, { ...row }]),
    (line, reason) => events.push([line, `reject: ${reason}`]),
    maxRowBytes,
  )
  let from = 0
  for (const cut of [...cuts, bytes.length]) {
    splitter.push(bytes.subarray(from, cut))
    from = cut
  }
  splitter.end()
  return events
}

/** Runs a splitter over `text` in one push. */
export function split(text: string, maxRowBytes?: number): Event[] {
  return splitAt(Buffer.from(text), [], maxRowBytes)
}

/** Splits `text` and maps each row to a record (a string is a reject of either step). */
export function load(text: string): Loaded[] {
  return split(text).map(([line, row]): Loaded => {
    if (typeof row === 'string') return [line, row]
    const record = csvRowToWhois(row)
    return [line, typeof record === 'string' ? `reject: ${record}` : record]
  })
}

/**
 * A bulk WHOIS CSV file in the vendor layout, CRLF line ends, with a byte order mark: quoted cells
 * with commas, doubled quotes and line breaks, empty cells, columns no field takes, a row with
 * too many cells, a row missing trailing cells, a blank line and a row without a domain name.
 */
export const vendorCsv =
  '\ufeffdomainName,registrarName,contactEmail,whoisServer,nameServers,createdDate,updatedDate,expiresDate,status,' +
  'Audit_auditUpdatedDate,registrant_organization,registrant_name,registrant_street1,registrant_street2,' +
  'registrant_city,registrant_state,registrant_postalCode,registrant_country,registrant_telephone,' +
  'registrant_telephoneExt,administrativeContact_email,technicalContact_name,billingContact_fax,registrarIANAID\r\n' +
  // line 2: a plain row
  'harbor-kite.example,"Example Registrar, LLC",hostmaster@harbor-kite.example,whois.example-registrar.net,' +
  'NS1.HARBOR-KITE.EXAMPLE|ns2.harbor-kite.example,2011-02-03T04:05:06Z,2024-05-06 07:08:09,2031-02-03,' +
  'clientTransferProhibited clientDeleteProhibited,2024-06-01 00:00:00 UTC,"Harbor ""Kite"" Holdings, Inc.",' +
  'Dana Reyes,12 Quay Road,Unit 4,Portville,ON,K1A 0B1,CA,+1.6135550100,42,admin@harbor-kite.example,Lee Park,' +
  '+1.6135550199,1910\r\n' +
  // lines 3-5: a street cell with two line breaks
  'quiet-lantern.example,Example Registrar,,,,,,,,,Quiet Lantern,,"1 Lantern Way\r\nBuilding C\r\nRear entrance",,' +
  'Lamptown,,,GB,,,,,,\r\n' +
  // line 6: blank
  '\r\n' +
  // line 7: more cells than the header
  'too-many.example,R,,,,,,,,,,,,,,,,,,,,,,,,extra cell\r\n' +
  // line 8: missing trailing cells
  'short-row.example,Short Registrar\r\n' +
  // line 9: no domain name
  ',Nameless Registrar,,,,,,,,,,,,,,,,,,,,,,\r\n' +
  // line 10: last row, no line break at the end
  'last-row.example,,,,ns1.last-row.example,,,,,,,,,,,,,,,,,,,'
