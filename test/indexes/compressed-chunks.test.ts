/**
 * Chunks compressed in blocks (block-codec.ts, chunk-packer.ts, packed-slots.ts) give every value
 * back exactly, odd values included (exact-pack.ts's V8 fallbacks), at every block and chunk
 * boundary, in any read order; the same values always compress to the same bytes; a dictionary
 * stays within its limit; a rewritten chunk (the WHOIS log's compaction) reads the same.
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { BLOCK_VALUES, DICTIONARY_BYTES, sampleDictionary } from '../../src/indexes/block-codec.js'
import { ChunkPacker, encodingsOf, type PackedChunk, withEncodings } from '../../src/indexes/chunk-packer.js'
import { assembleChunks, PackedSlots } from '../../src/indexes/packed-slots.js'

const B = BLOCK_VALUES

function record(i: number): object {
  return {
    query: `d${i}.com`,
    domain: {
      name: `d${i}.com`,
      registrar_name: 'Example Registrar, Inc.',
      nameservers: [`ns${i % 7}.example.net`],
    },
    registrant: { organization: `Org ${i % 13}`, redacted: i % 2 === 0 },
  }
}

/** Values msgpackr alone would alter or refuse: exact-pack.ts writes them with the V8 serializer. */
const ODD: readonly unknown[] = [
  { s: '\ud800 lone' },
  { n: -0 },
  JSON.parse('{"__proto__":{"x":1},"a":2}'),
  { d: new Date(0) },
  -1,
  { big: 2n ** 70n },
]

function pack(values: readonly unknown[], options = { compressed: true }): PackedChunk[] {
  const packer = new ChunkPacker(options)
  const chunks: PackedChunk[] = []
  for (const value of values) {
    if (packer.full) chunks.push(packer.take())
    packer.add(value)
  }
  if (packer.count > 0) chunks.push(packer.take())
  return chunks
}

function slotsOf(values: readonly unknown[]): PackedSlots {
  return new PackedSlots(structuredClone(assembleChunks(pack(values))))
}

describe('compressed chunks', () => {
  it('give values back exactly at block boundaries (1, B − 1, B, B + 1, 3B values)', () => {
    for (const n of [1, B - 1, B, B + 1, 3 * B]) {
      const values = Array.from({ length: n }, (_, i) => (i % 5 === 4 ? ODD[i % ODD.length] : record(i)))
      const slots = slotsOf(values)
      expect(slots.state.blockEnds.length).toBe(Math.ceil(n / B))
      expect(slots.size).toBe(n)
      for (let s = n - 1; s >= 0; s--) expect(slots.get(s)).toStrictEqual(values[s])
      values.forEach((value, s) => {
        expect(slots.get(s)).toStrictEqual(value)
      })
    }
  })

  it('give values back exactly across many chunks, read in scattered order', () => {
    const n = 2 * (1 << 14) + 3
    const values = Array.from({ length: n }, (_, i) => (i % 1000 === 999 ? ODD[i % ODD.length] : record(i)))
    const slots = slotsOf(values)
    expect(slots.state.chunks.length).toBe(3)
    expect(slots.state.dictionaries.every((d) => d.length > 0 && d.length <= DICTIONARY_BYTES)).toBe(true)
    for (let k = 0; k < 5000; k++) {
      const s = (k * 7919) % n
      expect(slots.get(s)).toStrictEqual(values[s])
    }
    for (const s of [0, B - 1, B, (1 << 14) - 1, 1 << 14, (1 << 14) + B, n - 1])
      expect(slots.get(s)).toStrictEqual(values[s])
  })

  it('hold far fewer bytes than the encodings', () => {
    const values = Array.from({ length: 4000 }, (_, i) => record(i))
    const [raw] = pack(values, { compressed: false })
    const [compressed] = pack(values)
    expect(compressed?.bytes.length).toBeLessThan((raw?.bytes.length ?? 0) / 3)
    expect(compressed?.ends).toEqual(raw?.ends)
  })

  it('are the same bytes for the same values, packed again by another packer', () => {
    const values = Array.from({ length: 3 * B + 1 }, (_, i) => (i === 5 ? ODD[0] : record(i)))
    expect(pack(values)).toStrictEqual(pack(values))
  })

  it('take their dictionary from their own values, within the limit', () => {
    const small = pack([record(1), record(2)])[0] as PackedChunk
    expect(small.dictionary).toEqual(encodingsOf(small))
    const large = pack(Array.from({ length: 1000 }, (_, i) => record(i)))[0] as PackedChunk
    expect(large.dictionary.length).toBeGreaterThan(DICTIONARY_BYTES - 300)
    expect(large.dictionary.length).toBeLessThanOrEqual(DICTIONARY_BYTES)
    expect(sampleDictionary(new Uint8Array(0), new Uint32Array(0)).length).toBe(0)
  })

  it('read the same after being rewritten with their own dictionary', () => {
    const values = Array.from({ length: 2 * B + 3 }, (_, i) => record(i))
    const chunk = pack(values)[0] as PackedChunk
    expect(withEncodings(chunk, encodingsOf(chunk), chunk.ends)).toStrictEqual(chunk)
  })

  it('refuse to be laid end to end with chunks compressed otherwise', () => {
    const compressed = pack([record(1)])
    const raw = pack([record(2)], { compressed: false })
    expect(() => assembleChunks([...compressed, ...raw])).toThrow(/blocks of 0 values/)
  })

  it('give random values back exactly, odd ones included (fast-check)', () => {
    const odd = fc.oneof(
      fc.string({ unit: 'binary', maxLength: 6 }),
      fc.constant(-0),
      fc.constant(JSON.parse('{"__proto__":1}') as unknown),
      fc.double(),
    )
    const value = fc.oneof(
      { weight: 4, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
      { weight: 1, arbitrary: fc.dictionary(fc.string({ maxLength: 3 }), odd, { noNullPrototype: true }) },
    )
    fc.assert(
      fc.property(fc.array(value, { minLength: 1, maxLength: 5 * B }), fc.nat(), (values, seed) => {
        const slots = slotsOf(values)
        for (let k = 0; k < values.length; k++) {
          const s = (seed + k * 5) % values.length
          expect(slots.get(s)).toStrictEqual(values[s])
        }
      }),
      { seed: 3, numRuns: 200 },
    )
  })
})
