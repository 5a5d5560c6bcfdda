/**
 * `domindex compact`: merges an updated snapshot's segments into one, dropping the records that
 * updates replaced or removed (SPEC 12), and saves it; the answers stay the same.
 */
import { stat } from 'node:fs/promises'
import type { WriteLock } from '../snapshot/write-lock.js'
import { parseCommandArgs, UsageError } from './args.js'
import type { Command } from './command.js'
import { formatBytes, formatCount } from './format.js'
import {
  checkWritable,
  holdWriteLock,
  LOCK_WAIT_HELP,
  LOCK_WAIT_OPTION,
  openSnapshot,
  savedLine,
  saveSnapshot,
} from './snapshot-files.js'

const HELP = `Usage: domindex compact SNAPSHOT [--out SNAPSHOT2]

Merges the index segments that updates added into one and reclaims the space of the records they
replaced or removed. Every answer stays the same; queries get faster and the file smaller. Run it
now and then (weekly, say) on a snapshot that 'domindex update' keeps current.

  SNAPSHOT          the snapshot to compact

Options:
  --out SNAPSHOT2   write the compacted snapshot there and leave SNAPSHOT as it was; without it,
                    SNAPSHOT is replaced atomically (a killed compaction leaves the old snapshot)
${LOCK_WAIT_HELP}
  -h, --help        show this help

Exit status: 0 when saved, 1 when opening or saving failed, 2 for a usage mistake.`

/** The `compact` subcommand. */
export const compactCommand: Command = {
  name: 'compact',
  summary: 'merge an updated snapshot into one segment, reclaiming removed records',
  help: HELP,
  async run(args) {
    const { values, positionals } = parseCommandArgs(
      args,
      { out: { type: 'string' }, ...LOCK_WAIT_OPTION },
      [],
    )
    const [snapshot, stray] = positionals
    if (snapshot === undefined) throw new UsageError('no SNAPSHOT: name the snapshot to compact')
    if (stray !== undefined) throw new UsageError(`unexpected argument ${JSON.stringify(stray)}`)
    const { out } = values
    const target = typeof out === 'string' ? out : snapshot
    await checkWritable(target)
    // Held from before the open until the save: an update meanwhile waits, then applies on top.
    const lock = await holdWriteLock(target, values['lock-wait'])
    try {
      await compactUnder(snapshot, target, lock)
    } finally {
      await lock.release()
    }
    return 0
  },
}

async function compactUnder(snapshot: string, target: string, lock: WriteLock): Promise<void> {
  const engine = await openSnapshot(snapshot)
  const bytesBefore = (await stat(snapshot)).size
  const segmentsBefore = engine.stats().segments
  const compacted = await engine.compact()
  const { segments, counts } = compacted.stats()
  process.stderr.write(
    `domindex: compacted ${snapshot}: ${formatCount(segmentsBefore)} segment${segmentsBefore === 1 ? '' : 's'} → ${formatCount(segments)}; ` +
      `${formatCount(counts.whois)} WHOIS records, ${formatCount(counts.mx)} MX and ${formatCount(counts.txt)} TXT observations\n`,
  )
  const saved = await saveSnapshot(compacted, target, lock)
  process.stderr.write(
    `domindex: ${savedLine(target, saved, target === snapshot)} (${formatBytes(bytesBefore)} before)\n`,
  )
}
