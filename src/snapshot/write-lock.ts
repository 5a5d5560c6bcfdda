/**
 * One writer per snapshot (SPEC 10), as Lucene's `write.lock`: a file `<snapshot>.lock` beside the
 * snapshot, created with O_EXCL, holding who took it (process id, host, command, time) as JSON.
 * Readers never look at it; `save`, `domindex update` and `domindex compact` take it before they
 * write, and the commands hold it from before they open the snapshot until after they saved it, so
 * a second writer applies its change on top of the first's instead of replacing it.
 *
 * (A snapshot name too long for the suffix gets a hashed lock name; see {@link lockFileOf}.)
 * A lock whose holder is a process of this host that is no longer running (killed with SIGKILL,
 * say) is taken over. Taking over is itself guarded by a second O_EXCL file, `<snapshot>.lock.steal`,
 * so that two waiting writers cannot both remove a dead holder's lock and both go on. A lock taken
 * on another host is never taken over (its process cannot be checked): the error says to remove
 * the file by hand once that writer is known to be gone.
 *
 * Within one process, writers of the same path queue in memory, so two saves of one process to
 * one path run one after the other.
 */

import { createHash } from 'node:crypto'
import { open, readFile, rm, stat } from 'node:fs/promises'
import { hostname } from 'node:os'
import { basename, dirname, join } from 'node:path'
import { SnapshotError } from '../errors.js'
import { canonicalPath } from './file-identity.js'

/** Who holds a lock, as its file says. */
export interface LockHolder {
  readonly pid: number
  readonly host: string
  readonly command: string
  /** ISO 8601 time the lock was taken. */
  readonly since: string
  /** When the holding process started, in ms since the epoch. */
  readonly started?: number
}

/** Options of {@link acquireWriteLock}. */
export interface LockOptions {
  /** How long to wait for another writer to finish, in milliseconds. Default: without limit. */
  waitMs?: number
  /** Told the holder once, when the lock is found taken and the wait begins. */
  onWait?: (holder: LockHolder | undefined, lockFile: string) => void
}

/** A held write lock; `release()` removes its file. */
export interface WriteLock {
  /** The snapshot path it guards, resolved. */
  readonly path: string
  release(): Promise<void>
}

// Polling interval while another process holds the lock: short enough that a queued `update`
// starts soon after the first one's save, long enough to cost nothing.
const POLL_MS = 100

const queues = new Map<string, Promise<void>>()

/**
 * The lock file of a snapshot path: `<path>.lock`, or, when that name would pass the 255 bytes a
 * file name may have (with the guard's `.steal`), `.domindex-<16 hex of its SHA-256>.lock` beside it.
 *
 * @example
 * ```ts
 * lockFileOf('/data/corpus.dmx') // '/data/corpus.dmx.lock'
 * ```
 */
export function lockFileOf(path: string): string {
  const target = canonicalPath(path)
  const name = `${basename(target)}.lock`
  // Room is kept for the `.steal` guard's suffix too.
  if (Buffer.byteLength(name) + '.steal'.length <= 255) return `${target}.lock`
  const digest = createHash('sha256').update(basename(target)).digest('hex').slice(0, 16)
  return join(dirname(target), `.domindex-${digest}.lock`)
}

/**
 * Takes the write lock of the snapshot at `path`, waiting for its holder to release it.
 *
 * @param path - the snapshot file to write
 * @param options - the longest wait, and a callback told when the wait begins
 * @throws SnapshotError `locked` naming the holder when the wait runs out; `unreadable_file` when
 *   the lock file cannot be created (a missing or read-only directory)
 * @example
 * ```ts
 * const lock = await acquireWriteLock('corpus.dmx')
 * try { await writeSnapshot('corpus.dmx', content) } finally { await lock.release() }
 * ```
 */
