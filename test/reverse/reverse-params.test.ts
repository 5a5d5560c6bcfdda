/**
 * Validation of reverse-search parameters (SPEC 1, 5, 7): the parsed query, and every error with
 * its code and parameter.
 */
import { describe, expect, it } from 'vitest'
import { QueryError } from '../../src/errors.js'
import { parseReverseParams } from '../../src/query/reverse-params.js'
import type { Params } from '../../src/types.js'

function errorOf(params: Params): { code: string; param: string; message: string } {
  try {
    parseReverseParams(params)
  } catch (e) {
    if (e instanceof QueryError) return { code: e.code, param: e.param, message: e.message }
    throw e
  }
  throw new Error(`no error for ${JSON.stringify(params)}`)
}

describe('parseReverseParams', () => {
  it('analyses text, normalises keys and hosts, and reads dates as epoch seconds', () => {
    expect(
      parseReverseParams({
        phrase: 'Acme  Holdings',
        street: 'true',
        phone: false,
        slop: '2',
        name: 'Acme acme LTD',
        nameserver: 'NS1.München.DE.',
        created_from: '2020-01-01',
        created_to: '2020-01-31',
        page: '3',
      }),
    ).toEqual({
      phrase: ['acme', 'holdings'],
      phraseFields: ['street'],
      street: null,
      postalcode: null,
      phone: null,
      slop: 2,
      name: ['acme', 'ltd'],
      nameserver: 'ns1.xn--mnchen-3ya.de',
      email: null,
      registrar: null,
      created: { from: 1577836800, to: 1580515199 },
      updated: null,
      expires: null,
      page: 3,
    })
  })

  it('takes non-flag street, postalcode and phone values as text to search', () => {
    const q = parseReverseParams({ street: '1 Main St', postalcode: 'SW1A 1AA', phone: '+1 (650) 253-0000' })
    expect([q.street, q.postalcode, q.phone, q.phraseFields]).toEqual([
      ['1', 'main', 'st'],
      'sw1a1aa',
      '16502530000',
      [],
    ])
  })

  it('reduces email and registrar to their keys; either alone is a query', () => {
    expect(parseReverseParams({ email: ' Info@ACME.com\t' }).email).toBe('info@acme.com')
    expect(parseReverseParams({ email: 'ｉｎｆｏ@acme.com' }).email).toBe('ｉｎｆｏ@acme.com')
    expect(parseReverseParams({ registrar: ' ＧｏＤａｄｄｙ.com,\u00a0\t LLC ' }).registrar).toBe(
      'godaddy.com, llc',
    )
    expect(parseReverseParams({ registrar: ['J\u030cones'] }).registrar).toBe('\u01f0ones')
    // Numbers are text, as in every text parameter.
    expect(parseReverseParams({ registrar: 1068, email: 7 })).toMatchObject({ registrar: '1068', email: '7' })
  })

  it('accepts a query-string array of one value, and open date ranges', () => {
    const q = parseReverseParams({ phrase: ['acme'], expires_to: '2020-01-01T00:00:00Z' })
    expect(q.phrase).toEqual(['acme'])
    expect(q.expires).toEqual({ from: Number.NEGATIVE_INFINITY, to: 1577836800 })
  })
})

