/**
 * `domindex update`: applies a feed's removals and new files to a snapshot (SPEC 12), reading only
 * the new data, with the progress, summary, rejects file and exit statuses of `build`; saves in
 * place unless `--out` names another file.
 */
import type { Engine } from '../engine.js'
import { normalizeHost } from '../normalize/host.js'
import { parseCommandArgs, UsageError } from './args.js'
import type { Command } from './command.js'
import { INPUT_HELP, INPUT_LISTS, INPUT_OPTIONS, listedSources, readFields } from './inputs.js'
import { readKeyFiles } from './key-files.js'
import { checkLoad, readMaxRejects, rejectWarnings } from './load-checks.js'
import { openReports } from './load-reports.js'
import { updateLine } from './load-summary.js'
import { nearFieldWarnings } from './near-field-warnings.js'
import { withProgress } from './progress.js'
import {
  checkWritable,
  holdWriteLock,
  LOCK_WAIT_HELP,
  LOCK_WAIT_OPTION,
  openSnapshot,
  savedLine,
  saveSnapshot,
} from './snapshot-files.js'

const HELP = `Usage: domindex update SNAPSHOT [--whois FILE...] [--dns FILE...] [--remove-whois FILE...]
                       [--remove-dns FILE...] [--out SNAPSHOT2] [--strict] [--rejects FILE]

Applies new files and removals to a snapshot, reading only the new data: the removals first, then
the new files, whose records replace held ones with the same domain or observation id. Every
answer afterwards is that of a build over the old inputs less the removed keys, then the new
files. Updates add index segments; 'domindex compact' merges them.

  SNAPSHOT          the snapshot to update, before the options (a file list takes every
                    argument up to the next option)

Options:
${INPUT_HELP}
  --remove-whois FILE...
                    domains to remove, one a line (blank lines and lines starting with # are
                    skipped); a domain held nowhere is ignored and counted
  --remove-dns FILE...
                    observation ids to remove, one a line, likewise
  --out SNAPSHOT2   write the updated snapshot there and leave SNAPSHOT as it was; without it,
                    SNAPSHOT is replaced atomically (a killed update leaves the old snapshot)
  --strict          stop at the first bad record, naming its file and line
  --rejects FILE    write every rejected record of this update as {file, line, reason} JSON Lines
  --report FILE     write every record this update replaced (key, and the file:line that replaced
                    it) and every date not understood (field, text, file:line) as JSON Lines
  --max-rejects N   fail (exit status 1, nothing saved) past N rejects; default: no limit
${LOCK_WAIT_HELP}
  -h, --help        show this help

One writer at a time: the update holds the snapshot's write lock (SNAPSHOT.lock) from before it
reads the snapshot until it has saved, so a second update or compact of the same snapshot waits
and then applies on top of the first.
Progress goes to stderr: a live bar on a terminal, a line every 5 seconds otherwise.
Exit status: 0 when saved, 1 when loading or saving failed (a remove file that cannot be read
included), 2 for a usage mistake.`

/** The `update` subcommand. */
export const updateCommand: Command = {
  name: 'update',
  summary: 'add new files to a snapshot and remove keys from it',
  help: HELP,
  async run(args) {
    const { values, lists, positionals } = parseCommandArgs(
      args,
      {
        ...INPUT_OPTIONS,
        'remove-whois': { type: 'string', multiple: true },
        'remove-dns': { type: 'string', multiple: true },
        out: { type: 'string' },
        strict: { type: 'boolean' },
        rejects: { type: 'string' },
        report: { type: 'string' },
        'max-rejects': { type: 'string' },
        ...LOCK_WAIT_OPTION,
      },
      [...INPUT_LISTS, 'remove-whois', 'remove-dns'],
    )
    const snapshot = onlySnapshot(positionals)
    const maxRejects = readMaxRejects(values['max-rejects'])
    const { out, strict, rejects: rejectsFile, report: reportFile } = values
    const sources = listedSources(lists, values)
    const whoisKeyFiles = lists['remove-whois'] ?? []
    const dnsKeyFiles = lists['remove-dns'] ?? []
    if (sources.whois.length + sources.dns.length + whoisKeyFiles.length + dnsKeyFiles.length === 0) {
      throw new UsageError(
        'nothing to do: give new files with --whois, --dns, --mx or --txt, or keys with --remove-whois or --remove-dns',
      )
    }
    // Remove files are read before the snapshot is opened, so a wrong name fails at once.
    const remove = {
      whois: await readKeyFiles('remove-whois', whoisKeyFiles, notAHost),
      dns: await readKeyFiles('remove-dns', dnsKeyFiles),
    }
    const fields = readFields(values)
    const target = typeof out === 'string' ? out : snapshot
    await checkWritable(target)
    // Held from before the open until the save: a second update waits, then applies on top.
    const lock = await holdWriteLock(target, values['lock-wait'])
    try {
      const engine = await openSnapshot(snapshot)
      const before = engine.stats()
      const started = performance.now()
      const reports = openReports(rejectsFile, reportFile)
      let updated: Engine
      try {
        updated = await withProgress((onProgress) =>
          engine.update(sources, {
            remove,
            strict: strict === true,
            onProgress,
            ...reports.options,
            ...fields,
          }),
        )
      } finally {
        reports.close()
      }
      const stats = updated.stats()
      process.stderr.write(`domindex: ${updateLine(before, stats, performance.now() - started)}\n`)
      const loaded = stats.sources.slice(before.sources.length)
      for (const warning of rejectWarnings(loaded, stats.rejects.kept))
        process.stderr.write(`domindex: warning: ${warning}\n`)
      for (const warning of nearFieldWarnings(stats, before))
        process.stderr.write(`domindex: warning: ${warning}\n`)
      checkLoad(
        loaded,
        { count: stats.rejects.count - before.rejects.count, kept: stats.rejects.kept },
        maxRejects,
      )
      const saved = await saveSnapshot(updated, target, lock)
      process.stderr.write(`domindex: ${savedLine(target, saved, target === snapshot)}\n`)
    } finally {
      await lock.release()
    }
    return 0
  },
}

/** Why a domain to remove is not one (SPEC 3 host rules, as the engine applies them), or undefined. */
function notAHost(key: string): string | undefined {
  const host = normalizeHost(key)
  return host.ok ? undefined : `is not a domain name (${host.reason})`
}

/** The one positional argument: the snapshot to update. */
function onlySnapshot(positionals: readonly string[]): string {
  const [snapshot, stray] = positionals
  if (snapshot === undefined) {
    throw new UsageError(
      'no SNAPSHOT: name it first, as in domindex update corpus.dmx --whois delta.jsonl ' +
        '(a file list takes every argument up to the next option)',
    )
  }
  if (stray !== undefined) {
    throw new UsageError(
      `unexpected argument ${JSON.stringify(stray)} after the snapshot ${JSON.stringify(snapshot)}: ` +
        'new files follow --whois, --dns, --mx or --txt',
    )
  }
  return snapshot
}
