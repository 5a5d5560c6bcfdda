import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { BlockCache } from '../../src/storage/block-cache.js'

const block = (n: number, size = 4): Uint8Array => new Uint8Array(size).fill(n)

describe('BlockCache', () => {
  it('evicts a block not read since the hand last passed (CLOCK), and counts hits and misses', () => {
    const cache = new BlockCache(12, 4)
    cache.put(0, 0, block(0))
    cache.put(0, 1, block(1))
    cache.put(0, 2, block(2))
    expect(cache.get(0, 0)).toEqual(block(0)) // 0 is now used
    cache.put(0, 3, block(3)) // the hand passes 0 (clearing it) and evicts 1
    expect(cache.get(0, 1)).toBeUndefined()
    expect(cache.get(0, 2)).toEqual(block(2))
    expect(cache.get(0, 3)).toEqual(block(3))
    expect(cache.stats()).toEqual({ bytes: 12, capacity: 12, blockBytes: 4, hits: 3, misses: 1 })
  })

  it('keeps files apart and drops one file only', () => {
    const cache = new BlockCache(100, 4)
    cache.put(1, 7, block(1))
    cache.put(2, 7, block(2))
    expect(cache.get(1, 7)).toEqual(block(1))
    expect(cache.get(2, 7)).toEqual(block(2))
    cache.dropFile(1)
    expect(cache.get(1, 7)).toBeUndefined()
    expect(cache.get(2, 7)).toEqual(block(2))
    expect(cache.stats().bytes).toBe(4)
  })

  it('with a capacity of 0 keeps the last block only, so a read can finish', () => {
    const cache = new BlockCache(0, 4)
    cache.put(0, 0, block(0))
    cache.put(0, 1, block(1))
    expect(cache.get(0, 0)).toBeUndefined()
    expect(cache.get(0, 1)).toEqual(block(1))
    expect(cache.stats().bytes).toBe(4)
  })

  it('replacing a block does not count it twice', () => {
    const cache = new BlockCache(8, 4)
    cache.put(0, 0, block(0))
    cache.put(0, 0, block(9))
    expect(cache.stats().bytes).toBe(4)
    expect(cache.get(0, 0)).toEqual(block(9))
  })

  it('gives a block read again a second chance over blocks read once', () => {
    const cache = new BlockCache(16, 4)
    for (let b = 0; b < 4; b++) cache.put(0, b, block(b))
    for (let b = 4; b < 20; b++) {
      expect(cache.get(0, 0)).toEqual(block(0)) // read between every new block: never evicted
      cache.put(0, b, block(b))
    }
    expect(cache.get(0, 0)).toEqual(block(0))
  })

  it('on random puts, reads and drops, holds at most its bound in blocks, counts their bytes, and keeps the block just put', () => {
    const op = fc.oneof(
      fc.record({ put: fc.tuple(fc.nat(2), fc.nat(30), fc.integer({ min: 1, max: 4 })) }),
      fc.record({ get: fc.tuple(fc.nat(2), fc.nat(30)) }),
      fc.record({ drop: fc.nat(2) }),
    )
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 40 }), fc.array(op, { maxLength: 200 }), (capacity, ops) => {
        const cache = new BlockCache(capacity, 4)
        const sizes = new Map<string, number>()
        for (const o of ops) {
          if ('put' in o) {
            const [file, b, size] = o.put
            cache.put(file, b, block(b, size))
            sizes.set(`${file}:${b}`, size)
            expect(cache.get(file, b)).toEqual(block(b, size))
          } else if ('get' in o) {
            const got = cache.get(o.get[0], o.get[1])
            if (got !== undefined) expect(got).toEqual(block(o.get[1], sizes.get(`${o.get[0]}:${o.get[1]}`)))
          } else cache.dropFile(o.drop)
        }
        const bytes = cache.stats().bytes
        let held = 0
        let heldBytes = 0
        for (const key of sizes.keys()) {
          const [file, b] = key.split(':').map(Number) as [number, number]
          const got = cache.get(file, b)
          if (got === undefined) continue
          held++
          heldBytes += got.length
        }
        expect(held).toBeLessThanOrEqual(Math.max(1, Math.floor(capacity / 4)))
        expect(heldBytes).toBe(bytes)
      }),
      { seed: 16, numRuns: 300 },
    )
  })
})
