/**
 * `domindex check`: checks a snapshot through and through, as Lucene's CheckIndex checks an index
 * (snapshot/verify/): every checksum, the padding, and every structure a query relies on. Each
 * check is printed as it passes; the first broken invariant is printed and ends the run.
 */
import { checkSnapshot } from '../snapshot/verify/check-snapshot.js'
import { parseCommandArgs, UsageError } from './args.js'
import type { Command } from './command.js'
import { formatCount } from './format.js'

const HELP = `Usage: domindex check SNAPSHOT

Checks a snapshot through and through, as 'Engine.open(path, { verify: true })' does: the header,
section table and section checksums, the padding between them, and every structural invariant a
query relies on (offsets monotone, postings sorted, ids in range, dictionaries that find each of
their terms, record keys, deletion sets, counts). Prints each check as it passes, with the number
of items it covered, then 'ok'; at the first broken invariant, prints it and stops. Reading every
record and index, it takes a few times as long as opening the snapshot.

  SNAPSHOT          the snapshot to check

Options:
  -h, --help        show this help

Exit status: 0 when every check passed, 1 when one failed or the file could not be read, 2 for a
usage mistake.`

/** The `check` subcommand. */
export const checkCommand: Command = {
  name: 'check',
  summary: 'check every checksum and structure of a snapshot, as Lucene CheckIndex does',
  help: HELP,
  async run(args) {
    const { positionals } = parseCommandArgs(args, {}, [])
    const [snapshot, stray] = positionals
    if (snapshot === undefined) throw new UsageError('no SNAPSHOT: name the snapshot to check')
    if (stray !== undefined) throw new UsageError(`unexpected argument ${JSON.stringify(stray)}`)
    const started = performance.now()
    const checks = await checkSnapshot(snapshot, (check) => {
      process.stdout.write(`${formatCount(check.count).padStart(12)}  ${check.name}\n`)
    })
    const seconds = (performance.now() - started) / 1000
    process.stdout.write(`ok: ${formatCount(checks.length)} checks passed in ${seconds.toFixed(1)} s\n`)
    return 0
  },
}
