import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { tokenize } from '../../src/analysis/tokenize.js'

/** The SPEC's definition, written the slow obvious way. */
function reference(text: string): string[] {
  return (
    text
      .normalize('NFKC')
      .toLowerCase()
      .match(/[\p{L}\p{N}]+/gu) ?? []
  )
}

describe('tokenize', () => {
  it.each([
    ['v=spf1 include:_spf.Google.com ~all', ['v', 'spf1', 'include', 'spf', 'google', 'com', 'all']],
    ['ACME Holdings, Inc.', ['acme', 'holdings', 'inc']],
    ['+1.650-253-0000', ['1', '650', '253', '0000']],
    ['Müller Straße 5', ['müller', 'straße', '5']],
    ['ﬁsh ＡＢＣ１２', ['fish', 'abc12']],
    ['', []],
    ['--- !!!', []],
  ])('%j', (text, tokens) => {
    expect(tokenize(text)).toEqual(tokens)
  })

  it('agrees with the regex definition on any string', () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.string(), fc.string({ unit: 'grapheme' }), fc.string({ unit: 'binary' })),
        (s) => {
          expect(tokenize(s)).toEqual(reference(s))
        },
      ),
      { seed: 7, numRuns: 2000 },
    )
  })
})
