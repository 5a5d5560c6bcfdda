#!/usr/bin/env node
/**
 * The `domindex` command line: dispatches to the subcommands, prints help and version, and turns
 * failures into one readable line and an exit status (1 for a failure, 2 for a usage mistake).
 */
import { readFileSync } from 'node:fs'
import { QueryError, SnapshotError } from '../errors.js'
import { ZoneDateMissing } from '../ingest/zone-date.js'
import { closestName } from '../query/closest-name.js'
import { CommandFailure, UsageError } from './args.js'
import { buildCommand } from './build-command.js'
import { checkCommand } from './check-command.js'
import type { Command } from './command.js'
import { compactCommand } from './compact-command.js'
import { exportClickHouseCommand } from './export-clickhouse.js'
import { generateCommand } from './generate-command.js'
import { pivotsCommand } from './pivots-command.js'
import { queryCommand } from './query-command.js'
import { serveCommand } from './serve-command.js'
import { statsCommand } from './stats-command.js'
import { suggestCommand } from './suggest-command.js'
import { tourCommand } from './tour-command.js'
import { updateCommand } from './update-command.js'

const COMMANDS: readonly Command[] = [
  buildCommand,
  updateCommand,
  compactCommand,
  checkCommand,
  queryCommand,
  pivotsCommand,
  suggestCommand,
  serveCommand,
  statsCommand,
  generateCommand,
  tourCommand,
  exportClickHouseCommand,
]

function mainHelp(): string {
  const width = Math.max(...COMMANDS.map((c) => c.name.length))
  const list = COMMANDS.map((c) => `  ${c.name.padEnd(width)}  ${c.summary}`).join('\n')
  return `Usage: domindex <command> [options]

An offline search engine over bulk WHOIS and DNS MX/TXT snapshots, answering the queries of the
domain-intelligence HTTP API.

Commands:
${list}

Options:
  -h, --help     show this help; 'domindex <command> --help' for a command's
  -v, --version  show the version`
}

function version(): string {
  // Both src/cli/main.ts and dist/cli/main.js sit two folders below package.json.
  const pkg: unknown = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8'))
  return typeof pkg === 'object' && pkg !== null && 'version' in pkg ? String(pkg.version) : 'unknown'
}

async function main(argv: readonly string[]): Promise<number> {
  const [name, ...args] = argv
  if (name === undefined) {
    process.stderr.write(`${mainHelp()}\n`)
    return 2
  }
  if (name === '-h' || name === '--help' || name === 'help') {
    process.stdout.write(`${mainHelp()}\n`)
    return 0
  }
  if (name === '-v' || name === '--version') {
    process.stdout.write(`${version()}\n`)
    return 0
  }
  const command = COMMANDS.find((c) => c.name === name)
  if (command === undefined) {
    const near = closestName(
      name,
      COMMANDS.map((c) => c.name),
    )
    process.stderr.write(
      `domindex: unknown command ${JSON.stringify(name)}${near === undefined ? '' : ` (did you mean ${near}?)`}; run 'domindex --help' for the list\n`,
    )
    return 2
  }
  if (args.includes('-h') || args.includes('--help')) {
    process.stdout.write(`${command.help}\n`)
    return 0
  }
  try {
    return await command.run(args)
  } catch (error) {
    return report(command, error)
  }
}

function report(command: Command, error: unknown): number {
  // A zone file needs a date only the command line can give: a usage mistake, naming the option.
  const usage =
    error instanceof ZoneDateMissing
      ? `${error.file} is a zone file${error.sniffed ? ' (sniffed from its content)' : ''}, which carries no date: ` +
        `give its records' day with --date YYYY-MM-DD`
      : error instanceof UsageError
        ? error.message
        : undefined
  if (usage !== undefined) {
    process.stderr.write(
      `domindex ${command.name}: ${printable(usage)}\nRun 'domindex ${command.name} --help' for usage.\n`,
    )
    return 2
  }
  // SnapshotError and QueryError messages already read `domindex: <file>:<line>: <reason>`.
  if (error instanceof SnapshotError || error instanceof QueryError) {
    process.stderr.write(`${printable(error.message)}\n`)
  } else if (error instanceof CommandFailure) {
    process.stderr.write(`domindex: ${printable(error.message)}\n`)
  } else {
    const message = error instanceof Error ? error.message : String(error)
    process.stderr.write(`domindex: ${printable(message.replace(/^domindex: /, ''))}\n`)
  }
  return 1
}

/**
 * A message with its control characters (ESC, BEL, NUL… from a line of an input file) written as
 * `\u001b` escapes, so that printing it cannot drive the terminal.
 */
function printable(message: string): string {
  return message.replace(
    /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  )
}

// A reader that stops early (`| head`) closes the pipe; that ends the output, it is not a failure.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code !== 'EPIPE') throw error
  process.exit(0)
})

process.exitCode = await main(process.argv.slice(2))
