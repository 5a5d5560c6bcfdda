/**
 * `domindex build`: loads input files into an engine with live progress, reports what was
 * loaded and rejected, writes the rejects as JSON Lines when asked, and saves a snapshot.
 */
import { rename, rm } from 'node:fs/promises'
import { Engine } from '../engine.js'
import { tempPathFor } from '../snapshot/temp-files.js'
import { withWriteLock } from '../snapshot/write-lock.js'
import { parseCommandArgs, readSize, UsageError } from './args.js'
import type { Command } from './command.js'
import { INPUT_HELP, INPUT_LISTS, INPUT_OPTIONS, listedSources, readFields } from './inputs.js'
import { checkLoad, readMaxRejects, rejectWarnings } from './load-checks.js'
import { openReports } from './load-reports.js'
import { loadSummary } from './load-summary.js'
import { nearFieldWarnings } from './near-field-warnings.js'
import { preparedLines } from './prepared-lines.js'
import { withProgress } from './progress.js'
import { checkWritable, looksLikeSnapshot } from './snapshot-files.js'

const HELP = `Usage: domindex build --whois FILE... --dns FILE... --out SNAPSHOT [--strict] [--rejects FILE]
                      [--report FILE] [--max-rejects N] [--memory-budget SIZE] [--suggest]

Loads WHOIS and DNS observation files and saves them as one snapshot file. To add files to an
existing snapshot, or remove keys from it, use 'domindex update'.

Options:
${INPUT_HELP}
  --out SNAPSHOT    the snapshot file to write (required)
  --strict          stop at the first bad record, naming its file and line
  --rejects FILE    write every rejected record's {file, line, reason} as JSON Lines
  --report FILE     write every replaced record (its key, and the file:line that replaced it) and
                    every date not understood (its field, text, file:line) as JSON Lines
  --max-rejects N   fail (exit status 1, nothing saved) past N rejects; default: no limit
  --memory-budget SIZE
                    index at most this much in memory at a time (such as 512M or 4G): past it,
                    what was indexed is written to the snapshot as a segment and the build goes
                    on; default: DOMINDEX_MEMORY_BUDGET, else 1G
  --suggest         also index the values of every kind of spelling variant ('domindex suggest')
                    and keep them beside the snapshot, in SNAPSHOT.suggest/; without it, the
                    first 'suggest' of a kind does it
  -h, --help        show this help

The snapshot is written beside SNAPSHOT as the build goes and renamed to it at the end.
Progress goes to stderr: a live bar on a terminal, a line every 5 seconds otherwise.
A file whose every record is rejected fails the build, naming the file, before anything is saved.
Exit status: 0 when saved, 1 when loading or saving failed, 2 for a usage mistake.`

/** The `build` subcommand. */
export const buildCommand: Command = {
  name: 'build',
  summary: 'load input files and save a snapshot',
  help: HELP,
  async run(args) {
    const { values, lists, positionals } = parseCommandArgs(
      args,
      {
        ...INPUT_OPTIONS,
        out: { type: 'string' },
        strict: { type: 'boolean' },
        rejects: { type: 'string' },
        report: { type: 'string' },
        'max-rejects': { type: 'string' },
        'memory-budget': { type: 'string' },
        suggest: { type: 'boolean' },
      },
      INPUT_LISTS,
    )
    const [stray] = positionals
    if (stray !== undefined) throw new UsageError(strayArgument(stray))
    const { out, strict, rejects: rejectsFile, report: reportFile } = values
    if (typeof out !== 'string') throw new UsageError('--out SNAPSHOT is required')
    const maxRejects = readMaxRejects(values['max-rejects'])
    const budget = values['memory-budget']
    const memoryBudget = budget === undefined ? {} : { memoryBudget: readSize('memory-budget', budget) }
    const sources = listedSources(lists, values)
    const fields = readFields(values)
    await checkWritable(out)
    if (sources.whois.length + sources.dns.length === 0) {
      throw new UsageError('no input: give files with --whois, --dns, --mx or --txt')
    }
    const reports = openReports(rejectsFile, reportFile)
    // Built into a file beside the target, renamed over it once the load passed its checks.
    const staging = tempPathFor(out)
    try {
      let engine: Engine
      try {
        engine = await withProgress((onProgress) =>
          Engine.build(sources, {
            strict: strict === true,
            onProgress,
            ...reports.options,
            ...memoryBudget,
            ...fields,
            path: staging,
          }),
        )
      } finally {
        reports.close()
      }
      const stats = engine.stats()
      await engine.close()
      process.stderr.write(`domindex: ${loadSummary(stats)}\n`)
      for (const warning of rejectWarnings(stats.sources, stats.rejects.kept))
        process.stderr.write(`domindex: warning: ${warning}\n`)
      for (const warning of nearFieldWarnings(stats)) process.stderr.write(`domindex: warning: ${warning}\n`)
      checkLoad(stats.sources, stats.rejects, maxRejects)
      await withWriteLock(out, {}, () => rename(staging, out))
    } finally {
      await rm(staging, { force: true })
    }
    process.stderr.write(`domindex: saved ${out}\n`)
    if (values['suggest'] === true) await prepareBeside(out)
    return 0
  },
}

/** Indexes every kind's values of the saved snapshot, kept beside it. */
async function prepareBeside(out: string): Promise<void> {
  const saved = await Engine.open(out)
  try {
    for (const line of preparedLines(await saved.prepareSuggestions())) {
      process.stderr.write(`domindex: ${line}\n`)
    }
  } finally {
    await saved.close()
  }
}

/** Build reads only files named by an option; an argument before any (`build old.dmx …`) is a mistake. */
function strayArgument(arg: string): string {
  const unexpected = `unexpected argument ${JSON.stringify(arg)}`
  if (looksLikeSnapshot(arg)) {
    return (
      `${unexpected}: build starts from input files only, and it is a snapshot; ` +
      `to add files to it or remove keys from it, run 'domindex update ${arg} --whois FILE... [--out SNAPSHOT2]'`
    )
  }
  return `${unexpected}: input files follow --whois, --dns, --mx or --txt`
}
