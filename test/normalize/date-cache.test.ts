import { describe, expect, it } from 'vitest'
import { BoundedCache } from '../../src/normalize/date-cache.js'

describe('BoundedCache', () => {
  it('tells a cached null from a missing key', () => {
    const cache = new BoundedCache<string | null>(4)
    cache.set('not a date', null)
    expect(cache.get('not a date')).toBeNull()
    expect(cache.get('13-aug-2019')).toBeUndefined()
  })

  it('never holds more than its capacity: it clears itself when full', () => {
    const cache = new BoundedCache<string | null>(3)
    for (const key of ['a', 'b', 'c']) cache.set(key, key)
    expect(cache.size).toBe(3)
    cache.set('d', 'd')
    expect(cache.size).toBe(1)
    expect(cache.get('a')).toBeUndefined()
    expect(cache.get('d')).toBe('d')
    for (let i = 0; i < 100; i++) {
      cache.set(String(i), null)
      expect(cache.size).toBeLessThanOrEqual(3)
    }
  })

  it('replaces a key without growing', () => {
    const cache = new BoundedCache<string | null>(2)
    cache.set('a', null)
    cache.set('a', 'x')
    expect(cache.size).toBe(1)
    expect(cache.get('a')).toBe('x')
  })
})
