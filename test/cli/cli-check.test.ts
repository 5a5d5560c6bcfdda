/**
 * `domindex check` as a user runs it (issue 15, item 15): each check printed as it passes, then
 * `ok` and exit status 0 for a good snapshot; for a snapshot forged with its checksums recomputed,
 * the broken invariant named on stderr and exit status 1; 2 for a usage mistake.
 */
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Engine } from '../../src/engine.js'
import { forge } from '../hardening/forge-snapshot.js'
import { type TempFiles, tempFiles, whoisRecord } from '../ingest/temp-files.js'
import { runCli } from './run-cli.js'

let files: TempFiles
let good: string
let forged: string

beforeAll(async () => {
  files = await tempFiles()
  const whois = await files.lines('w.jsonl', [
    whoisRecord('a.com'),
    whoisRecord('b.com'),
    whoisRecord('c.com'),
  ])
  good = join(files.dir, 'good.dmx')
  forged = join(files.dir, 'forged.dmx')
  await (await Engine.build({ whois: [whois] })).save(good)
  await forge<Uint32Array>(good, forged, 'segments.0.store.docOfKey', (docs) => docs.reverse())
})
afterAll(() => files.remove())

describe('domindex check', () => {
  it('prints each check and ok, exit status 0, for a good snapshot', async () => {
    const result = await runCli(['check', good])
    expect(result.status).toBe(0)
    expect(result.stdout).toContain("sections: each one's checksum")
    expect(result.stdout).toContain('segments.0.store.chunks: records decode, each keyed by its domain')
    expect(result.stdout.trim().split('\n').at(-1)).toMatch(/^ok: \d+ checks passed/)
    expect(result.stderr).toBe('')
  })

  it('names the broken invariant, exit status 1, for a forged snapshot that opens', async () => {
    await expect(Engine.open(forged)).resolves.toBeInstanceOf(Engine)
    const result = await runCli(['check', forged])
    expect(result.status).toBe(1)
    expect(result.stderr).toContain(
      `domindex: ${forged}: not a valid snapshot: segments.0.store.docOfKey: the key`,
    )
    expect(result.stdout).toContain('header: ')
    expect(result.stdout).not.toContain('ok:')
  })

  it('exits 2 without a snapshot, and is listed in the help', async () => {
    const usage = await runCli(['check'])
    expect(usage.status).toBe(2)
    expect(usage.stderr).toContain('no SNAPSHOT')
    const help = await runCli(['--help'])
    expect(help.stdout).toMatch(/^ {2}check +check every checksum/m)
  })
})
