/**
 * Table-coded chunks (table-codec/, chunk-packer.ts, packed-slots.ts) give every value back
 * exactly, odd values included (lone surrogates, -0, an own `__proto__`, and the V8 serializer's
 * class instances and bigints), across chunk boundaries, in any read order; the same values always
 * pack to the same bytes; a chunk rewritten without some values (the WHOIS log's compaction) reads
 * the same; damaged bytes are a RangeError, never a wrong value.
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { ChunkPacker, type PackedChunk } from '../../src/indexes/chunk-packer.js'
import { assembleChunks, PackedSlots } from '../../src/indexes/packed-slots.js'
import { instantSeconds, instantText } from '../../src/indexes/table-codec/instant-text.js'
import { nibbleCount, readNibbles, writeNibbles } from '../../src/indexes/table-codec/nibbles.js'
import { StringTally } from '../../src/indexes/table-codec/string-table.js'
import { TableDecoder } from '../../src/indexes/table-codec/table-decoder.js'

function record(i: number): object {
  return {
    query: `d${i}.com`,
    domain: {
      name: `d${i}.com`,
      id: `${1000 + i}_DOMAIN_COM-VRSN`,
      created: '2020-01-02T03:04:05Z',
      updated: `2021-0${1 + (i % 9)}-1${i % 10}`,
      registrar_name: 'Example Registrar, Inc.',
      nameservers: [`ns${i % 7}.example.net`, `a${i}.ns.cloudflare.com`],
    },
    registrant: {
      organization: `Org ${i % 13}`,
      phone: `+1.650${i}`,
      email: `user${i}@org${i % 13}.com`,
      redacted: i % 2 === 0,
    },
    admin: { email: `user${i}@org${i % 13}.com`, score: i * 1.5, rank: i - 50 },
  }
}

/** Values JSON.parse can give that a naive coding would alter, and values only V8 keeps. */
const ODD: readonly unknown[] = [
  { s: '\ud800 lone', t: 'trail \udc00' },
  { n: -0 },
  JSON.parse('{"__proto__":{"x":1},"a":2}'),
  JSON.parse('{"b":1,"2":3,"a":[]}'),
  { d: new Date(0) },
  -1,
  { big: 2n ** 70n },
  { n: 2 ** 60, f: 0.1, m: Number.MIN_SAFE_INTEGER, i: Number.POSITIVE_INFINITY, nan: Number.NaN },
  { empty: {}, e: [], s: '' },
  'x'.repeat(70_000),
]

