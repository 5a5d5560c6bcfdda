/**
 * The build gives the same engine whatever the threads and however large files are cut into
 * ranges: every part's state (records, reverse index, both DNS indexes) and every count and
 * reject (file, line, reason) equal those of a build that reads each file whole in the calling
 * thread, and that build equals the object loader (`loadSources`, the loader's original path).
 * Covers ranges cut inside lines, a line longer than several ranges, CRLF, a BOM, blank lines, a
 * missing final newline, arrays and envelopes on a line, duplicates across ranges, strict mode.
 */
import { isDeepStrictEqual } from 'node:util'
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type BuiltParts, buildParts } from '../../src/build/build-parts.js'
import { resultOrder } from '../../src/collect/order.js'
import { SnapshotError } from '../../src/errors.js'
import { loadSources } from '../../src/ingest/load.js'
import type { Sources } from '../../src/types.js'
import { observation, type TempFiles, tempFiles, whoisRecord } from '../ingest/temp-files.js'

let files: TempFiles
beforeAll(async () => {
  files = await tempFiles()
})
afterAll(() => files.remove())

const WHOLE = Number.MAX_SAFE_INTEGER

function build(sources: Sources, workers: number, rangeBytes: number, strict = false): Promise<BuiltParts> {
  return buildParts(sources, { strict, onProgress: undefined, workers, rangeBytes })
}

/** Everything a build produced, in comparable form: records by document, index states, counts. */
function outcome(parts: BuiltParts): unknown {
  const records = Array.from({ length: parts.store.size }, (_, doc) => parts.store.get(doc))
  // The packed layout (chunks, their string tables and shapes) follows where tasks cut the input.
  const {
    chunks: _c,
    chunkStarts: _s,
    ends: _e,
    tableCoded: _v,
    tables: _b,
    tableEnds: _d,
    codecs: _k,
    chunkCodec: _h,
    ...lookup
  } = parts.store.state
  return {
    records,
    lookup,
    reverse: parts.reverse.state,
    mx: parts.mx.saved,
    txt: parts.txt.saved,
    load: parts.load,
  }
}

/** Deep equality, checked fast first (vitest's diffing equality is slow on large typed arrays). */
function expectSame(actual: unknown, expected: unknown): void {
  if (!isDeepStrictEqual(actual, expected)) expect(actual).toEqual(expected)
}

const SAMPLE: Sources = {
  whois: ['data/whois.jsonl'],
  dns: [
    { path: 'data/dns-mx.jsonl', kind: 'mx' },
    { path: 'data/dns-txt.jsonl', kind: 'txt' },
  ],
}

describe('a parallel build', () => {
  it('equals a single-threaded build of the sample data, byte for byte', async () => {
    const single = await build(SAMPLE, 0, 64 << 10)
    const parallel = await build(SAMPLE, 2, 64 << 10)
    expectSame(parallel.store.state, single.store.state)
    expectSame(outcome(parallel), outcome(single))
    const whole = await build(SAMPLE, 0, WHOLE)
    expectSame(outcome(parallel), outcome(whole))
    expect(single.load.sources.map((s) => s.bytes)).toEqual(whole.load.sources.map((s) => s.bytes))
  })

  it('reads a messy file in ranges exactly as whole: rejects, lines, duplicates', async () => {
    const long = whoisRecord('long.org', { registrant: { organization: 'x'.repeat(900) } })
    const lines = [
      `\ufeff${JSON.stringify(whoisRecord('a.com'))}`,
      '',
      '{"domain": {',
      `${JSON.stringify(whoisRecord('b.com'))}\r`,
      JSON.stringify(long),
      '   ',
      JSON.stringify([whoisRecord('c.com'), 42, whoisRecord('a.com', { server: 'second' })]),
      JSON.stringify({ results: [whoisRecord('d.com'), { domain: { name: 'bad host' } }] }),
      JSON.stringify(whoisRecord('b.com', { server: 'later' })),
      'not json',
      JSON.stringify(whoisRecord('e.com')),
    ]
    const whois = await files.write('messy.jsonl', lines.join('\n'))
    const dnsLines = [
      JSON.stringify(observation('o1', 'a.com', 'mx')),
      JSON.stringify(observation('o2', 'b.com', 'txt')),
      '{"date": 5}',
      JSON.stringify(observation('o1', 'c.com', 'txt')),
      JSON.stringify(observation('o3', 'c.com', 'mx')),
    ]
    const dns = await files.write('messy-dns.jsonl', `${dnsLines.join('\r\n')}\r\n`)
    const sources: Sources = { whois: [whois, whois], dns: [dns] }
    const wholeParts = await build(sources, 0, WHOLE)
    const whole = outcome(wholeParts)
    const rejects = (whole as { load: { rejects: { kept: { line: number }[] } } }).load.rejects.kept
    expect(rejects.map((r) => r.line)).toEqual([3, 7, 8, 10, 3, 7, 8, 10, 3])
    // The object loader (loadSources, which the ClickHouse export shares) is the reference: same
    // counts and rejects, same records in result order.
    const loaded = await loadSources(sources)
    expect(wholeParts.load).toEqual(loaded.stats)
    const order = resultOrder(loaded.whois.records, loaded.whois.keys)
    expectSame(
      Array.from({ length: wholeParts.store.size }, (_, doc) => wholeParts.store.get(doc)),
      Array.from(order, (i) => loaded.whois.records[i]),
    )
    for (const rangeBytes of [3, 64, 1000]) {
      expectSame(outcome(await build(sources, 0, rangeBytes)), whole)
    }
    expectSame(outcome(await build(sources, 2, 50)), whole)
  })

  it('throws the first reject in load order in strict mode, with its file line', async () => {
    const good = Array.from({ length: 200 }, (_, i) => JSON.stringify(whoisRecord(`d${i}.com`)))
    good[150] = '{"domain": 7}'
    good[180] = 'not json'
    const path = await files.write('strict.jsonl', `${good.join('\n')}\n`)
    for (const workers of [0, 2]) {
      const error = await build({ whois: [path] }, workers, 2000, true).catch((e: unknown) => e)
      expect(error).toBeInstanceOf(SnapshotError)
      expect(error).toMatchObject({ code: 'bad_record', file: path, line: 151 })
    }
  })

  it('agrees with the whole-file read on random files and random range sizes', async () => {
    const line = fc.oneof(
      fc.constantFrom('a.com', 'b.net', 'c.org', 'd.io').map((name) => JSON.stringify(whoisRecord(name))),
      fc.constantFrom('', ' ', '\r', '{', 'null', '[1]', '{"query": "x y"}'),
      fc
        .string({ maxLength: 40 })
        .map((org) => JSON.stringify(whoisRecord('e.com', { registrant: { organization: org } }))),
    )
    let run = 0
    await fc.assert(
      fc.asyncProperty(
        fc.array(line, { maxLength: 30 }),
        fc.boolean(),
        fc.integer({ min: 1, max: 400 }),
        async (lines, finalNewline, rangeBytes) => {
          const path = await files.write(
            `random-${run++}.jsonl`,
            lines.join('\n') + (finalNewline ? '\n' : ''),
          )
          const sources: Sources = { whois: [path] }
          expectSame(outcome(await build(sources, 0, rangeBytes)), outcome(await build(sources, 0, WHOLE)))
        },
      ),
      { seed: 6, numRuns: 100 },
    )
  })
})
