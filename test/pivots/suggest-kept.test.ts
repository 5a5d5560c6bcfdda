/**
 * Issue 26, items 5, 10 and 16: a registrar key spelled several ways is suggested in its most
 * common spelling; values that start with the text survive the cut to `limit`; a kind's value
 * index is kept beside the snapshot (`<snapshot>.suggest/<kind>`), built on a worker thread on
 * first use through `prepareSuggestions()` or `request()`, read back by the next engine opened on
 * that content, and built again when the content changed or the file is damaged.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { Engine } from '../../src/engine.js'
import type { WhoisRecord } from '../../src/types.js'
import { writeLines } from './write-lines.js'

const dir = mkdtempSync(join(tmpdir(), 'dmx-suggest-kept-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

function record(i: number, email: string, registrar: string): WhoisRecord {
  const name = `d${i}.com`
  return { query: name, domain: { name, registrar_name: registrar }, registrant: { email } }
}

const records: WhoisRecord[] = [
  ...Array.from({ length: 60 }, (_, i) => record(i, `a${i}.costa@example.com`, 'MarkMonitor, Inc.')),
  record(100, 'jose.costa@acme.com', 'MARKMONITOR, INC.'),
  record(101, 'zed@acme.com', ' markmonitor,  inc. '),
  record(102, 'jo@acme.com', 'GoDaddy.com, LLC'),
]

async function snapshotOf(whois: readonly WhoisRecord[], name: string): Promise<string> {
  const path = join(dir, name)
  const built = await Engine.build(writeLines({ whois, mx: [], txt: [] }))
  await built.save(path)
  await built.close()
  return path
}

describe('suggestions', () => {
  it('show a registrar key in its most common spelling, counting every spelling', async () => {
    const engine = await Engine.build(writeLines({ whois: records, mx: [], txt: [] }))
    expect(engine.suggest({ kind: 'registrar', text: 'markmon' }).suggestions).toEqual([
      {
        value: 'MarkMonitor, Inc.',
        count: 62,
        request: '/v1/domain/reverse?registrar=MarkMonitor%2C%20Inc.',
      },
    ])
  })

  it('keep the values that start with the text through the cut to the limit', async () => {
    const engine = await Engine.build(writeLines({ whois: records, mx: [], txt: [] }))
    const values = engine
      .suggest({ kind: 'email', text: 'jose.costa@', limit: 10 })
      .suggestions.map((s) => s.value)
    expect(values).toHaveLength(10)
    expect(values).toContain('jose.costa@acme.com')
    expect(values.filter((v) => v !== 'jose.costa@acme.com')).toEqual(
      values.filter((v) => v !== 'jose.costa@acme.com').sort(),
    )
  })
})

describe('candidates', () => {
  it('are the values held by the most records first within a tier, so the largest counts are not cut', async () => {
    const orgs = [
      ...Array.from({ length: 20 }, (_, i) => `Acme Holdings ${String(i).padStart(2, '0')}`),
      ...Array.from({ length: 50 }, () => 'Acme Zeta'),
    ]
    const whois = orgs.map((organization, i) => ({
      query: `o${i}.com`,
      domain: { name: `o${i}.com` },
      registrant: { organization },
    }))
    const engine = await Engine.build(writeLines({ whois, mx: [], txt: [] }))
    const [first] = engine.suggest({ kind: 'organization', text: 'acme', limit: 10 }).suggestions
    expect(first).toEqual({ value: 'Acme Zeta', count: 50, request: '/v1/domain/reverse?name=Acme%20Zeta' })
  })
})

describe('the value index kept beside the snapshot', () => {
  it('is built on first use, kept, and read by the next engine on that content', async () => {
    const path = await snapshotOf(records, 'kept.dmx')
    const first = await Engine.open(path)
    const [built] = await first.prepareSuggestions(['email'])
    expect(built).toMatchObject({
      kind: 'email',
      from: 'built',
      values: 63,
      saved: join(`${path}.suggest`, 'email'),
    })
    expect(await first.prepareSuggestions(['email'])).toMatchObject([{ from: 'memory' }])
    const answer = first.suggest({ kind: 'email', text: 'costa' })
    await first.close()

    const second = await Engine.open(path)
    expect(await second.prepareSuggestions(['email'])).toMatchObject([
      { kind: 'email', from: 'file', values: 63 },
    ])
    expect(second.suggest({ kind: 'email', text: 'costa' })).toEqual(answer)
    await second.close()

    // Opened again, a suggest() with no preparation reads the file too.
    const third = await Engine.open(path)
    expect(third.suggest({ kind: 'email', text: 'costa' })).toEqual(answer)
    await third.close()
  })

  it('is made by request() before its first suggest of a kind', async () => {
    const path = await snapshotOf(records, 'request.dmx')
    const engine = await Engine.open(path)
    const { status, body } = await engine.request('/v1/domain/suggest?kind=registrar&text=godady')
    expect(status).toBe(200)
    expect(body).toEqual(engine.suggest({ kind: 'registrar', text: 'godady' }))
    expect(existsSync(join(`${path}.suggest`, 'registrar'))).toBe(true)
    await engine.close()
  })

  it('is built again for another content, or when damaged, and says so', async () => {
    const path = await snapshotOf(records, 'changed.dmx')
    const first = await Engine.open(path)
    await first.prepareSuggestions(['email'])
    const updated = await first.update(
      writeLines({ whois: [record(200, 'new.costa@acme.com', 'Gandi')], mx: [], txt: [] }),
    )
    await updated.save(path)
    await first.close()
    await updated.close()

    const reopened = await Engine.open(path)
    const [again] = await reopened.prepareSuggestions(['email'])
    expect(again).toMatchObject({ from: 'built', values: 64 })
    expect(again?.note).toMatch(/made for an earlier content/)
    expect(reopened.suggest({ kind: 'email', text: 'new.costa' }).suggestions.map((s) => s.value)).toContain(
      'new.costa@acme.com',
    )
    await reopened.close()

    const file = join(`${path}.suggest`, 'email')
    const bytes = readFileSync(file)
    bytes[bytes.length >> 1] = (bytes[bytes.length >> 1] as number) ^ 0xff
    writeFileSync(file, bytes)
    const damaged = await Engine.open(path)
    const [rebuilt] = await damaged.prepareSuggestions(['email'])
    expect(rebuilt).toMatchObject({ from: 'built', values: 64 })
    expect(rebuilt?.note).toMatch(/damaged/)
    await damaged.close()
  })

  it('is built in memory for an engine not opened from a snapshot, and refuses unknown kinds', async () => {
    const engine = await Engine.build(writeLines({ whois: records, mx: [], txt: [] }))
    const prepared = await engine.prepareSuggestions()
    expect(prepared.map((p) => [p.kind, p.from, p.saved])).toEqual([
      ['email', 'built', undefined],
      ['organization', 'built', undefined],
      ['street', 'built', undefined],
      ['registrar', 'built', undefined],
      ['nameserver', 'built', undefined],
    ])
    await expect(engine.prepareSuggestions(['phone' as 'email'])).rejects.toMatchObject({
      code: 'invalid_parameter',
      param: 'kind',
    })
  })
})
