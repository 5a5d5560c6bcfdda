/**
 * `domindex build`: loads input files into an engine with live progress, reports what was
 * loaded and rejected, writes the rejects as JSON Lines when asked, and saves a snapshot.
 */
import { Engine } from '../engine.js'
import { parseCommandArgs, UsageError } from './args.js'
import type { Command } from './command.js'
import { INPUT_HELP, INPUT_LISTS, INPUT_OPTIONS, listedSources } from './inputs.js'
import { loadSummary } from './load-summary.js'
import { withProgress } from './progress.js'
import { checkWritable, looksLikeSnapshot, saveSnapshot } from './snapshot-files.js'
import { writeRejects } from './write-rejects.js'

const HELP = `Usage: domindex build --whois FILE... --dns FILE... --out SNAPSHOT [--strict] [--rejects FILE]

Loads WHOIS and DNS observation files and saves them as one snapshot file. To add files to an
existing snapshot, or remove keys from it, use 'domindex update'.

Options:
${INPUT_HELP}
  --out SNAPSHOT    the snapshot file to write (required)
  --strict          stop at the first bad record, naming its file and line
  --rejects FILE    write the rejected records' {file, line, reason} as JSON Lines
  -h, --help        show this help

Progress goes to stderr: a live bar on a terminal, a line every 5 seconds otherwise.
Exit status: 0 when saved, 1 when loading or saving failed, 2 for a usage mistake.`

/** The `build` subcommand. */
export const buildCommand: Command = {
  name: 'build',
  summary: 'load input files and save a snapshot',
  help: HELP,
  async run(args) {
    const { values, lists, positionals } = parseCommandArgs(
      args,
      { ...INPUT_OPTIONS, out: { type: 'string' }, strict: { type: 'boolean' }, rejects: { type: 'string' } },
      INPUT_LISTS,
    )
    const [stray] = positionals
    if (stray !== undefined) throw new UsageError(strayArgument(stray))
    const { out, strict, rejects: rejectsFile } = values
    if (typeof out !== 'string') throw new UsageError('--out SNAPSHOT is required')
    const sources = listedSources(lists)
    await checkWritable(out)
    if (sources.whois.length + sources.dns.length === 0) {
      throw new UsageError('no input: give files with --whois, --dns, --mx or --txt')
    }
    const engine = await withProgress((onProgress) =>
      Engine.build(sources, { strict: strict === true, onProgress }),
    )
    const stats = engine.stats()
    process.stderr.write(`domindex: ${loadSummary(stats)}\n`)
    if (typeof rejectsFile === 'string')
      await writeRejects(rejectsFile, stats.rejects.kept, stats.rejects.count)
    await saveSnapshot(engine, out)
    process.stderr.write(`domindex: saved ${out}\n`)
    return 0
  },
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
