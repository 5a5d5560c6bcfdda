/**
 * Writes WHOIS records and MX/TXT observations as JSON Lines files in a temporary directory
 * (removed after the test file) and returns the sources that load them.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll } from 'vitest'
import type { Observation, Sources, WhoisRecord } from '../../src/types.js'

let dir: string | null = null
let written = 0

/**
 * The sources of the given values, each kind in a file of its own (empty files included).
 *
 * @example
 * ```ts
 * await Engine.build(writeLines({ whois: [record], mx: [], txt: [] }))
 * ```
 */
export function writeLines(values: {
  whois: readonly WhoisRecord[]
  mx: readonly Observation[]
  txt: readonly Observation[]
}): Sources {
  if (dir === null) {
    const created = mkdtempSync(join(tmpdir(), 'domindex-lines-'))
    dir = created
    afterAll(() => rmSync(created, { recursive: true, force: true }))
  }
  const n = written++
  const file = (name: string, lines: readonly unknown[]): string => {
    const path = join(dir as string, `${n}-${name}.jsonl`)
    writeFileSync(path, lines.map((v) => `${JSON.stringify(v)}\n`).join(''))
    return path
  }
  return {
    whois: [file('whois', values.whois)],
    dns: [
      { path: file('mx', values.mx), kind: 'mx' },
      { path: file('txt', values.txt), kind: 'txt' },
    ],
  }
}
