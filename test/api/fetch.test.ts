import { describe, expect, it } from 'vitest'
import { fetchOver } from '../../src/api/fetch.js'
import { handleRequest } from '../../src/api/request.js'
import { FakeTarget } from './fake-target.js'

const target = new FakeTarget()
const fetchOpen = fetchOver((path, options) => handleRequest(target, [], path, options))
const fetchGuarded = fetchOver((path, options) => handleRequest(target, ['s3cret'], path, options))

describe('fetchOver', () => {
  it('answers a real Response with a JSON body and the JSON content type', async () => {
    const response = await fetchOpen('https://any.host/v1/domain/reverse?phrase=x&page=1')
    expect(response).toBeInstanceOf(Response)
    expect(response.status).toBe(200)
    expect(response.ok).toBe(true)
    expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8')
    expect(await response.json()).toMatchObject({ page: 1, pages: 3, result_count: 250 })
  })

  it('takes a URL object and a Request, whose headers count unless init replaces them', async () => {
    expect((await fetchOpen(new URL('http://x/v1/domain/txt'))).status).toBe(200)
    const request = new Request('http://x/v1/domain/txt', { headers: { Authorization: 'Bearer s3cret' } })
    expect((await fetchGuarded(request)).status).toBe(200)
    expect((await fetchGuarded(request, { headers: { 'x-other': '1' } })).status).toBe(401)
  })

  it('passes error statuses through as responses, with their error bodies and headers', async () => {
    const missing = await fetchOpen('/v1/domain/whois?domain=nothing.org')
    expect(missing.status).toBe(404)
    expect(missing.ok).toBe(false)
    expect(await missing.json()).toMatchObject({ error: { code: 'not_found', param: 'domain' } })

    const bad = await fetchOpen('/v1/domain/whois?domain=a..b')
    expect(bad.status).toBe(400)
    expect(await bad.json()).toMatchObject({ error: { code: 'invalid_parameter', param: 'domain' } })

    const denied = await fetchGuarded('/v1/domain/txt', { headers: [['authorization', 'Bearer wrong']] })
    expect(denied.status).toBe(401)
    expect(denied.headers.get('www-authenticate')).toBe('Bearer')

    const posted = await fetchOpen('/v1/domain/txt', { method: 'POST' })
    expect(posted.status).toBe(405)
    expect(posted.headers.get('allow')).toBe('GET, HEAD')
  })

  it('answers HEAD without a body', async () => {
    const response = await fetchOpen('/v1/domain/txt', { method: 'HEAD' })
    expect(response.status).toBe(200)
    expect(await response.text()).toBe('')
  })

  it('rejects like fetch when the signal is already aborted', async () => {
    await expect(fetchOpen('/v1/domain/txt', { signal: AbortSignal.abort() })).rejects.toThrow()
  })
})
