/**
 * Strings as a byte table (indexes/byte-table.ts; observation ids, values, host keys, tokens): every
 * string comes back exactly, and comparing entries gives the order of the strings themselves (UTF-16 code units), which differs from the
 * bytes' order for characters above U+D7FF.
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { byteTableOf, compareEntries, entryAt, pickEntries } from '../../src/indexes/byte-table.js'

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
    const table = byteTableOf(ids.length, (i) => ids[i] as string)
    for (let a = 0; a < ids.length; a++)
      for (let b = 0; b < ids.length; b++)
        expect(sign(compareEntries(table, a, b)), `${ids[a]} vs ${ids[b]}`).toBe(
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
        const table = byteTableOf(ids.length, (i) => ids[i] as string)
        ids.forEach((s, i) => {
          expect(entryAt(table, i)).toBe(s)
        })
        const order = Uint32Array.from(ids.keys()).sort((a, b) => compareEntries(table, a, b))
        expect([...order].map((i) => ids[i])).toEqual([...ids].sort(byString))
        const picked = pickEntries(table, order)
        expect([...order].map((_, k) => entryAt(picked, k))).toEqual([...ids].sort(byString))
      }),
      { seed: 4242, numRuns: 300 },
    )
  })
})
