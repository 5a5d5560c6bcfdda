import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { jsonBytes } from '../../src/server/json-bytes.js'

describe('jsonBytes', () => {
  it('gives the bytes of JSON.stringify for any JSON value (brute-force twin)', () => {
    const body = fc.oneof(
      fc.jsonValue(),
      fc.dictionary(fc.string(), fc.oneof(fc.jsonValue(), fc.array(fc.jsonValue()), fc.constant(undefined))),
      fc.record({ page: fc.nat(), results: fc.array(fc.object({ withNullPrototype: false })) }),
    )
    fc.assert(
      fc.property(body, (value) => {
        expect(jsonBytes(value).equals(Buffer.from(JSON.stringify(value) ?? '', 'utf8'))).toBe(true)
      }),
      { seed: 21, numRuns: 500 },
    )
  })

  it('writes undefined, functions and holes in arrays as null and omits them in objects', () => {
    // biome-ignore lint/suspicious/noSparseArray: a hole is the case under test
    const odd = { a: undefined, b: [undefined, () => 1, , 'x'], c: () => 1, d: { toJSON: () => 'D' }, e: [] }
    expect(jsonBytes(odd).toString('utf8')).toBe(JSON.stringify(odd))
    expect(jsonBytes({ toJSON: () => [1] }).toString('utf8')).toBe('[1]')
    expect(jsonBytes({}).toString('utf8')).toBe('{}')
    expect(
      jsonBytes({ é: '\u{1F600}\ud800' }).equals(Buffer.from(JSON.stringify({ é: '\u{1F600}\ud800' }))),
    ).toBe(true)
  })
})
