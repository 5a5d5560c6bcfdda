/**
 * SPEC 12's crash guarantee through the command line: `domindex update SNAPSHOT …` in place, killed
 * with SIGKILL at seeded random moments, must leave a snapshot that opens with either the old
 * answers or the new ones. Most kills fall after the load summary is printed, while the snapshot is
 * being written, where a non-atomic save would break; the others anywhere before.
 */
import { type ChildProcess, spawn } from 'node:child_process'
import { once } from 'node:events'
import { copyFile, mkdtemp, readdir, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Engine } from '../../src/engine.js'
import { Random } from '../../src/generate/random.js'
import { writeSample } from '../../src/generate/write-sample.js'

const ROOT = fileURLToPath(new URL('../../', import.meta.url))
const MAIN = fileURLToPath(new URL('../../src/cli/main.ts', import.meta.url))
const KILLS = 6
const SEED = 20261126

let dir: string
let base: string
let delta: string
let requests: string[]

/** An update run as a child process, and when its stderr said it was saving and had saved. */
interface Run {
  child: ChildProcess
  /** Resolves when the load summary (printed just before saving) appears on stderr, or at the exit. */
  loaded: Promise<void>
  /** Resolves with the exit code, or null when a signal ended it. */
  exit: Promise<number | null>
  /** `performance.now()` when the load summary and the `saved` line appeared. */
  loadedAt?: number
  savedAt?: number
}

function startUpdate(snapshot: string): Run {
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN, 'update', snapshot, '--whois', delta], {
    cwd: ROOT,
    stdio: ['ignore', 'ignore', 'pipe'],
  })
  const exit = once(child, 'exit').then(([code]) => code as number | null)
  const run: Run = { child, exit, loaded: Promise.resolve() }
  let stderr = ''
  run.loaded = new Promise<void>((resolve) => {
    child.on('exit', () => resolve())
    child.stderr?.on('data', (chunk: Buffer) => {
      stderr += chunk.toString()
      if (run.loadedAt === undefined && stderr.includes('domindex: updated')) {
        run.loadedAt = performance.now()
        resolve()
      }
      if (run.savedAt === undefined && stderr.includes('domindex: saved')) run.savedAt = performance.now()
    })
  })
  return run
}

async function answers(snapshot: string): Promise<unknown[]> {
  const engine = await Engine.open(snapshot)
  const bodies: unknown[] = []
  for (const request of requests) bodies.push(await engine.request(request))
  return bodies
}

async function removeTempFiles(): Promise<void> {
  for (const name of await readdir(dir)) if (name.endsWith('.tmp')) await rm(join(dir, name))
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'domindex-update-kill-'))
  const old = await writeSample({ whois: 2000, dns: 800, seed: 1, out: join(dir, 'old') })
  const fresh = await writeSample({ whois: 2000, dns: 0, seed: 2, out: join(dir, 'new') })
  delta = fresh.whois.path
  base = join(dir, 'base.dmx')
  const engine = await Engine.build({
    whois: [old.whois.path],
    dns: [
      { path: old.mx.path, kind: 'mx' },
      { path: old.txt.path, kind: 'txt' },
    ],
  })
  await engine.save(base)
  const deltaEngine = await Engine.build({ whois: [delta] })
  const [added] = deltaEngine.reverse({ created_from: '1000-01-01' }).results
  const [held] = engine.reverse({ created_from: '1000-01-01' }).results
  requests = [
    `/v1/domain/whois?domain=${added?.query}`,
    `/v1/domain/whois?domain=${held?.query}`,
    '/v1/domain/reverse?created_from=1000-01-01',
    '/v1/domain/reverse?created_from=1000-01-01&page=3',
    '/v1/domain/mx?summarize=host&summary_context=dns-mx',
  ]
})
afterAll(() => rm(dir, { recursive: true, force: true }))

describe('domindex update killed at random moments', () => {
  // About 7 runs of the CLI: 15 s on an idle machine, so the limit leaves room for a busy one.
  it('leaves a snapshot that opens with the old or the new answers', { timeout: 180_000 }, async () => {
    const oldAnswers = await answers(base)
    const reference = join(dir, 'reference.dmx')
    await copyFile(base, reference)
    const started = performance.now()
    const run = startUpdate(reference)
    expect(await run.exit).toBe(0)
    const { loadedAt = started, savedAt = performance.now() } = run
    const newAnswers = await answers(reference)
    expect(newAnswers).not.toEqual(oldAnswers)

    // A third of the kills land anywhere before the save begins (the file must be untouched); the
    // others after the load summary, while the file is written or renamed, or just after.
    const random = new Random(SEED)
    const victim = join(dir, 'victim.dmx')
    for (let i = 0; i < KILLS; i++) {
      await copyFile(base, victim)
      const killed = startUpdate(victim)
      const whileSaving = i % 3 !== 0
      if (whileSaving) await killed.loaded
      const delay = random.float() * (whileSaving ? 1.5 * (savedAt - loadedAt) : loadedAt - started)
      await new Promise((resolve) => setTimeout(resolve, delay))
      killed.child.kill('SIGKILL')
      const code = await killed.exit
      const after = await answers(victim)
      const moment = `kill ${i}, ${Math.round(delay)} ms after ${whileSaving ? 'the load summary' : 'the start'}`
      if (code === 0) expect(after, moment).toEqual(newAnswers)
      else expect([oldAnswers, newAnswers], moment).toContainEqual(after)
      await removeTempFiles()
    }
  })
})
