import { describe, expect, it } from 'vitest'
import { parseQueryString } from '../../src/api/query-string.js'
import { QueryError } from '../../src/errors.js'

function errorOf(query: string): QueryError {
  try {
    parseQueryString(query)
  } catch (error) {
    if (error instanceof QueryError) return error
    throw error
  }
  throw new Error(`no error for ${query}`)
}

describe('parseQueryString', () => {
  it('decodes + and percent-escapes, as UTF-8', () => {
    expect({ ...parseQueryString('phrase=acme+holdings&host=m%C3%BCnchen.de&txt=a%2Bb') }).toEqual({
      phrase: 'acme holdings',
      host: 'münchen.de',
      txt: 'a+b',
    })
  })

  it('collects repeated keys into arrays in order', () => {
    expect({ ...parseQueryString('filter=a&page=1&filter=b&filter=c') }).toEqual({
      filter: ['a', 'b', 'c'],
      page: '1',
    })
  })

  it('gives an empty string for an empty value and for a key without =', () => {
    expect({ ...parseQueryString('most_recent&phrase=&&slop=2') }).toEqual({
      most_recent: '',
      phrase: '',
      slop: '2',
    })
  })

  it('keeps = inside a value and decodes keys', () => {
    expect({ ...parseQueryString('txt=v%3Dspf1=x&sum%6Darize=txt') }).toEqual({
      txt: 'v=spf1=x',
      summarize: 'txt',
    })
  })

  it('keeps __proto__ and constructor as ordinary own keys', () => {
    const params = parseQueryString('__proto__=x&constructor=y')
    expect(Object.keys(params)).toEqual(['__proto__', 'constructor'])
    expect(Object.getPrototypeOf(params)).toBeNull()
    expect(Object.prototype).not.toHaveProperty('x')
  })

  it.each([
    ['slop=%zz', 'slop'],
    ['phrase=%E0%A4%A', 'phrase'],
    ['phrase=ok&host=%', 'host'],
    ['txt=%ED%A0%80', 'txt'],
    ['ph%ZZrase=1', 'ph%ZZrase'],
  ])('rejects malformed percent-encoding in %s naming %s', (query, param) => {
    const error = errorOf(query)
    expect(error.code).toBe('invalid_parameter')
    expect(error.param).toBe(param)
  })
})
