/**
 * Random WHOIS corpora and reverse queries for the property tests: a small vocabulary so that
 * phrases, slop, names and suffixes actually match, with the awkward cases mixed in (case and
 * NFKC variants, full-width digits, the `ﬁ` ligature, repeated words, empty and punctuation-only
 * values, street arrays, non-string values, missing sections, shared nameserver suffixes, invalid
 * stored hosts, missing dates; emails differing in case, surrounding white space or width, and
 * registrar names differing in white space, width and composition).
 */
import fc from 'fast-check'
import { resultOrder } from '../../src/collect/order.js'
import type { Params, WhoisRecord } from '../../src/types.js'

const WORDS = ['acme', 'Acme', 'holdings', 'quick', 'brown', 'fox', 'main', 'st', 'a', 'b']
const ODD_WORDS = ['Müller', 'MÜLLER', 'ﬁsh', 'fish', '１２３', '123', 'ltd']
const SEPARATORS = [' ', ' ', ', ', '-', '  ', '.']

const word = fc.oneof({ weight: 5, arbitrary: fc.constantFrom(...WORDS) }, fc.constantFrom(...ODD_WORDS))

/** Text of 0–5 words with mixed separators ('' and punctuation-only values included). */
export const text = fc
  .oneof(
    {
      weight: 8,
      arbitrary: fc.tuple(fc.array(word, { minLength: 1, maxLength: 5 }), fc.constantFrom(...SEPARATORS)),
    },
    fc.constant([['---'], ' '] as [string[], string]),
    fc.constant([[], ' '] as [string[], string]),
  )
  .map(([words, sep]) => words.join(sep))

/** Postal codes as registries write them, alike after normalisation or not. */
export const POSTAL = ['SW1A 1AA', 'sw1a1aa', '94043', '９４０４３', '94043-1351', ' 10 115 ']
/** Phone numbers in several writings, some sharing digit runs. */
export const PHONES = [
  '+1.6502530000',
  '650-253-0000',
  '+44 20 7946 0000',
  '+49.３０１２３４５',
  '12',
  '+1.2530000650',
]
const HOSTS = [
  'ns1.example.com',
  'NS2.Example.COM.',
  'example.com',
  'ns1.notexample.com',
  'example.com.evil.net',
  'ns1.xn--mnchen-3ya.de',
  'ns2.münchen.de',
  'a.b.example.com',
  'ns1.example-x.com',
  'ns1.example.com..',
  'bad host.example.com',
]
/** E-mail addresses: equal keys in case and surrounding white space; others (width, inner space) not. */
export const EMAILS = [
  'info@acme.com',
  'Info@ACME.com',
  ' info@acme.com\t',
  '\u00a0INFO@ACME.COM\n',
  'ｉｎｆｏ@acme.com',
  'info @acme.com',
  'fox@quick.example',
  'Fox@Quick.Example ',
  '',
  '  ',
]
/** Registrar names: equal keys across white space, width and composition; a few that differ. */
export const REGISTRARS = [
  'GoDaddy.com, LLC',
  'godaddy.com,  llc',
  ' GODADDY.COM,\tLLC ',
  'GoDaddy.com,\u00a0LLC',
  'ＧｏＤａｄｄｙ．ｃｏｍ，\u3000ＬＬＣ',
  'GoDaddy.com,LLC',
  'NameCheap, Inc.',
  'namecheap,\n inc.',
  'J\u030cones Registrar',
  '\u01f0ones  registrar',
  '',
  ' \t ',
]
const NORMS = ['2020-01-31T23:59:59Z', '2020-02-01T00:00:00Z', '2019-06-15T12:00:00Z', '2021-12-31T00:00:00Z']

const contact = fc.record(
  {
    organization: fc.oneof(text, fc.array(text, { maxLength: 2 })),
    name: text,
    street: fc.oneof(text, fc.array(text, { maxLength: 3 })),
    city: text,
    postal_code: fc.constantFrom(...POSTAL),
    postalcode: fc.constantFrom(...POSTAL),
    phone: fc.oneof(fc.constantFrom(...PHONES), fc.array(fc.constantFrom(...PHONES), { maxLength: 2 })),
    fax: fc.constantFrom(...PHONES),
    email: fc.oneof(
      { weight: 4, arbitrary: fc.constantFrom(...EMAILS) },
      fc.array(fc.constantFrom(...EMAILS), { maxLength: 3 }),
      fc.constantFrom(42, null, true, { address: 'info@acme.com' }),
    ),
    redacted: fc.boolean(),
    id: fc.oneof(fc.integer(), fc.constant(null)),
  },
  { requiredKeys: [] },
)

const section = fc.oneof({ weight: 6, arbitrary: contact }, fc.constant(null), fc.constant('REDACTED'))

const date = fc.option(fc.constantFrom(...NORMS), { nil: null })

/** A record without its domain name (assigned by {@link corpus} so that keys are distinct). */
const record = fc.record(
  {
    domain: fc.record(
      {
        nameservers: fc.array(fc.constantFrom(...HOSTS), { maxLength: 3 }),
        registrar_name: fc.oneof(
          { weight: 4, arbitrary: fc.constantFrom(...REGISTRARS) },
          fc.array(fc.constantFrom(...REGISTRARS), { maxLength: 2 }),
          fc.constantFrom(42, null, { name: 'GoDaddy.com, LLC' }),
        ),
        created_norm: date,
        updated_norm: date,
        expires_norm: date,
      },
      { requiredKeys: [] },
    ),
    registrant: section,
    admin: section,
    tech: section,
    billing: section,
  },
  { requiredKeys: ['domain'] },
)

