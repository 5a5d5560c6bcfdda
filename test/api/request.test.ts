import { describe, expect, it } from 'vitest'
import { handleRequest } from '../../src/api/request.js'
import { EXAMPLE_RECORD, FakeTarget } from './fake-target.js'

const target = new FakeTarget()

function get(path: string, tokens: readonly string[] = [], headers?: Record<string, string>) {
  return handleRequest(target, tokens, path, headers === undefined ? {} : { headers })
}

describe('handleRequest routing', () => {
  it('answers each of the five paths with 200', async () => {
    expect(await get('/v1/domain/whois?domain=EXAMPLE.com')).toEqual({ status: 200, body: EXAMPLE_RECORD })
    expect((await get('/v1/domain/reverse?phrase=x&page=2')).body).toMatchObject({
      page: 2,
      pages: 3,
      result_count: 250,
    })
    expect(await get('/v1/domain/whois/prioritize?domain=a.org')).toEqual({
      status: 200,
      body: { domain: 'a.org', queued: true, queued_at: '2024-05-01T10:00:00Z', already_queued: false },
    })
    expect((await get('/v1/domain/mx?host=a.com')).status).toBe(200)
    expect(await get('/v1/domain/txt')).toEqual({
      status: 200,
      body: { summary: { other: 0, values: { 'v=spf1': 2 } } },
    })
  })

  it('accepts a full URL: only path and query count', async () => {
    const response = await get('https://api.example.net:8443/v1/domain/reverse?phrase=x&page=1#ignored')
    expect(response.status).toBe(200)
    expect(response.body).toMatchObject({ page: 1 })
  })

  it.each([
    '/',
    '',
    '/v1',
    '/v1/domain',
    '/v1/domain/whois/',
    '/v1/domain/WHOIS',
    '/v2/domain/whois',
    'v1/domain/whois',
    '/v1/domain/whois/../mx',
    '/v1/domain/%77hois',
  ])('404 for the unknown path %j', async (path) => {
    const response = await get(`${path}?domain=example.com`)
    expect(response.status).toBe(404)
    expect(response.body).toEqual({
      error: { code: 'not_found', message: expect.stringContaining('no such path') },
    })
  })

  it('404 naming domain for a forward lookup without a record', async () => {
    const response = await get('/v1/domain/whois?domain=www.missing.org&apex_domain=true')
    expect(response).toEqual({
      status: 404,
      body: {
        error: {
          code: 'not_found',
          param: 'domain',
          message: 'domindex: no WHOIS record for the apex of domain "www.missing.org"',
        },
      },
    })
  })

  it('400 with code and param for a QueryError, including malformed percent-encoding', async () => {
    expect((await get('/v1/domain/whois')).body).toMatchObject({
      error: { code: 'missing_parameter', param: 'domain' },
    })
    expect((await get('/v1/domain/whois?domain=a..b')).body).toMatchObject({
      error: { code: 'invalid_parameter', param: 'domain' },
    })
    expect((await get('/v1/domain/whois?domain=a.com&color=red')).body).toMatchObject({
      error: { code: 'unknown_parameter', param: 'color' },
    })
    expect(await get('/v1/domain/reverse?phrase=%zz')).toMatchObject({
      status: 400,
      body: { error: { code: 'invalid_parameter', param: 'phrase' } },
    })
    expect((await get('/v1/domain/reverse?phrase=a&page=1&page=2')).body).toMatchObject({
      error: { code: 'invalid_parameter', param: 'page' },
    })
  })

  it('turns an unexpected exception into a 500 instead of throwing', async () => {
    expect(await get('/v1/domain/mx?host=boom.example')).toEqual({
      status: 500,
      body: { error: { code: 'internal', message: 'domindex: internal error: boom' } },
    })
  })

  it('405 for a method other than GET or HEAD, after the path is known', async () => {
    const post = await handleRequest(target, [], '/v1/domain/txt', { method: 'POST' })
    expect(post.status).toBe(405)
    expect(post.body).toMatchObject({ error: { code: 'method_not_allowed' } })
    expect((await handleRequest(target, [], '/v1/domain/txt', { method: 'head' })).status).toBe(200)
    expect((await handleRequest(target, [], '/nowhere', { method: 'POST' })).status).toBe(404)
  })
})

describe('handleRequest authentication', () => {
  const tokens = ['t0k3n', 'other']

  it('401 without a token or with a wrong one, on every path', async () => {
    for (const headers of [undefined, {}, { authorization: 'Bearer nope' }, { Authorization: 't0k3n' }]) {
      for (const path of ['/v1/domain/txt', '/nowhere']) {
        expect(await get(path, tokens, headers)).toEqual({
          status: 401,
          body: { error: { code: 'unauthorized', message: expect.stringContaining('bearer token') } },
        })
      }
    }
  })

  it('200 with a right token under any header-name case', async () => {
    expect((await get('/v1/domain/txt', tokens, { AUTHORIZATION: 'Bearer other' })).status).toBe(200)
    const headers = new Headers({ authorization: 'Bearer t0k3n' })
    expect((await handleRequest(target, tokens, '/v1/domain/txt', { headers })).status).toBe(200)
  })
})
