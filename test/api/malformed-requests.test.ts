import { rm } from 'node:fs/promises'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Engine } from '../../src/engine.js'
import { buildFixtureEngine } from './fixture.js'

let dir: string
let engine: Engine

beforeAll(async () => {
  ;({ dir, engine } = await buildFixtureEngine())
})
afterAll(() => rm(dir, { recursive: true, force: true }))

const HUGE = '9'.repeat(100_000)
const LONG_HOST = `${'a'.repeat(70)}.com`

// [request, code, param]
const MALFORMED: readonly (readonly [string, string, string])[] = [
  // numbers
  ['/v1/domain/reverse?phrase=acme&slop=x', 'invalid_parameter', 'slop'],
  ['/v1/domain/reverse?phrase=acme&slop=51', 'invalid_parameter', 'slop'],
  ['/v1/domain/reverse?phrase=acme&slop=-1', 'invalid_parameter', 'slop'],
  ['/v1/domain/reverse?phrase=acme&slop=1.5', 'invalid_parameter', 'slop'],
  ['/v1/domain/reverse?phrase=acme&slop=', 'invalid_parameter', 'slop'],
  [`/v1/domain/reverse?phrase=acme&slop=${HUGE}`, 'invalid_parameter', 'slop'],
  ['/v1/domain/reverse?phrase=acme&page=-1', 'invalid_parameter', 'page'],
  ['/v1/domain/reverse?phrase=acme&page=1.0', 'invalid_parameter', 'page'],
  ['/v1/domain/reverse?phrase=acme&page=1e3', 'invalid_parameter', 'page'],
  [`/v1/domain/mx?page=${HUGE}`, 'invalid_parameter', 'page'],
  ['/v1/domain/txt?page=abc', 'invalid_parameter', 'page'],
  ['/v1/domain/mx?summarize=host&summary_limit=0', 'invalid_parameter', 'summary_limit'],
  ['/v1/domain/mx?summarize=host&summary_limit=10001', 'invalid_parameter', 'summary_limit'],
  // dates
  ['/v1/domain/reverse?created_from=2021-02-30', 'invalid_parameter', 'created_from'],
  ['/v1/domain/reverse?created_to=2020-13-01', 'invalid_parameter', 'created_to'],
  ['/v1/domain/reverse?updated_from=yesterday', 'invalid_parameter', 'updated_from'],
  ['/v1/domain/reverse?expires_from=2020-01-01T25:00:00Z', 'invalid_parameter', 'expires_from'],
  ['/v1/domain/reverse?expires_to=2020-01-01T10:00:00%2B02:00', 'invalid_parameter', 'expires_to'],
  ['/v1/domain/reverse?created_from=2021-01-02&created_to=2021-01-01', 'invalid_parameter', 'created_from'],
  ['/v1/domain/mx?from=2021-02-29', 'invalid_parameter', 'from'],
  ['/v1/domain/txt?from=2021-03-01&to=2021-02-01', 'invalid_parameter', 'from'],
  ['/v1/domain/mx?to=20210101', 'invalid_parameter', 'to'],
  // booleans
  ['/v1/domain/whois?domain=site1.com&apex_domain=yes', 'invalid_parameter', 'apex_domain'],
  ['/v1/domain/whois?domain=site1.com&apex_domain', 'invalid_parameter', 'apex_domain'],
  ['/v1/domain/mx?most_recent=1', 'invalid_parameter', 'most_recent'],
  // unknown and missing parameters
  ['/v1/domain/reverse?phrase=acme&colour=red', 'unknown_parameter', 'colour'],
  ['/v1/domain/reverse', 'missing_parameter', 'phrase'],
  ['/v1/domain/reverse?street=true', 'missing_parameter', 'phrase'],
  ['/v1/domain/whois', 'missing_parameter', 'domain'],
  ['/v1/domain/whois/prioritize', 'missing_parameter', 'domain'],
  ['/v1/domain/whois/prioritize?domain=a.com&apex_domain=true', 'unknown_parameter', 'apex_domain'],
  ['/v1/domain/mx?txt=spf', 'unknown_parameter', 'txt'],
  ['/v1/domain/whois?domain=a.com&__proto__=x', 'unknown_parameter', '__proto__'],
  // hosts
  ['/v1/domain/whois?domain=', 'invalid_parameter', 'domain'],
  ['/v1/domain/whois?domain=a..b', 'invalid_parameter', 'domain'],
  ['/v1/domain/whois?domain=exa+mple.com', 'invalid_parameter', 'domain'],
  [`/v1/domain/whois?domain=${LONG_HOST}`, 'invalid_parameter', 'domain'],
  ['/v1/domain/whois?domain=%00.com', 'invalid_parameter', 'domain'],
  ['/v1/domain/whois/prioritize?domain=bad!host.com', 'invalid_parameter', 'domain'],
  ['/v1/domain/reverse?nameserver=.', 'invalid_parameter', 'nameserver'],
  ['/v1/domain/mx?host=-bad-.com', 'invalid_parameter', 'host'],
  [`/v1/domain/mx?host=${'x'.repeat(100_000)}.com`, 'invalid_parameter', 'host'],
  // text criteria
  ['/v1/domain/reverse?phone=12', 'invalid_parameter', 'phone'],
  ['/v1/domain/reverse?phrase=---', 'invalid_parameter', 'phrase'],
  ['/v1/domain/reverse?phrase=a&phrase=b', 'invalid_parameter', 'phrase'],
  // expressions
  ['/v1/domain/txt?expression=(dns-txt.txt:spf', 'invalid_parameter', 'expression'],
  ['/v1/domain/txt?expression=AND', 'invalid_parameter', 'expression'],
  ['/v1/domain/mx?filter=nocolon', 'invalid_parameter', 'filter'],
  // odd encodings
  ['/v1/domain/reverse?phrase=%zz', 'invalid_parameter', 'phrase'],
  ['/v1/domain/reverse?phrase=%E0%A4%A', 'invalid_parameter', 'phrase'],
  ['/v1/domain/reverse?phrase=%ED%A0%80', 'invalid_parameter', 'phrase'],
  ['/v1/domain/whois?domain=%C3%28.com', 'invalid_parameter', 'domain'],
  ['/v1/domain/mx?ho%st=a.com', 'invalid_parameter', 'ho%st'],
]

describe('malformed requests', () => {
  it('has at least 30 cases', () => {
    expect(MALFORMED.length).toBeGreaterThanOrEqual(30)
  })

  it.each(MALFORMED.map(([path, code, param]) => [path.slice(0, 90), path, code, param]))(
    '%s',
    async (_label, path, code, param) => {
      const response = await engine.request(path)
      expect(response.status).toBe(400)
      expect(response.body).toEqual({ error: { code, param, message: expect.stringMatching(/^domindex: /) } })
    },
  )
})
