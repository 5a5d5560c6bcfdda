/**
 * Argument parsing for the subcommands, over `node:util` `parseArgs`. File-list options take every
 * argument up to the next option (`--whois a.jsonl b.jsonl --dns c.jsonl`), so shell globs work;
 * repeating the option works as well.
 */
import { type ParseArgsConfig, parseArgs } from 'node:util'
import { closestName } from '../query/closest-name.js'

/** A mistake in the command line: printed with a pointer to `--help`, exit status 2. */
export class UsageError extends Error {
  override readonly name = 'UsageError'
}

/** A command that ran and failed for a reason worth one line: exit status 1. */
export class CommandFailure extends Error {
  override readonly name = 'CommandFailure'
}

/** The options a command declares. */
export type OptionSpecs = NonNullable<ParseArgsConfig['options']>

/** The parsed command line. */
export interface ParsedArgs {
  /** Option values by name (strings, booleans; list options are in `lists`). */
  values: Record<string, string | boolean | undefined>
  /** The files of each list option, in the order given. */
  lists: Record<string, string[]>
  /** Arguments that belong to no option. */
  positionals: string[]
}

/**
 * Parses a command's arguments.
 *
 * @param args - the arguments after the command name
 * @param options - the command's options; those named in `listNames` must be `type: 'string', multiple: true`
 * @param listNames - the options that take a list of files
 * @param standalone - arguments that end a file list and stay positional (a request path after `--whois a.jsonl`)
 * @throws UsageError for an unknown option or a missing option value
 * @example
 * ```ts
 * parseCommandArgs(['--whois', 'a', 'b', '--out', 's', 'x'], { whois: { type: 'string', multiple: true }, out: { type: 'string' } }, ['whois'])
 * // { values: { out: 's' }, lists: { whois: ['a', 'b'] }, positionals: ['x'] } (x follows --out, so it is positional)
 * ```
 */
export function parseCommandArgs(
  args: readonly string[],
  options: OptionSpecs,
  listNames: readonly string[],
  standalone: (arg: string) => boolean = () => false,
): ParsedArgs {
  let tokens: ReturnType<typeof parseArgs>['tokens']
  try {
    tokens = parseArgs({
      args: [...args],
      options,
      allowPositionals: true,
      strict: true,
      tokens: true,
    }).tokens
  } catch (error) {
    throw new UsageError(parseProblem(error, options))
  }
  const values: ParsedArgs['values'] = {}
  const lists: ParsedArgs['lists'] = Object.fromEntries(listNames.map((name) => [name, []]))
  const positionals: string[] = []
  let openList: string[] | undefined
  for (const token of tokens ?? []) {
    if (token.kind === 'option-terminator') openList = undefined
    else if (token.kind === 'positional') {
      if (standalone(token.value)) openList = undefined
      ;(openList ?? positionals).push(token.value)
    } else if (listNames.includes(token.name)) {
      openList = lists[token.name] as string[]
      openList.push(token.value as string)
    } else {
      openList = undefined
      values[token.name] = token.value ?? true
    }
  }
  for (const [name, spec] of Object.entries(options)) {
    const fallback = spec.default
    if (values[name] === undefined && (typeof fallback === 'string' || typeof fallback === 'boolean')) {
      values[name] = fallback
    }
  }
  return { values, lists, positionals }
}

// Node's own message for an unknown option ends in an unbalanced quote and lists nothing.
function parseProblem(error: unknown, options: OptionSpecs): string {
  const message = error instanceof Error ? error.message : String(error)
  const unknown = /^Unknown option '([^']*)'/.exec(message)?.[1]
  if (unknown === undefined) return message
  const names = Object.keys(options).map((name) => `--${name}`)
  const near = closestName(unknown, names)
  return [
    `unknown option ${unknown}${near === undefined ? '' : ` (did you mean ${near}?)`}`,
    `options: ${names.join(', ')}`,
    `an argument that starts with "-" goes after "--", as in -- ${JSON.stringify(unknown)}`,
  ].join('; ')
}

/**
 * A non-negative integer option value.
 *
 * @param name - the option, for the message
 * @param text - its value
 * @example
 * ```ts
 * readCount('whois', '1000') // 1000
 * ```
 */
export function readCount(name: string, text: string | boolean | undefined): number {
  if (typeof text !== 'string' || !/^\d{1,15}$/.test(text)) {
    throw new UsageError(`--${name} needs a whole number, got ${JSON.stringify(text ?? '')}`)
  }
  return Number(text)
}

const SIZE_UNITS: Readonly<Record<string, number>> = { '': 1, K: 1 << 10, M: 1 << 20, G: 1 << 30, T: 2 ** 40 }

/**
 * Reads a size in bytes: a whole number, optionally followed by K, M, G or T (powers of 1,024).
 *
 * @param name - the option, for the message
 * @param text - its value
 * @throws UsageError naming the option and the value
 * @example
 * ```ts
 * readSize('memory-budget', '512M') // 536870912
 * ```
 */
export function readSize(name: string, text: string | boolean | undefined): number {
  const match = typeof text === 'string' ? /^(\d{1,15})([KMGT]?)i?B?$/i.exec(text) : null
  const bytes =
    match === null
      ? Number.NaN
      : Number(match[1]) * (SIZE_UNITS[(match[2] as string).toUpperCase()] as number)
  if (!Number.isSafeInteger(bytes) || bytes < 1) {
    throw new UsageError(
      `--${name} needs a size in bytes, optionally with K, M or G (such as 512M), got ${JSON.stringify(text ?? '')}`,
    )
  }
  return bytes
}
