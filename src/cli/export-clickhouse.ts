/**
 * `domindex export-clickhouse`: loads input files with live progress and writes them into
 * ClickHouse tables that `ClickHouseEngine` queries (SPEC 11), or with `--append` applies them to
 * an earlier export as an update (SPEC 12), then reports what was loaded, rejected, written and
 * removed.
 */
import { exportToClickHouse } from '../clickhouse/export.js'
import { sqlIdentifier } from '../clickhouse/sql-literal.js'
import { parseCommandArgs, UsageError } from './args.js'
import type { Command } from './command.js'
import { formatCount, formatDuration } from './format.js'
import { INPUT_HELP, INPUT_LISTS, INPUT_OPTIONS, listedSources, readFields } from './inputs.js'
import { readKeyFiles } from './key-files.js'
import { withProgress } from './progress.js'

const HELP = `Usage: domindex export-clickhouse --whois FILE... --dns FILE... --url URL --database NAME [--cluster NAME] [--strict]
       domindex export-clickhouse --append [--whois FILE...] [--dns FILE...] [--remove-whois FILE...]
                                  [--remove-dns FILE...] --url URL --database NAME [--cluster NAME]

Loads WHOIS and DNS observation files, as 'build' does (same normalisation and rejects), and
writes them into ClickHouse: the database is created when missing, its domindex tables are
replaced. With --cluster, tables are created ON CLUSTER (the cluster's ZooKeeper or ClickHouse
Keeper must be configured) as MergeTree tables on every shard under Distributed tables sharded by
the apex domain.

With --append, the files update the export already in the database instead, as 'update' updates
a snapshot: the keys of the remove files are removed first, then a new record replaces the held
record of its domain and a new observation the held one of its id. The existing tables are not
rewritten (now and then they are compacted server-side).

Options:
${INPUT_HELP}
  --url URL         a ClickHouse server's HTTP interface, e.g. http://127.0.0.1:8123
                    (user:password@ in it is sent as Basic authentication)
  --database NAME   the database to write (letters, digits, _)
  --cluster NAME    a cluster of the server's remote_servers, to shard the tables over
                    (with --append: the cluster the export was written to)
  --append          update the export in the database instead of replacing it
  --remove-whois FILE...
                    with --append: domains to remove, one a line ('#' lines and blank lines skipped)
  --remove-dns FILE...
                    with --append: observation ids to remove, one a line
  --strict          stop at the first bad record, naming its file and line
  -h, --help        show this help

Progress goes to stderr: reading, then uploading ('indexing N records').
Exit status: 0 when written, 1 when loading or writing failed (a remove file that cannot be read
included), 2 for a usage mistake.`

/** The `export-clickhouse` subcommand. */
export const exportClickHouseCommand: Command = {
  name: 'export-clickhouse',
  summary: 'load input files into ClickHouse tables for ClickHouseEngine',
  help: HELP,
  async run(args) {
    const { values, lists } = parseCommandArgs(
      args,
      {
        ...INPUT_OPTIONS,
        url: { type: 'string' },
        database: { type: 'string' },
        cluster: { type: 'string' },
        append: { type: 'boolean' },
        'remove-whois': { type: 'string', multiple: true },
        'remove-dns': { type: 'string', multiple: true },
        strict: { type: 'boolean' },
      },
      [...INPUT_LISTS, 'remove-whois', 'remove-dns'],
    )
    const { url, database, cluster, strict, append: appendFlag } = values
    const append = appendFlag === true
    if (typeof url !== 'string') throw new UsageError('--url URL is required')
    if (typeof database !== 'string') throw new UsageError('--database NAME is required')
    const sources = listedSources(lists, values)
    const whoisKeyFiles = lists['remove-whois'] ?? []
    const dnsKeyFiles = lists['remove-dns'] ?? []
    const keyFiles = whoisKeyFiles.length + dnsKeyFiles.length
    if (!append && keyFiles > 0) {
      throw new UsageError('--remove-whois and --remove-dns update an export: give --append with them')
    }
    if (sources.whois.length + sources.dns.length + keyFiles === 0) {
      throw new UsageError(
        append
          ? 'nothing to do: give new files with --whois, --dns, --mx or --txt, or keys with --remove-whois or --remove-dns'
          : 'no input: give files with --whois, --dns, --mx or --txt',
      )
    }
    checkName('database', database)
    if (typeof cluster === 'string') checkName('cluster', cluster)
    // Remove files are read before anything is sent, so a wrong name fails at once.
    const remove = {
      whois: await readKeyFiles('remove-whois', whoisKeyFiles),
      dns: await readKeyFiles('remove-dns', dnsKeyFiles),
    }
    const result = await withProgress((onProgress) =>
      exportToClickHouse(sources, {
        url,
        database,
        ...(typeof cluster === 'string' ? { cluster } : {}),
        ...(append ? { append, remove } : {}),
        strict: strict === true,
        ...readFields(values),
        onProgress,
      }),
    )
    const { rows, load, removed } = result
    const where = `${database}${typeof cluster === 'string' ? ` on cluster ${cluster}` : ''}`
    const changes = append
      ? `; replaced ${formatCount(load.whoisReplaced)} WHOIS records and ${formatCount(load.observationsReplaced)} observations, ` +
        `removed ${formatCount(removed.whois)} WHOIS records and ${formatCount(removed.observations)} observations ` +
        `(${formatCount(removed.notHeld)} keys not held)${result.compacted ? ', compacted the tables' : ''}`
      : ''
    process.stderr.write(
      `domindex: wrote ${formatCount(rows.whois)} WHOIS records, ${formatCount(rows.mx)} MX and ` +
        `${formatCount(rows.txt)} TXT observations to ${where}${changes} ` +
        `(load ${formatDuration(result.loadMs / 1000)}, upload ${formatDuration(result.uploadMs / 1000)}); ` +
        `${formatCount(load.rejects.count)} rejects\n`,
    )
    return 0
  },
}

function checkName(option: string, name: string): void {
  try {
    sqlIdentifier(name, `--${option}`)
  } catch (error) {
    throw new UsageError((error as Error).message.replace(/^domindex: /, ''))
  }
}
