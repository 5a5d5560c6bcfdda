import { describe, expect, it } from 'vitest'
import { type NormalizeDateOptions, normalizeDate } from '../../src/normalize/date.js'

/** [raw, expected] pairs read without a TLD. */
type Case = readonly [string, string | null]

describe('normalizeDate: ISO 8601 / RFC 3339', () => {
  it.each<Case>([
    ['2019-08-13T12:54:22-0700', '2019-08-13T19:54:22Z'],
    ['2019-08-13T12:54:22Z', '2019-08-13T12:54:22Z'],
    ['2019-08-13T12:54:22.123Z', '2019-08-13T12:54:22Z'],
    ['2019-08-13T12:54:22.999999Z', '2019-08-13T12:54:22Z'],
    ['2019-08-13T12:54:22,5Z', '2019-08-13T12:54:22Z'],
    ['2019-08-13T12:54:22+02:00', '2019-08-13T10:54:22Z'],
    ['2019-08-13T00:30:00+02:00', '2019-08-12T22:30:00Z'],
    ['2019-12-31T23:30:00-01:00', '2020-01-01T00:30:00Z'],
    ['2019-08-13T12:54:22+0530', '2019-08-13T07:24:22Z'],
    ['2019-08-13 12:54:22', '2019-08-13T12:54:22Z'],
    ['2011-07-21 18:03:50+03', '2011-07-21T15:03:50Z'],
    ['2024-02-19 01:30:15.927683+11', '2024-02-18T14:30:15Z'],
    ['2019-08-13T12:54', '2019-08-13T12:54:00Z'],
    ['2019-08-13T12:54+01:00', '2019-08-13T11:54:00Z'],
    ['2019-08-13', '2019-08-13T00:00:00Z'],
    ['2007-01-26t19:10:31.00z', '2007-01-26T19:10:31Z'],
    ['2000-02-29', '2000-02-29T00:00:00Z'],
    [' 2019-08-13 ', '2019-08-13T00:00:00Z'],
  ])('%s → %s', (raw, expected) => {
    expect(normalizeDate(raw)).toBe(expected)
  })

  it.each<Case>([
    ['2001-06-14-T10:32:43Z', '2001-06-14T10:32:43Z'],
    ['2019-08-13 12:54:22 -0500', '2019-08-13T17:54:22Z'],
    ['2010-07-04 04:18:23 +03:00', '2010-07-04T01:18:23Z'],
    ['2010-2-14', '2010-02-14T00:00:00Z'],
    ['2009-09-29.', '2009-09-29T00:00:00Z'],
    ['2005-10-27 (YYYY-MM-DD)', '2005-10-27T00:00:00Z'],
    ['2007-01-26T19:10:31Z[UTC]', '2007-01-26T19:10:31Z'],
    ['2007-01-26T19:10:31+01:00[Europe/Paris]', '2007-01-26T18:10:31Z'],
  ])('ISO-like forms the general parser reads: %s → %s', (raw, expected) => {
    expect(normalizeDate(raw)).toBe(expected)
  })
})

describe('normalizeDate: other families of SPEC 3 and the corpus', () => {
  it.each<Case>([
    ['13-aug-2019', '2019-08-13T00:00:00Z'],
    ['11-February-2000', '2000-02-11T00:00:00Z'],
    ['12-Feb-2006 18:08:52 UTC', '2006-02-12T18:08:52Z'],
    ['03-Jan-2005 12:00:00', '2005-01-03T12:00:00Z'],
    ['2001-Aug-23.', '2001-08-23T00:00:00Z'],
    ['2019.08.13', '2019-08-13T00:00:00Z'],
    ['1999.10.27 13:00:00', '1999-10-27T13:00:00Z'],
    ['20190813', '2019-08-13T00:00:00Z'],
    ['20050617 21:36:20', '2005-06-17T21:36:20Z'],
    ['19990518 #162310', '1999-05-18T00:00:00Z'],
    ['2012. 05. 19.', '2012-05-19T00:00:00Z'],
    ['2000/10/03', '2000-10-03T00:00:00Z'],
    ['2010/10/18 11:30:47 (JST)', '2010-10-18T02:30:47Z'],
    ['2011/06/01 01:05:01 (+0900)', '2011-05-31T16:05:01Z'],
    ['2000-08-29 10:22:50 (UTC+8)', '2000-08-29T02:22:50Z'],
    ['1999-06-07 13:01:43 (GMT+0:00)', '1999-06-07T13:01:43Z'],
    ['2017-09-26 11:38:29 (GMT+00:00)', '2017-09-26T11:38:29Z'],
    ['07-01-1998 00:00:00 GMT+1', '1998-01-06T23:00:00Z'],
    ['Mon Apr 26 07:50:40 GMT 2010', '2010-04-26T07:50:40Z'],
    ['Sun Nov  5 14:03:48 GMT 2000', '2000-11-05T14:03:48Z'],
    ['Mon Apr 19 21:47:14 2010', '2010-04-19T21:47:14Z'],
    ['Aug 10 01:57:22 PDT 2012', '2012-08-10T08:57:22Z'],
    ['Mon Dec 24 2007', '2007-12-24T00:00:00Z'],
    ['Fri, Jan 21, 2000', '2000-01-21T00:00:00Z'],
    ['May 22 2002', '2002-05-22T00:00:00Z'],
    ['August 14 2017', '2017-08-14T00:00:00Z'],
    ['2nd April, 2001', '2001-04-02T00:00:00Z'],
    ['Monday 10th November 2003', '2003-11-10T00:00:00Z'],
    ['Friday 1st Jan 2016', '2016-01-01T00:00:00Z'],
    ['01 Jan 2015 00:00 EAT', '2014-12-31T21:00:00Z'],
    ['31 May 1999', '1999-05-31T00:00:00Z'],
    ['30.6.2006 00:00:00', '2006-06-30T00:00:00Z'],
    ['4.7.2014', '2014-07-04T00:00:00Z'],
    ['01.11.2019 14:23:58', '2019-11-01T14:23:58Z'],
    ['23/04/2015 12:00:07.619546 EEST', '2015-04-23T09:00:07Z'],
  ])('%s → %s', (raw, expected) => {
    expect(normalizeDate(raw)).toBe(expected)
  })
})

