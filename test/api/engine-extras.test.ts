import { readFile, rm } from 'node:fs/promises'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Engine } from '../../src/engine.js'
import { QueryError } from '../../src/errors.js'
import type { Envelope, Params } from '../../src/types.js'
import { MX_COUNT, WHOIS_COUNT, writeFixture } from './fixture.js'

let dir: string
let engine: Engine
let clock = Date.UTC(2024, 4, 1, 10, 0, 0, 750)

beforeAll(async () => {
  dir = await writeFixture()
  engine = await Engine.build(
    {
      whois: [join(dir, 'whois.jsonl')],
      dns: [
        { path: join(dir, 'dns-mx.jsonl'), kind: 'mx' },
        { path: join(dir, 'dns-txt.jsonl'), kind: 'txt' },
      ],
    },
    { now: () => new Date(clock) },
  )
})
afterAll(() => rm(dir, { recursive: true, force: true }))

async function collect<T>(iterable: AsyncIterable<T>): Promise<T[]> {
  const items: T[] = []
  for await (const item of iterable) items.push(item)
  return items
}

function byHand<T>(search: (params: Params) => unknown, params: Params): T[] {
  const results: T[] = []
  for (let page = 0; ; page++) {
    const envelope = search({ ...params, page }) as Envelope<T>
    results.push(...envelope.results)
    if (page + 1 >= envelope.pages) return results
  }
}

describe('engine.prioritize', () => {
  it('queues the normalised domain with the injected clock, once', () => {
    expect(engine.prioritize({ domain: ' First.Example.ORG. ' })).toEqual({
      domain: 'first.example.org',
      queued: true,
      queued_at: '2024-05-01T10:00:00Z',
      already_queued: false,
    })
    clock += 65_000
    expect(engine.prioritize({ domain: 'second.example.org' }).queued_at).toBe('2024-05-01T10:01:05Z')
    expect(engine.prioritize({ domain: 'FIRST.example.org' })).toEqual({
      domain: 'first.example.org',
      queued: true,
      queued_at: '2024-05-01T10:00:00Z',
      already_queued: true,
    })
    expect(engine.prioritized()).toEqual([
      { domain: 'first.example.org', queued_at: '2024-05-01T10:00:00Z' },
      { domain: 'second.example.org', queued_at: '2024-05-01T10:01:05Z' },
    ])
  })

  it('validates like every query method', () => {
    // @ts-expect-error: refused at compile time too (domain is required)
    expect(() => engine.prioritize({})).toThrow(
      expect.objectContaining({ code: 'missing_parameter', param: 'domain' }),
    )
    expect(() => engine.prioritize({ domain: 'a..b' })).toThrow(
      expect.objectContaining({ code: 'invalid_parameter' }),
    )
    // @ts-expect-error: refused at compile time too (no such parameter)
    expect(() => engine.prioritize({ domain: 'a.com', when: 'now' })).toThrow(
      expect.objectContaining({ code: 'unknown_parameter', param: 'when' }),
    )
  })

  it('exports the queue as JSON Lines', async () => {
    const path = join(dir, 'queue.jsonl')
    const count = await engine.exportPrioritized(path)
    const lines = (await readFile(path, 'utf8')).trimEnd().split('\n')
    expect(lines).toHaveLength(count)
    expect(lines.map((line) => JSON.parse(line))).toEqual(engine.prioritized())
  })
})

describe('engine.reverseAll, mxAll, txtAll', () => {
  it('yield exactly what paging by hand gives, in order', async () => {
    const reverse = await collect(engine.reverseAll({ phrase: 'main street' }))
    expect(reverse).toHaveLength(WHOIS_COUNT)
    expect(reverse).toEqual(byHand((p) => engine.reverse(p), { phrase: 'main street' }))
    const mx = await collect(engine.mxAll({}))
    expect(mx).toHaveLength(MX_COUNT)
    expect(mx).toEqual(byHand((p) => engine.mx(p), {}))
    const txt = await collect(engine.txtAll({ txt: 'mailhost1.com' }))
    expect(txt).toEqual(byHand((p) => engine.txt(p), { txt: 'mailhost1.com' }))
    expect(txt.length).toBeGreaterThan(0)
  })

  it('throw validation errors at the call, and refuse page and summarize', () => {
    expect(() => engine.reverseAll({ slop: 'x', phrase: 'a' })).toThrow(QueryError)
    // @ts-expect-error: refused at compile time too (the iterators choose the pages)
    expect(() => engine.reverseAll({ phrase: 'a', page: 1 })).toThrow(
      expect.objectContaining({ code: 'unknown_parameter', param: 'page' }),
    )
    // @ts-expect-error: refused at compile time too (the iterators never summarise)
    expect(() => engine.mxAll({ summarize: 'host' })).toThrow(
      expect.objectContaining({ code: 'unknown_parameter', param: 'summarize' }),
    )
    // @ts-expect-error: refused at compile time too (no such parameter)
    expect(() => engine.txtAll({ colour: 'red' })).toThrow(expect.objectContaining({ param: 'colour' }))
  })
})

describe('engine.fetch', () => {
  it('is a bound, fetch-compatible function that an HTTP API client pages through', async () => {
    const found: string[] = []
    for await (const record of reverseSearch(engine.fetch, 'https://api.example', 'name=acme', 'any-token')) {
      found.push((record as { query: string }).query)
    }
    expect(found).toHaveLength(WHOIS_COUNT / 2)
    expect(found).toEqual(
      byHand<{ query: string }>((p) => engine.reverse(p), { name: 'acme' }).map((r) => r.query),
    )
  })

  it('answers with the JSON content type', async () => {
    const response = await engine.fetch('https://api.example/v1/domain/txt?host=site1.com')
    expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8')
    expect(await response.json()).toEqual(engine.txt({ host: 'site1.com' }))
  })
})

// The client docs/guide.md shows: written for the HTTP API, it knows nothing of the engine.
async function* reverseSearch(fetchFn: typeof fetch, baseUrl: string, query: string, token: string) {
  for (let page = 0; ; page++) {
    const res = await fetchFn(`${baseUrl}/v1/domain/reverse?${query}&page=${page}`, {
      headers: { Authorization: `Bearer ${token}` },
    })
    if (!res.ok) throw new Error(`HTTP ${res.status}: ${await res.text()}`)
    const body = (await res.json()) as { pages: number; results: unknown[] }
    yield* body.results
    if (page + 1 >= body.pages) return
  }
}
