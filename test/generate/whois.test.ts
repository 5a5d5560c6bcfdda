import { describe, expect, it } from 'vitest'
import { formatDate } from '../../src/generate/dates.js'
import { Random } from '../../src/generate/random.js'
import type { DateStyle } from '../../src/generate/vocab-registry.js'
import { generateWhois } from '../../src/generate/whois.js'
import { normalizeDate } from '../../src/index.js'

const STYLES: DateStyle[] = [
  'iso-z',
  'iso-fraction',
  'iso-offset',
  'iso-colon',
  'space',
  'space-hours',
  'dmy-month',
  'dmy-month-upper-yy',
  'dmy-month-utc',
  'ymd-dots',
  'compact',
  'korean',
  'slash-jst',
  'utc-plus',
  'mdy',
  'dmy-dots',
  'ctime',
  'ordinal',
]
const DATE_ONLY = new Set<DateStyle>([
  'dmy-month',
  'dmy-month-upper-yy',
  'compact',
  'korean',
  'mdy',
  'ordinal',
])

describe('formatDate', () => {
  it('writes each registry format so that normalizeDate reads back the same instant', () => {
    const random = new Random(11)
    for (const style of STYLES) {
      for (let k = 0; k < 60; k++) {
        const ms = Date.UTC(2000, 0, 1) + random.int(20 * 365) * 86_400_000 + random.int(86_400) * 1000
        const text = formatDate(ms, style, random)
        const normalized = normalizeDate(text, { tld: style === 'mdy' ? 'tk' : 'com' })
        // Date-only texts keep the calendar day the registry printed (Japan's for 'slash-jst').
        const dateOnly = DATE_ONLY.has(style) || !/\d:\d\d/.test(text)
        const day = new Date(ms + (style === 'slash-jst' ? 9 * 3_600_000 : 0)).toISOString().slice(0, 10)
        const want = dateOnly ? `${day}T00:00:00Z` : `${new Date(ms).toISOString().slice(0, 19)}Z`
        expect({ style, text, normalized }).toEqual({ style, text, normalized: want })
      }
    }
  })

  it('matches the formats SPEC 3 lists', () => {
    const random = new Random(1)
    const ms = Date.UTC(2019, 7, 13, 12, 54, 22)
    expect(formatDate(ms, 'iso-z', random)).toBe('2019-08-13T12:54:22Z')
    expect(formatDate(ms, 'dmy-month', random)).toBe('13-Aug-2019')
    expect(formatDate(ms, 'compact', random)).toBe('20190813')
    expect(formatDate(ms, 'korean', random)).toBe('2019. 08. 13.')
    expect(formatDate(ms, 'mdy', random)).toBe('08/13/2019')
    expect(formatDate(ms, 'utc-plus', random)).toBe('2019-08-13 20:54:22 (UTC+8)')
    expect(formatDate(ms, 'ctime', random)).toBe('Tue Aug 13 12:54:22 GMT 2019')
    expect(formatDate(ms, 'ordinal', random)).toBe('13th August, 2019')
    expect(formatDate(ms, 'iso-offset', random)).toMatch(/^2019-08-13T0[45]:54:22-0[78]00$/)
  })
})

describe('generateWhois', () => {
  it('is deterministic, and a smaller corpus is a prefix of a larger one', () => {
    const small = [...generateWhois({ count: 50, seed: 3 })]
    const large = [...generateWhois({ count: 200, seed: 3 })]
    expect(JSON.stringify(large.slice(0, 50))).toBe(JSON.stringify(small))
    expect(JSON.stringify([...generateWhois({ count: 50, seed: 4 })])).not.toBe(JSON.stringify(small))
  })

  it('writes records of the forward-lookup shape, with shared organisations and redacted contacts', () => {
    const records = [...generateWhois({ count: 3000, seed: 1 })]
    const organizations = new Map<string, number>()
    let redacted = 0
    let streetArrays = 0
    let postalAlias = 0
    for (const record of records) {
      expect(record.query).toBe(record.domain?.name)
      expect(Object.keys(record.domain ?? {})).toEqual(
        expect.arrayContaining([
          'name',
          'created',
          'updated',
          'expires',
          'registrar_name',
          'nameservers',
          'status',
          'dnssec',
        ]),
      )
      expect(record.domain?.nameservers?.length).toBeGreaterThanOrEqual(2)
      const registrant = record.registrant ?? {}
      if (registrant.redacted === true) redacted++
      else {
        const org = registrant.organization as string
        organizations.set(org, (organizations.get(org) ?? 0) + 1)
      }
      if (Array.isArray(registrant.street)) streetArrays++
      if (registrant.postalcode !== undefined) postalAlias++
    }
    expect(redacted / records.length).toBeGreaterThan(0.2)
    expect(redacted / records.length).toBeLessThan(0.3)
    const counts = [...organizations.values()].sort((a, b) => b - a)
    expect(counts[0]).toBeGreaterThan(50)
    expect(counts.filter((c) => c === 1).length).toBeGreaterThan(500)
    expect(streetArrays).toBeGreaterThan(100)
    expect(postalAlias).toBeGreaterThan(30)
  })

  it('writes dates that normalise, in every generated TLD', () => {
    let unparsed = 0
    for (const record of generateWhois({ count: 2000, seed: 8 })) {
      const domain = record.domain ?? {}
      const tld = (domain.name as string).split('.').pop() as string
      for (const field of ['created', 'updated', 'expires']) {
        if (normalizeDate(domain[field] as string, { tld }) === null) unparsed++
      }
    }
    expect(unparsed).toBe(0)
  })
})
