/**
 * The DNS columns built in load order (dns/column-log.ts, through the build's observation log)
 * against the reference that interns in result order (result-order-columns.ts): equal columns for
 * every kind, whatever the interleaving of kinds, replaced observations and odd observations.
 */
import { isDeepStrictEqual } from 'node:util'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { ObservationLog } from '../../src/build/observation-log.js'
import { entryAt, entryCount } from '../../src/indexes/byte-table.js'
import { ChunkPacker } from '../../src/indexes/chunk-packer.js'
import type { Columns } from '../../src/indexes/dns/columns.js'
import { observationDay, observationId, observationsOf } from '../../src/indexes/dns/observation-source.js'
import type { DnsKind, Observation } from '../../src/types.js'
import { observationsArb } from './arbitraries.js'
import { apex, txt } from './observations.js'
import { resultOrderColumns } from './result-order-columns.js'

const ODD = [
  { date: '2024-01-01', id: 'no-items', items: [] },
  { date: '2024-01-01', id: 'bad-item', items: [{ context: 'dns-txt', value: 7 }, apex('a.com'), txt('ok')] },
  { date: 'not a date', id: 'bad-date', items: [apex('b.com'), txt('ok')] },
  { date: '2024-01-03T10:00:00Z', id: 'timestamp', items: [apex('c.com')] },
  { id: 42, date: '2024-01-02', items: 'none', extra: true },
  // Ids whose byte order differs from their string order, on one day so that only ids order them.
  { date: '2024-01-05', id: '\uFF61', items: [apex('d.com')] },
  { date: '2024-01-05', id: '\u{1F600}', items: [apex('d.com')] },
  { date: '2024-01-05', id: '\uD800', items: [apex('e.com')] },
  { date: '2024-01-05', id: 'z', items: [apex('e.com')] },
] as unknown as Observation[]

interface Entry {
  readonly observation: Observation
  readonly kind: number
}

/** Feeds the entries through an observation log in chunks cut at the given sizes. */
function logOf(entries: readonly Entry[], chunkSizes: readonly number[]): ObservationLog {
  const log = new ObservationLog()
  let at = 0
  for (let c = 0; at < entries.length; c++) {
    const size = Math.max(1, chunkSizes[c % Math.max(1, chunkSizes.length)] ?? entries.length)
    const part = entries.slice(at, at + size)
    at += part.length
    const packer = new ChunkPacker()
    for (const e of part) packer.add(e.observation)
    log.add({
      packed: packer.take(),
      ids: part.map((e) => observationId(e.observation)),
      days: Int32Array.from(part, (e) => observationDay(e.observation)),
      kinds: Uint8Array.from(part, (e) => e.kind),
    })
  }
  return log
}

function expectSameColumns(actual: Columns, expected: ReturnType<typeof resultOrderColumns>): void {
  for (const key of Object.keys(expected) as (keyof typeof expected)[]) {
    if (key === 'stringIds' || key === 'occurrenceItem' || key === 'ids') continue
    expect(isDeepStrictEqual(actual[key], expected[key]), key).toBe(true)
  }
  expect(expected.ids.map((_, i) => entryAt(actual.ids, i))).toEqual(expected.ids)
  expect(actual.ids.starts.length).toBe(expected.ids.length + 1)
  expect([...actual.occurrenceItem.toArray()]).toEqual([...expected.occurrenceItem.toArray()])
  const strings = Array.from({ length: entryCount(expected.strings) }, (_, s) => entryAt(expected.strings, s))
  for (const s of [...strings, 'absent', 'A.COM'])
    expect(actual.stringIds.get(s), s).toBe(expected.stringIds.get(s))
}

/** The live observations of each kind in load order: the latest of each id, whatever its kind. */
function liveOf(entries: readonly Entry[], tag: number): Observation[] {
  const latest = new Map<string, number>()
  entries.forEach((e, i) => {
    latest.set(observationId(e.observation), i)
  })
  return entries
    .filter((e, i) => e.kind === tag && latest.get(observationId(e.observation)) === i)
    .map((e) => e.observation)
}

const entriesArb = fc
  .tuple(observationsArb('mx', 40), observationsArb('txt', 40), fc.array(fc.nat(1000), { maxLength: 120 }))
  .chain(([mx, txts, picks]) => {
    const all: Entry[] = [
      ...mx.map((observation) => ({ observation, kind: 0 })),
      ...txts.map((observation) => ({ observation, kind: 1 })),
      ...ODD.map((observation, i) => ({ observation, kind: i % 2 })),
    ]
    // Interleave the kinds, and reuse ids so that later observations replace earlier ones.
    return fc.shuffledSubarray(all, { minLength: all.length, maxLength: all.length }).map((shuffled) =>
      shuffled.map((e, i) => {
        const pick = picks[i]
        if (pick === undefined || pick % 4 !== 0) return e
        const other = shuffled[pick % shuffled.length] as Entry
        return { ...e, observation: { ...e.observation, id: other.observation.id } }
      }),
    )
  })

describe('columns built in load order', () => {
  it.each<[DnsKind, number]>([
    ['mx', 0],
    ['txt', 1],
  ])('equal the result-order reference (%s)', (kind, tag) => {
    fc.assert(
      fc.property(
        entriesArb,
        fc.array(fc.integer({ min: 1, max: 9 }), { maxLength: 5 }),
        (entries, sizes) => {
          const log = logOf(entries, sizes)
          expectSameColumns(log.columns(kind), resultOrderColumns(observationsOf(liveOf(entries, tag))))
        },
      ),
      { seed: 6107 + tag, numRuns: 150 },
    )
  })

  it('read each kind of one log in turn, the other kind first too', () => {
    const entries: Entry[] = [
      { observation: { date: '2024-01-02', id: 'x', items: [apex('a.com'), txt('v=spf1 -all')] }, kind: 1 },
      { observation: { date: '2024-01-01', id: 'y', items: [apex('b.com')] }, kind: 0 },
      { observation: { date: '2024-01-03', id: 'x', items: [apex('c.com')] }, kind: 0 },
    ]
    const log = logOf(entries, [2])
    expectSameColumns(log.columns('txt'), resultOrderColumns(observationsOf([])))
    expectSameColumns(log.columns('mx'), resultOrderColumns(observationsOf(liveOf(entries, 0))))
  })
})
