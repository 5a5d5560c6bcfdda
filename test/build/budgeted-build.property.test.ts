/**
 * SPEC 16 as a property (seeded): a build within a tiny memory budget spills its input in parts
 * of a few records, each a segment written to the snapshot (a later part's record of a domain or
 * observation id an earlier part holds replacing it, the merge policy merging within the budget),
 * and must answer every request exactly as a build in one part: random requests of every family,
 * the live counts and the load's counts. With a path the snapshot is at the path once the build
 * returns, the engine reads it, and it opens with the same answers; without one no file is left.
 */
import { rmSync } from 'node:fs'
import { mkdir, readdir, stat } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { partBytes } from '../../src/build/memory-budget.js'
import { Engine } from '../../src/engine.js'
import type { LoadNote } from '../../src/types.js'
import { initialSpec, materialise, queryPaths } from '../update/arbitraries.js'
import { answerAll, expectSameAnswers, workspace, writeSources } from '../update/harness.js'

/** Parts of about five WHOIS records (or six observations): every build of more spills. */
const TINY = partBytes(5, 0)

/** The load's counts that must not depend on the parts (files' own reports included). */
function loadCounts(engine: Engine) {
  const { counts, whoisRecords, whoisReplaced, observations, observationsReplaced, rejects, sources, bytes } =
    engine.stats()
  return { counts, whoisRecords, whoisReplaced, observations, observationsReplaced, rejects, sources, bytes }
}

/** This process's temporary files (test files run in processes of their own; others' come and go). */
const temps = async (): Promise<string[]> =>
  (await readdir(tmpdir())).filter((name) => name.startsWith(`.domindex-${process.pid}-`)).sort()

