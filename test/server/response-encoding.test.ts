import { gunzipSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { acceptsGzip, encodeResponse } from '../../src/server/response-encoding.js'

describe('acceptsGzip', () => {
  it('reads Accept-Encoding with its weights (RFC 9110, 12.5.3)', () => {
    const cases: [string | undefined, boolean][] = [
      [undefined, false],
      ['', false],
      ['identity', false],
      ['gzip', true],
      ['GZip', true],
      ['x-gzip', true],
      ['deflate, gzip;q=0.1', true],
      ['gzip;q=0', false],
      ['gzip; q=0.000', false],
      ['*', true],
      ['*;q=0', false],
      ['br, *;q=0.5', true],
      ['gzip;q=0, *', false],
      ['*;q=0, gzip', true],
    ]
    for (const [header, expected] of cases) expect([header, acceptsGzip(header)]).toEqual([header, expected])
  })
})

describe('encodeResponse', () => {
  it('gives the JSON text and the headers engine.fetch gives', async () => {
    const body = { error: { code: 'unauthorized', message: 'domindex: missing token' } }
    const plain = await encodeResponse({ status: 401, body }, false)
    expect(plain.headers).toEqual({
      'content-type': 'application/json; charset=utf-8',
      vary: 'accept-encoding',
      'www-authenticate': 'Bearer',
      'content-length': String(plain.body.length),
    })
    expect(JSON.parse(plain.body.toString('utf8'))).toEqual(body)
    const gzipped = await encodeResponse({ status: 405, body: { é: 'ü'.repeat(1000) } }, true)
    expect(gzipped.headers['allow']).toBe('GET, HEAD')
    expect(gzipped.headers['content-encoding']).toBe('gzip')
    expect(gzipped.headers['content-length']).toBe(String(gzipped.body.length))
    expect(JSON.parse(gunzipSync(gzipped.body).toString('utf8'))).toEqual({ é: 'ü'.repeat(1000) })
  })
})
