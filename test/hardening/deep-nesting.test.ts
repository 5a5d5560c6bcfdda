/**
 * Hardening, item 1: a record nested thousands of levels deep (any field) used to abort the whole
 * build with `RangeError: Maximum call stack size exceeded` (a plain `Error` with workers), from
 * the recursive walks after parsing (the exact-pack check, msgpackr's encoder and decoder). It is
 * now one reject at its file:line and the rest loads: in the calling thread and on workers, for
 * WHOIS and DNS inputs, in a build and in an update. Records nested up to the bound load whole.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Engine } from '../../src/engine.js'
import { loadSources } from '../../src/ingest/load.js'
import type { Envelope, Observation } from '../../src/types.js'
import { observation, type TempFiles, tempFiles, whoisRecord } from '../ingest/temp-files.js'

let files: TempFiles
beforeAll(async () => {
  files = await tempFiles()
})
afterAll(() => files.remove())

/** Far past any stack: the calling thread overflowed at ~1,420 levels, a worker at a few thousand. */
const DEEP = 20_000
/** The bound: a record may nest this many levels of objects and arrays (the record itself is one). */
const LIMIT = 256

/** JSON text of `levels` nested arrays, alternating with objects when `objects` is set. */
function nested(levels: number, objects = false): string {
  let open = ''
  let close = ''
  for (let i = 0; i < levels; i++) {
    const object = objects && i % 2 === 1
    open += object ? '{"a":' : '['
    close = (object ? '}' : ']') + close
  }
  return `${open}1${close}`
}

/** A WHOIS line for `name` whose `domain.extra` holds `inner` (the record nests 2 levels more). */
function deepWhois(name: string, inner: string): string {
  return `{"query":"${name}","domain":{"name":"${name}","extra":${inner}}}`
}

/** An MX or TXT observation line whose metadata item carries `inner` in an extra field. */
function deepObservation(id: string, apex: string, kind: 'mx' | 'txt', inner: string): string {
  const [meta, ...rest] = observation(id, apex, kind).items
  const items = [
    JSON.stringify(meta).replace(/}$/, `,"extra":${inner}}`),
    ...rest.map((i) => JSON.stringify(i)),
  ]
  return `{"date":"2024-01-31","id":"${id}","items":[${items.join(',')}]}`
}

const lines = (...texts: string[]): string => `${texts.join('\n')}\n`

describe.each([0, 1])('with %i workers', (workers) => {
  it('rejects a deeply nested WHOIS record at its line and loads the rest', async () => {
    const path = await files.write(
      `whois-${workers}.jsonl`,
      lines(
        JSON.stringify(whoisRecord('a.com')),
        deepWhois('b.com', nested(DEEP)),
        JSON.stringify(whoisRecord('c.com')),
        deepWhois('d.com', nested(DEEP, true)),
      ),
    )
    const engine = await Engine.build({ whois: [path] }, { workers })
    const { counts, rejects } = engine.stats()
    expect(counts.whois).toBe(2)
    expect(rejects.count).toBe(2)
    expect(rejects.kept.map((r) => [r.file, r.line])).toEqual([
      [path, 2],
      [path, 4],
    ])
    expect(rejects.kept[0]?.reason).toMatch(/nested more than 256 levels/)
    expect(engine.whois({ domain: 'c.com' })?.query).toBe('c.com')
  })

  it('rejects deeply nested MX and TXT observations at their lines and loads the rest', async () => {
    const mx = await files.write(
      `mx-${workers}.jsonl`,
      lines(
        JSON.stringify(observation('m1', 'a.com', 'mx')),
        deepObservation('m2', 'b.com', 'mx', nested(DEEP)),
        JSON.stringify(observation('m3', 'c.com', 'mx')),
      ),
    )
    const txt = await files.write(
      `txt-${workers}.json`,
      `[${JSON.stringify(observation('t1', 'a.com', 'txt'))},\n${deepObservation('t2', 'b.com', 'txt', nested(DEEP, true))}]`,
    )
    const engine = await Engine.build({ dns: [mx, txt] }, { workers })
    const { counts, rejects } = engine.stats()
    expect(counts).toMatchObject({ mx: 2, txt: 1 })
    expect(rejects.kept).toEqual([
      { file: mx, line: 2, reason: expect.stringMatching(/nested more than 256 levels/) },
      { file: txt, line: 2, reason: expect.stringMatching(/nested more than 256 levels/) },
    ])
    expect((engine.mx({}) as Envelope<Observation>).results.map((o) => o.id)).toEqual(['m1', 'm3'])
  })

  it('rejects a deeply nested record in an update and applies the rest', async () => {
    const base = await Engine.build(
      { whois: [await files.lines(`base-${workers}.jsonl`, [whoisRecord('a.com')])] },
      { workers: 0 },
    )
    const delta = await files.write(
      `delta-${workers}.jsonl`,
      lines(deepWhois('b.com', nested(DEEP)), JSON.stringify(whoisRecord('c.com'))),
    )
    const dns = await files.write(
      `delta-mx-${workers}.jsonl`,
      lines(
        deepObservation('m9', 'b.com', 'mx', nested(DEEP)),
        JSON.stringify(observation('m1', 'a.com', 'mx')),
      ),
    )
    const next = await base.update({ whois: [delta], dns: [dns] }, { workers })
    const { counts, rejects } = next.stats()
    expect(counts).toMatchObject({ whois: 2, mx: 1 })
    expect(rejects.kept.map((r) => [r.file, r.line])).toEqual([
      [delta, 1],
      [dns, 1],
    ])
  })
})

