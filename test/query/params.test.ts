import { describe, expect, it } from 'vitest'
import { QueryError } from '../../src/errors.js'
import {
  checkKnown,
  readBool,
  readDay,
  readHost,
  readInstant,
  readInt,
  readPage,
  readText,
} from '../../src/query/params.js'

function errorOf(fn: () => unknown): QueryError {
  try {
    fn()
  } catch (e) {
    if (e instanceof QueryError) return e
    throw e
  }
  throw new Error('expected a QueryError')
}

describe('parameter primitives', () => {
  it('rejects unknown parameters by name', () => {
    const e = errorOf(() => checkKnown({ phrase: 'a', bogus: '1' }, new Set(['phrase'])))
    expect([e.code, e.param]).toEqual(['unknown_parameter', 'bogus'])
  })

  it('reads booleans typed or as text, nothing else', () => {
    expect(readBool({ b: true }, 'b')).toBe(true)
    expect(readBool({ b: 'false' }, 'b')).toBe(false)
    expect(readBool({}, 'b')).toBeUndefined()
    for (const bad of ['TRUE', '1', 'yes', '', 1]) {
      expect(errorOf(() => readBool({ b: bad }, 'b')).param).toBe('b')
    }
  })

  it('reads integers within bounds', () => {
    expect(readInt({ n: 2 }, 'n', 0, 50)).toBe(2)
    expect(readInt({ n: '50' }, 'n', 0, 50)).toBe(50)
    for (const bad of [-1, 51, 1.5, '1.5', ' 2', '2x', '', '+2', Number.NaN, '99999999999999999999']) {
      const e = errorOf(() => readInt({ n: bad }, 'n', 0, 50))
      expect([e.code, e.param]).toEqual(['invalid_parameter', 'n'])
    }
  })

  it('takes a repeated key once, and refuses it twice', () => {
    expect(readText({ t: ['x'] }, 't')).toBe('x')
    expect(errorOf(() => readText({ t: ['x', 'y'] }, 't')).param).toBe('t')
    expect(errorOf(() => readText({ t: '  ' }, 't')).code).toBe('invalid_parameter')
  })

  it('normalises hosts and names the parameter of a bad one', () => {
    expect(readHost({ h: 'Ex.COM.' }, 'h')).toBe('ex.com')
    expect(errorOf(() => readHost({ h: 'a..b' }, 'h')).param).toBe('h')
  })

  it('reads instants: full timestamps, and whole days as start or end', () => {
    expect(readInstant({ t: '2020-01-31T10:00:00Z' }, 't', false)).toBe(Date.UTC(2020, 0, 31, 10) / 1000)
    expect(readInstant({ t: '2020-01-31' }, 't', false)).toBe(Date.UTC(2020, 0, 31) / 1000)
    expect(readInstant({ t: '2020-01-31' }, 't', true)).toBe(Date.UTC(2020, 0, 31, 23, 59, 59) / 1000)
    expect(readInstant({ t: '2020-01-31T10:00:00.5Z' }, 't', false)).toBe(
      Date.UTC(2020, 0, 31, 10) / 1000 + 0.5,
    )
    for (const bad of [
      '2021-02-30',
      '2020-13-01',
      '2020-01-01T24:00:00Z',
      '2020-01-01T10:00:00',
      '20200101',
      'x',
    ]) {
      const e = errorOf(() => readInstant({ t: bad }, 't', false))
      expect([e.code, e.param]).toEqual(['invalid_parameter', 't'])
    }
  })

  it('reads days from dates and timestamps', () => {
    expect(readDay({ d: '1970-01-02' }, 'd')).toBe(1)
    expect(readDay({ d: '1970-01-02T23:59:59Z' }, 'd')).toBe(1)
    expect(errorOf(() => readDay({ d: '2021-02-29' }, 'd')).param).toBe('d')
  })

  it('reads pages', () => {
    expect(readPage({})).toBe(0)
    expect(readPage({ page: '3' })).toBe(3)
    expect(errorOf(() => readPage({ page: -1 })).param).toBe('page')
  })
})

describe('zones in time parameters', () => {
  it('refuses instants with an offset or no zone: the API ranges are UTC with Z', () => {
    for (const bad of ['2020-01-31T10:00:00+02:00', '2020-01-31T10:00:00-0130', '2020-01-31T10:00:00']) {
      expect(errorOf(() => readInstant({ t: bad }, 't', false)).param).toBe('t')
    }
  })

  it('takes the written date of a timestamp as the day, whatever its zone', () => {
    expect(readDay({ d: '1970-01-02T23:00:00-05:00' }, 'd')).toBe(1)
    expect(readDay({ d: '1970-01-02T01:00:00+09:00' }, 'd')).toBe(1)
    expect(readDay({ d: '1970-01-02T01:00:00' }, 'd')).toBe(1)
    expect(errorOf(() => readDay({ d: '1970-01-02T25:00:00Z' }, 'd')).param).toBe('d')
  })
})
