/**
 * `domindex query`: answers one API request against a snapshot or input files and prints the
 * body `request()` gives, or with `--all` every result of every page as JSON Lines.
 */
import { parseQueryString } from '../api/query-string.js'
import { splitTarget } from '../api/request-target.js'
import { fromError } from '../api/responses.js'
import type { Engine } from '../engine.js'
import { QueryError } from '../errors.js'
import type { Params } from '../types.js'
import { parseCommandArgs, UsageError } from './args.js'
import type { Command } from './command.js'
import { INPUT_HELP, INPUT_LISTS, INPUT_OPTIONS, loadInputs } from './inputs.js'
import { printJson, writeJsonLines } from './output.js'
import { withProgress } from './progress.js'
import { unknownFieldWarnings } from './unknown-fields.js'

const HELP = `Usage: domindex query INPUT... REQUEST [--all]
       domindex query --whois FILE... --dns FILE... REQUEST [--all]

Answers one API request and prints the JSON body, indented on a terminal, compact in a pipe.

  INPUT             a snapshot file, or a data directory (whois.jsonl, dns-mx.jsonl, dns-txt.jsonl)
  REQUEST           a path with its query string, e.g. '/v1/domain/reverse?phrase=acme&slop=1',
                    or a full URL (only path and query count); quote it for the shell

Options:
${INPUT_HELP}
  --all             print every result of every page as JSON Lines (reverse, mx and txt paths;
                    page and summarize are refused)
  -h, --help        show this help

A filter or expression term naming an item type (or context) that no item of the input has,
such as 'hots:google.com', matches nothing, and such a summarize type counts nothing: a warning
on stderr names it and the types there are.

Exit status: 0 for a 200 answer; 1 for an error answer (its error body is printed on stdout)
or a failed load; 2 for a usage mistake.`

const ALL: Readonly<Record<string, (engine: Engine, params: Params) => AsyncIterable<unknown>>> = {
  '/v1/domain/reverse': (engine, params) => engine.reverseAll(params),
  '/v1/domain/mx': (engine, params) => engine.mxAll(params),
  '/v1/domain/txt': (engine, params) => engine.txtAll(params),
}

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
      { ...INPUT_OPTIONS, all: { type: 'boolean' } },
      INPUT_LISTS,
      isRequest,
    )
    const request = positionals.pop()
    if (request === undefined) {
      throw new UsageError("no request: end with one, like '/v1/domain/reverse?phrase=acme'")
    }
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
    const { all } = values
    if (all !== true) {
      const { status, body } = await engine.request(request)
      printJson(body)
      return status === 200 ? 0 : 1
    }
    const { path, query } = splitTarget(request)
    const iterate = ALL[path]
    if (iterate === undefined) {
      throw new UsageError(`--all works with ${Object.keys(ALL).join(', ')}; got ${path}`)
    }
    try {
      await writeJsonLines(iterate(engine, parseQueryString(query)))
    } catch (error) {
      if (!(error instanceof QueryError)) throw error
      printJson(fromError(error).body)
      return 1
    }
    return 0
  },
}
