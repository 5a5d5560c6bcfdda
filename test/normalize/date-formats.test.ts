import { describe, expect, it } from 'vitest'
import { epochDay } from '../../src/normalize/date-calendar.js'
import { parseCalendarDate } from '../../src/normalize/date-formats.js'

describe('parseCalendarDate (the luxon families)', () => {
  it.each([
    ['2019-08-13', 2019, 8, 13],
    ['2010-2-14', 2010, 2, 14],
    ['2000/10/03', 2000, 10, 3],
    ['2019.08.13', 2019, 8, 13],
    ['20190813', 2019, 8, 13],
    ['2001-Aug-23', 2001, 8, 23],
    ['30.6.2006', 2006, 6, 30],
    ['13-aug-2019', 2019, 8, 13],
    ['11-February-2000', 2000, 2, 11],
    ['2 April 2001', 2001, 4, 2],
    ['10 Sep 2009', 2009, 9, 10],
    ['May 22 2002', 2002, 5, 22],
    ['August 14 2017', 2017, 8, 14],
    ['29-APR-05', 2005, 4, 29],
    ['16/09/03', 2003, 9, 16],
    ['03/04/2020', 2020, 4, 3],
    ['03-04-2020', 2020, 4, 3],
  ])('%s is %i-%i-%i', (text, year, month, day) => {
    expect(parseCalendarDate(text, false)).toBe(epochDay(year, month, day))
  })

  it('reads the same ambiguous text in the order asked for, also when it is memoised', () => {
    for (let repeat = 0; repeat < 2; repeat++) {
      expect(parseCalendarDate('05/06/2010', true)).toBe(epochDay(2010, 5, 6))
      expect(parseCalendarDate('05/06/2010', false)).toBe(epochDay(2010, 6, 5))
    }
  })

  it.each([
    '',
    '2019',
    'Aug-1996',
    '13/Aug/2019',
    '2019-08-13-01',
    '123-08-2019',
    'x 13 2019',
    '31.02.2019',
    '13-Sept-2019',
  ])('%j is not a date', (text) => {
    expect(parseCalendarDate(text, false)).toBeNaN()
  })
})
