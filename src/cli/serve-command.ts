/**
 * `domindex serve`: the API over HTTP/1.1 (SPEC 15), for clients in any language. It binds first
 * (a port in use is reported before a long load), loads the snapshot, data directory, input files
 * or ClickHouse export, then answers every request with what `request()` answers. The URL goes to
 * stdout (alone on its line, for scripts) and, with what is served, to stderr, where the log lines
 * follow. SIGINT or SIGTERM finishes the requests in flight and exits 0; a second signal drops
 * what is left and exits 1.
 */
import { isIP } from 'node:net'
import { ClickHouseEngine } from '../clickhouse/clickhouse-engine.js'
import { type ApiAnswerer, ApiServer } from '../server/http-server.js'
import { CommandFailure, parseCommandArgs, readCount, UsageError } from './args.js'
import type { Command } from './command.js'
import { INPUT_HELP, INPUT_LISTS, INPUT_OPTIONS, loadInputs } from './inputs.js'
import { readKeyFiles } from './key-files.js'
import { withProgress } from './progress.js'

const HELP = `Usage: domindex serve SNAPSHOT|DATA_DIR [--host 127.0.0.1] [--port 8080] [--token T]... [--token-file F]...
       domindex serve --whois FILE... --dns FILE... [options]
       domindex serve --clickhouse URL --database NAME [options]

Answers the API over HTTP/1.1: every response is what request() answers for the same path, query
string and Authorization header (status, JSON body), as application/json; charset=utf-8.

  SNAPSHOT          a snapshot file
  DATA_DIR          a data directory (whois.jsonl, dns-mx.jsonl, dns-txt.jsonl)

Options:
${INPUT_HELP}
  --clickhouse URL  serve a ClickHouse export (domindex export-clickhouse) instead, through
                    ClickHouseEngine; user:password@ in the URL is sent as Basic authentication
  --database NAME   the database of the export (with --clickhouse)
  --host ADDRESS    the address to bind (default 127.0.0.1, loopback only; 0.0.0.0 for every
                    interface, then give tokens)
  --port N          the TCP port (default 8080; 0 picks a free one)
  --token T         a bearer token clients must send (Authorization: Bearer T); repeatable.
                    Without tokens every request is answered
  --token-file F    tokens, one a line (blank lines and lines starting with # skipped); repeatable.
                    Unlike --token, not visible to other users in the process list
  --quiet           no log line per request
  -h, --help        show this help

On start it prints its URL alone on stdout, and 'domindex: serving WHAT at URL' on stderr, where
one line per request follows: time, method, target, status, milliseconds. GET and HEAD only
(others: 405); a request with a body is 413; a target over 16 KiB is 414; a client that takes
over 10 s to send its request head gets 408; idle connections close after 5 s; responses are
gzip-compressed when the client accepts it.

Exit status: 0 after SIGINT or SIGTERM once the requests in flight are answered; 1 when the port
is in use (or cannot be bound), the load fails, or a second signal stops it at once; 2 for a
usage mistake.`

const DEFAULT_HOST = '127.0.0.1'
const DEFAULT_PORT = 8080
const REPEATED = ['token', 'token-file'] as const

/** The `serve` subcommand. */
export const serveCommand: Command = {
  name: 'serve',
  summary: 'answer the API over HTTP for clients in any language',
  help: HELP,
  async run(args) {
    const { repeated, rest } = takeRepeated(args, REPEATED)
    const { values, lists, positionals } = parseCommandArgs(
      rest,
      {
        ...INPUT_OPTIONS,
        clickhouse: { type: 'string' },
        database: { type: 'string' },
        host: { type: 'string' },
        port: { type: 'string' },
        quiet: { type: 'boolean' },
      },
      INPUT_LISTS,
    )
    const host = typeof values['host'] === 'string' ? values['host'] : DEFAULT_HOST
    const port = values['port'] === undefined ? DEFAULT_PORT : readPort(values['port'])
    const tokens = await readTokens(repeated.token, repeated['token-file'])
    const load = loader(values, lists, positionals, tokens)

    const server = new ApiServer(
      values['quiet'] === true ? {} : { log: (line) => process.stderr.write(`${line}\n`) },
    )
    const url = await server.listen({ host, port }).catch((error: unknown) => {
      throw new CommandFailure(listenProblem(error, host, port))
    })
    let target: Served
    try {
      target = await load()
    } catch (error) {
      await server.close()
      throw error
    }
    server.serve(target.engine)
    process.stderr.write(`domindex: serving ${target.what} at ${url}\n`)
    if (tokens.length === 0 && !isLoopback(new URL(url).hostname)) {
      process.stderr.write(
        `domindex: warning: ${url} is reachable beyond this machine and no --token is set: anyone who reaches it can query\n`,
      )
    }
    process.stdout.write(`${url}\n`)
    try {
      return await untilSignal(server)
    } finally {
      target.close()
    }
  },
}

/** An engine being served, what the start line calls it, and how to let it go. */
interface Served {
  engine: ApiAnswerer
  what: string
  close(): void
}