describe('parseReverseParams errors', () => {
  const cases: [string, Params, string, string][] = [
    ['unknown parameter', { phrase: 'a', domain: 'x.com' }, 'unknown_parameter', 'domain'],
    ['no criterion', {}, 'missing_parameter', 'phrase'],
    ['only a page', { page: 0 }, 'missing_parameter', 'phrase'],
    ['flags false only', { street: false, phone: 'false' }, 'missing_parameter', 'phrase'],
    ['flag without phrase', { street: true }, 'missing_parameter', 'phrase'],
    [
      'flag without phrase beside another criterion',
      { postalcode: 'true', name: 'acme' },
      'missing_parameter',
      'phrase',
    ],
    ['slop above 50', { phrase: 'a', slop: 51 }, 'invalid_parameter', 'slop'],
    ['negative slop', { phrase: 'a', slop: '-1' }, 'invalid_parameter', 'slop'],
    ['fractional slop', { phrase: 'a', slop: 1.5 }, 'invalid_parameter', 'slop'],
    ['slop text', { phrase: 'a', slop: 'two' }, 'invalid_parameter', 'slop'],
    ['slop as boolean', { phrase: 'a', slop: true }, 'invalid_parameter', 'slop'],
    ['slop without phrase or street text', { name: 'acme', slop: 1 }, 'invalid_parameter', 'slop'],
    ['slop with a phrase restricted by a flag', { phrase: 'a', street: true, slop: 1, name: 'b' }, '', ''],
    ['impossible date', { created_from: '2021-02-30' }, 'invalid_parameter', 'created_from'],
    ['unpadded date', { updated_to: '2021-2-3' }, 'invalid_parameter', 'updated_to'],
    ['hour 24', { expires_from: '2021-02-03T24:00:00Z' }, 'invalid_parameter', 'expires_from'],
    ['offset instead of Z', { created_to: '2021-02-03T10:00:00+02:00' }, 'invalid_parameter', 'created_to'],
    [
      'from after to',
      { created_from: '2020-02-01', created_to: '2020-01-31' },
      'invalid_parameter',
      'created_from',
    ],
    [
      'from after to within a day',
      { expires_from: '2020-01-31T12:00:01Z', expires_to: '2020-01-31T12:00:00Z' },
      'invalid_parameter',
      'expires_from',
    ],
    ['negative page', { phrase: 'a', page: -1 }, 'invalid_parameter', 'page'],
    ['fractional page', { phrase: 'a', page: '1.5' }, 'invalid_parameter', 'page'],
    ['page text', { phrase: 'a', page: 'first' }, 'invalid_parameter', 'page'],
    ['phrase without letters or digits', { phrase: '---' }, 'invalid_parameter', 'phrase'],
    ['blank phrase', { phrase: '   ' }, 'invalid_parameter', 'phrase'],
    ['name without letters or digits', { name: '!!' }, 'invalid_parameter', 'name'],
    ['street text without letters or digits', { street: '--' }, 'invalid_parameter', 'street'],
    ['phone with 3 digits', { phone: '12-3' }, 'invalid_parameter', 'phone'],
    ['phone without digits', { phone: 'call us' }, 'invalid_parameter', 'phone'],
    ['nameserver with an empty label', { nameserver: 'ns1..example.com' }, 'invalid_parameter', 'nameserver'],
    ['nameserver with a space', { nameserver: 'bad host.com' }, 'invalid_parameter', 'nameserver'],
    ['repeated key', { phrase: ['a', 'b'] }, 'invalid_parameter', 'phrase'],
    ['empty email', { email: '' }, 'invalid_parameter', 'email'],
    ['blank email', { email: ' \t\n', name: 'acme' }, 'invalid_parameter', 'email'],
    ['email as boolean', { email: true }, 'invalid_parameter', 'email'],
    ['repeated email', { email: ['a@x.org', 'b@x.org'] }, 'invalid_parameter', 'email'],
    ['empty registrar', { registrar: '' }, 'invalid_parameter', 'registrar'],
    ['blank registrar', { registrar: '\u00a0\u3000 ' }, 'invalid_parameter', 'registrar'],
    ['registrar as boolean', { registrar: false }, 'invalid_parameter', 'registrar'],
    [
      'slop beside email and registrar only',
      { email: 'a@x.org', registrar: 'r', slop: 1 },
      'invalid_parameter',
      'slop',
    ],
    ['email alone', { email: 'a@x.org' }, '', ''],
    ['registrar alone', { registrar: 'GoDaddy.com, LLC' }, '', ''],
    ['flag without phrase beside email', { street: true, email: 'a@x.org' }, 'missing_parameter', 'phrase'],
  ]

  for (const [title, params, code, param] of cases) {
    if (code === '') {
      it(`accepts ${title}`, () => expect(() => parseReverseParams(params)).not.toThrow())
      continue
    }
    it(`rejects ${title}: ${code} on ${param}`, () => {
      const error = errorOf(params)
      expect({ code: error.code, param: error.param }).toEqual({ code, param })
      expect(error.message).toMatch(/^domindex: /)
    })
  }

  it('names the bad value and what is accepted', () => {
    expect(errorOf({ phrase: 'a', slop: 99 }).message).toContain('0 to 50, got 99')
    expect(errorOf({ created_from: '2021-02-30' }).message).toContain('"2021-02-30"')
    expect(errorOf({ phone: '12-3' }).message).toContain('at least 4 digits')
    expect(errorOf({ phrase: 'a', foo: 1 }).message).toContain('accepted: phrase, street')
    expect(errorOf({ phrase: 'a', foo: 1 }).message).toContain('email, registrar')
    expect(errorOf({}).message).toContain('nameserver, email, registrar, or a created/updated/expires range')
    expect(errorOf({ registrar: ' ' }).message).toContain('registrar must not be empty')
  })
})
