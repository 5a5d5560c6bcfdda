import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { StringIds } from '../../src/indexes/string-ids.js'

describe('StringIds', () => {
  it('assigns dense ids in insertion order and finds them again', () => {
    fc.assert(
      fc.property(fc.array(fc.string({ unit: 'grapheme' }), { maxLength: 200 }), (strings) => {
        const ids = new StringIds()
        const firstId = new Map<string, number>()
        for (const s of strings) {
          const id = ids.intern(s)
          if (!firstId.has(s)) firstId.set(s, firstId.size)
          expect(id).toBe(firstId.get(s))
        }
        expect(ids.size).toBe(firstId.size)
        for (const [s, id] of firstId) {
          expect(ids.get(s)).toBe(id)
          expect(ids.string(id)).toBe(s)
        }
        expect(ids.get('\u0000absent\u0000')).toBe(strings.includes('\u0000absent\u0000') ? 0 : -1)
      }),
      { seed: 3, numRuns: 300 },
    )
  })

  it('handles __proto__ and constructor as ordinary strings', () => {
    const ids = new StringIds()
    expect(ids.intern('__proto__')).toBe(0)
    expect(ids.intern('constructor')).toBe(1)
    expect(ids.get('__proto__')).toBe(0)
    expect(ids.get('toString')).toBe(-1)
  })
})
