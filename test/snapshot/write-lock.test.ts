/**
 * Papercuts round 2, item 12 (SPEC 10): one writer per snapshot. Two `domindex update`s of one
 * snapshot started together used to both read the old file and both save, the last rename winning
 * (19,722 records held instead of 29,076, both exit 0). Now the second waits for the first's write
 * lock and applies on top; a library save over a file another writer replaced since it was read
 * refuses; a live holder is named; a dead one's lock is taken over.
 */
import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { existsSync } from 'node:fs'
import { mkdtemp, rm, symlink, writeFile } from 'node:fs/promises'
import { hostname, tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Engine } from '../../src/engine.js'
import { SnapshotError } from '../../src/errors.js'
import { writeSample } from '../../src/generate/write-sample.js'
import { acquireWriteLock, lockFileOf } from '../../src/snapshot/write-lock.js'
import { runCli } from '../cli/run-cli.js'

let dir: string
let base: string
let deltaA: string
let deltaB: string

const BASE = 600
const DELTA = 400

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'domindex-lock-'))
  const old = await writeSample({ whois: BASE, dns: 0, seed: 1, out: join(dir, 'old') })
  deltaA = (await writeSample({ whois: DELTA, dns: 0, seed: 2, out: join(dir, 'a') })).whois.path
  deltaB = (await writeSample({ whois: DELTA, dns: 0, seed: 3, out: join(dir, 'b') })).whois.path
  base = join(dir, 'base.dmx')
  await (await Engine.build({ whois: [old.whois.path] })).save(base)
})
afterAll(() => rm(dir, { recursive: true, force: true }))

/** The domains with a creation date that an engine holds, sorted. */
async function datedDomains(engine: Engine): Promise<string[]> {
  const domains: string[] = []
  for await (const record of engine.reverseAll({ created_from: '1000-01-01' }))
    domains.push(String(record.query))
  return domains.sort()
}

async function heldCount(snapshot: string): Promise<number> {
  return (await Engine.open(snapshot)).stats().counts.whois
}

/** A process id that no longer runs: a child that has exited. */
async function deadPid(): Promise<number> {
  const child = spawn(process.execPath, ['-e', ''])
  await once(child, 'exit')
  return child.pid as number
}

