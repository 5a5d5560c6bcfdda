import { describe, expect, it } from 'vitest'
import { DomainNames } from '../../src/generate/domain-names.js'
import { TLDS } from '../../src/generate/vocab-registry.js'
import { FIRST, SECOND, THIRD } from '../../src/generate/vocab-words.js'
import { apexDomain } from '../../src/index.js'

function prefixFree(words: readonly string[]): string[] {
  const sorted = [...words].sort()
  const clashes: string[] = []
  for (let i = 0; i + 1 < sorted.length; i++) {
    if ((sorted[i + 1] as string).startsWith(sorted[i] as string))
      clashes.push(`${sorted[i]}/${sorted[i + 1]}`)
  }
  return clashes
}

function gcd(a: number, b: number): number {
  return b === 0 ? a : gcd(b, a % b)
}

describe('DomainNames', () => {
  it('builds labels from prefix-free, letter-only word lists of coprime sizes (so names are distinct)', () => {
    expect(prefixFree(FIRST)).toEqual([])
    expect(prefixFree(SECOND)).toEqual([])
    for (const word of [...FIRST, ...SECOND, ...THIRD]) expect(word).toMatch(/^[a-z]*$/)
    expect(gcd(FIRST.length, SECOND.length)).toBe(1)
    expect(THIRD[0]).toBe('')
  })

  it('names distinct registrable domains, across the two-word, three-word and numbered ranges', () => {
    const names = new DomainNames(5)
    const ab = FIRST.length * SECOND.length
    const abc = ab * THIRD.length
    const indices = [
      ...Array.from({ length: 50_000 }, (_, i) => i),
      ...Array.from({ length: 2000 }, (_, i) => ab - 1000 + i),
      ...Array.from({ length: 2000 }, (_, i) => abc - 1000 + i),
      ...Array.from({ length: 2000 }, (_, i) => 5 * abc + i),
    ]
    const seen = new Set<string>()
    for (const i of indices) {
      const domain = names.get(i)
      expect(seen.has(domain.ascii)).toBe(false)
      seen.add(domain.ascii)
      if (i % 97 === 0) expect(apexDomain(domain.name)).toBe(domain.ascii)
    }
    expect(names.get(abc + 3).name).toMatch(/^[a-z-]+1\./)
  })

  it('is a function of (seed, index): any corpus size, any order', () => {
    const a = new DomainNames(9)
    const b = new DomainNames(9)
    expect([5, 1, 3].map((i) => b.get(i).name)).toEqual([5, 1, 3].map((i) => a.get(i).name))
    expect(new DomainNames(10).get(1).name).not.toBe(a.get(1).name)
  })

  it('mixes suffixes by weight, with hyphens and a few internationalised names', () => {
    const names = new DomainNames(2)
    const bySuffix = new Map<string, number>()
    let hyphen = 0
    let unicode = 0
    for (let i = 0; i < 20_000; i++) {
      const d = names.get(i)
      bySuffix.set(d.tld.suffix, (bySuffix.get(d.tld.suffix) ?? 0) + 1)
      if (d.name.includes('-')) hyphen++
      if (d.name !== d.ascii) {
        unicode++
        expect(d.ascii).toMatch(/^xn--/)
      }
    }
    const total = TLDS.reduce((s, t) => s + t.weight, 0)
    const com = (TLDS.find((t) => t.suffix === 'com')?.weight ?? 0) / total
    expect(Math.abs((bySuffix.get('com') ?? 0) / 20_000 - com)).toBeLessThan(0.02)
    expect(bySuffix.size).toBe(TLDS.length)
    expect(hyphen / 20_000).toBeGreaterThan(0.06)
    expect(unicode).toBeGreaterThan(50)
  })
})
