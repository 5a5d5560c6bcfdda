/**
 * Issue 15, items 11 and 12: numbers are shown and returned as written (no -0 in an envelope, no
 * "got null" for Infinity or NaN), and a misspelt or malformed source is a TypeError naming it
 * instead of an empty engine or a SnapshotError about data.
 */
import { afterAll, beforeAll, expect, it } from 'vitest'
import { Engine } from '../../src/engine.js'
import type { Sources } from '../../src/types.js'
import { type TempFiles, tempFiles } from '../ingest/temp-files.js'

let files: TempFiles
let engine: Engine
beforeAll(async () => {
  files = await tempFiles()
  engine = await Engine.build({
    whois: [await files.lines('w.jsonl', [{ query: 'a.com', registrant: { organization: 'Acme' } }])],
  })
})
afterAll(async () => {
  await files.remove()
})

it('answers page -0 as page 0, and names Infinity and NaN as they are', async () => {
  expect(Object.is(engine.reverse({ name: 'acme', page: -0 }).page, 0)).toBe(true)
  const { body } = await engine.request('/v1/domain/reverse?name=acme&page=-0')
  expect(Object.is((body as { page: number }).page, 0)).toBe(true)
  expect(() => engine.reverse({ name: 'acme', page: Number.POSITIVE_INFINITY })).toThrow(/got Infinity/)
  expect(() => engine.reverse({ phrase: 'acme', slop: Number.NaN })).toThrow(/got NaN/)
})

it('refuses unknown source keys and malformed sources with a TypeError naming them', async () => {
  await expect(Engine.build({ whios: ['x.jsonl'] } as unknown as Sources)).rejects.toThrow(TypeError)
  await expect(Engine.build({ whios: ['x.jsonl'] } as unknown as Sources)).rejects.toThrow(
    /unknown source key "whios"/,
  )
  await expect(Engine.build({ dns: [{ path: 'x.jsonl', kind: 'MX' as 'mx' }] })).rejects.toThrow(TypeError)
  await expect(Engine.build({ whois: 'x.jsonl' as unknown as string[] })).rejects.toThrow(TypeError)
  await expect(engine.update({ txt: ['x.jsonl'] } as unknown as Sources)).rejects.toThrow(
    /unknown source key "txt"/,
  )
})
