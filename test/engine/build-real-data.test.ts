import { readFile } from 'node:fs/promises'
import { describe, expect, it } from 'vitest'
import { Engine, type WhoisRecord } from '../../src/index.js'
import { realData } from '../helpers/real-data.js'

const records = realData('whois_records.jsonl')

describe.skipIf(records === null)('Engine.build on real registry extracts (whois_records.jsonl)', () => {
  it('loads the records that carry a domain name and rejects the 23 that carry none', async () => {
    const engine = await Engine.build({ whois: [records as string] })
    const stats = engine.stats()
    // 589 lines: 23 have `domain.name: null` and no `query`; 59 repeat a domain seen earlier.
    expect(stats.rejects.count).toBe(23)
    expect(new Set(stats.rejects.kept.map((r) => r.reason))).toEqual(
      new Set(['record has no domain.name or query to key it by']),
    )
    expect(stats.whoisRecords + stats.whoisReplaced).toBe(566)
    expect(stats.whoisRecords).toBe(507)
    const git = engine.whois({ domain: 'GIT.AC' })
    expect(git?.domain).toMatchObject({
      created: '2018-02-09 11:59:43',
      created_norm: '2018-02-09T11:59:43Z',
    })
    expect(engine.whois({ domain: 'bäckerei.de' })?.domain?.name).toBe('bäckerei.de')
  })

  it("normalises each real date as the record's verified *_utc value says", async () => {
    const engine = await Engine.build({ whois: [records as string] })
    const names = (await readFile(records as string, 'utf8'))
      .split('\n')
      .filter((line) => line.length > 0)
      .map((line) => (JSON.parse(line) as WhoisRecord).domain?.name)
    let compared = 0
    const mismatches: string[] = []
    for (const name of new Set(names)) {
      if (typeof name !== 'string') continue
      const domain = engine.whois({ domain: name })?.domain as Record<string, unknown>
      for (const field of ['created', 'updated', 'expires']) {
        const expected = domain[`${field}_utc`]
        if (typeof expected !== 'string' || domain[`${field}_raw_origin`] !== undefined) continue
        compared++
        if (domain[`${field}_norm`] !== expected.replace(/\.\d+Z$/, 'Z')) {
          mismatches.push(
            `${name} ${field}: ${domain[field]} -> ${domain[`${field}_norm`]}, want ${expected}`,
          )
        }
      }
    }
    expect(compared).toBeGreaterThan(900)
    expect(mismatches).toEqual([])
  })
})