describe('normalizeDate: zone abbreviations', () => {
  it.each<Case>([
    ['2008-08-31 04:14:06 KST', '2008-08-30T19:14:06Z'],
    ['2008-08-31 04:14:06 JST', '2008-08-30T19:14:06Z'],
    ['2008-08-31 04:14:06 EEST', '2008-08-31T01:14:06Z'],
    ['2008-08-31 04:14:06 EAT', '2008-08-31T01:14:06Z'],
    ['2008-08-31 04:14:06 BST', '2008-08-31T03:14:06Z'],
    ['2008-08-31 04:14:06 CLST', '2008-08-31T07:14:06Z'],
    ['2008-08-31 04:14:06 PDT', '2008-08-31T11:14:06Z'],
    ['2008-08-31 04:14:06 PST', '2008-08-31T12:14:06Z'],
    ['2008-08-31 04:14:06 EDT', '2008-08-31T08:14:06Z'],
    ['2008-08-31 04:14:06 EST', '2008-08-31T09:14:06Z'],
    ['2008-08-31 04:14:06 CST', '2008-08-31T10:14:06Z'],
    ['2008-08-31 04:14:06 MST', '2008-08-31T11:14:06Z'],
    ['2008-08-31 04:14:06 CET', '2008-08-31T03:14:06Z'],
    ['2008-08-31 04:14:06 CEST', '2008-08-31T02:14:06Z'],
    ['2008-08-31 04:14:06 EET', '2008-08-31T02:14:06Z'],
    ['2008-08-31 04:14:06 MSK', '2008-08-31T01:14:06Z'],
    ['2008-08-31 04:14:06 AEST', '2008-08-30T18:14:06Z'],
    ['2008-08-31 04:14:06 IST', '2008-08-30T22:44:06Z'],
    ['2008-08-31 04:14:06 utc', '2008-08-31T04:14:06Z'],
    ['2008-08-31 04:14:06 GMT', '2008-08-31T04:14:06Z'],
    ['2008-08-31 04:14:06 (jst)', '2008-08-30T19:14:06Z'],
  ])('%s → %s', (raw, expected) => {
    expect(normalizeDate(raw)).toBe(expected)
  })

  it.each([
    '2008-08-31 04:14:06 XYZ',
    '2008-08-31 04:14:06 PM',
    '2008-08-31 04:14:06 EST+5',
    '2008-08-31 04:14:06 (JST',
    '2008-08-31 04:14:06 JST)',
    '2008-08-31 04:14:06 +19:00',
    '2008-08-31 04:14:06 +05:60',
    '2008-08-31 04:14:06 +123',
    '2008-08-31T04:14:06+25',
    '1970-01-01T02:00:00+02:00Z',
    '2007-01-26T19:10:31[Europe/Paris]',
  ])('an unknown, unbalanced or impossible zone makes %j null', (raw) => {
    expect(normalizeDate(raw)).toBeNull()
  })
})

