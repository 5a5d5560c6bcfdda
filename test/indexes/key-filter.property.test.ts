/**
 * The key filter of a build's written parts (indexes/key-filter.ts): never "not held" for a key
 * added, whatever the keys and however many levels it grew (seeded), and seldom "maybe" for one
 * not added.
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { KeyFilter } from '../../src/indexes/key-filter.js'

describe('key filter', () => {
  it('holds every key added, across its levels', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.string({ unit: 'binary', maxLength: 40 }), { maxLength: 400 }),
        (keys) => {
          const filter = new KeyFilter()
          for (const key of keys) filter.add(key)
          for (const key of keys) expect(filter.mayHold(key)).toBe(true)
        },
      ),
      { seed: 16, numRuns: 200 },
    )
  })

  it('says "maybe" of under 1% of the keys never added, at several levels', () => {
    const filter = new KeyFilter()
    const added = 300_000
    for (let i = 0; i < added; i++) filter.add(`domain-${i}.example`)
    for (let i = 0; i < added; i += 7) expect(filter.mayHold(`domain-${i}.example`)).toBe(true)
    let maybe = 0
    const asked = 200_000
    for (let i = 0; i < asked; i++) if (filter.mayHold(`other-${i}.example`)) maybe++
    expect(maybe / asked).toBeLessThan(0.01)
    expect(filter.bytes).toBeLessThan(added * 8)
  })

  it('holds nothing when empty', () => {
    expect(new KeyFilter().mayHold('example.com')).toBe(false)
  })
})
