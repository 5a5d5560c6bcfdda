/**
 * `domindex pivots` and `domindex suggest` on the bundled sample data: the bodies `request()`
 * gives for the same paths, exit 1 with a not_found body for a domain not held, exit 2 for a
 * usage mistake. `build --suggest` keeps every kind's value index beside the snapshot, and
 * `suggest` on a snapshot keeps the one it built for the next call (issue 26, item 10).
 */
import { mkdtemp, readdir, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { Engine } from '../../src/engine.js'
import { SAMPLE } from '../snapshot/fixture.js'
import { runCli } from './run-cli.js'

describe('domindex pivots and suggest', () => {
  it('print the bodies request() gives, and fail plainly', async () => {
    const engine = await Engine.build(SAMPLE)
    const pivots = await runCli(['pivots', 'data', 'WWW.Dailyyachts.org.', '--apex'])
    expect(pivots.status).toBe(0)
    const body = JSON.parse(pivots.stdout)
    expect(body).toEqual((await engine.request('/v1/domain/pivots?domain=dailyyachts.org')).body)
    expect(body.pivots.length).toBeGreaterThan(3)

    const missing = await runCli(['pivots', 'data', 'absent.example'])
    expect(missing.status).toBe(1)
    expect(JSON.parse(missing.stdout).error.code).toBe('not_found')

    const organization = body.pivots.find((p: { kind: string }) => p.kind === 'organization').value as string
    const text = organization.slice(0, 6)
    const suggest = await runCli(['suggest', 'data', 'organization', text, '--limit', '3'])
    expect(suggest.status).toBe(0)
    const path = `/v1/domain/suggest?kind=organization&text=${encodeURIComponent(text)}&limit=3`
    expect(JSON.parse(suggest.stdout)).toEqual((await engine.request(path)).body)

    expect((await runCli(['pivots', 'data'])).status).toBe(2)
    expect((await runCli(['suggest', 'data', 'colour', 'acme'])).status).toBe(1)
  })

  it('keep the value index beside the snapshot: at build with --suggest, or on first use', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'domindex-suggest-cli-'))
    try {
      const out = join(dir, 'sample.dmx')
      const sources = ['--whois', 'data/whois.jsonl']
      const built = await runCli(['build', ...sources, '--out', out, '--suggest'])
      expect(built.status, built.stderr).toBe(0)
      expect(built.stderr).toMatch(
        /indexed [\d,]+ email values for suggestions in [\d.]+ s, kept in .*sample\.dmx\.suggest\/email/,
      )
      expect((await readdir(`${out}.suggest`)).sort()).toEqual([
        'email',
        'nameserver',
        'organization',
        'registrar',
        'street',
      ])

      const plain = join(dir, 'plain.dmx')
      expect((await runCli(['build', ...sources, '--out', plain])).status).toBe(0)
      const first = await runCli(['suggest', plain, 'organization', 'acme'])
      expect(first.status, first.stderr).toBe(0)
      expect(first.stderr).toMatch(/indexed [\d,]+ organization values for suggestions/)
      const second = await runCli(['suggest', plain, 'organization', 'acme'])
      expect(second.stderr).not.toMatch(/indexed/)
      expect(second.stdout).toBe(first.stdout)
      expect(JSON.parse(first.stdout)).toEqual(
        JSON.parse((await runCli(['suggest', out, 'organization', 'acme'])).stdout),
      )
    } finally {
      await rm(dir, { recursive: true, force: true })
    }
  })
})