describe('normalizeDate: numeric order by TLD', () => {
  it('reads NN/NN/YYYY day first by default and for day-first TLDs', () => {
    expect(normalizeDate('03/02/2012')).toBe('2012-02-03T00:00:00Z')
    expect(normalizeDate('03/02/2012', { tld: 'fr' })).toBe('2012-02-03T00:00:00Z')
    expect(normalizeDate('03-04-2020', { tld: 'hk' })).toBe('2020-04-03T00:00:00Z')
    expect(normalizeDate('10/11/2009 14:06:58 EAT', { tld: 'ug' })).toBe('2009-11-10T11:06:58Z')
  })

  it('reads NN/NN/YYYY month first for the Freenom TLDs, in any spelling', () => {
    expect(normalizeDate('03/02/2012', { tld: 'tk' })).toBe('2012-03-02T00:00:00Z')
    expect(normalizeDate('03/02/2012', { tld: '.TK' })).toBe('2012-03-02T00:00:00Z')
    expect(normalizeDate('03/02/2012', { tld: 'co.tk' })).toBe('2012-03-02T00:00:00Z')
    expect(normalizeDate('03/02/2012', { tld: 'cf' })).toBe('2012-03-02T00:00:00Z')
    expect(normalizeDate('03-02-2012', { tld: 'ml' })).toBe('2012-03-02T00:00:00Z')
  })

  it('keeps month-first and day-first results of one string apart (separate memos)', () => {
    expect(normalizeDate('05/06/2010', { tld: 'tk' })).toBe('2010-05-06T00:00:00Z')
    expect(normalizeDate('05/06/2010', { tld: 'fr' })).toBe('2010-06-05T00:00:00Z')
    expect(normalizeDate('05/06/2010', { tld: 'tk' })).toBe('2010-05-06T00:00:00Z')
  })

  it('falls back to the other order when the preferred one is impossible', () => {
    expect(normalizeDate('03/27/2013')).toBe('2013-03-27T00:00:00Z')
    expect(normalizeDate('27/03/2013', { tld: 'tk' })).toBe('2013-03-27T00:00:00Z')
    expect(normalizeDate('13/13/2013')).toBeNull()
  })

  it('reads dotted numeric dates D.M.Y whatever the TLD', () => {
    expect(normalizeDate('03.02.2012', { tld: 'tk' })).toBe('2012-02-03T00:00:00Z')
    expect(normalizeDate('03.27.2012')).toBeNull()
  })
})

describe('normalizeDate: two-digit years pivot at 69 (POSIX %y)', () => {
  it.each<Case>([
    ['29-APR-05', '2005-04-29T00:00:00Z'],
    ['01-jan-00', '2000-01-01T00:00:00Z'],
    ['29-FEB-00', '2000-02-29T00:00:00Z'],
    ['31-dec-68', '2068-12-31T00:00:00Z'],
    ['01-jan-69', '1969-01-01T00:00:00Z'],
    ['15-Mar-99', '1999-03-15T00:00:00Z'],
    ['16/09/03', '2003-09-16T00:00:00Z'],
    ['29-FEB-69', null],
    ['29-APR-5', null],
  ])('%s → %s', (raw, expected) => {
    expect(normalizeDate(raw)).toBe(expected)
  })
})

describe('normalizeDate: not dates', () => {
  it.each([
    '',
    '   ',
    'not a date',
    'before Aug-1996',
    'before 1 January 1996',
    'Aug-1996',
    '2019',
    '12:00:00',
    '2021-02-30',
    '2021-02-29',
    '2019-13-01',
    '2019-00-10',
    '2019-08-00',
    '2019-08-13T24:00:00Z',
    '2019-08-13T12:60:00Z',
    '2019-08-13T12:54:60Z',
    '2019-08-13T12:54:22.Z',
    '30.02.2021',
    '31-Apr-2019',
    'Sept 2 2002',
    '13-aug-2019 garbage',
    '2017-12-18T19:00:-0500Z',
    '0000-01-01T00:00:00+01:00',
    '9999-12-31T23:59:59-01:00',
    '２０１９-08-13',
    `2019-08-13 ${'x'.repeat(100)}`,
  ])('%j → null', (raw) => {
    expect(normalizeDate(raw)).toBeNull()
  })

  it('returns null for non-strings instead of throwing', () => {
    for (const value of [null, undefined, 42, {}, ['2019-08-13'], new Date(0)]) {
      expect(normalizeDate(value as unknown as string)).toBeNull()
    }
  })

  it('ignores options it cannot use instead of throwing', () => {
    const noOptions = null as unknown as NormalizeDateOptions
    expect(normalizeDate('05/06/2010', noOptions)).toBe('2010-06-05T00:00:00Z')
    expect(normalizeDate('05/06/2010', { tld: 42 as unknown as string })).toBe('2010-06-05T00:00:00Z')
  })

  it('answers the same on a repeated string (memo hit) as on its first reading', () => {
    const first = normalizeDate('Tue Jun 21 23:59:59 GMT 2011')
    expect(first).toBe('2011-06-21T23:59:59Z')
    expect(normalizeDate('Tue Jun 21 23:59:59 GMT 2011')).toBe(first)
    expect(normalizeDate('31-Apr-2019')).toBeNull()
    expect(normalizeDate('31-Apr-2019')).toBeNull()
  })
})
