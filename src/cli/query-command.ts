/**
 * `domindex query`: answers one API request against a snapshot or input files and prints the
 * body `request()` gives, or with `--all` every result of every page as JSON Lines.
 */
import { parseQueryString } from '../api/query-string.js'
import { splitTarget } from '../api/request-target.js'
import { fromError } from '../api/responses.js'
import type { Engine } from '../engine.js'
import { QueryError } from '../errors.js'
import type { DnsKind, Params } from '../types.js'
import { parseCommandArgs, UsageError } from './args.js'
import type { Command } from './command.js'
import { INPUT_HELP, INPUT_LISTS, INPUT_OPTIONS, loadInputs } from './inputs.js'
import { ExportCounter, printError } from './output.js'
import { withProgress } from './progress.js'
import {
  checkRowsPath,
  OUTPUT_HELP,
  OUTPUT_OPTIONS,
  outputChoice,
  writeBody,
  writeRows,
} from './result-output.js'
import { unknownFieldWarnings } from './unknown-fields.js'

const HELP = `Usage: domindex query INPUT... REQUEST [--all] [--format F] [--columns A,B]
       domindex query --whois FILE... --dns FILE... REQUEST [--all]

Answers one API request and prints the JSON body, indented on a terminal, compact in a pipe;
or its results as JSON Lines, CSV or a table.

  INPUT             a snapshot file, or a data directory (whois.jsonl, dns-mx.jsonl, dns-txt.jsonl)
  REQUEST           a path with its query string, e.g. '/v1/domain/reverse?phrase=acme&slop=1',
                    or a full URL (only path and query count); quote it for the shell

Options:
${INPUT_HELP}
  --all             every result of every page (reverse, mx and txt paths; page and summarize
                    are refused), as JSON Lines unless --format says csv or table; the count
                    written goes to stderr as it grows
${OUTPUT_HELP}
  -h, --help        show this help

A filter or expression term naming an item type (or context) that no item of the input has,
such as 'hots:google.com', matches nothing, and such a summarize type counts nothing: a warning
on stderr names it and the types there are.

Exit status: 0 for a 200 answer; 1 for an error answer (its error body is printed on stdout
as JSON, on stderr with another --format) or a failed load; 2 for a usage mistake.`

const ALL: Readonly<Record<string, (engine: Engine, params: Params) => AsyncIterable<unknown>>> = {
  '/v1/domain/reverse': (engine, params) => engine.reverseAll(params),
  '/v1/domain/mx': (engine, params) => engine.mxAll(params),
  '/v1/domain/txt': (engine, params) => engine.txtAll(params),
}

const KINDS: Readonly<Record<string, DnsKind>> = { '/v1/domain/mx': 'mx', '/v1/domain/txt': 'txt' }

/** Whether an argument is a request rather than an input file: it ends a file list. */
function isRequest(arg: string): boolean {
  return arg.startsWith('/v1/') || /^[a-z][a-z0-9+.-]*:\/\//i.test(arg)
}

/** The `query` subcommand. */
export const queryCommand: Command = {
  name: 'query',
  summary: 'answer one API request and print the JSON body',
  help: HELP,
  async run(args) {
    const { values, lists, positionals } = parseCommandArgs(
      args,
      { ...INPUT_OPTIONS, all: { type: 'boolean' }, ...OUTPUT_OPTIONS },
      INPUT_LISTS,
      isRequest,
    )
    const request = positionals.pop()
    if (request === undefined) {
      throw new UsageError("no request: end with one, like '/v1/domain/reverse?phrase=acme'")
    }
    const choice = outputChoice(values)
    const { path, query } = splitTarget(request)
    const iterate = ALL[path]
    if (values['all'] === true && iterate === undefined) {
      throw new UsageError(`--all works with ${Object.keys(ALL).join(', ')}; got ${path}`)
    }
    checkRowsPath(choice, path)
    const engine = await withProgress((onProgress) =>
      loadInputs({ positionals, lists, values }, { onProgress }),
    )
    for (const warning of unknownFieldWarnings(engine, request)) {
      process.stderr.write(`domindex query: warning: ${warning}\n`)
    }
    if (/\?.*\+/.test(request)) {
      process.stderr.write(
        "domindex query: note: '+' in a query string is a space (as in form encoding); write %2B for a plus sign\n",
      )
    }
    const kind = KINDS[path]
    const fields = kind === undefined ? [] : engine.itemFields(kind)
    if (iterate === undefined || values['all'] !== true) {
      const { status, body } = await engine.request(request)
      if (status !== 200) return printError(choice, body)
      const note = await writeBody(choice, path, body, fields)
      if (note !== undefined) process.stderr.write(`domindex query: note: ${note}\n`)
      return 0
    }
    const lines = choice.format === 'json' ? { ...choice, format: 'jsonl' as const } : choice
    const counter = new ExportCounter(process.stderr)
    try {
      await writeRows(
        lines,
        kind ?? 'whois',
        counter.counted(iterate(engine, parseQueryString(query))),
        fields,
      )
    } catch (error) {
      if (!(error instanceof QueryError)) throw error
      return printError(choice, fromError(error).body)
    } finally {
      counter.finish()
    }
    return 0
  },
}
