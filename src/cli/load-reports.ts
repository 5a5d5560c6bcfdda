/**
 * `--rejects FILE` and `--report FILE` of `build` and `update`, as the load options that write
 * them: every reject to the one, every replacement and every date not understood to the other.
 */
import type { BuildOptions } from '../engine-options.js'
import { type JsonLinesFile, openJsonLines } from './json-lines-file.js'

/** The load options that write the files, and how to close them. */
export interface LoadReports {
  readonly options: Pick<BuildOptions, 'onReject' | 'onNote'>
  close(): void
}

/**
 * Opens the report files a command was given (neither, either or both).
 *
 * @param rejects - the `--rejects` option's value
 * @param report - the `--report` option's value
 * @throws CommandFailure naming a file that cannot be written
 * @example
 * ```ts
 * const reports = openReports('rejects.jsonl', 'report.jsonl')
 * try { await Engine.build(sources, { ...reports.options }) } finally { reports.close() }
 * ```
 */
export function openReports(
  rejects: string | boolean | undefined,
  report: string | boolean | undefined,
): LoadReports {
  const files: JsonLinesFile[] = []
  const options: LoadReports['options'] = {}
  if (typeof rejects === 'string') {
    const file = openJsonLines(rejects)
    files.push(file)
    options.onReject = (r) => file.write({ file: r.file, line: r.line, reason: r.reason })
  }
  if (typeof report === 'string') {
    const file = openJsonLines(report)
    files.push(file)
    options.onNote = (note) => file.write(note)
  }
  return {
    options,
    close: () => {
      for (const file of files) file.close()
    },
  }
}
