/**
 * exact-pack.ts gives every JSON value back exactly (fast-check), including what msgpackr alone
 * alters (own `__proto__` keys, lone surrogates, -0), and keeps msgpackr for the ordinary values.
 */
import fc from 'fast-check'
import { Packr } from 'msgpackr'
import { describe, expect, it } from 'vitest'
import { msgpackKeepsExactly, packExact, unpackExact } from '../../src/indexes/exact-pack.js'

const V8_TAG = 0xff

function roundTrip(packr: Packr, value: unknown): unknown {
  return unpackExact(packr, Uint8Array.prototype.slice.call(packExact(packr, value)))
}

describe('exact packing', () => {
  it('gives random JSON values back exactly, with shared structures', () => {
    const packr = new Packr({ structures: [] })
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        expect(roundTrip(packr, value)).toStrictEqual(value)
      }),
      { seed: 11, numRuns: 500 },
    )
  })

  it('gives strings with lone surrogates back exactly', () => {
    const packr = new Packr({ structures: [] })
    fc.assert(
      fc.property(
        fc.dictionary(fc.string(), fc.string({ unit: 'binary' }), { noNullPrototype: true }),
        (value) => {
          expect(roundTrip(packr, value)).toStrictEqual(value)
        },
      ),
      { seed: 12, numRuns: 300 },
    )
  })

  it('keeps own __proto__ keys as data in place, and never touches a prototype', () => {
    const packr = new Packr({ structures: [] })
    const value = JSON.parse(
      '{"a":1,"__proto__":{"polluted":true},"constructor":{"x":2},"toString":3}',
    ) as object
    const back = roundTrip(packr, value) as Record<string, unknown>
    expect(Object.keys(back)).toEqual(['a', '__proto__', 'constructor', 'toString'])
    expect(Object.getPrototypeOf(back)).toBe(Object.prototype)
    expect(Object.getOwnPropertyDescriptor(back, '__proto__')?.value).toEqual({ polluted: true })
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined()
    // toEqual, not toStrictEqual: the latter compares the `constructor` properties as classes.
    expect(back).toEqual(value)
  })

  it('keeps the sign of zero', () => {
    expect(Object.is((roundTrip(new Packr(), { a: -0 }) as { a: number }).a, -0)).toBe(true)
  })

  it('uses msgpackr for ordinary records and V8 only for what msgpackr would alter', () => {
    const packr = new Packr({ structures: [] })
    expect(packExact(packr, { query: 'example.com', n: null, list: [1, 'x'] })[0]).not.toBe(V8_TAG)
    expect(msgpackKeepsExactly({ query: 'example.com' })).toBe(true)
    for (const odd of [
      { s: '\udc00' },
      { n: -0 },
      JSON.parse('{"__proto__":1}'),
      { d: new Date(0) },
      { u: undefined },
    ]) {
      expect(msgpackKeepsExactly(odd)).toBe(false)
      expect(packExact(packr, odd)[0]).toBe(V8_TAG)
    }
  })
})
