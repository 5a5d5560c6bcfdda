/**
 * `domindex stats`: loads inputs and prints the engine's stats (counts, rejects, memory, build
 * time) as JSON.
 */
import { parseCommandArgs } from './args.js'
import type { Command } from './command.js'
import { INPUT_HELP, INPUT_LISTS, INPUT_OPTIONS, loadInputs } from './inputs.js'
import { printJson } from './output.js'
import { withProgress } from './progress.js'

const HELP = `Usage: domindex stats INPUT... [--whois FILE... --dns FILE...]

Loads the inputs and prints what they hold as JSON: counts by kind, duplicates replaced, dates
not understood, rejects (all counted, the first 1,000 in full), memory and build time.

  INPUT             a snapshot file, or a data directory (whois.jsonl, dns-mx.jsonl, dns-txt.jsonl)

Options:
${INPUT_HELP}
  -h, --help        show this help

Exit status: 0 when loaded, 1 when loading failed, 2 for a usage mistake.`

/** The `stats` subcommand. */
export const statsCommand: Command = {
  name: 'stats',
  summary: 'load inputs and print their counts, rejects and memory as JSON',
  help: HELP,
  async run(args) {
    const { values, lists, positionals } = parseCommandArgs(args, INPUT_OPTIONS, INPUT_LISTS)
    const engine = await withProgress((onProgress) =>
      loadInputs({ positionals, lists, values }, { onProgress }),
    )
    printJson(engine.stats())
    return 0
  },
}
