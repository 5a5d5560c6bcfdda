/**
 * The inputs of a load (SPEC 2, 13): the source lists checked (an object with keys `whois` and
 * `dns` only; each source a path or `{path, kind, format, date}`), each file checked to be a readable
 * regular file, its format given or sniffed, and `-` read from standard input into a temporary
 * file that is removed when the load ends.
 *
 * A zone file carries no date (zone-date.ts): a DNS source may give its records' `date`, a real
 * `YYYY-MM-DD` day, and a source that is `zone` (given or sniffed) without one is refused. A `date`
 * beside another given format contradicts it and is refused; beside a sniffed format it applies
 * only if the file sniffs as `zone`, so that one date (the CLI's `--date`) can go with every DNS
 * file of a load, zone files and JSON ones mixed.
 */
import { stat } from 'node:fs/promises'
import { SnapshotError, showValue } from '../errors.js'
import type { DnsKind, Source, SourceFormat, Sources } from '../types.js'
import { formatOf, readFileHead } from './formats/sniff-format.js'
import { encodingProblem } from './formats/text-encoding.js'
import { STDIN_PATH, spoolInput } from './standard-input.js'
import { isCalendarDay, ZoneDateMissing } from './zone-date.js'

/** One source file, checked to exist, with its kind, format and size. */
export interface Input {
  /** The file read: the path given, or a copy of standard input for `-` (standard-input.ts). */
  path: string
  /** The name of the file in rejects and counts: the path given (`-` for standard input). */
  name: string
  kind: 'whois' | 'dns'
  declared: DnsKind | undefined
  /** The format given, or sniffed from the file's first record (formats/sniff-format.ts). */
  format: SourceFormat
  /** The day of a zone file's records (the source's `date`); undefined for other formats. */
  date: string | undefined
  size: number
}

/**
 * The source files of one kind, described and checked to be readable regular files.
 *
 * @param list - the paths (or `{path, kind}`) given for `kind`
 * @param kind - `whois` or `dns`
 * @param stdin - standard input, for a `-` path
 */
async function inputsOf(
  list: readonly Source[] | undefined,
  kind: 'whois' | 'dns',
  stdin: StandardInput,
): Promise<Input[]> {
  if (list === undefined) return []
  if (!Array.isArray(list)) {
    throw new TypeError(`domindex: sources.${kind} must be an array of paths, got ${showValue(list)}`)
  }
  const inputs: Input[] = []
  for (const source of list as readonly unknown[]) {
    const { path: name, declared, format: given, date } = describe(source, kind)
    const path = name === STDIN_PATH ? await stdin.path() : name
    let size: number
    try {
      const info = await stat(path)
      if (!info.isFile()) throw new Error('not a regular file')
      size = info.size
    } catch (error) {
      throw new SnapshotError('unreadable_file', `cannot read: ${(error as Error).message}`, { file: name })
    }
    const head = await readFileHead(path)
    const problem = head === undefined ? undefined : encodingProblem(head)
    if (problem !== undefined)
      throw new SnapshotError('unreadable_file', `cannot read: ${problem}`, { file: name })
    const format = given ?? (head === undefined ? 'json' : formatOf(head, kind))
    if (format === 'zone' && date === undefined) throw new ZoneDateMissing(name, given === undefined)
    inputs.push({ path, name, kind, declared, format, date: format === 'zone' ? date : undefined, size })
  }
  return inputs
}

interface Described {
  path: string
  declared: DnsKind | undefined
  format: SourceFormat | undefined
  date: string | undefined
}

const FORMATS: Readonly<Record<'whois' | 'dns', readonly SourceFormat[]>> = {
  whois: ['json', 'rdap', 'csv'],
  dns: ['json', 'dns-records', 'zdns', 'zone'],
}

