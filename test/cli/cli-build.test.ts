import { existsSync } from 'node:fs'
import { readdir, readFile, rm, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Engine } from '../../src/engine.js'
import { WHOIS_COUNT, writeFixture } from '../api/fixture.js'
import { runCli } from './run-cli.js'

let dir: string

beforeAll(async () => {
  dir = await writeFixture()
})
afterAll(() => rm(dir, { recursive: true, force: true }))

const hasSave = typeof Reflect.get(Engine.prototype, 'save') === 'function'

describe('domindex build, generate and tour', () => {
  it('build loads with a summary and writes rejects; saving needs snapshots', async () => {
    const broken = join(dir, 'broken.jsonl')
    await writeFile(broken, '{"query":"ok.com","domain":{"name":"ok.com"}}\nnot json\n')
    const rejects = join(dir, 'rejects.jsonl')
    const out = join(dir, 'corpus.dmx')
    const result = await runCli([
      'build',
      '--whois',
      join(dir, 'whois.jsonl'),
      broken,
      '--out',
      out,
      '--rejects',
      rejects,
    ])
    expect(result.stderr).toContain(`${WHOIS_COUNT + 1} WHOIS records`)
    expect(result.stderr).toContain('1 rejects')
    const rejected = (await readFile(rejects, 'utf8'))
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line))
    expect(rejected).toEqual([{ file: broken, line: 2, reason: expect.any(String) }])
    if (hasSave) {
      expect(result.status).toBe(0)
      expect(existsSync(out)).toBe(true)
    } else {
      expect(result.status).toBe(1)
      expect(result.stderr).toContain('domindex: snapshots are not available yet')
      expect(existsSync(out)).toBe(false)
    }
  })

  it('build --memory-budget writes one segment a part, and names a size it cannot read', async () => {
    const out = join(dir, 'budgeted.dmx')
    const args = ['build', '--whois', join(dir, 'whois.jsonl'), '--out', out]
    const result = await runCli([...args, '--memory-budget', '16K'])
    expect(result.status).toBe(0)
    const engine = await Engine.open(out)
    expect(engine.stats().segments).toBeGreaterThan(1)
    expect(engine.stats().counts.whois).toBe(WHOIS_COUNT)
    await engine.close()
    expect((await readdir(dir)).filter((name) => name.startsWith('.domindex-'))).toEqual([])
    const bad = await runCli([...args, '--memory-budget', '12 parsecs'])
    expect(bad.status).toBe(2)
    expect(bad.stderr).toContain('--memory-budget needs a size in bytes')
    expect(bad.stderr).toContain('"12 parsecs"')
  })

  it('build --strict fails at the first bad record with one line naming file and line', async () => {
    const broken = join(dir, 'strict.jsonl')
    await writeFile(broken, '{"query":"ok.com","domain":{"name":"ok.com"}}\n{"query":\n')
    const result = await runCli(['build', '--whois', broken, '--strict', '--out', join(dir, 'never.dmx')])
    expect(result.status).toBe(1)
    const lines = result.stderr.trimEnd().split('\n')
    expect(lines.at(-1)).toMatch(
      new RegExp(`^domindex: ${broken.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}:2: `),
    )
    expect(existsSync(join(dir, 'never.dmx'))).toBe(false)
  })

  it('generate writes a sample that tour walks through with answers', async () => {
    const out = join(dir, 'sample')
    const generated = await runCli([
      'generate',
      '--whois',
      '300',
      '--dns',
      '300',
      '--seed',
      '7',
      '--out',
      out,
    ])
    expect(generated.status).toBe(0)
    expect(generated.stdout).toContain('300 records')
    const tour = await runCli(['tour', out])
    expect(tour.status).toBe(0)
    const statuses = [...tour.stdout.matchAll(/^ {2}(\d{3}): /gm)].map((m) => Number(m[1]))
    expect(statuses).toEqual([200, 200, 200, 200, 200, 200, 200, 200, 400])
    expect(tour.stdout).toMatch(/pivots, rarest first\n {4}\s*\d+ {2}\w/)
    expect(tour.stdout).not.toMatch(/ 0 results/)
  })
})
