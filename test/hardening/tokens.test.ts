/**
 * Issue 15, item 9: the `tokens` option is checked at build, open and update. A string (whose
 * characters would each become a token), a non-string, an empty token or one with white space
 * (which no bearer header can carry, so every client would be locked out) is a TypeError naming it.
 */
import { afterAll, beforeAll, expect, it } from 'vitest'
import { Engine } from '../../src/engine.js'
import { type TempFiles, tempFiles } from '../ingest/temp-files.js'

let files: TempFiles
let path: string
beforeAll(async () => {
  files = await tempFiles()
  path = await files.lines('w.jsonl', [{ query: 'a.com' }])
})
afterAll(async () => {
  await files.remove()
})

const BAD: [unknown, RegExp][] = [
  ['secret', /tokens must be an array of strings, got "secret"/],
  [[123], /tokens\[0\] must be a non-empty string without white space, got 123/],
  [[''], /tokens\[0\] must be a non-empty string/],
  [['ok', 'two words'], /tokens\[1\] must be a non-empty string without white space/],
]

it('refuses bad tokens at build, open and update, and keeps good ones', async () => {
  const engine = await Engine.build({ whois: [path] }, { tokens: ['s3cret'] })
  await engine.save(`${files.dir}/s.dmx`)
  for (const [tokens, message] of BAD) {
    const options = { tokens } as unknown as { tokens: string[] }
    await expect(Engine.build({ whois: [path] }, options)).rejects.toThrow(message)
    await expect(Engine.open(`${files.dir}/s.dmx`, options)).rejects.toThrow(TypeError)
    await expect(engine.update({}, options)).rejects.toThrow(message)
  }
  const request = (auth: string) =>
    engine.request('/v1/domain/whois?domain=a.com', { headers: { authorization: auth } })
  expect((await request('Bearer s3cret')).status).toBe(200)
  expect((await request('Bearer other')).status).toBe(401)
})
