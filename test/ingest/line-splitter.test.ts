import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { LineSplitter } from '../../src/ingest/line-splitter.js'

function split(bytes: Buffer, size: number, maxLineBytes?: number): [number, string][] {
  const out: [number, string][] = []
  const splitter = new LineSplitter(
    (text, line) => out.push([line, text]),
    (reason, line) => out.push([line, `problem: ${reason}`]),
    maxLineBytes,
  )
  for (let at = 0; at < bytes.length; at += size) splitter.push(bytes.subarray(at, at + size))
  splitter.end()
  return out
}

describe('LineSplitter', () => {
  it('gives every non-blank line with its number, whatever the chunking', () => {
    const line = fc.oneof(
      fc.constant(''),
      fc.constant('  \r'),
      fc.string({ unit: 'grapheme', maxLength: 30 }),
    )
    fc.assert(
      fc.property(fc.array(line, { maxLength: 20 }), fc.integer({ min: 1, max: 17 }), (raw, size) => {
        const lines = raw.map((l) => l.replaceAll('\n', ' '))
        const expected = lines
          .map((text, i): [number, string] => [i + 1, text])
          .filter(([, text]) => text.trim().length > 0)
        expect(split(Buffer.from(lines.join('\n')), size)).toEqual(expected)
      }),
      { seed: 42, numRuns: 300 },
    )
  })

  it('keeps the carriage return of CRLF lines, which JSON.parse reads as whitespace', () => {
    const out = split(Buffer.from('{"a":1}\r\n\r\n{"b":"ü"}\r\n'), 3)
    expect(out).toEqual([
      [1, '{"a":1}\r'],
      [3, '{"b":"ü"}\r'],
    ])
    expect(out.map(([, text]) => JSON.parse(text))).toEqual([{ a: 1 }, { b: 'ü' }])
  })

  it('joins a line spread over many chunks once', () => {
    const long = `{"x":"${'é'.repeat(50_000)}"}`
    expect(split(Buffer.from(`${long}\n{}`), 1000)).toEqual([
      [1, long],
      [2, '{}'],
    ])
  })

  it('reports and skips a line longer than the limit, in one chunk or many, and goes on', () => {
    const text = `{"a":1}\n{"long":"${'x'.repeat(80)}"}\n{"b":2}\n${'y'.repeat(60)}`
    for (const size of [7, 1000]) {
      const out = split(Buffer.from(text), size, 50)
      expect(
        out.map(([line, t]) => [line, t.startsWith('problem: line longer than 50 bytes') ? 'problem' : t]),
      ).toEqual([
        [1, '{"a":1}'],
        [2, 'problem'],
        [3, '{"b":2}'],
        [4, 'problem'],
      ])
    }
  })
})
