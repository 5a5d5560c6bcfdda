import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { CsvSplitter } from '../../src/ingest/formats/csv-splitter.js'
import {
  csvRowToWhois,
  looksLikeWhoisCsvHeader,
  WHOIS_CSV_COLUMNS,
} from '../../src/ingest/formats/csv-whois.js'
import { HostCheck } from '../../src/ingest/host-check.js'
import { WhoisPreparer } from '../../src/ingest/whois-record.js'
import type { Contact, DomainSection, WhoisRecord } from '../../src/types.js'
import { csvCell, load, split, splitAt, vendorCsv, writeCsv } from './csv-fixtures.js'

const RESUMES = 'reading resumes at the next line'

function mapped(row: Record<string, string>): WhoisRecord {
  const record = csvRowToWhois(row)
  if (typeof record === 'string') throw new Error(`rejected: ${record}`)
  return record
}

describe('CsvSplitter', () => {
  it('reads quoted cells: commas, doubled quotes, line breaks, and counts lines from where rows start', () => {
    const text =
      'domainName,note\na.example,"x, y"\nb.example,"say ""hi"""\nc.example,"one\ntwo\n\nthree"\nd.example,""\n'
    expect(split(text)).toEqual([
      [2, { domainName: 'a.example', note: 'x, y' }],
      [3, { domainName: 'b.example', note: 'say "hi"' }],
      [4, { domainName: 'c.example', note: 'one\ntwo\n\nthree' }],
      [8, { domainName: 'd.example', note: '' }],
    ])
  })

  it('reads the vendor fixture: BOM, CRLF, a three-line cell, a blank line, short and long rows', () => {
    const events = split(vendorCsv)
    expect(events.map(([line, row]) => [line, typeof row === 'string' ? row : row['domainName']])).toEqual([
      [2, 'harbor-kite.example'],
      [3, 'quiet-lantern.example'],
      [7, 'reject: row has 26 cells, the header has 24 columns'],
      [8, 'short-row.example'],
      [9, ''],
      [10, 'last-row.example'],
    ])
    const [, first] = events[0]!
    expect(Object.keys(first)[0]).toBe('domainName')
    expect(events[1]![1]).toMatchObject({
      registrant_street1: '1 Lantern Way\r\nBuilding C\r\nRear entrance',
    })
    // Missing trailing cells are empty.
    expect(events[3]![1]).toMatchObject({ registrarName: 'Short Registrar', registrarIANAID: '' })
  })

  it('accepts LF, CRLF and CR line ends, mixed in one file, and counts each as one line', () => {
    const text = 'domainName,note\r\na.example,1\nb.example,"x\r\ny"\rc.example,"p\rq\nr"\r\n\rd.example,4'
    expect(split(text)).toEqual([
      [2, { domainName: 'a.example', note: '1' }],
      [3, { domainName: 'b.example', note: 'x\r\ny' }],
      [5, { domainName: 'c.example', note: 'p\rq\nr' }],
      [9, { domainName: 'd.example', note: '4' }],
    ])
  })

  it('trims header names, drops a BOM, skips blank lines and blank rows before and between rows', () => {
    const text = '\ufeff\n  \n domainName , status\n,\na.example,ok\n \t, \n\nb.example,\n'
    expect(split(text)).toEqual([
      [5, { domainName: 'a.example', status: 'ok' }],
      [8, { domainName: 'b.example', status: '' }],
    ])
  })

  it('names repeated header columns name.1, name.2 so that no column is lost', () => {
    expect(split('domainName,status,status,status.1\na.example,x,y,z\n')).toEqual([
      [2, { domainName: 'a.example', status: 'x', 'status.1': 'y', 'status.1.1': 'z' }],
    ])
  })

  it('rejects a row with more cells than the header at its line and goes on', () => {
    expect(split('domainName,status\na.example,ok\n"b.\nexample",ok,extra\nc.example,ok\n')).toEqual([
      [2, { domainName: 'a.example', status: 'ok' }],
      [3, 'reject: row has 3 cells, the header has 2 columns'],
      [5, { domainName: 'c.example', status: 'ok' }],
    ])
  })

  it('rejects a last row the file ends inside: fewer cells and no line break (issue 26, item 18)', () => {
    const header = 'domainName,registrarName,status\n'
    expect(split(`${header}a.example,Registrar One,ok\nb.example,Re`)).toEqual([
      [2, { domainName: 'a.example', registrarName: 'Registrar One', status: 'ok' }],
      [3, 'reject: the file ends inside this row (2 of 3 cells, no line break): a cut file?'],
    ])
    // With its line break a short row is a row (its missing cells empty); without one but whole, too.
    expect(split(`${header}b.example,Re\n`)).toEqual([
      [2, { domainName: 'b.example', registrarName: 'Re', status: '' }],
    ])
    expect(split(`${header}c.example,R,ok`)).toEqual([
      [2, { domainName: 'c.example', registrarName: 'R', status: 'ok' }],
    ])
    // Cut in every chunking: the same.
    const cut = Buffer.from(`${header}b.example,Re`)
    for (let at = 1; at < cut.length; at++) {
      expect(splitAt(cut, [at]).at(-1)).toEqual([
        2,
        'reject: the file ends inside this row (2 of 3 cells, no line break): a cut file?',
      ])
    }
  })

  it('rejects malformed quoting at the line where the row starts and resumes at the next line', () => {
    const text =
      'domainName,org\n' +
      'a.example,ACME "Best" Inc\n' + // 2: a quote inside an unquoted cell
      'b.example,"ACME" Inc\n' + // 3: text after a closing quote
      'c.example,"two\nlines" x\n' + // 4-5: the same, the row spanning two lines
      'd.example,ok\n' + // 6
      'e.example,"never closed\n' + // 7: runs to the end of the file
      'f.example,ok\n' // 8
    const rejects = (line: number, what: string): [number, string] => [
      line,
      `reject: malformed row: ${what}; ${RESUMES}`,
    ]
    expect(split(text)).toEqual([
      rejects(2, 'a quote inside an unquoted cell (RFC 4180: quote the cell and double the quote)'),
      rejects(
        3,
        'text after the closing quote of a quoted cell (RFC 4180: a quote inside a quoted cell is doubled)',
      ),
      rejects(
        4,
        'text after the closing quote of a quoted cell (RFC 4180: a quote inside a quoted cell is doubled)',
      ),
      // Line 5, read afresh, is `lines" x`: a quote inside an unquoted cell.
      rejects(5, 'a quote inside an unquoted cell (RFC 4180: quote the cell and double the quote)'),
      [6, { domainName: 'd.example', org: 'ok' }],
      rejects(7, 'a quoted cell is never closed (it runs to the end of the file)'),
      [8, { domainName: 'f.example', org: 'ok' }],
    ])
  })

  it('rejects a quote left open on the last line without reading further', () => {
    expect(split('domainName,org\na.example,"open')).toEqual([
      [
        2,
        `reject: malformed row: a quoted cell is never closed (it runs to the end of the file); ${RESUMES}`,
      ],
    ])
  })

  it('rejects a malformed header once and reads nothing more', () => {
    const events = split('domainName,"org\na.example,x\nb.example,y\n')
    expect(events).toEqual([
      [
        1,
        'reject: malformed header row: a quoted cell is never closed (it runs to the end of the file); the file is not read',
      ],
    ])
  })

  it('rejects a row longer than the limit (a quote left open) and resumes at its next line', () => {
    const text = `domainName,org\na.example,"${'x'.repeat(100)}\nb.example,ok\nc.example,"${'y'.repeat(10)}"\n`
    const expected = [
      [2, `reject: malformed row: row longer than 60 bytes (a quote left open?); ${RESUMES}`],
      [3, { domainName: 'b.example', org: 'ok' }],
      [4, { domainName: 'c.example', org: 'y'.repeat(10) }],
    ]
    expect(split(text, 60)).toEqual(expected)
    const bytes = Buffer.from(text)
    expect(splitAt(bytes, [...bytes.keys()].slice(1), 60)).toEqual(expected)
  })

  it('hands rows to the sink during the push that completes them, and tells the line reached', () => {
    const rows: string[] = []
    const splitter = new CsvSplitter(
      (row, line) => rows.push(`${line}:${row['domainName']}`),
      (line, reason) => rows.push(`${line}: ${reason}`),
    )
    splitter.push(Buffer.from('domainName,note\na.example,"x\ny"\nb.exa'))
    expect(rows).toEqual(['2:a.example'])
    expect(splitter.line).toBe(4)
    splitter.push(Buffer.from('mple,z\r\nc.example,'))
    expect(rows).toEqual(['2:a.example', '4:b.example'])
    expect(splitter.line).toBe(5)
    splitter.end()
    expect(rows).toEqual(['2:a.example', '4:b.example', '5:c.example'])
    expect(splitter.line).toBe(6)
  })

  it('keeps a column named __proto__ as an own cell without touching any prototype', () => {
    const [[line, row]] = split('domainName,__proto__,constructor\na.example,"{""polluted"":1}",x\n') as [
      [number, Record<string, string>],
    ]
    expect(line).toBe(2)
    expect(Object.keys(row)).toEqual(['domainName', '__proto__', 'constructor'])
    expect(Object.getOwnPropertyDescriptor(row, '__proto__')?.value).toBe('{"polluted":1}')
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined()
    const record = mapped(split('domainName,__proto__\na.example,p\n')[0]![1] as Record<string, string>)
    const extra = record['extra'] as Record<string, string>
    expect(Object.getPrototypeOf(extra)).toBe(Object.prototype)
    expect(Object.getOwnPropertyDescriptor(extra, '__proto__')?.value).toBe('p')
  })

  it('gives the same rows and rejects one byte at a time as in one push', () => {
    const bytes = Buffer.from(vendorCsv)
    expect(splitAt(bytes, [...bytes.keys()].slice(1))).toEqual(split(vendorCsv))
    const malformed = Buffer.from('domainName,x\r\na,"b"c\r\nd,"e\r\nf\r\ng,h\r\n"i\r')
    expect(splitAt(malformed, [...malformed.keys()].slice(1))).toEqual(splitAt(malformed, []))
  })

  it('gives the same rows and rejects for any cutting of the input into chunks', () => {
    const texts = [
      vendorCsv,
      'domainName,x\r\na,"b"c\r\nd,"e\r\nf\r\ng,h\r\n"i\r',
      'domainName,org\na,ACME "x"\r\nb,"ü\rö"\r\r\nc,"open\n',
      `\ufeffdomainName,ü\n${'é'.repeat(20)},"${'ß'.repeat(30)}"\n`,
    ].map((text) => Buffer.from(text))
    fc.assert(
      fc.property(fc.constantFrom(...texts), fc.array(fc.nat(), { maxLength: 12 }), (bytes, offsets) => {
        const cuts = [...new Set(offsets.map((o) => o % (bytes.length + 1)))].sort((a, b) => a - b)
        expect(splitAt(bytes, cuts)).toEqual(splitAt(bytes, []))
      }),
      { seed: 20240611, numRuns: 400 },
    )
  })
})

