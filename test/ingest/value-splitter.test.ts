import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { ValueSplitter } from '../../src/ingest/value-splitter.js'

/** Feeds `bytes` in chunks of `size` and returns what the splitter emitted. */
function split(bytes: Buffer, size: number): { values: unknown[]; lines: number[]; problems: string[] } {
  const values: unknown[] = []
  const lines: number[] = []
  const problems: string[] = []
  const splitter = new ValueSplitter(
    (text, line) => {
      values.push(JSON.parse(text))
      lines.push(line)
    },
    (reason, line) => problems.push(`${line}: ${reason}`),
  )
  for (let at = 0; at < bytes.length; at += size) splitter.push(bytes.subarray(at, at + size))
  splitter.end()
  return { values, lines, problems }
}

const record = fc.dictionary(fc.string({ unit: 'grapheme', maxLength: 6 }), fc.jsonValue({ maxDepth: 3 }), {
  maxKeys: 5,
})

describe('ValueSplitter', () => {
  it('emits each element of a top-level array, whatever the chunking', () => {
    fc.assert(
      fc.property(
        fc.array(record, { maxLength: 8 }),
        fc.integer({ min: 1, max: 40 }),
        fc.boolean(),
        (records, size, pretty) => {
          const text = pretty ? JSON.stringify(records, null, 2) : JSON.stringify(records)
          const out = split(Buffer.from(text), size)
          expect(out.problems).toEqual([])
          expect(out.values).toEqual(records)
        },
      ),
      { seed: 20240601, numRuns: 300 },
    )
  })

  it("emits the results of a saved envelope and skips the envelope's other keys", () => {
    fc.assert(
      fc.property(fc.array(record, { maxLength: 6 }), fc.integer({ min: 1, max: 25 }), (records, size) => {
        const envelope = {
          page: 0,
          pages: 1,
          result_count: records.length,
          results: records,
          tail: { results: [1] },
        }
        const out = split(Buffer.from(JSON.stringify(envelope, null, 1)), size)
        expect(out.problems).toEqual([])
        expect(out.values).toEqual(records)
      }),
      { seed: 7, numRuns: 200 },
    )
  })

  it('emits a whole top-level object that is not an envelope, and a sequence of them', () => {
    const objects = [{ a: 1, results: 'not an array' }, { b: { results: [1, 2] } }, { c: '}{][' }]
    const out = split(Buffer.from(objects.map((o) => JSON.stringify(o, null, 2)).join('\n')), 5)
    expect(out.values).toEqual(objects)
  })

  it('reports the line each element starts on', () => {
    const text = '[\n  {"a": 1},\n  {"b":\n 2},\n\n  {"c": "x\\ny"}\n]'
    const out = split(Buffer.from(text), 3)
    expect(out.lines).toEqual([2, 3, 6])
  })

  it('decodes UTF-8 sequences split across chunks', () => {
    const records = [{ name: 'münchen.de', city: '東京', emoji: '🦊🦊' }, { s: 'é"\\' }]
    for (let size = 1; size <= 5; size++) {
      expect(split(Buffer.from(JSON.stringify(records)), size).values).toEqual(records)
    }
  })

  it('emits scalar elements as they are, for the caller to reject', () => {
    expect(split(Buffer.from('[1, "two", null, {"x": [true]}]'), 2).values).toEqual([
      1,
      'two',
      null,
      { x: [true] },
    ])
  })

  it('reports a top-level scalar and an unterminated value', () => {
    const out = split(Buffer.from('42\n[{"a": 1}, {"b": '), 4)
    expect(out.values).toEqual([{ a: 1 }])
    expect(out.problems).toEqual([
      '1: expected a JSON object or array at the top level',
      '2: unexpected end of input: unterminated JSON value',
    ])
  })

  it('ignores brackets and quotes inside strings, escaped quotes included', () => {
    const records = [{ t: 'a "quoted" ] } [ {', u: '\\', v: '\\"', x: '\\\\"\\' }, { w: 'results' }, ['"]']]
    const bytes = Buffer.from(JSON.stringify(records))
    for (let size = 1; size <= bytes.length; size++) expect(split(bytes, size).values).toEqual(records)
  })
})
