/**
 * String tables round-trip exactly: random strings (lone surrogates switch the table to UTF-16),
 * and tables long enough to span two pieces.
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { decodeStrings, encodeStrings } from '../../src/snapshot/string-table.js'

function roundTrip(strings: string[]): string[] {
  const encoded = encodeStrings(strings)
  const text = new Uint8Array(encoded.pieces.reduce((n, p) => n + p.length, 0))
  let at = 0
  for (const piece of encoded.pieces) {
    text.set(piece, at)
    at += piece.length
  }
  return decodeStrings(encoded.lengths, text, encoded)
}

describe('string tables', () => {
  it('give random strings back exactly', () => {
    fc.assert(
      fc.property(
        fc.array(fc.oneof(fc.string({ unit: 'grapheme' }), fc.string({ unit: 'binary' }))),
        (strings) => {
          expect(roundTrip(strings)).toStrictEqual(strings)
        },
      ),
      { seed: 5, numRuns: 300 },
    )
  })

  it('use UTF-8 unless a string holds a lone surrogate', () => {
    expect(encodeStrings(['münchen', '😀']).utf16).toBe(false)
    expect(encodeStrings(['a', '\ud800']).utf16).toBe(true)
  })

  it('split long tables into pieces and join them back', () => {
    const big = ['x'.repeat(9_000_000), 'ü'.repeat(9_000_000), 'tail', '']
    const encoded = encodeStrings(big)
    expect(encoded.pieceStrings).toEqual([2, 2])
    expect(roundTrip(big)).toStrictEqual(big)
  })

  it('refuse lengths that disagree with the text', () => {
    const encoded = encodeStrings(['ab', 'c'])
    expect(() => decodeStrings(Uint32Array.of(2, 2), encoded.pieces[0] as Uint8Array, encoded)).toThrow()
  })
})
