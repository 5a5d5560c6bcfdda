/**
 * `domindex export-clickhouse`: loads input files with live progress and writes them into
 * ClickHouse tables that `ClickHouseEngine` queries (SPEC 11), then reports what was loaded,
 * rejected and written.
 */
import { exportToClickHouse } from '../clickhouse/export.js'
import { sqlIdentifier } from '../clickhouse/sql-literal.js'
import { parseCommandArgs, UsageError } from './args.js'
import type { Command } from './command.js'
import { formatCount, formatDuration } from './format.js'
import { INPUT_HELP, INPUT_LISTS, INPUT_OPTIONS, listedSources } from './inputs.js'
import { withProgress } from './progress.js'

const HELP = `Usage: domindex export-clickhouse --whois FILE... --dns FILE... --url URL --database NAME [--cluster NAME] [--strict]

Loads WHOIS and DNS observation files, as 'build' does (same normalisation and rejects), and
writes them into ClickHouse: the database is created when missing, its domindex tables are
replaced. With --cluster, tables are created ON CLUSTER (the cluster's ZooKeeper or ClickHouse
Keeper must be configured) as MergeTree tables on every shard under Distributed tables sharded by
the apex domain.

Options:
${INPUT_HELP}
  --url URL         a ClickHouse server's HTTP interface, e.g. http://127.0.0.1:8123
                    (user:password@ in it is sent as Basic authentication)
  --database NAME   the database to write (letters, digits, _)
  --cluster NAME    a cluster of the server's remote_servers, to shard the tables over
  --strict          stop at the first bad record, naming its file and line
  -h, --help        show this help

Progress goes to stderr: reading, then uploading ('indexing N records').
Exit status: 0 when written, 1 when loading or writing failed, 2 for a usage mistake.`

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
        strict: { type: 'boolean' },
      },
      INPUT_LISTS,
    )
    const { url, database, cluster, strict } = values
    if (typeof url !== 'string') throw new UsageError('--url URL is required')
    if (typeof database !== 'string') throw new UsageError('--database NAME is required')
    const sources = listedSources(lists)
    if (sources.whois.length + sources.dns.length === 0) {
      throw new UsageError('no input: give files with --whois, --dns, --mx or --txt')
    }
    checkName('database', database)
    if (typeof cluster === 'string') checkName('cluster', cluster)
    const result = await withProgress((onProgress) =>
      exportToClickHouse(sources, {
        url,
        database,
        ...(typeof cluster === 'string' ? { cluster } : {}),
        strict: strict === true,
        onProgress,
      }),
    )
    const { rows, load } = result
    process.stderr.write(
      `domindex: wrote ${formatCount(rows.whois)} WHOIS records, ${formatCount(rows.mx)} MX and ` +
        `${formatCount(rows.txt)} TXT observations to ${database}${typeof cluster === 'string' ? ` on cluster ${cluster}` : ''} ` +
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
