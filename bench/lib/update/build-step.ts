/**
 * The build step of the update benchmark: what an update is measured against. `Engine.build` of the
 * base corpus with default options (wall and process CPU time, reading until indexing began), then
 * `engine.save` of the base snapshot (time and file size), as `domindex build` does.
 */
import { statSync } from 'node:fs'
import { Engine } from '../../../src/engine.js'
import type { Sources } from '../../../src/types.js'
import { baseSnapshot } from './run-files.js'

/** What the build step reports. */
export interface BuildResult {
  buildMs: number
  buildCpuMs: number
  /** Wall time until every input was read and indexing began. */
  readMs: number
  saveMs: number
  fileBytes: number
  counts: { whois: number; mx: number; txt: number }
}

/**
 * Builds the base engine and saves its snapshot in the run directory.
 *
 * @param sources - the base corpus
 * @param dir - the run directory
 */
export async function buildStep(sources: Sources, dir: string): Promise<BuildResult> {
  const cpu0 = process.cpuUsage()
  const t0 = performance.now()
  let readMs = Number.NaN
  const engine = await Engine.build(sources, {
    onProgress: (p) => {
      if (p.phase !== 'read' && Number.isNaN(readMs)) readMs = performance.now() - t0
    },
  })
  const buildMs = performance.now() - t0
  const cpu = process.cpuUsage(cpu0)
  console.log(`built in ${(buildMs / 1000).toFixed(1)} s; saving`)
  const path = baseSnapshot(dir)
  const t1 = performance.now()
  await engine.save(path)
  const saveMs = performance.now() - t1
  return {
    buildMs,
    buildCpuMs: (cpu.user + cpu.system) / 1000,
    readMs,
    saveMs,
    fileBytes: statSync(path).size,
    counts: engine.stats().counts,
  }
}
