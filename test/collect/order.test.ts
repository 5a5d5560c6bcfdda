import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { resultOrder } from '../../src/collect/order.js'
import { envelope } from '../../src/collect/page.js'
import type { WhoisRecord } from '../../src/types.js'

describe('resultOrder', () => {
  it('puts newest created first, undated last, ties by domain', () => {
    const records: WhoisRecord[] = [
      { domain: { created_norm: '2020-01-01T00:00:00Z' } },
      { domain: { created_norm: null } },
      { domain: { created_norm: '2021-01-01T00:00:00Z' } },
      { domain: { created_norm: '2020-01-01T00:00:00Z' } },
      {},
    ]
    const keys = ['b.com', 'a.com', 'z.com', 'a.com2', 'c.com']
    expect([...resultOrder(records, keys)].map((i) => keys[i])).toEqual([
      'z.com',
      'a.com2',
      'b.com',
      'a.com',
      'c.com',
    ])
  })

  it('is a permutation sorted by the rule', () => {
    const created = fc.option(
      fc.integer({ min: 0, max: 5 }).map((y) => `202${y}-01-01T00:00:00Z`),
      { nil: null },
    )
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.string({ minLength: 1, maxLength: 3 }), { maxLength: 40 }),
        fc.infiniteStream(created),
        (keys, dates) => {
          const records: WhoisRecord[] = keys.map(() => ({ domain: { created_norm: dates.next().value } }))
          const order = [...resultOrder(records, keys)]
          expect([...order].sort((a, b) => a - b)).toEqual(keys.map((_, i) => i))
          for (let i = 1; i < order.length; i++) {
            const [a, b] = [order[i - 1] as number, order[i] as number]
            const [ca, cb] = [
              records[a]?.domain?.created_norm ?? null,
              records[b]?.domain?.created_norm ?? null,
            ]
            if (ca === cb) expect((keys[a] as string) < (keys[b] as string)).toBe(true)
            else if (ca === null) throw new Error('undated record before a dated one')
            else if (cb !== null) expect(ca > cb).toBe(true)
          }
        },
      ),
      { seed: 11, numRuns: 300 },
    )
  })
})

describe('envelope', () => {
  it('pages 100 at a time with exact counts, empty past the end', () => {
    const at = (i: number) => i
    expect(envelope(0, 0, at)).toEqual({ page: 0, pages: 0, result_count: 0, results: [] })
    const p1 = envelope(250, 1, at)
    expect([p1.pages, p1.result_count, p1.results.length, p1.results[0]]).toEqual([3, 250, 100, 100])
    expect(envelope(250, 2, at).results.length).toBe(50)
    expect(envelope(250, 3, at)).toEqual({ page: 3, pages: 3, result_count: 250, results: [] })
  })
})
