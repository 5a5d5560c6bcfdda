/**
 * Observation ids as a byte table (dns/id-table.ts): every id comes back exactly, and comparing
 * entries gives the order of the strings themselves (UTF-16 code units), which differs from the
 * bytes' order for characters above U+D7FF.
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { compareIds, idAt, idTableOf, pickIds } from '../../src/indexes/dns/id-table.js'

const byString = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0)
const sign = (x: number): number => Math.sign(x)

describe('the id table', () => {
  it('orders ids as strings compare, past the ASCII range too', () => {
    const ids = [
      'a',
      'b',
      'ab',
      '',
      '\uFF61',
      '\u{1F600}',
      '\uD800',
      '\uDC00x',
      'é',
      'e\u0301',
      'mx-1',
      'mx-10',
    ]
    const table = idTableOf(ids.length, (i) => ids[i] as string)
    for (let a = 0; a < ids.length; a++)
      for (let b = 0; b < ids.length; b++)
        expect(sign(compareIds(table, a, b)), `${ids[a]} vs ${ids[b]}`).toBe(
          sign(byString(ids[a] as string, ids[b] as string)),
        )
  })

  it('gives back every id, in any picked order, and compares like the strings', () => {
    const id = fc.oneof(
      fc.string({ unit: 'binary', maxLength: 6 }),
      fc.string({
        unit: fc.constantFrom('a', 'b', '\uFF61', '\u{1F600}', '\uD800', '\uDBFF', '\uDC00'),
        maxLength: 4,
      }),
    )
    fc.assert(
      fc.property(fc.array(id, { maxLength: 30 }), (ids) => {
        const table = idTableOf(ids.length, (i) => ids[i] as string)
        ids.forEach((s, i) => {
          expect(idAt(table, i)).toBe(s)
        })
        const order = Uint32Array.from(ids.keys()).sort((a, b) => compareIds(table, a, b))
        expect([...order].map((i) => ids[i])).toEqual([...ids].sort(byString))
        const picked = pickIds(table, order)
        expect([...order].map((_, k) => idAt(picked, k))).toEqual([...ids].sort(byString))
      }),
      { seed: 4242, numRuns: 300 },
    )
  })
})