describe('csvRowToWhois', () => {
  it('maps the vendor layout: fields, dates, registrar, server, nameservers, contacts, extra', () => {
    expect(load(vendorCsv)).toStrictEqual([
      [
        2,
        {
          query: 'harbor-kite.example',
          server: 'whois.example-registrar.net',
          domain: {
            name: 'harbor-kite.example',
            created: '2011-02-03T04:05:06Z',
            updated: '2024-05-06 07:08:09',
            expires: '2031-02-03',
            registrar_id: '1910',
            registrar_name: 'Example Registrar, LLC',
            nameservers: ['NS1.HARBOR-KITE.EXAMPLE', 'ns2.harbor-kite.example'],
            status: 'clientTransferProhibited clientDeleteProhibited',
          },
          registrant: {
            organization: 'Harbor "Kite" Holdings, Inc.',
            name: 'Dana Reyes',
            street: ['12 Quay Road', 'Unit 4'],
            city: 'Portville',
            province: 'ON',
            postal_code: 'K1A 0B1',
            country: 'CA',
            phone: '+1.6135550100',
          },
          admin: { email: 'admin@harbor-kite.example' },
          tech: { name: 'Lee Park' },
          billing: { fax: '+1.6135550199' },
          extra: {
            contactEmail: 'hostmaster@harbor-kite.example',
            Audit_auditUpdatedDate: '2024-06-01 00:00:00 UTC',
            registrant_telephoneExt: '42',
          },
        },
      ],
      [
        3,
        {
          query: 'quiet-lantern.example',
          domain: { name: 'quiet-lantern.example', registrar_name: 'Example Registrar' },
          registrant: {
            organization: 'Quiet Lantern',
            street: '1 Lantern Way\r\nBuilding C\r\nRear entrance',
            city: 'Lamptown',
            country: 'GB',
          },
        },
      ],
      [7, 'reject: row has 26 cells, the header has 24 columns'],
      [
        8,
        {
          query: 'short-row.example',
          domain: { name: 'short-row.example', registrar_name: 'Short Registrar' },
        },
      ],
      [9, 'reject: no domain name: the domainName cell is empty'],
      [
        10,
        {
          query: 'last-row.example',
          domain: { name: 'last-row.example', nameservers: ['ns1.last-row.example'] },
        },
      ],
    ])
  })

  it('accepts snake_case and any case, and the admin, tech and billing prefixes', () => {
    const record = mapped({
      DOMAIN_NAME: 'snake.example',
      created_date: '2020-01-02',
      updated_date: '2021-01-02',
      expires_date: '2030-01-02',
      registrar_name: 'Snake Registrar',
      registrar_iana_id: '146',
      whois_server: 'whois.snake.example',
      name_servers: ' ns1.snake.example | | ns2.snake.example ',
      Status: 'ok',
      registrant_postal_code: '10115',
      administrative_contact_postal_code: '10117',
      admin_email: 'admin@snake.example',
      technical_contact_telephone: '+49.301',
      tech_fax: '+49.302',
      billing_contact_organization: 'Snake Billing',
      billing_name: 'Bill Ing',
    })
    expect(record).toStrictEqual({
      query: 'snake.example',
      server: 'whois.snake.example',
      domain: {
        name: 'snake.example',
        created: '2020-01-02',
        updated: '2021-01-02',
        expires: '2030-01-02',
        registrar_id: '146',
        registrar_name: 'Snake Registrar',
        nameservers: ['ns1.snake.example', 'ns2.snake.example'],
        status: 'ok',
      },
      registrant: { postal_code: '10115' },
      admin: { postal_code: '10117', email: 'admin@snake.example' },
      tech: { phone: '+49.301', fax: '+49.302' },
      billing: { organization: 'Snake Billing', name: 'Bill Ing' },
    })
  })

  it('makes street a string for one line and an array for several, skipping empty lines', () => {
    const streets = (cells: Record<string, string>) =>
      mapped({ domainName: 'a.example', ...cells }).registrant?.street
    expect(streets({ registrant_street1: '1 Main St' })).toBe('1 Main St')
    expect(streets({ registrant_street1: '', registrant_street3: 'Suite 9' })).toBe('Suite 9')
    expect(
      streets({
        registrant_street1: '1 Main St',
        registrant_street2: ' ',
        registrant_street3: 'Suite 9',
        registrant_street4: 'Rear',
      }),
    ).toEqual(['1 Main St', 'Suite 9', 'Rear'])
    expect(streets({ registrant_street2: '' })).toBeUndefined()
  })

  it('leaves empty cells and empty sections absent, and keeps other cells as written', () => {
    expect(
      mapped({
        domainName: ' Mixed.Example. ',
        createdDate: '',
        registrant_name: '\t',
        admin_email: '',
        nameServers: ' | ',
        status: ' ok ',
      }),
    ).toStrictEqual({ query: ' Mixed.Example. ', domain: { name: ' Mixed.Example. ', status: ' ok ' } })
  })

  it('keeps columns it cannot place in extra under their header name, and a second column for a field', () => {
    expect(
      mapped({
        domainName: 'a.example',
        domain_name: 'b.example',
        domainNameExt: '.example',
        contactEmail: 'x@a.example',
        registrant_telephoneExt: '7',
        registrant_street: 'no number',
        zoneContact_email: 'zone@a.example',
        'status.1': 'second status',
        '': 'unnamed',
      }),
    ).toStrictEqual({
      query: 'a.example',
      domain: { name: 'a.example' },
      extra: {
        domain_name: 'b.example',
        domainNameExt: '.example',
        contactEmail: 'x@a.example',
        registrant_telephoneExt: '7',
        registrant_street: 'no number',
        zoneContact_email: 'zone@a.example',
        'status.1': 'second status',
        '': 'unnamed',
      },
    })
  })

  it('rejects a row without a domain name, saying whether the column or the cell is missing', () => {
    expect(csvRowToWhois({ domainName: ' ', status: 'ok' })).toBe(
      'no domain name: the domainName cell is empty',
    )
    expect(csvRowToWhois({ domain: 'a.example' })).toBe(
      'no domain name: the header has no domainName column (domainName or domain_name, in any case)',
    )
  })

  it('places every recognised spelling, also in snake_case and upper case', () => {
    const snake = (name: string) => name.replace(/([a-z])([A-Z])/g, '$1_$2').toLowerCase()
    for (const column of WHOIS_CSV_COLUMNS)
      for (const spelling of [column, snake(column), column.toUpperCase()]) {
        const isName = spelling.toLowerCase().replaceAll('_', '') === 'domainname'
        const record = mapped(
          isName ? { [spelling]: 'a.example' } : { domainName: 'a.example', [spelling]: 'v' },
        )
        expect(record['extra'], spelling).toBeUndefined()
      }
    expect(new Set(WHOIS_CSV_COLUMNS).size).toBe(WHOIS_CSV_COLUMNS.length)
  })

  it('gives records the loader accepts, with _norm dates', () => {
    const [[, row]] = split(vendorCsv) as [[number, Record<string, string>]]
    const record = mapped(row)
    const whois = new WhoisPreparer(new HostCheck())
    expect(whois.check(record)).toBe(true)
    expect(whois.key).toBe('harbor-kite.example')
    expect(record.domain?.created_norm).toBe('2011-02-03T04:05:06Z')
    expect(record.domain?.expires_norm).toBe('2031-02-03T00:00:00Z')
  })
})

