import { describe, expect, it } from 'vitest'
import { BlockCache } from '../../src/storage/block-cache.js'

const block = (n: number, size = 4): Uint8Array => new Uint8Array(size).fill(n)

describe('BlockCache', () => {
  it('evicts the least recently used block past its capacity, and counts hits and misses', () => {
    const cache = new BlockCache(12, 4)
    cache.put(0, 0, block(0))
    cache.put(0, 1, block(1))
    cache.put(0, 2, block(2))
    expect(cache.get(0, 0)).toEqual(block(0)) // 0 is now the most recent
    cache.put(0, 3, block(3)) // evicts 1, the least recent
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
})
