/**
 * `domindex serve` as a user runs it (SPEC 15): a child process on a free port, serving a snapshot
 * with tokens from a file and the command line. A Python client (standard library only) pages
 * through a reverse search and fetches random paths; curl checks HEAD, 405, 414, gzip and tokens;
 * 200 concurrent requests from Node; every status and body is compared with request() in-process
 * on the same snapshot. Then: a second server on the same port exits 1, usage mistakes exit 2,
 * and SIGINT and SIGTERM finish the requests in flight and exit 0.
 */
import { execFile, spawnSync } from 'node:child_process'
import { once } from 'node:events'
import { rm, writeFile } from 'node:fs/promises'
import { connect } from 'node:net'
import { join } from 'node:path'
import { promisify } from 'node:util'
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Engine } from '../../src/engine.js'
import { WHOIS_COUNT, writeFixture } from '../api/fixture.js'
import { runCli } from '../cli/run-cli.js'
import { exchange, parseRaw } from './http-exchange.js'
import { mustServe, type ServeProcess, startServe } from './serve-process.js'

const run = promisify(execFile)
const hasPython = spawnSync('python3', ['--version']).status === 0
const hasCurl = spawnSync('curl', ['--version']).status === 0
const PYTHON_CLIENT = new URL('./python-client.py', import.meta.url).pathname

let dir: string
let snapshot: string
let tokenFile: string
let engine: Engine
let served: ServeProcess

const auth = { authorization: 'Bearer tok-one' }

beforeAll(async () => {
  dir = await writeFixture()
  snapshot = join(dir, 'corpus.dmx')
  tokenFile = join(dir, 'tokens.txt')
  const built = await Engine.build({
    whois: [join(dir, 'whois.jsonl')],
    dns: [
      { path: join(dir, 'dns-mx.jsonl'), kind: 'mx' },
      { path: join(dir, 'dns-txt.jsonl'), kind: 'txt' },
    ],
  })
  await built.save(snapshot)
  await writeFile(tokenFile, '# tokens of the analysts\n\ntok-one\n  tok-two  \n')
  engine = await Engine.open(snapshot, { tokens: ['tok-three', 'tok-one', 'tok-two'] })
  served = await mustServe([snapshot, '--port', '0', '--token', 'tok-three', '--token-file', tokenFile])
})
afterAll(async () => {
  if (served.child.exitCode === null) await served.stop('SIGKILL')
  await rm(dir, { recursive: true, force: true })
})

/** Random request paths over the fixture: valid, invalid, unknown, with and without the token. */
function randomPaths(count: number, seed: number): [string, boolean][] {
  const params: Record<string, string[]> = {
    '/v1/domain/reverse': [
      'name=acme',
      'name=globex+trading',
      'phrase=acme%20holdings',
      'phrase=main+street&slop=1',
      'phrase=acme&slop=x',
      'nameserver=provider1.net',
      'created_from=2015-03-01&created_to=2015-06-30',
      'page=1',
      'page=-1',
      'bogus=1',
      'phone=6502530012',
    ],
    '/v1/domain/mx': [
      'host=site3.com',
      'nameserver=provider2.net',
      'most_recent=true',
      'summarize=host&summary_context=dns-mx',
      'filter=dns-mx.host%3Dmx1.mailhost1.com',
      'expression=host%3Amailhost1.com+AND+NOT+host%3Amailhost3.com',
      'expression=(host%3A',
      'page=2',
    ],
    '/v1/domain/txt': [
      'txt=spf1',
      'summarize=txt',
      'txt=%22include%3A_spf.mailhost2.com%22',
      'most_recent=maybe',
    ],
    '/v1/domain/whois': [
      'domain=site5.com',
      'domain=www.site7.com&apex_domain=true',
      'domain=missing.com',
      'domain=',
    ],
    '/v1/domain/nothing': ['x=1'],
    '/': [''],
  }
  const path = fc.constantFrom(...Object.keys(params))
  const arbitrary = path.chain((p) =>
    fc.tuple(
      fc.constant(p),
      fc.subarray(params[p] as string[], { maxLength: Math.min(3, (params[p] as string[]).length) }),
      fc.boolean(),
      fc.boolean(),
    ),
  )
  return fc.sample(arbitrary, { seed, numRuns: count }).map(([p, chosen, query, token]) => {
    const joined = chosen.join('&')
    return [query && joined !== '' ? `${p}?${joined}` : p, token]
  })
}

