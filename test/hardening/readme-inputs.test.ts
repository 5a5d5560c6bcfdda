/**
 * Issue 15, item 20: the guide (docs/guide.md) documents the DNS observation format with an example, that
 * `street`/`postalcode`/`phone` are flags or values, that `name` searches organisations only and
 * that `apexDomain` answers in punycode. The examples it shows are checked against the engine.
 */
import { readFileSync } from 'node:fs'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { Engine } from '../../src/engine.js'
import { apexDomain } from '../../src/normalize/apex.js'
import { type TempFiles, tempFiles, whoisRecord } from '../ingest/temp-files.js'

const guide = readFileSync('docs/guide.md', 'utf8')
const section = guide.slice(guide.indexOf('## What the inputs look like'))
let files: TempFiles
beforeAll(async () => {
  files = await tempFiles()
})
afterAll(async () => {
  await files.remove()
})

it('shows a DNS observation that loads and is found as the README says', async () => {
  const example = /```json\n([\s\S]*?)\n```/.exec(section)?.[1]
  expect(example).toBeDefined()
  const observation = JSON.parse(example as string)
  const path = await files.lines('mx.jsonl', [observation])
  const engine = await Engine.build({ dns: [{ path, kind: 'mx' }] })
  expect(engine.stats().rejects.count).toBe(0)
  expect(engine.mx({ host: 'planetmills.com' }).results).toEqual([observation])
  expect(engine.mx({ expression: 'dns-mx.host:google.com' }).result_count).toBe(1)
})

it('says what street, postalcode, phone and name mean, and behaves so', async () => {
  expect(section).toMatch(/`street`, `postalcode` and `phone` are each a \*\*flag or a value\*\*/)
  expect(section).toMatch(/`name` searches \*\*organisations only\*\*/)
  const record = whoisRecord('a.com', {
    registrant: {
      organization: 'Acme Holdings',
      name: 'Jane Smith',
      street: ['1 Main St'],
      phone: '+1.6502530000',
    },
  })
  const engine = await Engine.build({ whois: [await files.lines('w.jsonl', [record])] })
  expect(engine.reverse({ name: 'holdings acme' }).result_count).toBe(1)
  expect(engine.reverse({ name: 'jane smith' }).result_count).toBe(0)
  expect(engine.reverse({ phrase: 'jane smith' }).result_count).toBe(1)
  expect(engine.reverse({ phrase: 'main st', street: true }).result_count).toBe(1)
  expect(engine.reverse({ street: 'main st' }).result_count).toBe(1)
  expect(engine.reverse({ phone: '650-253-0000' }).result_count).toBe(1)
})

it('shows apexDomain answering in punycode, as it does', () => {
  const shown = /`apexDomain\('([^']+)'\)` is `'([^']+)'`/.exec(section)
  expect(shown).not.toBeNull()
  expect(apexDomain(shown?.[1] as string)).toBe(shown?.[2])
  expect(shown?.[2]).toMatch(/^xn--/)
})