function pack(values: readonly unknown[], tableCoded = true): PackedChunk[] {
  const packer = new ChunkPacker({ tableCoded })
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

describe('table-coded chunks', () => {
  it('give values back exactly, odd ones included', () => {
    const values = [...ODD, ...Array.from({ length: 40 }, (_, i) => record(i)), ...ODD]
    const slots = slotsOf(values)
    expect(slots.size).toBe(values.length)
    for (let s = values.length - 1; s >= 0; s--) expect(slots.get(s)).toStrictEqual(values[s])
    const proto = slots.get(2) as Record<string, unknown>
    expect(Object.getPrototypeOf(proto)).toBe(Object.prototype)
    expect(Object.keys(proto)).toEqual(['__proto__', 'a'])
    expect(Object.is((slots.get(1) as { n: number }).n, -0)).toBe(true)
  })

  it('give values back exactly across many chunks, read in scattered order', () => {
    const n = 2 * (1 << 14) + 3
    const values = Array.from({ length: n }, (_, i) => (i % 1000 === 999 ? ODD[i % ODD.length] : record(i)))
    const slots = slotsOf(values)
    expect(slots.state.chunks.length).toBe(3)
    for (let k = 0; k < 5000; k++) {
      const s = (k * 7919) % n
      expect(slots.get(s)).toStrictEqual(values[s])
    }
    for (const s of [0, (1 << 14) - 1, 1 << 14, n - 1]) expect(slots.get(s)).toStrictEqual(values[s])
  })

  it('hold far fewer bytes than msgpackr, string tables included', () => {
    const values = Array.from({ length: 4000 }, (_, i) => record(i))
    const [plain] = pack(values, false)
    const [coded] = pack(values)
    const codedBytes =
      (coded?.bytes.length ?? 0) + (coded?.table.length ?? 0) + 4 * (coded?.tableEnds.length ?? 0)
    expect(codedBytes).toBeLessThan((plain?.bytes.length ?? 0) / 2)
  })

  it('are the same bytes for the same values, packed again by another packer', () => {
    const values = Array.from({ length: 50 }, (_, i) => (i === 5 ? ODD[0] : record(i)))
    expect(pack(values)).toStrictEqual(pack(values))
  })

  it('close before their encodings could pass 32 MiB', () => {
    const big = { s: 'y'.repeat(3 << 20) }
    const chunks = pack(Array.from({ length: 5 }, () => big))
    expect(chunks.length).toBeGreaterThan(1)
    expect(chunks.every((chunk) => chunk.bytes.length <= 64 << 20)).toBe(true)
  })

  it('read the same after being rewritten without some values, table and shapes kept', () => {
    const values = Array.from({ length: 30 }, (_, i) => record(i))
    const chunk = pack(values)[0] as PackedChunk
    const keep = [0, 3, 4, 29]
    const parts = keep.map((i) => chunk.bytes.subarray(i === 0 ? 0 : chunk.ends[i - 1], chunk.ends[i]))
    const bytes = new Uint8Array(parts.reduce((n, p) => n + p.length, 0))
    const ends = new Uint32Array(parts.length)
    parts.reduce((at, p, j) => {
      bytes.set(p, at)
      ends[j] = at + p.length
      return at + p.length
    }, 0)
    const slots = new PackedSlots(assembleChunks([{ ...chunk, bytes, ends }]))
    keep.forEach((i, j) => {
      expect(slots.get(j)).toStrictEqual(values[i])
    })
  })

  it('refuse to be laid end to end with plain chunks', () => {
    expect(() => assembleChunks([...pack([record(1)]), ...pack([record(2)], false)])).toThrow(/table-coded/)
  })

  it('keep in the table only strings that two or more values hold, most widespread first', () => {
    const tally = new StringTally()
    tally.add({ a: 'x', b: 'x', c: 'only', d: 'ann@acme.com' })
    tally.add({ a: 'y', b: 'x', d: 'bob@acme.com' })
    tally.add({ a: 'y', b: 'z', d: 'ann@acme.com' })
    // Ties keep first-seen order. A shared part counts when its string is new: the third value's
    // 'ann@acme.com' is its own table entry, so '@acme.com' counts two values, not three.
    expect(tally.table()).toEqual(['x', 'ann@acme.com', '@acme.com', 'y'])
  })

  it('give random values back exactly, odd ones included (fast-check)', () => {
    const text = fc.oneof(
      fc.string({ unit: 'binary', maxLength: 8 }),
      fc.constantFrom(
        'a@b.com',
        'x@b.com',
        '12_ID',
        '12 Main St',
        'ns1.host.net',
        'ns2.host.net',
        '@',
        '.',
        '1',
      ),
      fc.stringMatching(/^[0-9T:. -]{4,30}[Z+]?$/),
      fc.integer({ min: -62_167_219_200, max: 253_402_300_799 }).map((s) => instantText(s)),
      fc.constantFrom('2020-02-30T00:00:00Z', '2020-01-01T24:00:00Z', '0000-01-01T00:00:00Z'),
    )
    const odd = fc.oneof(
      text,
      fc.constant(-0),
      fc.constant(JSON.parse('{"__proto__":1}') as unknown),
      fc.double(),
    )
    const value = fc.oneof(
      { weight: 4, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
      { weight: 3, arbitrary: fc.dictionary(fc.string({ maxLength: 3 }), odd, { noNullPrototype: true }) },
      { weight: 1, arbitrary: fc.array(text, { maxLength: 6 }) },
    )
    fc.assert(
      fc.property(fc.array(value, { minLength: 1, maxLength: 20 }), fc.nat(), (values, seed) => {
        const slots = slotsOf(values)
        for (let k = 0; k < values.length; k++) {
          const s = (seed + k * 5) % values.length
          expect(slots.get(s)).toStrictEqual(values[s])
        }
      }),
      { seed: 3, numRuns: 300 },
    )
  })

  it('refuse damaged bytes with a RangeError, never a crash or another error (fast-check)', () => {
    const [chunk] = pack(Array.from({ length: 20 }, (_, i) => record(i)))
    if (chunk === undefined) throw new Error('no chunk')
    fc.assert(
      fc.property(fc.nat(chunk.ends[0] as number), fc.nat(255), fc.nat(2), (at, byte, cut) => {
        const bytes = chunk.bytes.slice(0, chunk.ends[0])
        bytes[at % bytes.length] = byte
        const decoder = new TableDecoder({ bytes: chunk.table, ends: chunk.tableEnds }, chunk.structures)
        try {
          decoder.decode(bytes, 0, bytes.length - cut)
        } catch (error) {
          // A V8 tag in first place hands the bytes to the V8 serializer, which throws its own errors.
          if (bytes[0] !== 0xff) expect(error).toBeInstanceOf(RangeError)
        }
      }),
      { seed: 5, numRuns: 500 },
    )
  })
})

describe('instant strings', () => {
  it('pack exactly the strings that format back to themselves', () => {
    fc.assert(
      fc.property(fc.integer({ min: -62_167_219_200, max: 253_402_300_799 }), (seconds) => {
        expect(instantSeconds(instantText(seconds))).toBe(seconds)
        expect(instantText(seconds)).toBe(
          new Date(seconds * 1000).toISOString().replace('.000Z', 'Z').replace(/^\+0*/, ''),
        )
      }),
      { seed: 1, numRuns: 500 },
    )
    for (const s of [
      '2020-02-30T00:00:00Z',
      '2021-02-29T00:00:00Z',
      '2020-01-01T24:00:00Z',
      '2020-1-01T00:00:00Z',
      '2020-01-01T00:00:60Z',
      '2020-01-01 00:00:00Z',
    ])
      expect(instantSeconds(s)).toBeNull()
    expect(instantSeconds('2020-02-29T23:59:59Z')).toBe(Date.UTC(2020, 1, 29, 23, 59, 59) / 1000)
    expect(instantSeconds('0000-01-01T00:00:00Z')).toBe(-62_167_219_200)
  })
})

describe('nibble strings', () => {
  it('read back what they wrote, escapes included, and only pack when they save a quarter', () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom(...'0123456789-:.T +Z/a'), maxLength: 40 }), (s) => {
        const n = nibbleCount(s)
        if (n < 0) return
        expect(n * 2).toBeLessThanOrEqual(s.length * 3)
        const out = new Uint8Array(64)
        const end = writeNibbles(s, n, out, 1)
        expect(end).toBe(1 + ((n + 1) >> 1))
        expect(readNibbles(out, 1, n)).toBe(s)
      }),
      { seed: 2, numRuns: 1000 },
    )
    expect(nibbleCount('2010-06-17')).toBe(10)
    expect(nibbleCount('example')).toBe(-1)
    expect(nibbleCount('2020-01-02 é')).toBe(-1)
  })
})
