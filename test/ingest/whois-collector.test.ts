import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { HostCheck } from '../../src/ingest/host-check.js'
import { WhoisCollector } from '../../src/ingest/whois-collector.js'
import { WhoisPreparer } from '../../src/ingest/whois-record.js'

describe('WhoisCollector', () => {
  it('keeps the latest record of each domain, like a last-write-wins map, whatever the duplicates', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 30 }), { maxLength: 300 }), (ids) => {
        const collector = new WhoisCollector(new WhoisPreparer(new HostCheck()))
        const reference = new Map<string, number>()
        ids.forEach((id, n) => {
          expect(collector.add({ query: `D${id}.example`, n })).toBeNull()
          reference.set(`d${id}.example`, n)
        })
        const { keys, records } = collector.finish()
        expect(new Map(keys.map((key, i) => [key, (records[i] as { n: number }).n]))).toEqual(reference)
        expect(keys).toHaveLength(reference.size)
        expect(collector.replaced).toBe(ids.length - reference.size)
      }),
      { seed: 5, numRuns: 300 },
    )
  })

  it('loads the same snapshot three times over as one', () => {
    const collector = new WhoisCollector(new WhoisPreparer(new HostCheck()))
    for (let day = 0; day < 3; day++) {
      for (let i = 0; i < 1000; i++) collector.add({ query: `d${i}.com`, server: `day ${day}` })
    }
    const { records } = collector.finish()
    expect(records).toHaveLength(1000)
    expect(new Set(records.map((r) => r.server))).toEqual(new Set(['day 2']))
    expect(collector.replaced).toBe(2000)
  })

  it('returns the rejection reason and keeps nothing for a bad record', () => {
    const collector = new WhoisCollector(new WhoisPreparer(new HostCheck()))
    expect(collector.add({ domain: { name: 5 } })).toBe('domain.name must be a string, got 5')
    expect(collector.finish().records).toEqual([])
  })
})
