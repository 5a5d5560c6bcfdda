/**
 * Issue 15, item 10: `request()` answers whatever it is handed with a 4xx and an error body, never
 * a 5xx: a method that is not a string, headers that throw when read, a target that cannot be
 * turned into a string, options that are not an object.
 */
import { afterAll, beforeAll, expect, it } from 'vitest'
import type { RequestOptions } from '../../src/api/request.js'
import { Engine } from '../../src/engine.js'
import { type TempFiles, tempFiles } from '../ingest/temp-files.js'

let files: TempFiles
let engine: Engine
let guarded: Engine
beforeAll(async () => {
  files = await tempFiles()
  const whois = [await files.lines('w.jsonl', [{ query: 'a.com', registrant: { organization: 'Acme' } }])]
  engine = await Engine.build({ whois })
  guarded = await Engine.build({ whois }, { tokens: ['s3cret'] })
})
afterAll(async () => {
  await files.remove()
})

const throwingHeaders = new Proxy(
  {},
  {
    ownKeys() {
      throw new Error('headers exploded')
    },
    get() {
      throw new Error('headers exploded')
    },
  },
)
const throwingTarget = {
  toString(): string {
    throw new Error('no string for you')
  },
}

const cases: [string, unknown, unknown, RegExp][] = [
  [
    'a method that is not a string',
    '/v1/domain/reverse?name=acme',
    { method: 5 },
    /method must be a string, got 5/,
  ],
  [
    'headers that throw',
    '/v1/domain/reverse?name=acme',
    { headers: throwingHeaders },
    /headers could not be read/,
  ],
  ['a target whose toString throws', throwingTarget, {}, /request target could not be read/],
  ['null options', '/v1/domain/reverse?name=acme', null, /options must be an object, got null/],
  [
    'options that are a string',
    '/v1/domain/reverse?name=acme',
    'GET',
    /options must be an object, got "GET"/,
  ],
  [
    'a headers value that is a number',
    '/v1/domain/reverse?name=acme',
    { headers: 5 },
    /headers must be an object/,
  ],
]

it.each(cases)('answers %s with a 400 bad_request naming it', async (_name, target, options, message) => {
  for (const e of [engine, guarded]) {
    const response = await e.request(target as string, options as RequestOptions)
    expect(response.status).toBe(400)
    const { error } = response.body as { error: { code: string; message: string } }
    expect(error.code).toBe('bad_request')
    expect(error.message).toMatch(message)
  }
})

it('still answers good requests, and a symbol target with a 404', async () => {
  expect((await engine.request('/v1/domain/reverse?name=acme', { method: 'head' })).status).toBe(200)
  expect((await engine.request(Symbol('x') as unknown as string)).status).toBe(404)
  expect((await guarded.request('/v1/domain/reverse?name=acme')).status).toBe(401)
  const authorized = { headers: { Authorization: 'Bearer s3cret' } }
  expect((await guarded.request('/v1/domain/reverse?name=acme', authorized)).status).toBe(200)
})
