/**
 * `domindex tour` (what `npm start` runs): loads a data directory, prints what it holds, then
 * walks through example requests answered by `engine.request()`, each with a digest of its body.
 */
import { Engine } from '../engine.js'
import { parseCommandArgs, UsageError } from './args.js'
import type { Command } from './command.js'
import { directorySources } from './inputs.js'
import { loadSummary } from './load-summary.js'
import { withProgress } from './progress.js'
import { digest } from './tour-digest.js'
import { tourExamples } from './tour-examples.js'

const HELP = `Usage: domindex tour DIR

Loads DIR's whois.jsonl, dns-mx.jsonl and dns-txt.jsonl (as 'domindex generate' writes them),
prints what was loaded, and answers example requests through engine.request(): forward and apex
lookups, reverse searches by phrase, nameserver and date, MX and TXT searches, and an error.

Options:
  -h, --help        show this help`

/** The `tour` subcommand. */
export const tourCommand: Command = {
  name: 'tour',
  summary: 'load a data directory and walk through example requests',
  help: HELP,
  async run(args) {
    const { positionals } = parseCommandArgs(args, {}, [])
    const [dir, ...extra] = positionals
    if (dir === undefined || extra.length > 0) throw new UsageError('give exactly one data directory')
    const sources = directorySources(dir)
    const engine = await withProgress((onProgress) => Engine.build(sources, { onProgress }))
    const out = (line = '') => process.stdout.write(`${line}\n`)
    out(`domindex tour of ${dir}`)
    out(loadSummary(engine.stats()))
    for (const { title, path } of tourExamples(engine)) {
      const { status, body } = await engine.request(path)
      out()
      out(`# ${title}`)
      out(`await engine.request('${path}')`)
      for (const line of digest(status, body)) out(`  ${line}`)
    }
    return 0
  },
}