export async function acquireWriteLock(path: string, options: LockOptions = {}): Promise<WriteLock> {
  const target = canonicalPath(path)
  // In-process queue first: the file lock below cannot tell two writers of this process apart.
  const before = queues.get(target) ?? Promise.resolve()
  let done: () => void = () => undefined
  const mine = new Promise<void>((settle) => {
    done = settle
  })
  // The slot is freed only once the writers before it are done too, even when this one gives up
  // waiting: a later writer then still queues behind the one that holds the lock.
  const tail = before.then(() => mine)
  queues.set(target, tail)
  void tail.then(() => {
    if (queues.get(target) === tail) queues.delete(target)
  })
  // One deadline for both waits: the queue of this process, then the file.
  const deadline = options.waitMs === undefined ? undefined : performance.now() + options.waitMs
  let text: string
  try {
    await waitFor(before, deadline, target)
    text = await takeFile(target, deadline, options.onWait)
  } catch (error) {
    done()
    throw error
  }
  let released = false
  return {
    path: target,
    async release() {
      if (released) return
      released = true
      // Only our own lock file is removed: never one another writer holds.
      const found = await readLock(lockFileOf(target))
      if (found?.text === text) await rm(lockFileOf(target), { force: true }).catch(() => undefined)
      done()
    },
  }
}

/**
 * Runs `task` holding the write lock of `path`, and releases it whatever happens.
 *
 * @example
 * ```ts
 * await withWriteLock('corpus.dmx', {}, () => writeSnapshot('corpus.dmx', content))
 * ```
 */
export async function withWriteLock<T>(
  path: string,
  options: LockOptions,
  task: (lock: WriteLock) => Promise<T>,
): Promise<T> {
  const lock = await acquireWriteLock(path, options)
  try {
    return await task(lock)
  } finally {
    await lock.release()
  }
}

async function waitFor(queued: Promise<void>, deadline: number | undefined, target: string): Promise<void> {
  if (deadline === undefined) return queued
  const waitMs = Math.max(0, Math.round(deadline - performance.now()))
  let timer: NodeJS.Timeout | undefined
  const timeout = new Promise<never>((_, fail) => {
    timer = setTimeout(
      () =>
        fail(
          new SnapshotError(
            'locked',
            `another save of this process is writing the snapshot (waited ${waitMs} ms)`,
            {
              file: target,
            },
          ),
        ),
      waitMs,
    )
  })
  try {
    await Promise.race([queued, timeout])
  } finally {
    clearTimeout(timer)
  }
}

/** Creates the lock file, waiting for its holder or taking over a stale one; returns its text. */
async function takeFile(
  target: string,
  deadline: number | undefined,
  onWait: LockOptions['onWait'],
): Promise<string> {
  const file = lockFileOf(target)
  const text = holderText()
  let told = false
  for (;;) {
    if (await createExclusive(file, text, target)) return text
    const found = await readLock(file)
    if (found === undefined) continue
    if (isStale(found) && (await takeOver(file, found, target, text))) return text
    const outOfTime = deadline !== undefined && performance.now() >= deadline
    // Nobody is told of a wait that is not going to happen (--lock-wait 0).
    if (!told && !outOfTime) {
      told = true
      onWait?.(found.holder, file)
    }
    if (outOfTime) {
      throw new SnapshotError(
        'locked',
        `another writer holds the snapshot: ${describeHolder(found.holder, file)}`,
        {
          file: target,
        },
      )
    }
    await new Promise((settle) => setTimeout(settle, POLL_MS))
  }
}

/** Replaces a stale lock by ours, one taker at a time. */
async function takeOver(file: string, stale: FoundLock, target: string, text: string): Promise<boolean> {
  const guard = `${file}.steal`
  if (!(await createExclusive(guard, holderText(), target))) {
    // A taker that died inside this window leaves its guard: remove it once it is stale.
    const taker = await readLock(guard)
    if (taker !== undefined && isStale(taker)) await rm(guard, { force: true })
    return false
  }
  try {
    const again = await readLock(file)
    // Only the lock judged stale is removed: another taker may have replaced it meanwhile.
    if (again !== undefined && again.text !== stale.text) return false
    await rm(file, { force: true })
    return await createExclusive(file, text, target)
  } finally {
    await rm(guard, { force: true })
  }
}

