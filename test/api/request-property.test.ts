import { rm } from 'node:fs/promises'
import { join } from 'node:path'
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Engine } from '../../src/engine.js'
import { writeFixture } from './fixture.js'

const PATHS = [
  '/v1/domain/whois',
  '/v1/domain/reverse',
  '/v1/domain/whois/prioritize',
  '/v1/domain/mx',
  '/v1/domain/txt',
]
const NAMES = [
  ...['domain', 'apex_domain', 'phrase', 'street', 'postalcode', 'phone', 'slop', 'name', 'nameserver'],
  ...['created_from', 'created_to', 'updated_from', 'updated_to', 'expires_from', 'expires_to', 'page'],
  ...['host', 'most_recent', 'summarize', 'summary_context', 'summary_limit', 'expression', 'from', 'to'],
  ...['filter', 'txt', '__proto__', 'constructor', ''],
]
const QUERY_ERROR_CODES = ['invalid_parameter', 'unknown_parameter', 'missing_parameter']

let dir: string
let open: Engine
let guarded: Engine

beforeAll(async () => {
  dir = await writeFixture()
  const sources = {
    whois: [join(dir, 'whois.jsonl')],
    dns: [
      { path: join(dir, 'dns-mx.jsonl'), kind: 'mx' as const },
      { path: join(dir, 'dns-txt.jsonl'), kind: 'txt' as const },
    ],
  }
  open = await Engine.build(sources)
  guarded = await Engine.build(sources, { tokens: ['right-token'] })
})
afterAll(() => rm(dir, { recursive: true, force: true }))

/** Fragments that stress the decoder: broken and valid escapes, separators, plus signs. */
const fragment = fc.oneof(
  fc.constantFrom(
    '%',
    '%2',
    '%zz',
    '%E0%A4%A',
    '%ED%A0%80',
    '%C3%A9',
    '%00',
    '%25',
    '+',
    '=',
    '&',
    '#',
    '?',
    '/',
  ),
  fc.string({ unit: 'binary', maxLength: 12 }),
  fc.constantFrom('true', 'false', '0', '-1', '1.5', '2021-02-30', '2020-01-01', 'site1.com', 'acme', 'a..b'),
)
const value = fc.oneof(
  { weight: 8, arbitrary: fc.array(fragment, { maxLength: 6 }).map((parts) => parts.join('')) },
  { weight: 2, arbitrary: fc.string({ unit: 'grapheme', maxLength: 30 }).map(encodeURIComponent) },
  { weight: 1, arbitrary: fc.integer({ min: 1000, max: 200_000 }).map((n) => '9'.repeat(n)) },
)
const pair = fc
  .tuple(
    fc.oneof(fc.constantFrom(...NAMES), fc.string({ unit: 'binary', maxLength: 8 })),
    value,
    fc.boolean(),
  )
  .map(([key, v, hasEquals]) => (hasEquals ? `${key}=${v}` : key))
const target = fc
  .tuple(
    fc.constantFrom('', 'https://any.host', 'http://u@h:1'),
    fc.oneof(
      { weight: 5, arbitrary: fc.constantFrom(...PATHS) },
      { weight: 1, arbitrary: fc.string({ unit: 'binary' }) },
    ),
    fc.array(pair, { maxLength: 6 }),
    fc.boolean(),
  )
  .map(([origin, path, pairs, withQuery]) => `${origin}${path}${withQuery ? `?${pairs.join('&')}` : ''}`)
const authorization = fc.option(fc.constantFrom('Bearer right-token', 'Bearer wrong', 'right-token', ''), {
  nil: undefined,
})

describe('request() on arbitrary input', () => {
  it('always answers a well-formed response and never throws', async () => {
    await fc.assert(
      fc.asyncProperty(target, fc.boolean(), authorization, async (path, useGuarded, auth) => {
        const engine = useGuarded ? guarded : open
        const response = await engine.request(
          path,
          auth === undefined ? {} : { headers: { Authorization: auth } },
        )
        expect([200, 400, 401, 404]).toContain(response.status)
        const roundTrip: unknown = JSON.parse(JSON.stringify(response.body))
        expect(roundTrip).toEqual(response.body)
        if (response.status === 200) return
        const { error } = response.body as { error: { code: string; message: string; param?: string } }
        expect(Object.keys(response.body as object)).toEqual(['error'])
        expect(typeof error.message).toBe('string')
        if (response.status === 400) {
          expect(QUERY_ERROR_CODES).toContain(error.code)
          expect(typeof error.param).toBe('string')
        } else if (response.status === 401) {
          expect(error).toEqual({ code: 'unauthorized', message: error.message })
        } else {
          expect(error.code).toBe('not_found')
        }
      }),
      { seed: 20240501, numRuns: 400 },
    )
  })
})