async function expected(path: string, token: boolean): Promise<[number, unknown]> {
  const { status, body } = await engine.request(path, { headers: token ? auth : {} })
  return [status, body]
}

async function curl(args: readonly string[]): Promise<string> {
  return (await run('curl', ['-s', '-i', ...args], { maxBuffer: 16 * 1024 * 1024 })).stdout
}

describe('domindex serve', () => {
  it('prints its URL on stdout and what it serves on stderr', () => {
    expect(served.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)
    expect(served.port).toBeGreaterThan(0)
    expect(served.stderr()).toContain(`domindex: serving ${snapshot} at ${served.url}\n`)
  })

  it.skipIf(!hasPython)('answers a Python client as request() does', async () => {
    const paths = randomPaths(120, 15)
    const child = execFile('python3', [PYTHON_CLIENT, served.url, 'tok-two'], { maxBuffer: 64 * 1024 * 1024 })
    child.stdin?.end(JSON.stringify({ page_through: 'name=acme+holdings', paths }))
    let stdout = ''
    child.stdout?.setEncoding('utf8').on('data', (chunk: string) => {
      stdout += chunk
    })
    let stderr = ''
    child.stderr?.setEncoding('utf8').on('data', (chunk: string) => {
      stderr += chunk
    })
    const [code] = await once(child, 'exit')
    expect(stderr).toBe('')
    expect(code).toBe(0)
    const got = JSON.parse(stdout) as { pages: { results: unknown[] }[]; answers: [number, unknown][] }
    // Paged through to the end: every Acme record, as request() pages them.
    expect(got.pages).toHaveLength(2)
    expect(got.pages.flatMap((page) => page.results)).toHaveLength(WHOIS_COUNT / 2)
    for (const [page, body] of got.pages.entries()) {
      expect(body).toEqual(
        (await engine.request(`/v1/domain/reverse?name=acme+holdings&page=${page}`, { headers: auth })).body,
      )
    }
    expect(new Set(got.answers.map(([status]) => status))).toEqual(new Set([200, 400, 401, 404]))
    for (const [i, [path, token]] of paths.entries()) {
      expect([path, ...(got.answers[i] as [number, unknown])]).toEqual([
        path,
        ...(await expected(path, token)),
      ])
    }
  })

  it.skipIf(!hasCurl)('answers curl: HEAD, 405 with Allow, 414, gzip and tokens', async () => {
    const path = '/v1/domain/reverse?name=globex'
    const head = parseRaw(await curl(['-I', '-H', 'Authorization: Bearer tok-one', `${served.url}${path}`]))
    expect(head.status).toBe(200)
    expect(head.headers.get('content-type')).toBe('application/json; charset=utf-8')
    expect(head.body).toBe('')
    const get = parseRaw(await curl(['-H', 'Authorization: Bearer tok-one', `${served.url}${path}`]))
    expect(head.headers.get('content-length')).toBe(get.headers.get('content-length'))

    const post = parseRaw(
      await curl([
        '-X',
        'POST',
        '-d',
        'name=acme',
        '-H',
        'Authorization: Bearer tok-one',
        `${served.url}${path}`,
      ]),
    )
    expect(post.status).toBe(405)
    expect(post.headers.get('allow')).toBe('GET, HEAD')
    expect(JSON.parse(post.body)).toEqual(
      (await engine.request(path, { method: 'POST', headers: auth })).body,
    )

    const long = parseRaw(await curl([`${served.url}/v1/domain/reverse?name=${'a'.repeat(20_000)}`]))
    expect(long.status).toBe(414)

    const gzipped = await curl([
      '--compressed',
      '-H',
      'Authorization: Bearer tok-one',
      `${served.url}${path}`,
    ])
    const unzipped = parseRaw(gzipped.replace(/\r\ncontent-length: \d+/i, ''))
    expect(unzipped.headers.get('content-encoding')).toBe('gzip')
    expect(JSON.parse(gzipped.slice(gzipped.indexOf('\r\n\r\n') + 4))).toEqual(
      (await engine.request(path, { headers: auth })).body,
    )

    const statusWith = async (header: string[]) => parseRaw(await curl([...header, `${served.url}${path}`]))
    const none = await statusWith([])
    expect(none.status).toBe(401)
    expect(none.headers.get('www-authenticate')).toBe('Bearer')
    expect((await statusWith(['-H', 'Authorization: Bearer #'])).status).toBe(401)
    for (const token of ['tok-one', 'tok-two', 'tok-three']) {
      expect((await statusWith(['-H', `Authorization: Bearer ${token}`])).status).toBe(200)
    }
  })

  it('answers 200 concurrent requests from Node as request() does', async () => {
    const paths = randomPaths(200, 7)
    const answers = await Promise.all(
      paths.map(async ([path, token]) => {
        const res = await fetch(`${served.url}${path}`, { headers: token ? auth : {} })
        return [res.status, await res.json()] as [number, unknown]
      }),
    )
    for (const [i, [path, token]] of paths.entries()) {
      expect([path, ...(answers[i] as [number, unknown])]).toEqual([path, ...(await expected(path, token))])
    }
    const logLines = served
      .stderr()
      .split('\n')
      .filter((line) => / GET \/v1\//.test(line))
    expect(logLines.length).toBeGreaterThanOrEqual(200)
  })

  it('exits 1 with a clear message when the port is in use', async () => {
    const second = await startServe([snapshot, '--port', String(served.port)])
    expect('url' in second).toBe(false)
    const failed = second as { status: number | null; stderr: string }
    expect(failed.status).toBe(1)
    expect(failed.stderr).toContain(`domindex: cannot listen on 127.0.0.1:${served.port}: the port is in use`)
  })

  it('prints its help; refuses usage mistakes (exit 2) and a token file without a token (exit 1)', async () => {
    const help = await runCli(['serve', '--help'])
    expect(help.status).toBe(0)
    expect(help.stdout).toMatch(
      /^Usage: domindex serve SNAPSHOT\|DATA_DIR \[--host 127\.0\.0\.1\] \[--port 8080\]/,
    )
    const nothing = await runCli(['serve', '--port', '0'])
    expect(nothing.status).toBe(2)
    expect(nothing.stderr).toContain('nothing to serve')
    const port = await runCli(['serve', dir, '--port', '70000'])
    expect(port.status).toBe(2)
    const empty = join(dir, 'empty-tokens.txt')
    await writeFile(empty, '# no token yet\n\n')
    const noToken = await runCli(['serve', dir, '--port', '0', '--token-file', empty])
    expect(noToken.status).toBe(1)
    expect(noToken.stderr).toContain('holds no token')
  })

  it('stops on SIGINT with exit status 0; --quiet writes no log line', async () => {
    const quiet = await mustServe([dir, '--port', '0', '--quiet'])
    expect((await exchange(`${quiet.url}/v1/domain/mx?host=site3.com`)).status).toBe(200)
    expect(await quiet.stop('SIGINT')).toBe(0)
    expect(quiet.stderr()).not.toMatch(/ GET \//)
    expect(quiet.stderr()).toContain('SIGINT: finishing 0 requests in flight')
  })

  it('on SIGTERM finishes the request in flight, then exits 0', async () => {
    const path = '/v1/domain/reverse?name=acme&page=1'
    const socket = connect(served.port, '127.0.0.1')
    await once(socket, 'connect')
    const chunks: Buffer[] = []
    socket.on('data', (chunk: Buffer) => chunks.push(chunk))
    // The request is under way: its head is half sent when the signal comes.
    socket.write(`GET ${path} HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer tok-one\r\n`)
    await new Promise((resolve) => setTimeout(resolve, 300))
    served.child.kill('SIGTERM')
    while (!served.stderr().includes('SIGTERM: finishing'))
      await new Promise((resolve) => setTimeout(resolve, 20))
    await expect(exchange(`${served.url}/v1/domain/mx`)).rejects.toThrow(/ECONNREFUSED/)
    socket.write('\r\n')
    await once(socket, 'close')
    const got = parseRaw(Buffer.concat(chunks).toString('latin1'))
    expect(got.status).toBe(200)
    expect(got.headers.get('connection')).toBe('close')
    expect(JSON.parse(Buffer.from(got.body, 'latin1').toString('utf8'))).toEqual(
      (await engine.request(path, { headers: auth })).body,
    )
    expect(await served.exited).toBe(0)
  })
})
