/**
 * The build step of the scale benchmark: `Engine.build` of the whole corpus with default options
 * (wall and process CPU time, all threads), the resident memory the built engine holds (RSS after a
 * full collection minus the process's RSS before the build), the peak RSS of the process, then
 * `engine.save` (time and file size).
 */
import { statSync } from 'node:fs'
import { Engine } from '../../../src/engine.js'
import type { Sources } from '../../../src/types.js'
import { memoryGrowth, memoryNow } from '../measure.js'
import { snapshotFile } from './run-files.js'

/** What the build step reports. */
export interface BuildResult {
  buildMs: number
  buildCpuMs: number
  /** Wall time until every input was read and indexing began (absent in results of earlier runs). */
  readMs?: number | undefined
  /** RSS, heap and external bytes held after the build, against before it. */
  held: { rss: number; heapUsed: number; external: number }
  /** RSS before the build (the process with its modules loaded): the part of the peak that does not grow. */
  rssBefore: number
  maxRss: number
  counts: { whois: number; mx: number; txt: number }
  replaced: { whois: number; observations: number }
  rejects: number
  saveMs: number
  fileBytes: number
}

/**
 * Builds the engine from the corpus and saves its snapshot in the run directory.
 *
 * @param sources - the corpus
 * @param dir - the run directory
 */
export async function buildStep(sources: Sources, dir: string): Promise<BuildResult> {
  const before = memoryNow()
  const cpu0 = process.cpuUsage()
  const t0 = performance.now()
  let readMs: number | undefined
  const engine = await Engine.build(sources, {
    onProgress: (p) => {
      if (p.phase !== 'read') readMs ??= performance.now() - t0
    },
  })
  const buildMs = performance.now() - t0
  const cpu = process.cpuUsage(cpu0)
  const after = memoryNow()
  const stats = engine.stats()
  console.log(`built in ${(buildMs / 1000).toFixed(1)} s; saving`)
  const path = snapshotFile(dir)
  const t1 = performance.now()
  await engine.save(path)
  const saveMs = performance.now() - t1
  return {
    buildMs,
    buildCpuMs: (cpu.user + cpu.system) / 1000,
    readMs,
    held: memoryGrowth(after, before),
    rssBefore: before.rss,
    maxRss: process.resourceUsage().maxRSS * 1024,
    counts: stats.counts,
    replaced: { whois: stats.whoisReplaced, observations: stats.observationsReplaced },
    rejects: stats.rejects.count,
    saveMs,
    fileBytes: statSync(path).size,
  }
}
