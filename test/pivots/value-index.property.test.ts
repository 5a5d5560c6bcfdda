/**
 * The spelling-variant index (value-index.ts) against two references on random values and texts:
 * a brute force of its tiers (every value encoded, every word of the text a prefix of one of its
 * words), and FlexSearch's own `Index` (forward tokenizer, `LatinExtra` encoder), whose matches
 * must be exactly the values matching every word. The index also survives its file
 * (snapshot/suggest-file.ts) unchanged.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import fc from 'fast-check'
import { Charset, Index } from 'flexsearch'
import { afterAll, describe, expect, it } from 'vitest'
import { compareCodePoints } from '../../src/pivots/byte-strings.js'
import { VALUE_ENCODER } from '../../src/pivots/value-index.js'
import { buildValueIndex, valueIndexOf } from '../../src/pivots/value-index-build.js'
import { readSuggestFile, suggestFilePath, writeSuggestFile } from '../../src/snapshot/suggest-file.js'

const PIECES = [
  'acme',
  'Acme',
  'ACME',
  'holdings',
  'holdngs',
  'hold',
  'Zürich',
  'zurich',
  'straße',
  'co',
  'c',
  'ns1',
  'cloud',
  'cloudflare',
  'jose',
  'costa',
  'gmail',
  'com',
  'éclair',
  '12',
  '8001',
  'x',
  '😀',
  '\uFFFD',
  'ltd',
]
const SEPARATORS = [' ', '.', '@', ', ', '-', '  ']

const value = fc
  .array(fc.constantFrom(...PIECES), { minLength: 1, maxLength: 4 })
  .chain((words) =>
    fc
      .array(fc.constantFrom(...SEPARATORS), { minLength: words.length, maxLength: words.length })
      .map((seps) => words.map((w, i) => (i === 0 ? w : `${seps[i]}${w}`)).join('')),
  )

// A text: a value, a cut of one, a value with one letter dropped, or random pieces.
const text = (values: readonly string[]): fc.Arbitrary<string> =>
  fc.oneof(
    fc.constantFrom(...values),
    fc.tuple(fc.constantFrom(...values), fc.nat()).map(([v, n]) => v.slice(0, 1 + (n % v.length))),
    fc.tuple(fc.constantFrom(...values), fc.nat()).map(([v, n]) => {
      const at = n % v.length
      return v.slice(0, at) + v.slice(at + 1) || v
    }),
    value,
  )

function words(s: string): string[] {
  return [...new Set(VALUE_ENCODER.encode(s))]
}

function bruteTiers(
  values: readonly string[],
  query: string,
): { prefix: Set<string>; every: Set<string>; any: Set<string> } {
  const lower = query.trim().toLowerCase()
  const terms = words(query)
  const holds = (v: string, t: string): boolean => words(v).some((w) => w.startsWith(t))
  return {
    prefix: new Set(lower === '' ? [] : values.filter((v) => v.toLowerCase().startsWith(lower))),
    every: new Set(terms.length === 0 ? [] : values.filter((v) => terms.every((t) => holds(v, t)))),
    any: new Set(values.filter((v) => terms.some((t) => holds(v, t)))),
  }
}

const scenario = fc
  .uniqueArray(value, { minLength: 1, maxLength: 40 })
  .chain((values) => fc.tuple(fc.constant(values), fc.array(text(values), { minLength: 1, maxLength: 8 })))

describe('ValueIndex', () => {
  it('finds what the brute force of its tiers finds', () => {
    fc.assert(
      fc.property(scenario, fc.integer({ min: 1, max: 12 }), ([values, texts], max) => {
        const index = valueIndexOf(values)
        for (const t of texts) {
          const { prefix, every, any } = bruteTiers(values, t)
          const matched = new Set([...prefix, ...every])
          const expected = matched.size > 0 ? matched : any
          const all = index.candidates(t, null, 10_000)
          expect(new Set(all), t).toEqual(expected)
          const cut = index.candidates(t, null, max)
          expect(cut.length).toBe(Math.min(max, expected.size))
          for (const v of cut) expect(expected.has(v)).toBe(true)
          // Tier 2 comes first: the prefix matches lead when there are any.
          expect(cut.slice(0, Math.min(max, prefix.size)).every((v) => prefix.has(v))).toBe(true)
          const exact = values[0] as string
          expect(index.candidates(t, exact, max)[0]).toBe(exact)
        }
      }),
      { seed: 2611, numRuns: 300 },
    )
  })

  it('matches every word exactly where FlexSearch does', () => {
    fc.assert(
      fc.property(scenario, ([values, texts]) => {
        const flex = new Index({ tokenize: 'forward', encoder: Charset.LatinExtra })
        values.forEach((v, id) => {
          flex.add(id, v)
        })
        for (const t of texts) {
          if (words(t).length === 0) continue
          const found = new Set(flex.search(t, { limit: 10_000 }).map((id) => values[id as number]))
          expect(bruteTiers(values, t).every, t).toEqual(found)
        }
      }),
      { seed: 2612, numRuns: 300 },
    )
  })

  it('shows a value in the spelling given with its key, and sorts in code-point order', () => {
    const index = buildValueIndex([
      ['godaddy.com, llc', 'GoDaddy.com, LLC'],
      ['\uFFFD', '\uFFFD'],
      ['😀', '😀'],
    ])
    expect(index.candidates('godady', 'godaddy.com, llc', 5)).toEqual(['GoDaddy.com, LLC'])
    expect([0, 1, 2].map((i) => index.parts.values.get(i))).toEqual(
      ['godaddy.com, llc', '\uFFFD', '😀'].sort(compareCodePoints),
    )
  })
})

describe('the value index file', () => {
  const dir = mkdtempSync(join(tmpdir(), 'dmx-suggest-'))
  afterAll(() => rmSync(dir, { recursive: true, force: true }))

  it('reads back what it wrote, and refuses another content or damage', async () => {
    const snapshot = join(dir, 'corpus.dmx')
    await fc.assert(
      fc.asyncProperty(
        fc.uniqueArray(value, { minLength: 0, maxLength: 30 }),
        fc.boolean(),
        async (values, spelled) => {
          const index = spelled
            ? buildValueIndex(values.map((v) => [v.toLowerCase(), v] as const))
            : valueIndexOf(values)
          await writeSuggestFile(snapshot, '1-00000001', 'organization', index)
          const read = readSuggestFile(snapshot, '1-00000001', 'organization')
          if (!('index' in read)) throw new Error(`not read back: ${read.reason}`)
          for (const t of values.slice(0, 3)) {
            expect(read.index.candidates(t, null, 50)).toEqual(index.candidates(t, null, 50))
          }
          expect(readSuggestFile(snapshot, '2-00000001', 'organization')).toEqual({ reason: 'stale' })
          expect(readSuggestFile(snapshot, '1-00000001', 'email')).toEqual({ reason: 'none' })
          const file = suggestFilePath(snapshot, 'organization')
          const bytes = readFileSync(file)
          const at = Math.floor(bytes.length / 3)
          bytes[at] = (bytes[at] as number) ^ 0x10
          writeFileSync(file, bytes)
          expect(readSuggestFile(snapshot, '1-00000001', 'organization')).toEqual({ reason: 'damaged' })
        },
      ),
      { seed: 2613, numRuns: 40 },
    )
  })
})