/** A corpus of 0–25 records, in result order, with distinct domain names. */
export const corpus = fc.array(record, { maxLength: 25 }).map((records) => {
  const named = records.map((r, i) => ({ ...r, domain: { ...r.domain, name: `d${i}.com` } }) as WhoisRecord)
  return inResultOrder(named)
})

/**
 * Records sorted into result order (created_norm descending, missing last, domain ascending).
 *
 * @example
 * ```ts
 * inResultOrder([{ domain: { name: 'b.com' } }, { domain: { name: 'a.com' } }])[0].domain.name // 'a.com'
 * ```
 */
export function inResultOrder(records: WhoisRecord[]): WhoisRecord[] {
  const keys = records.map((r) => String(r.domain?.name))
  return Array.from(resultOrder(records, keys), (i) => records[i] as WhoisRecord)
}

const phraseWords = fc
  .oneof(
    { weight: 3, arbitrary: fc.array(word, { minLength: 1, maxLength: 2 }) },
    fc.array(word, { minLength: 3, maxLength: 4 }),
  )
  .map((w) => w.join(' '))
const dayOrInstant = fc.constantFrom(
  '2020-01-31',
  '2020-02-01',
  '2019-01-01',
  '2020-01-31T23:59:59Z',
  '2021-12-31',
)

const KINDS = [
  'phrase',
  'street',
  'postalcode',
  'phone',
  'name',
  'nameserver',
  'created',
  'updated',
  'expires',
] as const

/** Valid reverse-search parameters, typed or as query-string text, with 1–3 criteria. */
export const query: fc.Arbitrary<Params> = fc
  .record({
    kinds: fc.subarray([...KINDS], { minLength: 1, maxLength: 3 }),
    phrase: phraseWords,
    flags: fc.subarray(['street', 'postalcode', 'phone'] as const, { maxLength: 2 }),
    street: phraseWords,
    postalcode: fc.constantFrom(...POSTAL, 'SW1A1AA', '94044'),
    phone: fc.constantFrom('650-253-0000', '2530000', '7946', '３０１２', '0000', '6502', 2530000),
    slop: fc.option(fc.oneof(fc.integer({ min: 0, max: 4 }), fc.constantFrom(50, '1', '2'))),
    name: fc.array(word, { minLength: 1, maxLength: 3 }).map((w) => w.join(' ')),
    nameserver: fc.constantFrom(
      'example.com',
      'COM',
      'notexample.com',
      'münchen.de',
      'ns1.example.com',
      'evil.net',
    ),
    range: fc.tuple(fc.option(dayOrInstant), fc.option(dayOrInstant)),
  })
  .map((q) => {
    const params: Record<string, string | number | boolean> = {}
    for (const kind of q.kinds) {
      if (kind === 'created' || kind === 'updated' || kind === 'expires') {
        const [a, b] = q.range
        const [from, to] = a !== null && b !== null && a.slice(0, 10) > b.slice(0, 10) ? [b, a] : [a, b]
        if (from === null && to === null) params[`${kind}_to`] = '2020-01-31'
        if (from !== null) params[`${kind}_from`] = from
        if (to !== null) params[`${kind}_to`] = to
      } else params[kind] = q[kind]
    }
    const { phrase, street } = params
    if (phrase !== undefined) {
      for (const flag of q.flags) params[flag] ??= flag === 'phone' ? 'true' : true
    }
    // slop only with phrase or street text: elsewhere it is an error (tested in reverse-params).
    return q.slop !== null && (phrase !== undefined || street !== undefined)
      ? { ...params, slop: q.slop }
      : params
  })

/** `email` query values: each key of {@link EMAILS} in some writing, and one no record holds. */
const emailQuery = fc.constantFrom(
  'info@acme.com',
  ' INFO@acme.COM\t',
  'ｉｎｆｏ@ACME.com',
  'info @acme.com',
  'FOX@quick.example',
  'nobody@example.org',
)
/** `registrar` query values: each key of {@link REGISTRARS} in some writing, and one no record holds. */
const registrarQuery = fc.constantFrom(
  'godaddy.com, llc',
  '  GoDaddy.com,\u2003\u2003LLC',
  'ＧＯＤＡＤＤＹ.com, llc',
  'godaddy.com,llc',
  'NAMECHEAP, INC.',
  'ǰones registrar',
  'J\u030cONES\tREGISTRAR',
  'Tucows',
)

/**
 * Valid reverse-search parameters with `email`, `registrar` or both, alone or beside 1–3 criteria of
 * {@link query} (names, nameservers, date ranges …).
 */
export const pivotQuery: fc.Arbitrary<Params> = fc
  .record({
    base: fc.option(query, { freq: 2 }),
    email: fc.option(emailQuery),
    registrar: fc.option(registrarQuery),
  })
  .filter((q) => q.email !== null || q.registrar !== null)
  .map(({ base, email, registrar }) => ({
    ...base,
    ...(email === null ? {} : { email }),
    ...(registrar === null ? {} : { registrar }),
  }))
