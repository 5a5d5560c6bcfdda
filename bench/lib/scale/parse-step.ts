/**
 * The JSON.parse baseline of the scale benchmark: every line of the corpus's files read in 1 MiB
 * chunks and parsed with plain `JSON.parse` on one thread (bench/lib/parse-lines.ts), the values
 * dropped as they come, as a streaming build drops its input. Only reading and parsing are timed.
 */
import { statSync } from 'node:fs'
import type { Sources } from '../../../src/types.js'
import { forEachJsonLine } from '../parse-lines.js'

/** What the parse step reports. */
export interface ParseResult {
  files: { path: string; lines: number; bytes: number; wallMs: number }[]
  lines: number
  bytes: number
  wallMs: number
  /** Process CPU time (user + system, all threads). */
  cpuMs: number
  maxRss: number
}

/** Every path of a corpus, WHOIS first. */
export function sourcePaths(sources: Sources): string[] {
  return [...(sources.whois ?? []), ...(sources.dns ?? [])].map((s) => (typeof s === 'string' ? s : s.path))
}

/**
 * Parses every line of every file of the corpus.
 *
 * @param sources - the corpus (JSON Lines files)
 */
export async function parseStep(sources: Sources): Promise<ParseResult> {
  const files: ParseResult['files'] = []
  let objects = 0
  const cpu0 = process.cpuUsage()
  const t0 = performance.now()
  for (const path of sourcePaths(sources)) {
    const started = performance.now()
    const lines = await forEachJsonLine(path, (value) => {
      if (typeof value === 'object') objects++
    })
    files.push({ path, lines, bytes: statSync(path).size, wallMs: performance.now() - started })
  }
  const wallMs = performance.now() - t0
  const cpu = process.cpuUsage(cpu0)
  const lines = files.reduce((n, f) => n + f.lines, 0)
  if (objects !== lines) throw new Error(`${lines - objects} lines are not JSON objects`)
  return {
    files,
    lines,
    bytes: files.reduce((n, f) => n + f.bytes, 0),
    wallMs,
    cpuMs: (cpu.user + cpu.system) / 1000,
    maxRss: process.resourceUsage().maxRSS * 1024,
  }
}
