/**
 * A benchmark report kept as one Markdown file with a section per run size: a run replaces its own
 * `## ` section and the introduction, and keeps every other section (other sizes, hand-written
 * findings), so runs at several sizes, made at different times, share one report.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs'

/**
 * Writes `intro` followed by the file's `## ` sections, with the one titled `heading` replaced by
 * `section` (or added at the end).
 *
 * @param path - the report file
 * @param intro - the text before the first section (title and method)
 * @param heading - this run's section title, a line starting with `## `
 * @param body - this run's section, without its title
 * @example
 * ```ts
 * writeReportSection('bench/reports/peers.md', '# Peers\n', '## 100000 records', 'figures\n')
 * ```
 */
export function writeReportSection(path: string, intro: string, heading: string, body: string): void {
  const old = existsSync(path) ? readFileSync(path, 'utf8') : ''
  const sections = old.split(/^(?=## )/m).filter((s) => s.startsWith('## '))
  const mine = `${heading}\n\n${body.trim()}\n`
  const at = sections.findIndex((s) => s.split('\n', 1)[0] === heading)
  if (at >= 0) sections[at] = mine
  else sections.push(mine)
  writeFileSync(path, [intro.trim(), ...sections.map((s) => s.trim())].join('\n\n') + '\n')
}
