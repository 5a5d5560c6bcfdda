/**
 * The round trip on random corpora (seeded): WHOIS records from the reverse-search generator and
 * MX/TXT observations from the DNS generator are written as files, built, saved and opened, and
 * random queries of every family (`email` and `registrar` included) must get identical answers from
 * both engines, whatever the block cache of the opened one (none, a few blocks, the default: the
 * stored records are read from disk through it, SPEC 16). A few hand-written records carry what a binary encoder most easily alters: own
 * `__proto__` and `constructor` keys, lone surrogates, -0, nulls, unusual key orders.
 */
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { Engine } from '../../src/engine.js'
import type { Observation, WhoisRecord } from '../../src/types.js'
import { observationsArb, queryArb } from '../dns/arbitraries.js'
import { corpus, pivotQuery, query } from '../reverse/corpus.js'
import { answers, callsFor, tempDir } from './fixture.js'

const ODD_LINES = [
  '{"domain":{"name":"proto.com","created_norm":null},"registrant":{"__proto__":{"polluted":true},"constructor":"Acme","organization":"Acme Holdings"}}',
  '{"registrant":{"name":"Lone \\ud800 Surrogate","organization":"Acme"},"domain":{"name":"lone.com","id":-0,"nameservers":["ns1.example.com"]},"query":"lone.com"}',
  '{"query":"nulls.com","domain":{"name":"nulls.com","expires_norm":null,"x":[null,{"__proto__":null}]},"tech":null}',
]

describe('snapshot round trip on random corpora', () => {
  const dir = tempDir()

  it('gives identical answers to random queries before the save and after the open', async () => {
    let run = 0
    await fc.assert(
      fc.asyncProperty(
        corpus,
        observationsArb('mx', 30),
        observationsArb('txt', 30),
        fc.array(fc.oneof(query, pivotQuery), { minLength: 1, maxLength: 8 }),
        fc.array(queryArb('mx'), { maxLength: 6 }),
        fc.array(queryArb('txt'), { maxLength: 6 }),
        fc.constantFrom(0, 3 << 14, undefined),
        async (records, mx, txt, reverseQueries, mxQueries, txtQueries, cacheBytes) => {
          const base = join(dir, `run${run++}`)
          const lines = (values: readonly object[]): string =>
            values.map((v) => `${JSON.stringify(v)}\n`).join('')
          writeFileSync(`${base}-whois.jsonl`, lines(records) + ODD_LINES.join('\n'))
          writeFileSync(`${base}-mx.jsonl`, lines(mx))
          writeFileSync(`${base}-txt.jsonl`, lines(txt))
          const built = await Engine.build({
            whois: [`${base}-whois.jsonl`],
            dns: [
              { path: `${base}-mx.jsonl`, kind: 'mx' },
              { path: `${base}-txt.jsonl`, kind: 'txt' },
            ],
          })
          await built.save(`${base}.dmx`)
          const opened = await Engine.open(`${base}.dmx`, cacheBytes === undefined ? {} : { cacheBytes })
          const calls = [
            ...callsFor(records as WhoisRecord[], [...mx, ...txt] as Observation[]),
            ...reverseQueries.map((q) => ({
              label: `reverse ${JSON.stringify(q)}`,
              run: (e: Engine) => e.reverse(q),
            })),
            ...mxQueries.map((q) => ({
              label: `mx ${JSON.stringify(q)}`,
              run: (e: Engine) => e.mx({ ...q }),
            })),
            ...txtQueries.map((q) => ({
              label: `txt ${JSON.stringify(q)}`,
              run: (e: Engine) => e.txt({ ...q }),
            })),
          ]
          const { before, after } = answers(calls, built, opened)
          expect(after).toEqual(before)
          // Each record twice, so that a small cache evicts between the two reads.
          for (const record of [...records, ...records] as WhoisRecord[]) {
            const domain = String(record.query ?? record.domain?.name)
            expect(opened.whois({ domain })).toEqual(built.whois({ domain }))
          }
          await opened.close()
        },
      ),
      { seed: 20240501, numRuns: 40 },
    )
  })

  it('keeps own __proto__ and constructor keys as data, lone surrogates and -0', async () => {
    const path = join(dir, 'odd.jsonl')
    writeFileSync(path, ODD_LINES.join('\n'))
    const built = await Engine.build({ whois: [path] })
    await built.save(join(dir, 'odd.dmx'))
    const opened = await Engine.open(join(dir, 'odd.dmx'))
    const proto = opened.whois({ domain: 'proto.com' }) as WhoisRecord
    const registrant = proto.registrant as Record<string, unknown>
    expect(Object.keys(registrant)).toEqual(['__proto__', 'constructor', 'organization'])
    expect(Object.getPrototypeOf(registrant)).toBe(Object.prototype)
    expect(Object.getOwnPropertyDescriptor(registrant, '__proto__')?.value).toEqual({ polluted: true })
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined()
    const lone = opened.whois({ domain: 'lone.com' }) as WhoisRecord
    expect(lone.registrant?.name).toBe('Lone \ud800 Surrogate')
    expect(Object.is(lone.domain?.['id'], -0)).toBe(true)
    expect(opened.whois({ domain: 'nulls.com' })).toEqual(built.whois({ domain: 'nulls.com' }))
    expect(proto).toEqual(built.whois({ domain: 'proto.com' }))
  })
})
