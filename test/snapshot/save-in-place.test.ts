/**
 * SPEC 10, saves in place: saving an updated engine to the snapshot it was opened from appends a
 * commit holding only what the update added (its segment, the deletion sets it changed, the
 * skeleton, a section table), and every answer of the file opened again equals the updated
 * engine's and a full save's. A reader that opened an earlier commit keeps its view; a commit
 * slot torn by a kill leaves the previous commit; the bytes a killed save appended are cut by the
 * next; a save that would write more than it keeps (compact) writes the file whole.
 */
import { appendFileSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import { Engine } from '../../src/engine.js'
import { writeSample } from '../../src/generate/write-sample.js'
import { commitTable, slotOffset } from '../../src/snapshot/format.js'
import type { Sources, WhoisRecord } from '../../src/types.js'
import { answers, callsFor, tempDir } from './fixture.js'

const dir = tempDir()
let base: Sources
let deltas: Sources[]
let snapshot: string
let records: WhoisRecord[]

const generation = (path: string): number => commitTable(readFileSync(path)).commit.generation

beforeAll(async () => {
  const sample = await writeSample({ whois: 4_000, dns: 4_000, seed: 21, out: join(dir, 'base') })
  base = {
    whois: [sample.whois.path],
    dns: [
      { path: sample.mx.path, kind: 'mx' },
      { path: sample.txt.path, kind: 'txt' },
    ],
  }
  deltas = []
  for (const seed of [22, 23]) {
    const delta = await writeSample({ whois: 60, dns: 60, seed, out: join(dir, `delta${seed}`) })
    deltas.push({
      whois: [delta.whois.path],
      dns: [
        { path: delta.mx.path, kind: 'mx' },
        { path: delta.txt.path, kind: 'txt' },
      ],
    })
  }
  records = readFileSync(sample.whois.path, 'utf8')
    .trimEnd()
    .split('\n')
    .slice(0, 40)
    .map((line) => JSON.parse(line) as WhoisRecord)
  snapshot = join(dir, 'corpus.dmx')
  await (await Engine.build(base)).save(snapshot)
}, 120_000)

/** The calls compared between engines: records of the base and queries on them. */
function calls(): ReturnType<typeof callsFor> {
  return callsFor(records, [])
}

describe('saves in place', () => {
  it('append a small commit whose file answers as the updated engine and a full save', async () => {
    const before = statSync(snapshot).size
    expect(generation(snapshot)).toBe(1)
    const opened = await Engine.open(snapshot)
    const removed = String(records[3]?.query)
    const updated = await opened.update(deltas[0] as Sources, { remove: { whois: [removed], dns: [] } })
    await updated.save(snapshot)
    const written = statSync(snapshot).size - before
    expect(generation(snapshot)).toBe(2)
    expect(written).toBeGreaterThan(0)
    // 60 records into 4,000: the new segment's fixed part (the 10,000 phone grams' entry and byte
    // offsets, 80 KB) is most of what is written at this size.
    expect(written).toBeLessThan(before * 0.2)

    const whole = join(dir, 'whole.dmx')
    await updated.save(whole)
    expect(generation(whole)).toBe(1)
    const reopened = await Engine.open(snapshot, { verify: true })
    const fromWhole = await Engine.open(whole)
    expect(reopened.whois({ domain: removed })).toBeNull()
    const a = answers(calls(), updated, reopened)
    expect(a.after).toEqual(a.before)
    const b = answers(calls(), fromWhole, reopened)
    expect(b.after).toEqual(b.before)
    expect(reopened.stats().counts).toEqual(updated.stats().counts)

    // A second update of the reopened engine appends again; what the first wrote is not rewritten.
    const sizeBefore = statSync(snapshot).size
    const again = await reopened.update(deltas[1] as Sources)
    await again.save(snapshot)
    expect(generation(snapshot)).toBe(3)
    expect(statSync(snapshot).size - sizeBefore).toBeLessThan(written * 1.5)
    const third = await Engine.open(snapshot, { verify: true })
    const c = answers(calls(), again, third)
    expect(c.after).toEqual(c.before)
    for (const engine of [opened, updated, reopened, fromWhole, again, third]) await engine.close()
  })

  it('leave a reader of an earlier commit its view, records read from disk included', async () => {
    const path = join(dir, 'readers.dmx')
    writeFileSync(path, readFileSync(snapshot))
    const reader = await Engine.open(path, { cacheBytes: 0 })
    const view = answers(calls(), reader, reader).before
    const writer = await Engine.open(path)
    await (
      await writer.update(deltas[0] as Sources, { remove: { whois: [String(records[5]?.query)], dns: [] } })
    ).save(path)
    expect(answers(calls(), reader, reader).before).toEqual(view)
    await reader.close()
    await writer.close()
  })

  it('open the previous commit when the newest slot was torn by a kill, and cut what a killed save appended', async () => {
    const path = join(dir, 'torn.dmx')
    writeFileSync(path, readFileSync(snapshot))
    const previous = await Engine.open(path)
    const expected = answers(calls(), previous, previous).before
    const updated = await previous.update(deltas[1] as Sources, {
      remove: { whois: [String(records[7]?.query)], dns: [] },
    })
    await updated.save(path)
    const newest = generation(path)
    // The newest commit's slot half written: the previous commit opens.
    const bytes = readFileSync(path)
    const slot = newest % 2 === 1 ? 0 : 1
    bytes.fill(0x77, slotOffset(slot as 0 | 1) + 20, slotOffset(slot as 0 | 1) + 48)
    writeFileSync(path, bytes)
    // And bytes a killed save appended after that.
    appendFileSync(path, Buffer.alloc(5000, 0x33))
    const fallback = await Engine.open(path, { verify: true })
    expect(commitTable(readFileSync(path)).commit.generation).toBe(newest - 1)
    expect(answers(calls(), fallback, fallback).before).toEqual(expected)
    // A save in place from it cuts the torn commit's bytes and the garbage.
    const again = await fallback.update(deltas[0] as Sources)
    await again.save(path)
    const table = commitTable(readFileSync(path))
    expect(table.commit.generation).toBe(newest)
    expect(table.commit.commitBytes).toBe(statSync(path).size)
    const reopened = await Engine.open(path, { verify: true })
    const d = answers(calls(), again, reopened)
    expect(d.after).toEqual(d.before)
    for (const engine of [previous, updated, fallback, again, reopened]) await engine.close()
  })

  it('write the file whole when the save would write more than it keeps (compact)', async () => {
    const path = join(dir, 'compact.dmx')
    writeFileSync(path, readFileSync(snapshot))
    const opened = await Engine.open(path)
    const compacted = await opened.compact()
    await compacted.save(path)
    const table = commitTable(readFileSync(path))
    expect(table.commit.generation).toBe(1)
    expect(table.commit.commitBytes).toBe(statSync(path).size)
    const reopened = await Engine.open(path, { verify: true })
    const e = answers(calls(), compacted, reopened)
    expect(e.after).toEqual(e.before)
    for (const engine of [opened, compacted, reopened]) await engine.close()
  })
  it('write the file whole, every section in it, when an update adds more than the file keeps', async () => {
    // The small file's sections are known to lie in it; a whole save must not list them there
    // unwritten (it did, and the file was refused as corrupt).
    const path = join(dir, 'grown.dmx')
    await (await Engine.build(deltas[0] as Sources)).save(path)
    const opened = await Engine.open(path)
    const grown = await opened.update(base)
    const saved = await grown.save(path)
    expect(saved.inPlace).toBe(false)
    const reopened = await Engine.open(path, { verify: true })
    const e = answers(calls(), grown, reopened)
    expect(e.after).toEqual(e.before)
    expect(reopened.stats().counts).toEqual(grown.stats().counts)
    for (const engine of [opened, grown, reopened]) await engine.close()
  })
})
