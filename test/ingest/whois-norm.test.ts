import { describe, expect, it } from 'vitest'
import { HostCheck } from '../../src/ingest/host-check.js'
import { WhoisPreparer } from '../../src/ingest/whois-record.js'

const preparer = new WhoisPreparer(new HostCheck())

/** Checks a record and returns the outcome as one value. */
function prepareWhois(
  value: unknown,
): { ok: true; key: string; unparsedDates: number } | { ok: false; reason: string } {
  return preparer.check(value)
    ? { ok: true, key: preparer.key, unparsedDates: preparer.unparsedDates }
    : { ok: false, reason: preparer.reason }
}

describe('prepareWhois: keys and _norm fields', () => {
  it('keys by domain.name, else query, normalised like a host', () => {
    expect(prepareWhois({ domain: { name: ' WWW.Example.COM. ' }, query: 'other.com' })).toMatchObject({
      key: 'www.example.com',
    })
    expect(prepareWhois({ query: 'Bäckerei.DE' })).toMatchObject({ key: 'xn--bckerei-5wa.de' })
    expect(prepareWhois({ domain: null, query: 'x.org' })).toMatchObject({ ok: true, key: 'x.org' })
  })

  it('adds <field>_norm for created, updated, expires and every *_date field, with the TLD of the key', () => {
    const domain: Record<string, unknown> = {
      name: 'example.tk',
      created: '03/02/2012',
      updated: '2019-08-13T12:54:22-0700',
      expires: 'not a date',
      paid_till_date: '2012. 05. 19.',
      registrar: 'x',
    }
    expect(prepareWhois({ domain })).toEqual({ ok: true, key: 'example.tk', unparsedDates: 1 })
    expect(domain).toEqual({
      name: 'example.tk',
      created: '03/02/2012',
      updated: '2019-08-13T12:54:22-0700',
      expires: 'not a date',
      paid_till_date: '2012. 05. 19.',
      registrar: 'x',
      created_norm: '2012-03-02T00:00:00Z',
      updated_norm: '2019-08-13T19:54:22Z',
      expires_norm: null,
      paid_till_date_norm: '2012-05-19T00:00:00Z',
    })
  })

  it('recomputes input _norm values and drops those without their date field', () => {
    const domain: Record<string, unknown> = {
      name: 'a.com',
      created: '2020-01-01',
      created_norm: '1999-09-09T09:09:09Z',
      updated_norm: '1999-09-09T09:09:09Z',
      transfer_date_norm: 'x',
      registrar_norm: 'not ours',
    }
    prepareWhois({ domain })
    expect(domain).toEqual({
      name: 'a.com',
      created: '2020-01-01',
      created_norm: '2020-01-01T00:00:00Z',
      registrar_norm: 'not ours',
    })
  })

  it('gives null _norm without counting for null and blank dates', () => {
    const domain: Record<string, unknown> = { name: 'a.com', created: null, updated: '  ' }
    expect(prepareWhois({ domain })).toMatchObject({ unparsedDates: 0 })
    expect(domain).toMatchObject({ created_norm: null, updated_norm: null })
  })

  it('accepts null contact sections and null contact fields, as real registry extracts carry them', () => {
    const record = {
      domain: { name: 'a.com' },
      billing: null,
      admin: { fax: null, street: null, redacted: null },
    }
    expect(prepareWhois(record)).toMatchObject({ ok: true })
  })

  it('keeps upper-case and trailing-dot nameservers as written', () => {
    const domain = { name: 'a.com', nameservers: ['NS1.EXAMPLE.NET.', 'ns2.example.net'] }
    expect(prepareWhois({ domain })).toMatchObject({ ok: true })
    expect(domain.nameservers).toEqual(['NS1.EXAMPLE.NET.', 'ns2.example.net'])
  })
})
