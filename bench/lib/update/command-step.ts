/**
 * One `domindex update` as a user runs it, in a fresh process, with its three phases timed apart:
 * the remove files read, `Engine.open` of the snapshot, `engine.update` with the first delta and
 * its removals (update-command.ts's calls, without the progress bar), then `save` in place over the
 * snapshot (a commit appended to it, or a full save when that writes less). The orchestrator
 * copies the base snapshot to the working path before each measurement, so every one starts from
 * the same file. Then the saved file's layout (save-layout.ts).
 */
import { statSync } from 'node:fs'
import { Engine } from '../../../src/engine.js'
import { deltaFiles } from './deltas.js'
import { removalsOf, workSnapshot } from './run-files.js'
import { type SaveLayout, saveLayout } from './save-layout.js'

/** What one measurement reports. */
export interface CommandResult {
  openMs: number
  /** Process CPU time (all threads) of the open and of the save; absent in results of earlier runs. */
  openCpuMs?: number
  saveCpuMs?: number
  updateMs: number
  updateCpuMs: number
  /** Of the update, wall time until the delta was read and indexing began. */
  updateReadMs: number
  saveMs: number
  fileBytesBefore: number
  fileBytesAfter: number
  segments: number
  /** Held records the delta replaced, and removal keys applied or not held. */
  replaced: { whois: number; observations: number }
  removed: { whois: number; observations: number; notHeld: number }
  counts: { whois: number; mx: number; txt: number }
  layout: SaveLayout
}

/**
 * Opens the working snapshot, applies the first update and saves in place.
 *
 * @param dir - the run directory
 * @param deltas - the deltas directory
 */
export async function commandStep(dir: string, deltas: string): Promise<CommandResult> {
  const path = workSnapshot(dir)
  const files = deltaFiles(deltas, 1)
  const remove = await removalsOf(files)
  const fileBytesBefore = statSync(path).size
  const openCpu0 = process.cpuUsage()
  const t0 = performance.now()
  const engine = await Engine.open(path)
  const openMs = performance.now() - t0
  const openCpu = process.cpuUsage(openCpu0)
  const before = engine.stats()

  const cpu0 = process.cpuUsage()
  const t1 = performance.now()
  let updateReadMs = Number.NaN
  const updated = await engine.update(files.sources, {
    remove,
    onProgress: (p) => {
      if (p.phase !== 'read' && Number.isNaN(updateReadMs)) updateReadMs = performance.now() - t1
    },
  })
  const updateMs = performance.now() - t1
  const cpu = process.cpuUsage(cpu0)

  const saveCpu0 = process.cpuUsage()
  const t2 = performance.now()
  await updated.save(path)
  const saveMs = performance.now() - t2
  const saveCpu = process.cpuUsage(saveCpu0)
  const after = updated.stats()
  return {
    openMs,
    openCpuMs: (openCpu.user + openCpu.system) / 1000,
    saveCpuMs: (saveCpu.user + saveCpu.system) / 1000,
    updateMs,
    updateCpuMs: (cpu.user + cpu.system) / 1000,
    updateReadMs,
    saveMs,
    fileBytesBefore,
    fileBytesAfter: statSync(path).size,
    segments: after.segments,
    replaced: {
      whois: after.whoisReplaced - before.whoisReplaced,
      observations: after.observationsReplaced - before.observationsReplaced,
    },
    removed: {
      whois: after.removed.whois - before.removed.whois,
      observations: after.removed.observations - before.removed.observations,
      notHeld: after.removed.notHeld - before.removed.notHeld,
    },
    counts: after.counts,
    layout: await saveLayout(path),
  }
}