describe('Engine.build within a memory budget', () => {
  it('answers as a build in one part, with or without a path', async () => {
    let spilled = 0
    let multiSegment = 0
    await fc.assert(
      fc.asyncProperty(initialSpec, initialSpec, queryPaths, async (first, second, paths) => {
        const ws = await workspace()
        try {
          // Two builds' worth of files, so that later files replace earlier records.
          const a = materialise(first, 0)
          const b = materialise(second, 1)
          const { sources } = await writeSources(ws, {
            whois: [...a.whois, ...b.whois],
            dns: [...a.dns, ...b.dns],
          })
          const whole = await Engine.build(sources)
          const expected = await answerAll(whole, paths)
          const notes: LoadNote[] = []
          const small = await Engine.build(sources, { memoryBudget: TINY, onNote: (n) => notes.push(n) })
          expect(await temps(), 'temporary files left after the build').toEqual([])
          if (small.stats().segments > 1) multiSegment++
          if (whole.stats().counts.whois > 3) spilled++
          expectSameAnswers('tiny budget, no path', expected, await answerAll(small, paths))
          expect(loadCounts(small)).toEqual(loadCounts(whole))
          const replaced = notes.filter((n) => n.kind === 'replaced').length
          expect(replaced).toBe(whole.stats().whoisReplaced + whole.stats().observationsReplaced)

          const path = ws.path('built.dmx')
          const written = await Engine.build(sources, { memoryBudget: TINY, path })
          expect((await stat(path)).size).toBeGreaterThan(0)
          expectSameAnswers('tiny budget, with a path', expected, await answerAll(written, paths))
          const opened = await Engine.open(path)
          expectSameAnswers('tiny budget, opened', expected, await answerAll(opened, paths))
          expect(loadCounts(opened)).toEqual(loadCounts(whole))
          expect(
            (await readdir(ws.dir)).filter((name) => name.includes('.tmp') || name.endsWith('.lock')),
          ).toEqual([])
          await Promise.all([small.close(), written.close(), opened.close()])
        } finally {
          await ws.remove()
        }
      }),
      { seed: 20261128, numRuns: 10 },
    )
    expect(spilled).toBeGreaterThan(3)
    expect(multiSegment).toBeGreaterThan(3)
  }, 900_000)

  it('updates within the budget: answers and counts as an update in one part, saved and opened too', async () => {
    let spilled = 0
    await fc.assert(
      fc.asyncProperty(
        initialSpec,
        initialSpec,
        queryPaths,
        fc.boolean(),
        async (first, second, paths, fromDisk) => {
          const ws = await workspace()
          try {
            const a = await writeSources(ws, materialise(first, 0))
            const b = await writeSources(ws, materialise(second, 1))
            const together = await writeSources(ws, {
              whois: [...materialise(first, 0).whois, ...materialise(second, 1).whois],
              dns: [...materialise(first, 0).dns, ...materialise(second, 1).dns],
            })
            const whole = await Engine.build(together.sources)
            const expected = await answerAll(whole, paths)
            // The base in memory, or opened from a snapshot (the update's file then goes beside it).
            let base = await Engine.build(a.sources)
            if (fromDisk) {
              const basePath = ws.path('base.dmx')
              await base.save(basePath)
              base = await Engine.open(basePath)
            }
            const inOnePart = await base.update(b.sources)
            const small = await base.update(b.sources, { memoryBudget: TINY })
            if (small.stats().segments > inOnePart.stats().segments) spilled++
            expectSameAnswers('update within a tiny budget', expected, await answerAll(small, paths))
            expect(small.stats().counts).toEqual(whole.stats().counts)
            expect(loadCounts(small)).toEqual(loadCounts(inOnePart))
            const path = ws.path('updated.dmx')
            await small.save(path)
            const opened = await Engine.open(path)
            expectSameAnswers(
              'update within a tiny budget, saved and opened',
              expected,
              await answerAll(opened, paths),
            )
            await Promise.all([small.close(), opened.close(), inOnePart.close(), base.close()])
          } finally {
            await ws.remove()
          }
        },
      ),
      { seed: 20261129, numRuns: 12 },
    )
    expect(spilled).toBeGreaterThan(4)
  }, 300_000)

  it('fails a strict build at its first bad record after parts were spilled, leaving no file', async () => {
    const ws = await workspace()
    try {
      const good = Array.from({ length: 40 }, (_, i) => JSON.stringify({ domain: { name: `d${i}.com` } }))
      const file = await ws.text('whois.jsonl', `${[...good, 'not json', ...good].join('\n')}\n`)
      const path = ws.path('strict.dmx')
      for (const workers of [0, 2]) {
        await expect(
          Engine.build(
            { whois: [file] },
            { strict: true, memoryBudget: TINY, path, workers, rangeBytes: 256 },
          ),
        ).rejects.toMatchObject({ code: 'bad_record', line: 41 })
        expect(await readdir(ws.dir)).toEqual([expect.stringMatching(/whois\.jsonl$/)])
      }
    } finally {
      await ws.remove()
    }
  })

  it('rejects when a part cannot be written, reading on in the calling thread meanwhile', async () => {
    const ws = await workspace()
    try {
      const good = Array.from({ length: 400 }, (_, i) => JSON.stringify({ domain: { name: `d${i}.com` } }))
      const file = await ws.text('whois.jsonl', `${good.join('\n')}\n`)
      const gone = join(ws.dir, 'gone')
      await mkdir(gone)
      // The directory goes once reading has begun: the first part's save fails while the rest is read.
      let removed = false
      const build = Engine.build(
        { whois: [file] },
        {
          memoryBudget: TINY,
          path: join(gone, 'x.dmx'),
          workers: 0,
          onProgress: () => {
            if (removed) return
            removed = true
            rmSync(gone, { recursive: true })
          },
        },
      )
      // Whichever save finds the directory gone says so: the write fails, or the file it appends to vanished.
      await expect(build).rejects.toMatchObject({
        code: expect.stringMatching(/^(unreadable_file|snapshot_changed)$/),
      })
      expect(removed).toBe(true)
    } finally {
      await ws.remove()
    }
  })

  it('names a missing directory before reading anything', async () => {
    await expect(
      Engine.build({ whois: ['no-such-input.jsonl'] }, { path: join(tmpdir(), 'no-such-dir', 'x.dmx') }),
    ).rejects.toThrow(/there is no directory .*no-such-dir/)
  })

  it('refuses a budget that is not a whole number of bytes, naming it', async () => {
    await expect(Engine.build({}, { memoryBudget: 0 })).rejects.toThrow(/memoryBudget .*got 0/)
    await expect(Engine.build({}, { memoryBudget: 1.5 })).rejects.toThrow(/memoryBudget .*got 1\.5/)
  })
})
