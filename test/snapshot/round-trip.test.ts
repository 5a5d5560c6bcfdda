/**
 * A saved and reopened engine answers exactly as the engine that was saved, on the sample corpus:
 * every forward lookup, reverse searches of every family, MX and TXT searches with most_recent and
 * summaries, the stats (counts, rejects, build time) and the prioritisation queue.
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { Engine } from '../../src/engine.js'
import type { Observation, WhoisRecord } from '../../src/types.js'
import { answers, callsFor, SAMPLE, tempDir } from './fixture.js'

function jsonl<T>(path: string): T[] {
  return readFileSync(path, 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as T)
}

describe('snapshot round trip on the sample corpus', () => {
  const dir = tempDir()
  const clock = () => new Date('2024-05-01T10:00:00Z')

  it('answers every query family, and keeps stats and the queue', async () => {
    const built = await Engine.build(SAMPLE, { now: clock })
    built.prioritize({ domain: 'Example.ORG.' })
    built.prioritize({ domain: 'second.example.com' })
    const path = join(dir, 'sample.dmx')
    await built.save(path)
    const opened = await Engine.open(path, { now: clock })

    const records = jsonl<WhoisRecord>('data/whois.jsonl')
    const observations = [
      ...jsonl<Observation>('data/dns-mx.jsonl'),
      ...jsonl<Observation>('data/dns-txt.jsonl'),
    ]
    const calls = callsFor(records, observations)
    expect(calls.length).toBeGreaterThan(records.length + 100)
    const { before, after } = answers(calls, built, opened)
    expect(after).toEqual(before)

    const { memory: _m1, ...statsBefore } = built.stats()
    const { memory: _m2, ...statsAfter } = opened.stats()
    expect(statsAfter).toEqual(statsBefore)
    expect(statsAfter.counts).toEqual({ whois: 3000, mx: 3000, txt: 3000 })
    expect(opened.prioritized()).toEqual(built.prioritized())
    expect(opened.prioritized()).toHaveLength(2)
  })

  it('keeps options given at open: tokens guard request()', async () => {
    const built = await Engine.build({ whois: ['data/whois.jsonl'], dns: [] })
    const path = join(dir, 'tokens.dmx')
    await built.save(path)
    const opened = await Engine.open(path, { tokens: ['secret'] })
    expect((await opened.request('/v1/domain/reverse?phrase=acme')).status).toBe(401)
    const allowed = await opened.request('/v1/domain/reverse?phrase=acme', {
      headers: { authorization: 'Bearer secret' },
    })
    expect(allowed).toEqual(await built.request('/v1/domain/reverse?phrase=acme'))
  })
})
