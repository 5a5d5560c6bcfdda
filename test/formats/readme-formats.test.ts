/**
 * The before/after examples of docs/inputs.md of real-world formats (SPEC 13) are what the engine does:
 * each "before" block is loaded through the engine and must come back as its "after" block.
 */
import { readFileSync } from 'node:fs'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { Engine } from '../../src/engine.js'
import { type TempFiles, tempFiles, withoutNorm } from '../ingest/temp-files.js'

const section = readFileSync('docs/inputs.md', 'utf8')
const blocks = [...section.matchAll(/```(\w*)\n([\s\S]*?)\n```/g)].map((m) => ({
  lang: m[1],
  body: m[2] as string,
}))
const examples = blocks.filter((b) => b.lang !== 'ts' && b.lang !== 'sh')

let files: TempFiles
beforeAll(async () => {
  files = await tempFiles()
})
afterAll(async () => {
  await files.remove()
})

it('shows four formats before and after', () => {
  expect(examples.map((b) => b.lang)).toEqual(['json', 'json', '', 'json', 'jsonl', 'json', 'zone', 'json'])
})

it('maps the RDAP example as shown', async () => {
  const before = examples[0] as { body: string }
  const after = examples[1] as { body: string }
  const path = await files.write('example.rdap.jsonl', `${JSON.stringify(JSON.parse(before.body))}\n`)
  const engine = await Engine.build({ whois: [path] })
  const expected = JSON.parse(after.body)
  expect(withoutNorm(engine.whois({ domain: expected.query }))).toEqual(expected)
})

it('maps the CSV example as shown', async () => {
  const before = examples[2] as { body: string }
  const after = examples[3] as { body: string }
  const path = await files.write('example.csv', `${before.body}\n`)
  const engine = await Engine.build({ whois: [path] })
  const expected = JSON.parse(after.body)
  expect(withoutNorm(engine.whois({ domain: expected.query }))).toEqual(expected)
})

it('groups the DNS records example as shown', async () => {
  const before = examples[4] as { body: string }
  const after = examples[5] as { body: string }
  const path = await files.write('example.records.jsonl', `${before.body}\n`)
  const engine = await Engine.build({ dns: [path] })
  const expected = JSON.parse(after.body)
  expect(engine.mx({ host: 'example.com' }).results).toEqual([expected])
  expect(engine.stats().dnsSkipped).toBe(1)
})

it('groups the zone example as shown, with the date its source gives', async () => {
  const before = examples[6] as { body: string }
  const after = examples[7] as { body: string }
  const path = await files.write('example.zone', `${before.body}\n`)
  const expected = JSON.parse(after.body)
  const engine = await Engine.build({ dns: [{ path, format: 'zone', date: expected.date }] })
  expect(engine.mx({ host: 'example.com' }).results).toEqual([expected])
  expect(engine.txt({ host: 'example.com' }).results.map((o) => o.id)).toEqual(['txt-2024-03-05-example.com'])
  expect(engine.stats().dnsSkipped).toBe(2)
})
