/**
 * `domindex build`: loads input files into an engine with live progress, reports what was
 * loaded and rejected, writes the rejects as JSON Lines when asked, and saves a snapshot.
 */
import { once } from 'node:events'
import { createWriteStream } from 'node:fs'
import { Engine } from '../engine.js'
import type { Reject } from '../types.js'
import { CommandFailure, parseCommandArgs, UsageError } from './args.js'
import type { Command } from './command.js'
import { formatCount } from './format.js'
import { INPUT_HELP, INPUT_LISTS, INPUT_OPTIONS, listedSources } from './inputs.js'
import { loadSummary } from './load-summary.js'
import { withProgress } from './progress.js'

const HELP = `Usage: domindex build --whois FILE... --dns FILE... --out SNAPSHOT [--strict] [--rejects FILE]

Loads WHOIS and DNS observation files and saves them as one snapshot file.

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
    const { values, lists } = parseCommandArgs(
      args,
      { ...INPUT_OPTIONS, out: { type: 'string' }, strict: { type: 'boolean' }, rejects: { type: 'string' } },
      INPUT_LISTS,
    )
    const { out, strict, rejects: rejectsFile } = values
    if (typeof out !== 'string') throw new UsageError('--out SNAPSHOT is required')
    const sources = listedSources(lists)
    if (sources.whois.length + sources.dns.length === 0) {
      throw new UsageError('no input: give files with --whois, --dns, --mx or --txt')
    }
    const engine = await withProgress((onProgress) =>
      Engine.build(sources, { strict: strict === true, onProgress }),
    )
    const stats = engine.stats()
    process.stderr.write(`domindex: ${loadSummary(stats)}\n`)
    if (typeof rejectsFile === 'string') {
      await writeRejects(rejectsFile, stats.rejects.kept)
      if (stats.rejects.count > stats.rejects.kept.length) {
        process.stderr.write(
          `domindex: ${rejectsFile} holds the first ${formatCount(stats.rejects.kept.length)} of ${formatCount(stats.rejects.count)} rejects\n`,
        )
      }
    }
    await engine.save(out)
    process.stderr.write(`domindex: saved ${out}\n`)
    return 0
  },
}

async function writeRejects(path: string, rejects: readonly Reject[]): Promise<void> {
  const out = createWriteStream(path)
  try {
    for (const reject of rejects) {
      if (!out.write(`${JSON.stringify(reject)}\n`)) await once(out, 'drain')
    }
    out.end()
    await once(out, 'finish')
  } catch (error) {
    out.destroy()
    throw new CommandFailure(
      `cannot write ${path}: ${error instanceof Error ? error.message : String(error)}`,
    )
  }
}
