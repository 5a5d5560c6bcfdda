/**
 * `domindex update` and `domindex compact` as a user runs them: a snapshot built from the request
 * fixture is updated with a WHOIS delta (new domains, a replacement, a bad line), an MX delta and
 * remove files, and every answer afterwards must equal that of `Engine.build` over the equivalent
 * inputs (SPEC 12): the old files less the removed keys, then the new files.
 */
import { copyFile, readFile, rm, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Engine } from '../../src/engine.js'
import { dayOf, whoisRecord, writeFixture } from '../api/fixture.js'
import { runCli } from './run-cli.js'

const REMOVED_DOMAINS = ['site7.com', 'site8.com']
const REMOVED_IDS = ['mx-0010', 'txt-0002']

/** Requests whose answers the removals, replacements and additions all change. */
const REQUESTS = [
  '/v1/domain/whois?domain=site5.com',
  '/v1/domain/whois?domain=site7.com',
  '/v1/domain/whois?domain=www.site1001.com&apex_domain=true',
  '/v1/domain/reverse?phrase=acme+holdings&page=0',
  '/v1/domain/reverse?phrase=acme+holdings&page=1',
  '/v1/domain/reverse?phrase=acme+holdings&page=2',
  '/v1/domain/reverse?phrase=initech',
  '/v1/domain/reverse?nameserver=provider2.net&created_from=2015-01-01',
  '/v1/domain/mx?nameserver=provider1.net&most_recent=true',
  '/v1/domain/mx?host=site3.com',
  '/v1/domain/mx?host=site10.com',
  '/v1/domain/mx?summarize=host&summary_context=dns-mx',
  '/v1/domain/txt?txt=mailhost2',
  '/v1/domain/txt?summarize=txt&summary_context=dns-txt',
]

let dir: string
let base: string
let deltaWhois: string
let deltaMx: string
let removeWhois: string
let removeDns: string
let expected: Engine

function jsonl(values: readonly unknown[]): string {
  return values.map((v) => `${JSON.stringify(v)}\n`).join('')
}

function mxObservation(id: string, host: string, date: string, exchange: string): Record<string, unknown> {
  return {
    date,
    id,
    items: [
      { context: '', is_metadata: true, type: 'host', value: host },
      { context: 'dns-mx', is_metadata: false, type: 'host', value: exchange },
      { context: 'dns-mx', is_metadata: false, type: 'mx-preference', value: '10' },
      { context: 'dns-ns', is_metadata: false, type: 'host', value: 'ns1.provider1.net' },
    ],
  }
}

/** A fixture line: a WHOIS record or an observation. */
interface Line {
  id?: string
  domain?: { name?: string }
}

/** Writes beside a file its JSON lines whose key is not among `removed`, and returns that path. */
async function without(path: string, removed: readonly string[]): Promise<string> {
  const lines = (await readFile(path, 'utf8')).split('\n').filter((line) => line !== '')
  const keyOf = (value: Line) => value.id ?? value.domain?.name ?? ''
  const kept = lines.filter((line) => !removed.includes(keyOf(JSON.parse(line) as Line)))
  const out = `${path}.kept`
  await writeFile(out, kept.map((line) => `${line}\n`).join(''))
  return out
}

async function answers(engine: Engine): Promise<unknown[]> {
  const bodies: unknown[] = []
  for (const request of REQUESTS) bodies.push(await engine.request(request))
  return bodies
}

beforeAll(async () => {
  dir = await writeFixture()
  const old = {
    whois: [join(dir, 'whois.jsonl')],
    dns: [
      { path: join(dir, 'dns-mx.jsonl'), kind: 'mx' as const },
      { path: join(dir, 'dns-txt.jsonl'), kind: 'txt' as const },
    ],
  }
  base = join(dir, 'base.dmx')
  await (await Engine.build(old)).save(base)

  const replacement = { ...whoisRecord(5), registrant: { organization: 'Initech Holdings', country: 'US' } }
  deltaWhois = join(dir, 'delta-whois.jsonl')
  await writeFile(
    deltaWhois,
    `${jsonl([whoisRecord(1000), whoisRecord(1001), replacement])}not json\n${jsonl([whoisRecord(1002)])}`,
  )
  deltaMx = join(dir, 'delta-mx.jsonl')
  await writeFile(
    deltaMx,
    jsonl([
      mxObservation('mx-9000', 'site3.com', dayOf(400), 'mx.newmail.example'),
      mxObservation('mx-0003', 'site3.com', dayOf(3), 'mx.replaced.example'),
    ]),
  )
  removeWhois = join(dir, 'dropped.txt')
  await writeFile(removeWhois, '# dropped today\nsite7.com\n\n  SITE8.com.  \r\nnot-held.example\n')
  removeDns = join(dir, 'dropped-ids.txt')
  await writeFile(removeDns, `${REMOVED_IDS.join('\n')}\n`)

  expected = await Engine.build({
    whois: [await without(join(dir, 'whois.jsonl'), REMOVED_DOMAINS), deltaWhois],
    dns: [
      { path: await without(join(dir, 'dns-mx.jsonl'), REMOVED_IDS), kind: 'mx' },
      { path: await without(join(dir, 'dns-txt.jsonl'), REMOVED_IDS), kind: 'txt' },
      { path: deltaMx, kind: 'mx' },
    ],
  })
})
afterAll(() => rm(dir, { recursive: true, force: true }))