it('rejects deeply nested records in the streaming loader too (loadSources, the ClickHouse export)', async () => {
  const whois = await files.write(
    'stream.jsonl',
    lines(deepWhois('b.com', nested(DEEP)), JSON.stringify(whoisRecord('c.com'))),
  )
  const mx = await files.write(
    'stream-mx.jsonl',
    lines(deepObservation('m2', 'b.com', 'mx', nested(DEEP, true))),
  )
  const loaded = await loadSources({ whois: [whois], dns: [mx] })
  expect(loaded.whois.keys).toEqual(['c.com'])
  expect(loaded.stats.rejects.kept.map((r) => [r.file, r.line])).toEqual([
    [whois, 1],
    [mx, 1],
  ])
})

it('keeps records nested exactly to the bound, saved and opened, and rejects one level more', async () => {
  // The record and `domain` are two levels; the arrays the rest.
  const path = await files.write(
    'bound.jsonl',
    lines(deepWhois('a.com', nested(LIMIT - 2)), deepWhois('b.com', nested(LIMIT - 1))),
  )
  // The observation, `items` and the item are three levels.
  const mx = await files.write(
    'bound-mx.jsonl',
    lines(
      deepObservation('m1', 'a.com', 'mx', nested(LIMIT - 3)),
      deepObservation('m2', 'b.com', 'mx', nested(LIMIT - 2)),
    ),
  )
  const engine = await Engine.build({ whois: [path], dns: [mx] }, { workers: 0 })
  expect(engine.stats().rejects.kept).toEqual([
    { file: path, line: 2, reason: expect.stringMatching(/nested more than 256 levels/) },
    { file: mx, line: 2, reason: expect.stringMatching(/nested more than 256 levels/) },
  ])
  const kept = engine.whois({ domain: 'a.com' }) as { domain: { extra: unknown } }
  expect(JSON.stringify(kept.domain.extra)).toBe(nested(LIMIT - 2))
  const observations = (engine.mx({}) as Envelope<Observation>).results
  expect(observations.map((o) => JSON.stringify(o))).toEqual([
    deepObservation('m1', 'a.com', 'mx', nested(LIMIT - 3)),
  ])
  const saved = `${files.dir}/bound.dmx`
  await engine.save(saved)
  const opened = await Engine.open(saved)
  expect(opened.whois({ domain: 'a.com' })).toEqual(kept)
  expect((opened.mx({}) as Envelope<Observation>).results).toEqual(observations)
})
