import { rm } from 'node:fs/promises'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MX_COUNT, TXT_COUNT, WHOIS_COUNT, writeFixture } from '../api/fixture.js'
import { runCli } from './run-cli.js'

let dir: string

beforeAll(async () => {
  dir = await writeFixture()
})
afterAll(() => rm(dir, { recursive: true, force: true }))

describe('domindex query and stats', () => {
  it('query prints the body request() gives, compact in a pipe', async () => {
    const result = await runCli(['query', dir, '/v1/domain/reverse?name=acme&page=1'])
    expect(result.status).toBe(0)
    expect(result.stdout.trimEnd().split('\n')).toHaveLength(1)
    const body = JSON.parse(result.stdout) as { page: number; result_count: number; results: unknown[] }
    expect(body).toMatchObject({ page: 1, pages: 2, result_count: WHOIS_COUNT / 2 })
    expect(body.results).toHaveLength(WHOIS_COUNT / 2 - 100)
  })

  it('query --all streams every result as JSON Lines, from listed files', async () => {
    const result = await runCli([
      'query',
      '--mx',
      join(dir, 'dns-mx.jsonl'),
      '--txt',
      join(dir, 'dns-txt.jsonl'),
      'https://any.host/v1/domain/mx',
      '--all',
    ])
    expect(result.status).toBe(0)
    const lines = result.stdout.trimEnd().split('\n')
    expect(lines).toHaveLength(MX_COUNT)
    const ids = lines.map((line) => (JSON.parse(line) as { id: string }).id)
    expect(new Set(ids).size).toBe(MX_COUNT)
  })

  it('query prints an error body on stdout and exits 1 for a 4xx', async () => {
    const bad = await runCli(['query', dir, '/v1/domain/reverse?phrase=acme&slop=x'])
    expect(bad.status).toBe(1)
    expect(JSON.parse(bad.stdout)).toMatchObject({ error: { code: 'invalid_parameter', param: 'slop' } })
    const all = await runCli(['query', dir, '/v1/domain/txt?summarize=txt', '--all'])
    expect(all.status).toBe(1)
    expect(JSON.parse(all.stdout)).toMatchObject({ error: { code: 'unknown_parameter', param: 'summarize' } })
  })

  it('stats prints the counts as JSON', async () => {
    const result = await runCli(['stats', dir])
    expect(result.status).toBe(0)
    const stats = JSON.parse(result.stdout) as { counts: unknown; rejects: { count: number } }
    expect(stats.counts).toEqual({ whois: WHOIS_COUNT, mx: MX_COUNT, txt: TXT_COUNT })
    expect(stats.rejects.count).toBe(0)
  })
})
