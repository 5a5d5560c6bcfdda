import { domainToASCII } from 'node:url'
import { describe, expect, it } from 'vitest'
import { generateObservations } from '../../src/generate/observations.js'
import { generateWhois } from '../../src/generate/whois.js'
import type { Observation } from '../../src/types.js'

const observations = [...generateObservations({ apexes: 300, count: 3000, seed: 5 })]

function kindOf(o: Observation): 'mx' | 'txt' {
  return o.id.startsWith('mx-') ? 'mx' : 'txt'
}

describe('generateObservations', () => {
  it('follows the item layout of the API reference', () => {
    const ids = new Set<string>()
    for (const o of observations) {
      expect(o.date).toMatch(/^202[2-4]-\d\d-\d\d$/)
      expect(ids.has(o.id)).toBe(false)
      ids.add(o.id)
      const [meta, ...rest] = o.items
      expect(meta).toEqual({ context: '', is_metadata: true, type: 'host', value: expect.any(String) })
      const ns = rest.pop()
      expect(ns).toMatchObject({ context: 'dns-ns', is_metadata: false, type: 'host' })
      const kind = kindOf(o)
      for (let i = 0; i < rest.length; i++) {
        const item = rest[i]
        if (kind === 'mx') {
          expect(item?.context).toBe('dns-mx')
          expect(item?.type).toBe(i % 2 === 0 ? 'host' : 'mx-preference')
          if (i % 2 === 1) expect(item?.value).toMatch(/^\d+$/)
        } else expect(item).toMatchObject({ context: 'dns-txt', is_metadata: false, type: 'txt' })
      }
    }
  })

  it('alternates MX and TXT, includes empty answers, null MX, SPF, verification tokens', () => {
    expect(observations.filter((o) => kindOf(o) === 'mx')).toHaveLength(1500)
    const empty = observations.filter((o) => o.items.length === 2).length
    expect(empty / observations.length).toBeGreaterThan(0.02)
    expect(empty / observations.length).toBeLessThan(0.08)
    const values = observations.flatMap((o) => o.items.slice(1, -1).map((i) => i.value))
    expect(values).toContain('.')
    expect(values.some((v) => v.startsWith('v=spf1 include:_spf.google.com'))).toBe(true)
    expect(values.some((v) => v.startsWith('google-site-verification='))).toBe(true)
  })

  it('sees each apex several times over the years, some changing provider', () => {
    const byApex = new Map<string, Observation[]>()
    for (const o of observations) {
      const apex = o.items[0]?.value as string
      byApex.set(apex, [...(byApex.get(apex) ?? []), o])
    }
    expect(byApex.size).toBe(300)
    let changed = 0
    for (const list of byApex.values()) {
      expect(list).toHaveLength(10)
      expect(new Set(list.map((o) => o.date)).size).toBeGreaterThan(1)
      const mxSets = new Set(
        list.filter((o) => kindOf(o) === 'mx' && o.items.length > 2).map((o) => o.items[1]?.value),
      )
      if (mxSets.size > 1) changed++
    }
    expect(changed).toBeGreaterThan(20)
    expect(changed).toBeLessThan(100)
  })

  it('observes the domains of the WHOIS records of the same seed, with their nameservers', () => {
    const records = [...generateWhois({ count: 300, seed: 5 })]
    const last = observations.slice(-600)
    let matching = 0
    for (const o of last) {
      const apex = o.items[0]?.value as string
      const ns = o.items.at(-1)?.value as string
      const record = records.find((r) => domainToASCII(r.domain?.name as string) === apex)
      if (record?.domain?.nameservers?.some((n) => n.toLowerCase() === ns)) matching++
    }
    // The last of the 5 rounds is the current era for every apex, which WHOIS records show.
    expect(matching).toBe(last.length)
  })

  it('is deterministic', () => {
    const again = [...generateObservations({ apexes: 300, count: 3000, seed: 5 })]
    expect(JSON.stringify(again)).toBe(JSON.stringify(observations))
  })
})