describe('one writer per snapshot', () => {
  it('two concurrent domindex updates of one snapshot both land', { timeout: 120_000 }, async () => {
    const snapshot = join(dir, 'twice.dmx')
    const all = await Engine.build({ whois: [join(dir, 'old', 'whois.jsonl'), deltaA, deltaB] })
    await (await Engine.open(base)).save(snapshot)
    const [first, second] = await Promise.all([
      runCli(['update', snapshot, '--whois', deltaA]),
      runCli(['update', snapshot, '--whois', deltaB]),
    ])
    expect(first.status, first.stderr).toBe(0)
    expect(second.status, second.stderr).toBe(0)
    expect(await heldCount(snapshot)).toBe(all.stats().counts.whois)
    expect(await datedDomains(await Engine.open(snapshot))).toEqual(await datedDomains(all))
    expect(existsSync(lockFileOf(snapshot))).toBe(false)
  })

  it('an update and a compact run together lose nothing', { timeout: 120_000 }, async () => {
    const snapshot = join(dir, 'compact.dmx')
    const expected = (await Engine.build({ whois: [join(dir, 'old', 'whois.jsonl'), deltaA] })).stats().counts
      .whois
    await (await Engine.open(base)).save(snapshot)
    const [update, compact] = await Promise.all([
      runCli(['update', snapshot, '--whois', deltaA]),
      runCli(['compact', snapshot]),
    ])
    expect(update.status, update.stderr).toBe(0)
    expect(compact.status, compact.stderr).toBe(0)
    expect(await heldCount(snapshot)).toBe(expected)
  })

  it('a save over a file another writer replaced since it was read refuses, naming the cause', async () => {
    const snapshot = join(dir, 'stale.dmx')
    await (await Engine.open(base)).save(snapshot)
    const opened = await Engine.open(snapshot)
    const first = await opened.update({ whois: [deltaA] })
    const second = await opened.update({ whois: [deltaB] })
    await first.save(snapshot)
    const error = await second.save(snapshot).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(SnapshotError)
    expect((error as SnapshotError).code).toBe('snapshot_changed')
    expect((error as SnapshotError).message).toContain(snapshot)
    expect(await heldCount(snapshot)).toBe(first.stats().counts.whois)
    // The engine that saved may save again (its own save is not another writer's), and another path is free.
    await first.save(snapshot)
    await second.save(join(dir, 'elsewhere.dmx'))
  })

  it('saves of one process to one path queue instead of colliding', async () => {
    const snapshot = join(dir, 'queued.dmx')
    const engine = await Engine.open(base)
    await Promise.all([engine.save(snapshot), engine.save(snapshot), engine.save(snapshot)])
    expect(await heldCount(snapshot)).toBe(BASE)
    expect(existsSync(lockFileOf(snapshot))).toBe(false)
  })

  it('a writer that gives up waiting does not let the next one past the holder', async () => {
    const path = join(dir, 'gave-up.dmx')
    const holder = await acquireWriteLock(path)
    const impatient = await acquireWriteLock(path, { waitMs: 50 }).catch((e: unknown) => e)
    expect((impatient as SnapshotError).code).toBe('locked')
    const next = await acquireWriteLock(path, { waitMs: 300 }).catch((e: unknown) => e)
    expect((next as SnapshotError).code).toBe('locked')
    await holder.release()
    const after = await acquireWriteLock(path, { waitMs: 1_000 })
    await after.release()
    expect(existsSync(lockFileOf(path))).toBe(false)
  })

  it('a link and its target share one lock', async () => {
    const target = join(dir, 'target.dmx')
    const link = join(dir, 'link.dmx')
    await (await Engine.open(base)).save(target)
    await symlink(target, link)
    expect(lockFileOf(link)).toBe(lockFileOf(target))
    const held = await acquireWriteLock(target)
    const error = await acquireWriteLock(link, { waitMs: 100 }).catch((e: unknown) => e)
    expect((error as SnapshotError).code).toBe('locked')
    await held.release()
  })

  it('a live holder is named, by the library and by the CLI', async () => {
    const snapshot = join(dir, 'held.dmx')
    await (await Engine.open(base)).save(snapshot)
    const holder = {
      pid: process.ppid,
      host: hostname(),
      command: 'update held.dmx --whois big.jsonl',
      since: '2026-11-27T10:00:00.000Z',
    }
    await writeFile(lockFileOf(snapshot), JSON.stringify(holder))
    const error = await (await Engine.open(snapshot))
      .save(snapshot, { lockWaitMs: 150 })
      .catch((e: unknown) => e)
    expect((error as SnapshotError).code).toBe('locked')
    expect((error as SnapshotError).message).toContain(`process ${process.ppid}`)
    expect((error as SnapshotError).message).toContain('update held.dmx --whois big.jsonl')
    const cli = await runCli(['update', snapshot, '--whois', deltaA, '--lock-wait', '0'])
    expect(cli.status).toBe(1)
    expect(cli.stderr).toContain(`process ${process.ppid}`)
    // No wait happens with --lock-wait 0, so none is announced.
    expect(cli.stderr).not.toContain('waiting for the write lock')
    expect(await heldCount(snapshot)).toBe(BASE)
    await rm(lockFileOf(snapshot))
  })

  it("a dead holder's lock is taken over, and released after the save", async () => {
    const snapshot = join(dir, 'dead.dmx')
    await (await Engine.open(base)).save(snapshot)
    const dead = {
      pid: await deadPid(),
      host: hostname(),
      command: 'update',
      since: new Date().toISOString(),
    }
    await writeFile(lockFileOf(snapshot), JSON.stringify(dead))
    const result = await runCli(['update', snapshot, '--whois', deltaA, '--lock-wait', '5'])
    expect(result.status, result.stderr).toBe(0)
    expect(existsSync(lockFileOf(snapshot))).toBe(false)
  })

  it('a lock taken on another host is never taken over', async () => {
    const snapshot = join(dir, 'remote.dmx')
    const remote = { pid: 1, host: `not-${hostname()}`, command: 'update', since: new Date().toISOString() }
    await writeFile(lockFileOf(snapshot), JSON.stringify(remote))
    const error = await acquireWriteLock(snapshot, { waitMs: 150 }).catch((e: unknown) => e)
    expect((error as SnapshotError).code).toBe('locked')
    expect((error as SnapshotError).message).toContain('remove it by hand')
    await rm(lockFileOf(snapshot))
  })
})
