import { isDeepStrictEqual } from 'node:util'
import fc from 'fast-check'
import { Packr } from 'msgpackr'
import { describe, expect, it } from 'vitest'
import { generateObservations } from '../../src/generate/observations.js'
import { buildDnsState } from '../../src/indexes/dns/build.js'
import { buildColumns } from '../../src/indexes/dns/columns.js'
import { DnsIndex } from '../../src/indexes/dns/dns-index.js'
import {
  type ObservationSource,
  observationDay,
  observationId,
  observationsOf,
} from '../../src/indexes/dns/observation-source.js'
import type { SavedDnsState } from '../../src/indexes/dns/state.js'
import type { DnsKind, Observation } from '../../src/types.js'
import { observationsArb } from './arbitraries.js'
import { apex, observation, txt } from './observations.js'

/** Observations the columns cannot rebuild, so that the verbatim list is exercised too. */
const ODD = [
  { date: '2024-01-01', id: 'no-items', items: [] },
  { date: '2024-01-01', id: 'bad-item', items: [apex('a.com'), { context: 'dns-txt', value: 7 }, txt('ok')] },
  { date: 'not a date', id: 'bad-date', items: [apex('b.com'), txt('ok')] },
  { date: '2024-01-03T10:00:00Z', id: 'timestamp', items: [apex('c.com')] },
  { date: '1970-01-01', id: 'day-zero', items: [apex('c.com')] },
  { date: '2023-02-29', id: 'no-such-day', items: [apex('c.com')] },
  { id: 42, date: '2024-01-02', items: 'none', extra: true },
] as unknown as Observation[]

/**
 * The observations packed one by one, as the engine keeps them: each get() unpacks afresh. Ids and
 * days are derived once at packing, as the engine stores them beside the bytes. `gets` records the
 * load positions asked for, in the order asked.
 */
function packedSource(observations: readonly Observation[]): ObservationSource & { gets: number[] } {
  const packr = new Packr({ structures: [] })
  const packed = observations.map((o) => packr.pack(o))
  const ids = observations.map(observationId)
  const days = observations.map(observationDay)
  const gets: number[] = []
  return {
    size: packed.length,
    gets,
    get(i) {
      gets.push(i)
      return packr.unpack(packed[i] as Uint8Array) as Observation
    },
    id: (i) => ids[i] as string,
    day: (i) => days[i] as number,
  }
}

// Field by field, so that a failure names the field; node's deep equality compares typed arrays
// natively (vitest's toStrictEqual walks their 65,536-slot hash tables entry by entry).
function expectSameState(actual: SavedDnsState, expected: SavedDnsState): void {
  expect(Object.keys(actual)).toEqual(Object.keys(expected))
  for (const key of Object.keys(expected) as (keyof SavedDnsState)[]) {
    expect(isDeepStrictEqual(actual[key], expected[key]), key).toBe(true)
  }
}

function expectSameStateFromBytes(kind: DnsKind, observations: readonly Observation[]): void {
  const fromArray = buildDnsState(kind, buildColumns(observationsOf(observations)))
  const source = packedSource(observations)
  const fromBytes = buildDnsState(kind, buildColumns(source))
  expectSameState(fromBytes, fromArray)
  // Each observation decoded exactly once, in load order.
  expect(source.gets).toEqual(observations.map((_, i) => i))
}

describe('observationsOf', () => {
  it('reads ids and days as the build keys them', () => {
    const source = observationsOf([observation('a', '2024-02-29', apex('a.com')), ...ODD])
    expect(source.size).toBe(ODD.length + 1)
    expect(source.id(0)).toBe('a')
    expect(source.day(0)).toBe(19782)
    expect(Array.from({ length: source.size }, (_, i) => source.day(i)).slice(1)).toEqual([
      19723, 19723, 0, 19725, 0, 0, 19724,
    ])
    expect(source.id(ODD.length)).toBe('42')
    expect(source.get(1)).toBe(ODD[0])
  })
})

describe.each<DnsKind>(['mx', 'txt'])('a build from packed bytes (%s)', (kind) => {
  it('gives the state of a build from the array, decoding each observation once', () => {
    fc.assert(
      fc.property(observationsArb(kind, 80), (observations) => {
        expectSameStateFromBytes(kind, [...observations, ...ODD])
      }),
      { seed: kind === 'mx' ? 7101 : 7102, numRuns: 100 },
    )
  })

  it('on a generated corpus large enough to span several list chunks', () => {
    const observations = [...generateObservations({ apexes: 5000, count: 30_000, seed: 3 })]
      .map((o) => JSON.parse(JSON.stringify(o)) as Observation)
      .filter((o) => o.id.startsWith(`${kind}-`) || o.items.some((it) => it.context === `dns-${kind}`))
    expect(observations.length).toBeGreaterThan(12_000)
    expectSameStateFromBytes(kind, observations)
  })

  it('gives typed arrays that own their buffers, so that a worker can transfer each', () => {
    const observations = [...generateObservations({ apexes: 300, count: 2000, seed: 4 })]
    const state = DnsIndex.build(kind, observations).saved
    const buffers = new Set<ArrayBufferLike>()
    for (const value of Object.values(state)) {
      if (!ArrayBuffer.isView(value)) continue
      expect(buffers.has(value.buffer)).toBe(false)
      buffers.add(value.buffer)
      expect([value.byteOffset, value.byteLength]).toEqual([0, value.buffer.byteLength])
    }
  })

  it('through DnsIndex.build, which also takes the array', () => {
    const observations = [observation('1', '2024-01-01', apex('a.com'), txt('v=spf1 -all')), ...ODD]
    expectSameState(
      DnsIndex.build(kind, packedSource(observations)).saved,
      DnsIndex.build(kind, observations).saved,
    )
  })
})
