/**
 * sortableText: exact (round trip), injective, and byte order equal to JavaScript's code-unit order,
 * which is what lets ClickHouse sort ids and summary values as the embedded engine does.
 */
import fc from 'fast-check'
import { expect, it } from 'vitest'
import { fromSortableText, sortableText } from '../../src/clickhouse/sortable-text.js'

const text = fc.string({ unit: 'binary', maxLength: 12 })
const bytes = (s: string): Buffer => Buffer.from(s, 'utf8')

it('round-trips every string and leaves text below U+D800 unchanged', () => {
  fc.assert(
    fc.property(text, (s) => {
      expect(fromSortableText(sortableText(s))).toBe(s)
      expect(sortableText(s)).not.toMatch(/[\uD800-\uDFFF]/u)
    }),
    { seed: 1, numRuns: 2_000 },
  )
  expect(sortableText('mx.example.com 中文')).toBe('mx.example.com 中文')
})

it('orders UTF-8 bytes as JavaScript orders code units', () => {
  fc.assert(
    fc.property(text, text, (a, b) => {
      const js = a < b ? -1 : a > b ? 1 : 0
      expect(Math.sign(Buffer.compare(bytes(sortableText(a)), bytes(sortableText(b))))).toBe(js)
    }),
    { seed: 2, numRuns: 5_000 },
  )
  // The pair plain UTF-8 gets wrong: U+1F600 (a surrogate pair, 0xD83D…) sorts before U+E000 in JavaScript.
  expect('\u{1F600}' < '\ue000').toBe(true)
  expect(Buffer.compare(bytes(sortableText('\u{1F600}')), bytes(sortableText('\ue000')))).toBe(-1)
})
