import { describe, expect, it } from 'vitest'
import { headerValue, isAuthorized } from '../../src/api/auth.js'

describe('headerValue', () => {
  it('finds a header in a plain object in any case, and in Headers', () => {
    expect(headerValue({ AuThOrIzAtIoN: 'Bearer t' }, 'authorization')).toBe('Bearer t')
    expect(headerValue(new Headers({ Authorization: 'Bearer t' }), 'authorization')).toBe('Bearer t')
    expect(headerValue({ accept: 'x' }, 'authorization')).toBeNull()
    expect(headerValue(undefined, 'authorization')).toBeNull()
  })
})

describe('isAuthorized', () => {
  const tokens = ['alpha', 'beta-token']

  it('accepts any configured token with the Bearer scheme in any case', () => {
    expect(isAuthorized('Bearer alpha', tokens)).toBe(true)
    expect(isAuthorized('bearer beta-token', tokens)).toBe(true)
    expect(isAuthorized('  BEARER   alpha  ', tokens)).toBe(true)
  })

  it.each([
    [null],
    [''],
    ['alpha'],
    ['Basic alpha'],
    ['Bearer'],
    ['Bearer '],
    ['Bearer alph'],
    ['Bearer alphaa'],
    ['Bearer ALPHA'],
    ['Bearer alpha beta-token'],
  ])('refuses %j', (header) => {
    expect(isAuthorized(header, tokens)).toBe(false)
  })

  it('checks nothing when no tokens are configured', () => {
    expect(isAuthorized(null, [])).toBe(true)
    expect(isAuthorized('Bearer whatever', [])).toBe(true)
  })
})
