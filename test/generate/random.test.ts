import { describe, expect, it } from 'vitest'
import { hash32, Random } from '../../src/generate/random.js'
import { Zipf } from '../../src/generate/zipf.js'

describe('Random', () => {
  it('repeats its sequence for a seed and after reseeding', () => {
    const a = new Random(7)
    const first = Array.from({ length: 5 }, () => a.next32())
    a.reseed(7)
    expect(Array.from({ length: 5 }, () => a.next32())).toEqual(first)
    expect(new Random(8).next32()).not.toBe(first[0])
  })

  it('stays within its ranges and covers them', () => {
    const random = new Random(1)
    const seen = new Set<number>()
    for (let i = 0; i < 10_000; i++) {
      const n = random.range(3, 9)
      expect(n).toBeGreaterThanOrEqual(3)
      expect(n).toBeLessThanOrEqual(9)
      seen.add(n)
      const f = random.float()
      expect(f >= 0 && f < 1).toBe(true)
    }
    expect(seen.size).toBe(7)
  })

  it('hash32 spreads neighbouring inputs', () => {
    const hashes = new Set(Array.from({ length: 10_000 }, (_, i) => hash32(1, i)))
    expect(hashes.size).toBe(10_000)
    expect(hash32(1, 2)).toBe(hash32(1, 2))
  })
})

describe('Zipf', () => {
  it('puts most samples on the first ranks and never leaves [0, n)', () => {
    const zipf = new Zipf(1000, 1)
    const random = new Random(3)
    const counts = new Uint32Array(1000)
    for (let i = 0; i < 100_000; i++) {
      const rank = zipf.sample(random)
      counts[rank] = (counts[rank] ?? 0) + 1
    }
    const top10 = counts.slice(0, 10).reduce((a, b) => a + b, 0)
    // The continuous Zipf law with s = 1 over 1,000 ranks gives ln(11)/ln(1001) ≈ 35% to the top 10.
    expect(top10 / 100_000).toBeGreaterThan(0.3)
    expect(top10 / 100_000).toBeLessThan(0.4)
    expect(counts[0]).toBeGreaterThan(counts[100] as number)
    expect(counts.reduce((a, b) => a + b, 0)).toBe(100_000)
  })

  it('is uniform with s = 0 and handles s > 1', () => {
    const random = new Random(4)
    const uniform = new Zipf(4, 0)
    const counts = new Uint32Array(4)
    for (let i = 0; i < 40_000; i++) {
      const rank = uniform.sample(random)
      counts[rank] = (counts[rank] ?? 0) + 1
    }
    for (const c of counts) expect(Math.abs(c - 10_000)).toBeLessThan(600)
    const steep = new Zipf(50, 2)
    for (let i = 0; i < 1000; i++) expect(steep.sample(random)).toBeLessThan(50)
  })
})
