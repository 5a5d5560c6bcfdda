import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { PrioritizationQueue } from '../../src/queue/prioritization-queue.js'
import { writePrioritizedJsonl } from '../../src/queue/write-jsonl.js'

const T0 = new Date('2024-05-01T10:00:00.900Z')
const T1 = new Date('2024-05-01T10:00:07Z')

describe('PrioritizationQueue', () => {
  it('queues a domain once, keeping the instant of the first request, to the second', () => {
    const queue = new PrioritizationQueue()
    expect(queue.add('a.org', T0)).toEqual({
      domain: 'a.org',
      queued: true,
      queued_at: '2024-05-01T10:00:00Z',
      already_queued: false,
    })
    expect(queue.add('b.org', T1).already_queued).toBe(false)
    expect(queue.add('a.org', T1)).toEqual({
      domain: 'a.org',
      queued: true,
      queued_at: '2024-05-01T10:00:00Z',
      already_queued: true,
    })
    expect(queue.size).toBe(2)
    expect(queue.list()).toEqual([
      { domain: 'a.org', queued_at: '2024-05-01T10:00:00Z' },
      { domain: 'b.org', queued_at: '2024-05-01T10:00:07Z' },
    ])
  })

  it('restores from its list, order and instants included', () => {
    const queue = new PrioritizationQueue()
    for (let i = 0; i < 50; i++) queue.add(`d${(i * 7) % 50}.com`, new Date(T0.getTime() + i * 1000))
    const restored = PrioritizationQueue.from(queue.list())
    expect(restored.list()).toEqual(queue.list())
    expect(restored.add('d7.com', T1).already_queued).toBe(true)
  })

  it('refuses to restore an entry whose queued_at is not an instant', () => {
    expect(() => PrioritizationQueue.from([{ domain: 'a.org', queued_at: 'soon' }])).toThrow(RangeError)
  })

  it('hands back a fresh list that callers may change freely', () => {
    const queue = new PrioritizationQueue()
    queue.add('a.org', T0)
    queue.list().pop()
    expect(queue.size).toBe(1)
  })
})

describe('writePrioritizedJsonl', () => {
  const dirs: string[] = []
  afterAll(async () => Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true }))))

  it('writes one JSON object a line in queue order', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'domindex-queue-'))
    dirs.push(dir)
    const queue = new PrioritizationQueue()
    queue.add('a.org', T0)
    queue.add('b.org', T1)
    const path = join(dir, 'queue.jsonl')
    expect(await writePrioritizedJsonl(path, queue.list())).toBe(2)
    expect(await readFile(path, 'utf8')).toBe(
      '{"domain":"a.org","queued_at":"2024-05-01T10:00:00Z"}\n{"domain":"b.org","queued_at":"2024-05-01T10:00:07Z"}\n',
    )
  })

  it('fails for an unwritable place, leaving no temporary file behind', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'domindex-queue-'))
    dirs.push(dir)
    await expect(writePrioritizedJsonl(join(dir, 'missing', 'q.jsonl'), [])).rejects.toThrow(/ENOENT/)
    expect(await readdir(dir)).toEqual([])
  })
})
