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
import { VALUE_ENCODER } from '../../src/pivots/value-encoder.js'
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

function holds(value: string, term: string): boolean {
  return words(value).some((w) => w.startsWith(term))
}

// The candidates as value-index.ts's tiers define them, by brute force over every value.
function bruteCandidates(
  held: ReadonlyMap<string, number>,
  text: string,
  exact: string | null,
  max: number,
): string[] {
  const byId = [...held.keys()].sort(compareCodePoints)
  const id = new Map(byId.map((v, i) => [v, i]))
  const heldOf = (v: string): number => held.get(v) as number
  const found: string[] = []
  if (exact !== null && held.has(exact) && max > 0) found.push(exact)
  const take = (list: readonly string[], order: (a: string, b: string) => number): void => {
    const rest = [...new Set(list)].filter((v) => !found.includes(v)).sort(order)
    found.push(...rest.slice(0, Math.max(0, max - found.length)))
  }
  const byHeld = (a: string, b: string): number =>
    heldOf(b) - heldOf(a) || (id.get(a) as number) - (id.get(b) as number)
  const before = found.length
  const lower = text.trim().toLowerCase()
  if (lower !== '') {
    const folded = [...byId].sort((a, b) => compareCodePoints(a.toLowerCase(), b.toLowerCase()))
    take(
      folded.filter((v) => v.toLowerCase().startsWith(lower)),
      (a, b) => heldOf(b) - heldOf(a) || folded.indexOf(a) - folded.indexOf(b),
    )
  }
  const terms = words(text)
  if (terms.length > 0) {
    take(
      byId.filter((v) => terms.every((t) => holds(v, t))),
      byHeld,
    )
    if (found.length === before) {
      const hits = (v: string): number => terms.filter((t) => holds(v, t)).length
      take(
        byId.filter((v) => hits(v) > 0),
        (a, b) => hits(b) - hits(a) || byHeld(a, b),
      )
    }
  }
  return found
}

const scenario = fc
  .uniqueArray(value, { minLength: 1, maxLength: 40 })
  .chain((values) =>
    fc.tuple(
      fc.constant(values),
      fc.array(fc.integer({ min: 1, max: 4 }), { minLength: values.length, maxLength: values.length }),
      fc.array(text(values), { minLength: 1, maxLength: 8 }),
    ),
  )

describe('ValueIndex', () => {
  it('gives the candidates of its tiers, as a brute force over every value finds them', () => {
    fc.assert(
      fc.property(
        scenario,
        fc.integer({ min: 1, max: 12 }),
        fc.nat(),
        ([values, counts, texts], max, pick) => {
          const held = new Map(values.map((v, i) => [v, counts[i] as number]))
          const index = buildValueIndex(values.map((v) => [v, v, held.get(v) as number] as const))
          const exact = values[pick % values.length] as string
          for (const t of texts) {
            expect(index.candidates(t, null, max), t).toEqual(bruteCandidates(held, t, null, max))
            expect(index.candidates(t, exact, max), t).toEqual(bruteCandidates(held, t, exact, max))
            expect(index.candidates(t, null, 10_000), t).toEqual(bruteCandidates(held, t, null, 10_000))
          }
        },
      ),
      { seed: 2611, numRuns: 300 },
    )
  })

  it('matches every word exactly where FlexSearch does', () => {
    fc.assert(
      fc.property(scenario, ([values, , texts]) => {
        const flex = new Index({ tokenize: 'forward', encoder: Charset.LatinExtra })
        values.forEach((v, id) => {
          flex.add(id, v)
        })
        for (const t of texts) {
          const terms = words(t)
          if (terms.length === 0) continue
          const found = new Set(flex.search(t, { limit: 10_000 }).map((id) => values[id as number]))
          expect(new Set(values.filter((v) => terms.every((term) => holds(v, term)))), t).toEqual(found)
        }
      }),
      { seed: 2612, numRuns: 300 },
    )
  })

  it('shows a value in the spelling given with its key, and sorts in code-point order', () => {
    const index = buildValueIndex([
      ['godaddy.com, llc', 'GoDaddy.com, LLC', 3],
      ['\uFFFD', '\uFFFD', 1],
      ['😀', '😀', 1],
      ['a\uD800', 'a\uD800', 1],
      ['\uE000', '\uE000', 1],
    ])
    expect(index.candidates('godady', 'godaddy.com, llc', 5)).toEqual(['GoDaddy.com, LLC'])
    const held = Array.from({ length: index.size }, (_, i) => index.parts.values.get(i))
    expect(held).toEqual(['a\uD800', 'godaddy.com, llc', '\uE000', '\uFFFD', '😀'])
    for (const v of held) expect(index.parts.values.indexOf(v)).toBe(held.indexOf(v))
  })

  it('keeps a value longer than any encoded before it (the encoder grows its buffer)', () => {
    const long = `acme ${'x'.repeat(100_000 + Math.floor(Math.random() * 1000))}`
    const index = valueIndexOf([long, 'acme b'])
    expect([index.parts.values.get(0), index.parts.values.get(1)]).toEqual(['acme b', long])
    expect(index.candidates(long, long, 5)[0]).toBe(long)
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
            ? buildValueIndex(values.map((v) => [v.toLowerCase(), v, 2] as const))
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