function updateArgs(snapshot: string, ...more: string[]): string[] {
  return [
    'update',
    snapshot,
    '--whois',
    deltaWhois,
    '--mx',
    deltaMx,
    '--remove-whois',
    removeWhois,
    '--remove-dns',
    removeDns,
    ...more,
  ]
}

describe('domindex update and compact', () => {
  it('update --out answers as a build of the equivalent inputs and leaves the original untouched', async () => {
    const original = await readFile(base)
    const out = join(dir, 'updated.dmx')
    const rejects = join(dir, 'update-rejects.jsonl')
    const result = await runCli(updateArgs(base, '--out', out, '--rejects', rejects))
    expect(result.stderr).toContain('removed 2 WHOIS records and 2 observations (1 key not held)')
    expect(result.stderr).toContain(`saved ${out} (`)
    expect(result.status).toBe(0)
    expect(await readFile(base)).toEqual(original)

    const updated = await Engine.open(out)
    expect(await answers(updated)).toEqual(await answers(expected))
    expect(updated.stats().counts).toEqual(expected.stats().counts)
    expect(updated.stats().removed).toEqual({ whois: 2, observations: 2, notHeld: 1 })
    // Only this update's rejects: the bad line of the WHOIS delta.
    const rejected = (await readFile(rejects, 'utf8')).trimEnd().split('\n')
    expect(rejected.map((line) => JSON.parse(line))).toEqual([
      { file: deltaWhois, line: 4, reason: expect.any(String) },
    ])
    expect(await answers(await Engine.open(base))).not.toEqual(await answers(expected))

    const query = await runCli(['query', out, '/v1/domain/whois?domain=site5.com'])
    expect(query.status).toBe(0)
    expect(JSON.parse(query.stdout)).toEqual(expected.whois({ domain: 'site5.com' }))
  })

  it('update without --out replaces the snapshot in place; compact keeps the answers in one segment', async () => {
    const snapshot = join(dir, 'in-place.dmx')
    await copyFile(base, snapshot)
    const updated = await runCli(updateArgs(snapshot))
    expect(updated.stderr).toContain(`saved ${snapshot} in place`)
    expect(updated.status).toBe(0)
    expect(await answers(await Engine.open(snapshot))).toEqual(await answers(expected))

    const compactedPath = join(dir, 'compacted.dmx')
    const compacted = await runCli(['compact', snapshot, '--out', compactedPath])
    expect(compacted.status).toBe(0)
    expect(compacted.stderr).toMatch(/segments? → 1; 231 WHOIS records/)
    const engine = await Engine.open(compactedPath)
    expect(engine.stats().segments).toBe(1)
    expect(await answers(engine)).toEqual(await answers(expected))
  })

  it('exits 1 naming a remove file that cannot be read, or the line of a bad key, leaving the snapshot', async () => {
    const original = await readFile(base)
    const missing = join(dir, 'no-such-list.txt')
    const unread = await runCli(['update', base, '--whois', deltaWhois, '--remove-whois', missing])
    expect(unread.status).toBe(1)
    expect(unread.stderr).toContain(`--remove-whois file ${missing}`)
    const badList = join(dir, 'bad-list.txt')
    await writeFile(badList, '# two domains\nsite1.com\nnot a domain!\n')
    const bad = await runCli(['update', base, '--remove-whois', removeWhois, badList])
    expect(bad.status).toBe(1)
    expect(bad.stderr).toContain(`${badList}:3 (--remove-whois): "not a domain!" is not a domain name`)
    // Control characters of a line are escaped, never written to the terminal (issue 26, item 18).
    const controlList = join(dir, 'control-list.txt')
    await writeFile(controlList, 'bad\u001b[31mred\u0007\u0000.com\n')
    const control = await runCli(['update', base, '--remove-whois', controlList])
    expect(control.status).toBe(1)
    expect(control.stderr).toContain('bad\\u001b[31mred\\u0007\\u0000')
    expect(control.stderr).not.toMatch(/[\u0000-\u0008\u000b-\u001f]/)
    expect(await readFile(base)).toEqual(original)
  })

  it('exits 2 for an update with nothing to do or without a snapshot', async () => {
    const nothing = await runCli(['update', base])
    expect(nothing.status).toBe(2)
    expect(nothing.stderr).toContain('nothing to do')
    const noSnapshot = await runCli(['update', '--whois', deltaWhois, base])
    expect(noSnapshot.status).toBe(2)
    expect(noSnapshot.stderr).toContain('no SNAPSHOT')
  })

  it('build refuses a stray argument, pointing a snapshot to update', async () => {
    const out = join(dir, 'never.dmx')
    const snapshot = await runCli(['build', base, '--whois', deltaWhois, '--out', out])
    expect(snapshot.status).toBe(2)
    expect(snapshot.stderr).toContain(`unexpected argument ${JSON.stringify(base)}`)
    expect(snapshot.stderr).toContain(`domindex update ${base}`)
    const file = await runCli(['build', deltaWhois, '--out', out])
    expect(file.status).toBe(2)
    expect(file.stderr).toContain('input files follow --whois, --dns, --mx or --txt')
    expect(file.stderr).not.toContain('domindex update')
  })
})