describe('looksLikeWhoisCsvHeader', () => {
  it('is true for a header with a domainName column in any spelling', () => {
    expect(looksLikeWhoisCsvHeader('domainName,registrarName')).toBe(true)
    expect(looksLikeWhoisCsvHeader('\ufeff"domain_name",createdDate\r')).toBe(true)
    expect(looksLikeWhoisCsvHeader('createdDate, DomainName ')).toBe(true)
    expect(looksLikeWhoisCsvHeader('{"domainName":"example.com"}')).toBe(false)
    expect(looksLikeWhoisCsvHeader('domain,created')).toBe(false)
    expect(looksLikeWhoisCsvHeader('domainNameExt,status')).toBe(false)
  })
})

/*
 * Round trip: random records, written as CSV by the writer above (random spellings of the column
 * names, line ends and quoting), come back through CsvSplitter and csvRowToWhois as the same
 * records, each at the line where its row starts.
 */
describe('CSV round trip', () => {
  const CONTACTS = [
    ['registrant', ['registrant']],
    ['admin', ['administrativeContact', 'admin']],
    ['tech', ['technicalContact', 'tech']],
    ['billing', ['billingContact', 'billing']],
  ] as const
  const CONTACT_COLUMNS = [
    ['organization', 'organization'],
    ['name', 'name'],
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
    ['status', 'status'],
  ] as const
  const EXTRA_COLUMNS = ['registrant_telephoneExt', 'contactEmail', 'Audit_auditUpdatedDate', '__proto__']

  /** Text with the characters CSV must quote, white space inside, and non-ASCII letters. */
  const text = fc
    .string({
      unit: fc.constantFrom('a', 'b', 'Z', '1', '.', ' ', ',', '"', '\n', '\r', '|', 'é', '中', '😀'),
      minLength: 1,
      maxLength: 12,
    })
    .filter((s) => s.trim().length > 0)
  const host = fc.stringMatching(/^[a-z0-9][a-z0-9.-]{0,14}$/)
  /** A column name as a file may spell it. */
  const spelling = (name: string) =>
    fc.constantFrom(name, name.replace(/([a-z])([A-Z])/g, '$1_$2').toLowerCase(), name.toUpperCase())

  /** One record's values by column; `undefined` is an empty cell. */
  const recordValues = fc.record({
    name: host,
    server: fc.option(host, { nil: undefined }),
    domain: fc.tuple(...DOMAIN_COLUMNS.map(() => fc.option(text, { nil: undefined }))),
    nameservers: fc.array(host, { maxLength: 3 }),
    contacts: fc.tuple(
      ...CONTACTS.map(() =>
        fc.record({
          fields: fc.tuple(...CONTACT_COLUMNS.map(() => fc.option(text, { nil: undefined }))),
          streets: fc.tuple(...[1, 2, 3, 4].map(() => fc.option(text, { nil: undefined }))),
        }),
      ),
    ),
    extra: fc.tuple(...EXTRA_COLUMNS.map(() => fc.option(text, { nil: undefined }))),
  })
  type Values = typeof recordValues extends fc.Arbitrary<infer T> ? T : never

  /** A file's layout: one spelling per column, which contact prefix, line ends, final line end. */
  const layout = fc.record({
    domainName: spelling('domainName'),
    whoisServer: spelling('whoisServer'),
    nameServers: spelling('nameServers'),
    domain: fc.tuple(...DOMAIN_COLUMNS.map(([column]) => spelling(column))),
    prefixes: fc.tuple(...CONTACTS.map(([, prefixes]) => fc.constantFrom(...prefixes))),
    contactCase: fc.constantFrom('as written', 'snake', 'upper'),
    eol: fc.constantFrom('\n', '\r\n', '\r'),
    finalEol: fc.boolean(),
    bom: fc.boolean(),
    quoteAll: fc.boolean(),
  })
  type Layout = typeof layout extends fc.Arbitrary<infer T> ? T : never

  function contactColumn(shape: Layout, prefix: string, field: string): string {
    const name = `${prefix}_${field}`
    if (shape.contactCase === 'upper') return name.toUpperCase()
    if (shape.contactCase === 'snake') return name.replace(/([a-z])([A-Z])/g, '$1_$2').toLowerCase()
    return name
  }

  /** The header and each record's cells. */
  function table(shape: Layout, records: Values[]): string[][] {
    const header = [shape.domainName, shape.whoisServer, shape.nameServers, ...shape.domain]
    CONTACTS.forEach((_, c) => {
      const prefix = shape.prefixes[c]!
      for (const [column] of CONTACT_COLUMNS) header.push(contactColumn(shape, prefix, column))
      for (const n of [1, 2, 3, 4]) header.push(contactColumn(shape, prefix, `street${n}`))
    })
    header.push(...EXTRA_COLUMNS)
    const rows = records.map((r) => [
      r.name,
      r.server ?? '',
      r.nameservers.join(' | '),
      ...r.domain.map((v) => v ?? ''),
      ...r.contacts.flatMap((c) => [...c.fields, ...c.streets].map((v) => v ?? '')),
      ...r.extra.map((v) => v ?? ''),
    ])
    return [header, ...rows]
  }

  /** The record SPEC 13 says a row holds. */
  function expected(r: Values): WhoisRecord {
    const domain: DomainSection = { name: r.name }
    DOMAIN_COLUMNS.forEach(([, field], i) => {
      const value = r.domain[i]
      if (value !== undefined) domain[field] = value
    })
    if (r.nameservers.length > 0) domain.nameservers = r.nameservers
    const record: WhoisRecord = { query: r.name, domain }
    if (r.server !== undefined) record.server = r.server
    CONTACTS.forEach(([section], c) => {
      const { fields, streets } = r.contacts[c]!
      const contact: Contact = {}
      CONTACT_COLUMNS.forEach(([, field], i) => {
        const value = fields[i]
        if (value !== undefined) contact[field] = value
      })
      const lines = streets.filter((s) => s !== undefined)
      if (lines.length > 0) contact.street = lines.length === 1 ? lines[0]! : lines
      if (Object.keys(contact).length > 0) record[section] = contact
    })
    const extra: Record<string, string> = {}
    EXTRA_COLUMNS.forEach((column, i) => {
      const value = r.extra[i]
      if (value !== undefined)
        Object.defineProperty(extra, column, { value, enumerable: true, writable: true })
    })
    if (Object.keys(extra).length > 0) record['extra'] = extra
    return record
  }

  it('brings random records back, at the lines where their rows start', () => {
    fc.assert(
      fc.property(layout, fc.array(recordValues, { minLength: 1, maxLength: 6 }), (shape, records) => {
        const rows = table(shape, records)
        const lines = rows.map((cells) => `${cells.map((c) => csvCell(c, shape.quoteAll)).join(',')}`)
        let csv = (shape.bom ? '\ufeff' : '') + lines.join(shape.eol) + (shape.finalEol ? shape.eol : '')
        // The line of each record's row: one after the line breaks written before it.
        const starts: number[] = []
        let before = 0
        for (const line of lines) {
          starts.push(before + 1)
          before += (line.match(/\r\n|\r|\n/g)?.length ?? 0) + 1
        }
        const out = load(csv)
        expect(out.map(([line]) => line)).toEqual(starts.slice(1))
        out.forEach(([, record], i) => {
          expect(record).toEqual(expected(records[i]!))
        })
        // The writer of the fixtures gives the same file when it quotes as needed.
        if (!shape.quoteAll && !shape.bom && shape.finalEol) {
          csv = writeCsv(rows, shape.eol)
          expect(load(csv)).toEqual(out)
        }
      }),
      { seed: 1613, numRuns: 300 },
    )
  })
})
