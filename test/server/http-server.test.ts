/**
 * The HTTP server in-process, over the fixture engine (SPEC 15): every answer is request()'s with
 * its headers; HEAD, 405 with Allow, 401 with WWW-Authenticate, bodies refused, 414 and 431, gzip
 * negotiation, keep-alive, timeouts (shortened), 503 before the engine is ready, the log, no query
 * for a client gone before its turn, and a graceful close that finishes the requests in flight.
 */
import { once } from 'node:events'
import { rm } from 'node:fs/promises'
import { connect } from 'node:net'
import { join } from 'node:path'
import { gunzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ApiResponse } from '../../src/api/responses.js'
import { Engine } from '../../src/engine.js'
import { type ApiAnswerer, ApiServer } from '../../src/server/http-server.js'
import { writeFixture } from '../api/fixture.js'
import { exchange, parseRaw, rawExchange } from './http-exchange.js'

const TOKEN = 's3cret'
let dir: string
let engine: Engine
let server: ApiServer
let url: string
let port: number
const logged: string[] = []

async function started(target: ApiAnswerer | undefined, limits = {}): Promise<[ApiServer, string]> {
  const s = new ApiServer({ log: (line) => logged.push(line), limits })
  const address = await s.listen({ host: '127.0.0.1', port: 0 })
  if (target !== undefined) s.serve(target)
  return [s, address]
}

beforeAll(async () => {
  dir = await writeFixture()
  engine = await Engine.build(
    {
      whois: [join(dir, 'whois.jsonl')],
      dns: [
        { path: join(dir, 'dns-mx.jsonl'), kind: 'mx' },
        { path: join(dir, 'dns-txt.jsonl'), kind: 'txt' },
      ],
    },
    { tokens: [TOKEN] },
  )
  ;[server, url] = await started(engine)
  port = Number(new URL(url).port)
})
afterAll(async () => {
  await server.close()
  await rm(dir, { recursive: true, force: true })
})

const auth = { authorization: `Bearer ${TOKEN}` }