async function createExclusive(file: string, text: string, target: string): Promise<boolean> {
  let handle: Awaited<ReturnType<typeof open>> | undefined
  try {
    handle = await open(file, 'wx')
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false
    throw new SnapshotError(
      'unreadable_file',
      `cannot write the snapshot: its write lock cannot be created: ${(error as Error).message}`,
      { file: target },
    )
  }
  try {
    await handle.writeFile(text)
    await handle.sync()
  } finally {
    await handle.close()
  }
  return true
}

/** A lock file as read: its text, its holder when the text names one, its age. */
interface FoundLock {
  readonly text: string
  readonly holder: LockHolder | undefined
  readonly ageMs: number
}

async function readLock(file: string): Promise<FoundLock | undefined> {
  let text: string
  let ageMs: number
  try {
    ageMs = Date.now() - (await stat(file)).mtimeMs
    text = await readFile(file, 'utf8')
  } catch {
    return undefined // gone meanwhile: the caller tries again
  }
  return { text, holder: parseHolder(text), ageMs }
}

function parseHolder(text: string): LockHolder | undefined {
  try {
    const { pid, host, command, since, started } = JSON.parse(text) as Partial<LockHolder>
    if (typeof pid !== 'number' || typeof host !== 'string') return undefined
    return {
      pid,
      host,
      command: typeof command === 'string' ? command : '',
      since: String(since),
      ...(typeof started === 'number' ? { started } : {}),
    }
  } catch {
    return undefined
  }
}

// When this process started (ms since the epoch): tells it from an earlier process with its id.
const PROCESS_STARTED = Math.round(Date.now() - process.uptime() * 1000)

function holderText(): string {
  const command = process.argv
    .slice(1)
    .map((arg) => arg.replace(/^.*[\\/]/, ''))
    .join(' ')
  return `${JSON.stringify({
    pid: process.pid,
    host: hostname(),
    command,
    since: new Date().toISOString(),
    started: PROCESS_STARTED,
  })}\n`
}

// A lock file without a readable holder is one whose writer died between creating and filling
// it (a few microseconds' window); past this age it is taken over.
const UNREADABLE_STALE_MS = 10_000

function isStale(found: FoundLock): boolean {
  const { holder } = found
  if (holder === undefined) return found.ageMs > UNREADABLE_STALE_MS
  if (holder.host !== hostname()) return false
  // Our own id: this process (another copy of this module, say) unless the lock names another start
  // time, when it is left by an earlier process that had the same id (a container restarted).
  if (holder.pid === process.pid) {
    return holder.started !== undefined && Math.abs(holder.started - PROCESS_STARTED) > 2_000
  }
  try {
    process.kill(holder.pid, 0)
    return false
  } catch (error) {
    // EPERM: the process exists but belongs to another user.
    return (error as NodeJS.ErrnoException).code !== 'EPERM'
  }
}

/**
 * The holder in words, for messages.
 *
 * @example
 * ```ts
 * describeHolder(holder, '/data/corpus.dmx.lock')
 * // 'process 4242 on host-a (domindex update corpus.dmx --whois delta.jsonl) since 2026-11-27T10:00:00.000Z; lock file /data/corpus.dmx.lock'
 * ```
 */
export function describeHolder(holder: LockHolder | undefined, file: string): string {
  if (holder === undefined) return `lock file ${file}`
  const remote = holder.host !== hostname()
  return (
    `process ${holder.pid} on ${holder.host}${holder.command === '' ? '' : ` (${holder.command})`} ` +
    `since ${holder.since}; lock file ${file}` +
    (remote ? ' (taken on another host: remove it by hand once that writer is gone)' : '')
  )
}
