/**
 * Issue 15, items 4, 5 and 6: snapshot files at the edges of the file system. A FIFO is refused
 * at once; a legal name of 255 bytes saves (the temporary name does not grow with it); the
 * temporary file a killed save leaves is removed by the next save into that directory.
 */
import { execFileSync } from 'node:child_process'
import { readdir, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { Engine } from '../../src/engine.js'
import { SnapshotError } from '../../src/errors.js'
import { type TempFiles, tempFiles } from '../ingest/temp-files.js'

let files: TempFiles
let engine: Engine
beforeAll(async () => {
  files = await tempFiles()
  engine = await Engine.build({ whois: [await files.lines('w.jsonl', [{ query: 'a.com' }])] })
})
afterAll(async () => {
  await files.remove()
})

it('refuses to open a FIFO instead of waiting for a writer', async () => {
  const fifo = join(files.dir, 'pipe.dmx')
  execFileSync('mkfifo', [fifo])
  const error = await Engine.open(fifo).catch((e: unknown) => e)
  expect(error).toBeInstanceOf(SnapshotError)
  expect((error as SnapshotError).code).toBe('unreadable_file')
  expect((error as SnapshotError).message).toContain('not a regular file')
}, 10_000)

it('saves under a legal name of 255 bytes', async () => {
  const name = `${'n'.repeat(251)}.dmx`
  await engine.save(join(files.dir, name))
  expect((await Engine.open(join(files.dir, name))).whois({ domain: 'a.com' })).toEqual({ query: 'a.com' })
})

it('removes the temporary file (and its lock) a killed save or build left, and no other file', async () => {
  const dir = join(files.dir, 'stale')
  execFileSync('mkdir', [dir])
  // A process id that cannot be running (above the kernel's pid_max).
  const stale = join(dir, '.domindex-4194305-0badf00d.tmp')
  await writeFile(stale, 'half a snapshot')
  // A killed build leaves the lock of the file it wrote its parts to, too.
  await writeFile(`${stale}.lock`, '{"pid":4194305}')
  const live = join(dir, `.domindex-${process.pid}-0badf00d.tmp`)
  await writeFile(live, 'a save in progress')
  await writeFile(join(dir, 'notes.tmp'), 'a file of the user')
  await engine.save(join(dir, 's.dmx'))
  expect((await readdir(dir)).sort()).toEqual([`.domindex-${process.pid}-0badf00d.tmp`, 'notes.tmp', 's.dmx'])
  expect(live).toContain(String(process.pid))
})

it('checks the output location before loading anything (CLI)', async () => {
  const { runCli } = await import('../cli/run-cli.js')
  const input = await files.lines('w2.jsonl', [{ query: 'b.com' }])
  const result = await runCli(['build', '--whois', input, '--out', join(files.dir, 'missing', 'x.dmx')])
  expect(result.status).toBe(1)
  expect(result.stderr).toContain('does not exist')
  expect(result.stderr).not.toContain('loaded')
})