describe('ApiServer', () => {
  it('answers what request() answers, as JSON with its headers', async () => {
    const cases: [string, Record<string, string>][] = [
      ['/v1/domain/reverse?name=acme&page=1', auth],
      ['/v1/domain/mx?host=site3.com', auth],
      ['/v1/domain/txt?summarize=txt&summary_context=dns-txt', auth],
      ['/v1/domain/whois?domain=www.site7.com&apex_domain=true', auth],
      ['/v1/domain/whois?domain=missing.com', auth],
      ['/v1/domain/reverse?phrase=acme&slop=x', auth],
      ['/v1/domain/reverse?phrase=main+street&filter%5B%5D=1', auth],
      ['/v2/nothing', auth],
      ['/v1/domain/reverse?name=acme', {}],
      ['/v1/domain/reverse?name=acme', { authorization: 'Bearer wrong' }],
    ]
    for (const [path, headers] of cases) {
      const expected = await engine.request(path, { headers })
      const got = await exchange(`${url}${path}`, { headers })
      expect([path, got.status]).toEqual([path, expected.status])
      expect(JSON.parse(got.body.toString('utf8'))).toEqual(expected.body)
      expect(got.headers['content-type']).toBe('application/json; charset=utf-8')
      expect(got.headers['content-length']).toBe(String(got.body.length))
      expect(got.headers['www-authenticate']).toBe(expected.status === 401 ? 'Bearer' : undefined)
    }
  })

  it('answers HEAD with the headers of GET and no body', async () => {
    const path = '/v1/domain/reverse?name=globex'
    const get = await exchange(`${url}${path}`, { headers: auth })
    const head = await exchange(`${url}${path}`, { method: 'HEAD', headers: auth })
    expect(head.status).toBe(200)
    expect(head.body.length).toBe(0)
    expect(head.headers['content-length']).toBe(get.headers['content-length'])
    expect(head.headers['content-type']).toBe(get.headers['content-type'])
  })

  it('answers other methods as request() does, with Allow on a 405', async () => {
    for (const method of ['POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS']) {
      const path = '/v1/domain/mx?host=site3.com'
      const got = await exchange(`${url}${path}`, { method, headers: auth })
      const expected = await engine.request(path, { method, headers: auth })
      expect(got.status).toBe(405)
      expect(got.headers['allow']).toBe('GET, HEAD')
      expect(JSON.parse(got.body.toString('utf8'))).toEqual(expected.body)
    }
    // request() checks the token first, then the path, then the method.
    expect((await exchange(`${url}/v1/domain/mx`, { method: 'POST' })).status).toBe(401)
    expect((await exchange(`${url}/v9`, { method: 'POST', headers: auth })).status).toBe(404)
    // A method the HTTP parser does not know never reaches request(): 405 all the same.
    const brew = parseRaw((await rawExchange(port, 'BREW /v1/domain/mx HTTP/1.1\r\nHost: x\r\n\r\n')).text)
    expect(brew.status).toBe(405)
    expect(brew.headers.get('allow')).toBe('GET, HEAD')
    expect(JSON.parse(brew.body)).toMatchObject({ error: { code: 'method_not_allowed' } })
  })

  it('answers an HTTP/1.1 request without Host with a JSON 400 (issue 26, item 17); HTTP/1.0 needs none', async () => {
    const raw = await rawExchange(
      port,
      'GET /v1/domain/mx?host=site3.com HTTP/1.1\r\nConnection: close\r\n\r\n',
    )
    const got = parseRaw(raw.text)
    expect(got.status).toBe(400)
    expect(got.headers.get('content-type')).toContain('application/json')
    expect(JSON.parse(got.body)).toMatchObject({
      error: { code: 'bad_request', message: expect.stringContaining('needs a Host header') },
    })
    const old = parseRaw(
      (
        await rawExchange(
          port,
          `GET /v1/domain/mx?host=site3.com HTTP/1.0\r\nAuthorization: Bearer ${TOKEN}\r\n\r\n`,
        )
      ).text,
    )
    expect(old.status).toBe(200)
  })

  it('refuses request bodies with a 413 and closes the connection', async () => {
    const heads = [
      'GET /v1/domain/mx?host=site3.com HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\n\r\nhello',
      'GET /v1/domain/mx?host=site3.com HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nhello\r\n0\r\n\r\n',
      'HEAD /v1/domain/mx?host=site3.com HTTP/1.1\r\nHost: x\r\nContent-Length: 2\r\n\r\nhi',
    ]
    for (const head of heads) {
      const raw = await rawExchange(port, head)
      const got = parseRaw(raw.text)
      expect(got.status).toBe(413)
      expect(got.headers.get('connection')).toBe('close')
      expect(raw.closed).toBe(true)
      if (!head.startsWith('HEAD')) {
        expect(JSON.parse(got.body)).toMatchObject({ error: { code: 'content_too_large' } })
      }
    }
    // An empty body is no body; a POST with a body learns to use GET.
    const empty = await rawExchange(
      port,
      `GET /v1/domain/mx?host=site3.com HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${TOKEN}\r\nContent-Length: 0\r\nConnection: close\r\n\r\n`,
    )
    expect(parseRaw(empty.text).status).toBe(200)
    const post = await rawExchange(
      port,
      `POST /v1/domain/mx HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${TOKEN}\r\nContent-Length: 3\r\n\r\na=b`,
    )
    expect(parseRaw(post.text).status).toBe(405)
  })

  it('answers a target over 16 KiB with 414, however long, and 431 for oversized headers', async () => {
    const pad = (bytes: number) => `/v1/domain/reverse?name=acme&x=${'a'.repeat(bytes - 31)}`
    expect(pad(16 * 1024)).toHaveLength(16 * 1024)
    const limit = await exchange(`${url}${pad(16 * 1024)}`, { headers: auth })
    expect(limit.status).toBe(400) // the unknown parameter x: the target itself is accepted
    for (const bytes of [16 * 1024 + 1, 40_000, 100_000, 1_000_000]) {
      const raw = await rawExchange(
        port,
        `GET ${pad(bytes)} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`,
      )
      const got = parseRaw(raw.text)
      expect([bytes, got.status]).toEqual([bytes, 414])
      expect(JSON.parse(got.body)).toMatchObject({ error: { code: 'uri_too_long' } })
    }
    const headers = Array.from({ length: 80 }, (_, i) => `X-Filler-${i}: ${'v'.repeat(1000)}\r\n`).join('')
    const raw = await rawExchange(port, `GET /v1/domain/mx?host=a.com HTTP/1.1\r\nHost: x\r\n${headers}\r\n`)
    const got = parseRaw(raw.text)
    expect(got.status).toBe(431)
    expect(JSON.parse(got.body)).toMatchObject({ error: { code: 'header_too_large' } })
  })

  it('answers a request that is not HTTP with a 400 JSON body', async () => {
    const got = parseRaw((await rawExchange(port, 'GET / HTTP/1.1\r\nHost x\r\n\r\n')).text)
    expect(got.status).toBe(400)
    expect(JSON.parse(got.body)).toMatchObject({ error: { code: 'bad_request' } })
  })

  it('compresses with gzip when the client accepts it', async () => {
    const path = '/v1/domain/reverse?name=acme'
    const expected = await engine.request(path, { headers: auth })
    for (const accept of ['gzip', 'gzip, deflate, br', 'br;q=1.0, gzip;q=0.5', '*']) {
      const got = await exchange(`${url}${path}`, { headers: { ...auth, 'accept-encoding': accept } })
      expect([accept, got.headers['content-encoding']]).toEqual([accept, 'gzip'])
      expect(got.headers['vary']).toBe('accept-encoding')
      expect(JSON.parse(gunzipSync(got.body).toString('utf8'))).toEqual(expected.body)
    }
    for (const accept of ['identity', 'gzip;q=0', 'br', '*;q=0']) {
      const got = await exchange(`${url}${path}`, { headers: { ...auth, 'accept-encoding': accept } })
      expect([accept, got.headers['content-encoding']]).toEqual([accept, undefined])
      expect(JSON.parse(got.body.toString('utf8'))).toEqual(expected.body)
    }
    const head = await exchange(`${url}${path}`, {
      method: 'HEAD',
      headers: { ...auth, 'accept-encoding': 'gzip' },
    })
    expect(head.headers['content-encoding']).toBe('gzip')
    expect(head.body.length).toBe(0)
  })

  it('keeps a connection alive across requests', async () => {
    const one = `GET /v1/domain/mx?host=site3.com HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${TOKEN}\r\n\r\n`
    const raw = await rawExchange(port, `${one}${one}${one}`, 500)
    expect(raw.text.match(/HTTP\/1\.1 200 OK/g)).toHaveLength(3)
    expect(raw.closed).toBe(false)
  })

  it('times out a slow request head (408) and closes idle connections', async () => {
    const [quick, quickUrl] = await started(engine, {
      headersTimeoutMs: 300,
      keepAliveTimeoutMs: 200,
      timeoutCheckMs: 50,
    })
    const quickPort = Number(new URL(quickUrl).port)
    const t0 = performance.now()
    const slow = await rawExchange(quickPort, 'GET /v1/domain/mx?host=site3.com HTTP/1.1\r\nHost: x\r\n')
    const got = parseRaw(slow.text)
    expect(got.status).toBe(408)
    expect(JSON.parse(got.body)).toMatchObject({ error: { code: 'request_timeout' } })
    expect(slow.closed).toBe(true)
    expect(performance.now() - t0).toBeLessThan(2500)
    // Connected and silent: the same.
    expect((await rawExchange(quickPort, Buffer.alloc(0))).closed).toBe(true)
    // Idle after an answer: closed once the keep-alive timeout passes.
    const idle = await rawExchange(
      quickPort,
      `GET /v1/domain/mx HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${TOKEN}\r\n\r\n`,
    )
    expect(parseRaw(idle.text).status).toBe(200)
    expect(idle.closed).toBe(true)
    await quick.close()
  })

  it('answers 503 with Retry-After until it is handed the engine', async () => {
    const [early, earlyUrl] = await started(undefined)
    const got = await exchange(`${earlyUrl}/v1/domain/mx?host=site3.com`)
    expect(got.status).toBe(503)
    expect(got.headers['retry-after']).toBe('1')
    expect(JSON.parse(got.body.toString('utf8'))).toMatchObject({ error: { code: 'unavailable' } })
    early.serve(engine)
    expect((await exchange(`${earlyUrl}/v1/domain/mx?host=site3.com`, { headers: auth })).status).toBe(200)
    await early.close()
  })

  it('logs one line per request: time, method, target, status, milliseconds', async () => {
    logged.length = 0
    await exchange(`${url}/v1/domain/mx?host=site3.com`, { headers: auth })
    await exchange(`${url}/v1/domain/mx?host=%0Aforged`, { method: 'HEAD' })
    await rawExchange(port, 'BREW / HTTP/1.1\r\n\r\n')
    expect(logged).toHaveLength(3)
    expect(logged[0]).toMatch(
      /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z GET \/v1\/domain\/mx\?host=site3\.com 200 \d+\.\dms$/,
    )
    expect(logged[1]).toMatch(/ HEAD \/v1\/domain\/mx\?host=%0Aforged 401 \d+\.\dms$/)
    expect(logged[2]).toMatch(/Z - - 405 -$/)
    expect(logged.join('\n')).not.toContain(TOKEN)
  })

  it('runs no query for a client that left while its request waited', async () => {
    const queried: string[] = []
    let leave: () => void = () => undefined
    const answerer: ApiAnswerer = {
      request(path): Promise<ApiResponse> {
        queried.push(path)
        if (path === '/first') {
          // The other client leaves while this query holds the thread, as a slow one would.
          leave()
          const until = performance.now() + 100
          while (performance.now() < until) {}
        }
        return Promise.resolve({ status: 200, body: { path } })
      },
    }
    logged.length = 0
    const [server2, url2] = await started(answerer)
    const port2 = Number(new URL(url2).port)
    const open = async () => {
      const socket = connect(port2, '127.0.0.1')
      await once(socket, 'connect')
      socket.write('GET /warm HTTP/1.1\r\nHost: x\r\n\r\n')
      await once(socket, 'data') // admitted and answered once: both are read in the same turn below
      return socket
    }
    const [staying, leaving] = [await open(), await open()]
    leave = () => leaving.resetAndDestroy()
    staying.write('GET /first HTTP/1.1\r\nHost: x\r\n\r\n')
    leaving.write('GET /gone HTTP/1.1\r\nHost: x\r\n\r\n')
    await once(staying, 'data')
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(queried).toEqual(['/warm', '/warm', '/first'])
    expect(logged.some((line) => / GET \/gone - \d+\.\dms aborted$/.test(line))).toBe(true)
    staying.destroy()
    await server2.close()
  })

  it('finishes the requests in flight when closed, then refuses connections', async () => {
    let release: () => void = () => undefined
    const gate = new Promise<void>((resolve) => {
      release = resolve
    })
    const slow: ApiAnswerer = {
      async request(path): Promise<ApiResponse> {
        await gate
        return { status: 200, body: { path } }
      },
    }
    const [closing, closingUrl] = await started(slow)
    const answers = [1, 2, 3].map((i) => exchange(`${closingUrl}/v1/domain/mx?host=site${i}.com`))
    while (closing.inFlight < 3) await new Promise((resolve) => setTimeout(resolve, 10))
    let closed = false
    const done = closing.close().then(() => {
      closed = true
    })
    await new Promise((resolve) => setTimeout(resolve, 100))
    expect(closed).toBe(false)
    release()
    const got = await Promise.all(answers)
    expect(got.map((r) => [r.status, r.headers['connection']])).toEqual([
      [200, 'close'],
      [200, 'close'],
      [200, 'close'],
    ])
    expect(JSON.parse(got[1]!.body.toString('utf8'))).toEqual({ path: '/v1/domain/mx?host=site2.com' })
    await done
    await expect(exchange(`${closingUrl}/v1/domain/mx`)).rejects.toThrow(/ECONNREFUSED/)
  })

  it('bounds a shutdown: a client trickling its request head, and a response that never ends (issue 26, item 15)', async () => {
    const never: ApiAnswerer = { request: () => new Promise<ApiResponse>(() => undefined) }
    const [closing, closingUrl] = await started(never, { shutdownMs: 300, timeoutCheckMs: 50 })
    const closingPort = Number(new URL(closingUrl).port)
    // A header line every 100 ms: within Node's head timeout (10 s here), never finished.
    const trickle = connect(closingPort, '127.0.0.1')
    // A destroyed connection is a reset here: expected.
    trickle.on('error', () => undefined)
    await once(trickle, 'connect')
    trickle.write('GET /v1/domain/mx?host=site3.com HTTP/1.1\r\nHost: x\r\n')
    const ticking = setInterval(() => {
      if (!trickle.destroyed) trickle.write('X-Slow: 1\r\n')
    }, 100)
    const trickleClosed = once(trickle, 'close')
    // A request whose answer never comes.
    const stuck = connect(closingPort, '127.0.0.1')
    stuck.on('error', () => undefined)
    await once(stuck, 'connect')
    stuck.write(`GET /v1/domain/mx HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${TOKEN}\r\n\r\n`)
    const stuckClosed = once(stuck, 'close')
    while (closing.inFlight < 1) await new Promise((resolve) => setTimeout(resolve, 10))
    const t0 = performance.now()
    let trickleMs = 0
    void trickleClosed.then(() => {
      trickleMs = performance.now() - t0
    })
    await closing.close()
    const closeMs = performance.now() - t0
    clearInterval(ticking)
    await Promise.all([trickleClosed, stuckClosed])
    expect(trickleMs).toBeGreaterThanOrEqual(250)
    expect(trickleMs).toBeLessThan(1_500)
    expect(closeMs).toBeGreaterThanOrEqual(550)
    expect(closeMs).toBeLessThan(3_000)
  })
})