/** Checks the inputs at once, before the port is bound; loads them when called. */
function loader(
  values: Record<string, string | boolean | undefined>,
  lists: Record<string, string[]>,
  positionals: readonly string[],
  tokens: readonly string[],
): () => Promise<Served> {
  const { clickhouse, database } = values
  const listed = INPUT_LISTS.flatMap((name) => lists[name] ?? [])
  if (clickhouse === undefined) {
    if (database !== undefined) throw new UsageError('--database goes with --clickhouse URL')
    if (positionals.length + listed.length === 0) {
      throw new UsageError(
        'nothing to serve: give a snapshot, a data directory, input files or --clickhouse URL',
      )
    }
    const what = [...positionals, ...listed].join(', ')
    const options = tokens.length === 0 ? {} : { tokens }
    return async () => {
      const engine = await withProgress((onProgress) =>
        loadInputs({ positionals, lists, values }, { ...options, onProgress }),
      )
      return { engine, what, close: () => undefined }
    }
  }
  if (typeof clickhouse !== 'string' || typeof database !== 'string') {
    throw new UsageError('--clickhouse URL needs --database NAME')
  }
  if (positionals.length + listed.length > 0) {
    throw new UsageError('give --clickhouse URL, or a snapshot, data directory or input files, not both')
  }
  return async () => {
    const engine = await ClickHouseEngine.connect({ url: clickhouse, database, tokens })
    return { engine, what: `ClickHouse database ${database} of ${clickhouse}`, close: () => engine.close() }
  }
}

/**
 * Takes the options that may be given many times (`--token a --token b`) out of the arguments,
 * which `parseCommandArgs` keeps only once, leaving the rest for it.
 */
function takeRepeated<Name extends string>(
  args: readonly string[],
  names: readonly Name[],
): { repeated: Record<Name, string[]>; rest: string[] } {
  const repeated = Object.fromEntries(names.map((name) => [name, [] as string[]])) as Record<Name, string[]>
  const rest: string[] = []
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] as string
    if (arg === '--') {
      rest.push(...args.slice(i))
      break
    }
    const [option = '', inline] = arg.startsWith('--') ? splitOnce(arg.slice(2), '=') : ['']
    const list = (names as readonly string[]).includes(option) ? repeated[option as Name] : undefined
    if (list === undefined) {
      rest.push(arg)
      continue
    }
    const value = inline ?? args[++i]
    if (value === undefined) throw new UsageError(`--${option} needs a value`)
    list.push(value)
  }
  return { repeated, rest }
}

function splitOnce(text: string, separator: string): [string, string | undefined] {
  const at = text.indexOf(separator)
  return at < 0 ? [text, undefined] : [text.slice(0, at), text.slice(at + 1)]
}

function readPort(text: string | boolean | undefined): number {
  const port = readCount('port', text)
  if (port > 65_535) throw new UsageError(`--port must be 0…65535, got ${port}`)
  return port
}

const WHITE_SPACE = /\s/

/** The tokens of `--token` and of the token files; a token file with none is an error. */
async function readTokens(given: readonly string[], files: readonly string[]): Promise<string[]> {
  for (const token of given) {
    if (token === '' || WHITE_SPACE.test(token)) {
      throw new UsageError(`--token must be non-empty without white space, got ${JSON.stringify(token)}`)
    }
  }
  const listed = await readKeyFiles('token-file', files, (token) =>
    WHITE_SPACE.test(token) ? 'holds white space, which a bearer token cannot' : undefined,
  )
  if (files.length > 0 && listed.length === 0) {
    throw new CommandFailure(
      `the --token-file ${files.join(', ')} holds no token: every client would be let in; add tokens or drop the option`,
    )
  }
  return [...given, ...listed]
}

function listenProblem(error: unknown, host: string, port: number): string {
  const code = (error as { code?: unknown }).code
  const where = `${host}:${port}`
  if (code === 'EADDRINUSE') {
    return `cannot listen on ${where}: the port is in use (another server?); choose another with --port, or --port 0 for a free one`
  }
  if (code === 'EACCES')
    return `cannot listen on ${where}: permission denied (ports below 1024 need privileges)`
  if (code === 'EADDRNOTAVAIL' || code === 'ENOTFOUND' || code === 'EAI_AGAIN') {
    return `cannot listen on ${where}: no such local address; --host takes an address of this machine, e.g. 127.0.0.1 or 0.0.0.0`
  }
  return `cannot listen on ${where}: ${error instanceof Error ? error.message : String(error)}`
}

function isLoopback(hostname: string): boolean {
  const address = hostname.replace(/^\[|\]$/g, '')
  return isIP(address) === 4 ? address.startsWith('127.') : address === '::1'
}

/**
 * Serves until SIGINT or SIGTERM, then finishes the requests in flight: 0 once every connection
 * is closed, or 1 when a second signal stops it at once.
 */
function untilSignal(server: ApiServer): Promise<number> {
  return new Promise((resolve) => {
    const signals = ['SIGINT', 'SIGTERM'] as const
    const stopNow = (): void => {
      process.stderr.write('domindex: stopped at once\n')
      server.closeNow()
      resolve(1)
    }
    const finish = (signal: NodeJS.Signals): void => {
      for (const s of signals) process.off(s, finish)
      for (const s of signals) process.once(s, stopNow)
      const waiting = server.inFlight
      process.stderr.write(
        `domindex: ${signal}: finishing ${waiting} request${waiting === 1 ? '' : 's'} in flight (again to stop at once)\n`,
      )
      void server.close().then(() => {
        for (const s of signals) process.off(s, stopNow)
        resolve(0)
      })
    }
    for (const s of signals) process.on(s, finish)
  })
}