function describe(source: unknown, kind: 'whois' | 'dns'): Described {
  if (typeof source === 'string' && source.length > 0)
    return { path: source, declared: undefined, format: undefined, date: undefined }
  if (typeof source === 'object' && source !== null) {
    const { path, kind: declared, format, date } = source as Record<string, unknown>
    if (typeof path === 'string' && path.length > 0) {
      if (format !== undefined && !FORMATS[kind].includes(format as SourceFormat)) {
        throw new TypeError(
          `domindex: ${path}: a ${kind} source's format must be one of ${FORMATS[kind].join(', ')}, got ${showValue(format)}`,
        )
      }
      const given = format as SourceFormat | undefined
      checkDate(path, kind, given, date)
      const described = { path, format: given, date: date as string | undefined }
      if (declared === undefined) return { ...described, declared: undefined }
      if (kind === 'dns' && (declared === 'mx' || declared === 'txt')) return { ...described, declared }
      const accepted = kind === 'dns' ? "'mx' or 'txt'" : 'not declared (only DNS sources have a kind)'
      throw new TypeError(`domindex: ${path}: kind must be ${accepted}, got ${showValue(declared)}`)
    }
  }
  throw new TypeError(
    `domindex: a ${kind} source must be a file path or {path, kind, format, date}, got ${showValue(source)}`,
  )
}

/** A source's `date`: absent, or a real calendar day on a DNS source that may be a zone file. */
function checkDate(
  path: string,
  kind: 'whois' | 'dns',
  format: SourceFormat | undefined,
  date: unknown,
): void {
  if (date === undefined) return
  if (kind === 'whois' || (format !== undefined && format !== 'zone')) {
    const source = kind === 'whois' ? 'a whois source' : `a ${format} source, which carries its own dates,`
    throw new TypeError(`domindex: ${path}: date is the day of a zone file's records; ${source} takes none`)
  }
  if (!isCalendarDay(date)) {
    throw new TypeError(`domindex: ${path}: date must be a YYYY-MM-DD calendar date, got ${showValue(date)}`)
  }
}

/**
 * Runs a load over the inputs of every source list, in load order (WHOIS, then DNS), after
 * checking that `sources` is an object with no key but `whois` and `dns` (a misspelt key would
 * otherwise load nothing); a copy of standard input is removed however the load ends.
 *
 * @param sources - the source lists
 * @param load - the load, given the inputs
 * @throws TypeError naming an unknown key or a malformed source; SnapshotError `unreadable_file`
 *   for a file that cannot be read
 * @example
 * ```ts
 * await withSourceInputs({ whois: ['w.jsonl'] }, async (inputs) => inputs) // [{ path: 'w.jsonl', name: 'w.jsonl', kind: 'whois', format: 'json', ... }]
 * await withSourceInputs({ whios: ['w.jsonl'] } as Sources, load) // TypeError: unknown source key "whios"
 * ```
 */
export async function withSourceInputs<T>(
  sources: Sources,
  load: (inputs: readonly Input[]) => Promise<T>,
): Promise<T> {
  if (sources === null || typeof sources !== 'object' || Array.isArray(sources)) {
    throw new TypeError(`domindex: sources must be an object { whois?, dns? }, got ${showValue(sources)}`)
  }
  for (const key of Object.keys(sources)) {
    if (key !== 'whois' && key !== 'dns') {
      throw new TypeError(`domindex: unknown source key ${JSON.stringify(key)}; sources take whois and dns`)
    }
  }
  const stdin = new StandardInput()
  try {
    const inputs = [
      ...(await inputsOf(sources.whois, 'whois', stdin)),
      ...(await inputsOf(sources.dns, 'dns', stdin)),
    ]
    return await load(inputs)
  } finally {
    await stdin.remove()
  }
}

/** Standard input, copied to a file at its first use; it can be read once only. */
class StandardInput {
  #copy: Awaited<ReturnType<typeof spoolInput>> | undefined
  #used = false

  async path(): Promise<string> {
    if (this.#used) {
      throw new TypeError('domindex: standard input ("-") can be read once; give it as one source only')
    }
    this.#used = true
    this.#copy = await spoolInput()
    return this.#copy.path
  }

  async remove(): Promise<void> {
    await this.#copy?.remove()
  }
}
