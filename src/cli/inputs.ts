/**
 * The inputs of `query`, `stats` and `tour`: a snapshot file, a data directory (the layout
 * `domindex generate` writes), or input files given by kind. Files under `--mx`/`--txt` (and a data
 * directory's `dns-mx`/`dns-txt` files) declare their DNS kind, which observations with empty
 * answers need (SPEC 2). `--date` gives the listed DNS files the day of their records, which zone
 * files need (they carry none) and the other DNS formats ignore (SPEC 13).
 */
import { existsSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { Engine } from '../engine.js'
import type { BuildOptions } from '../engine-options.js'
import { fieldPairs } from '../ingest/field-map.js'
import { isCalendarDay } from '../ingest/zone-date.js'
import type { Source } from '../types.js'
import { type OptionSpecs, type ParsedArgs, UsageError } from './args.js'
import { openSnapshot } from './snapshot-files.js'

/** The file-list options every command that loads data accepts. */
export const INPUT_OPTIONS: OptionSpecs = {
  whois: { type: 'string', multiple: true },
  dns: { type: 'string', multiple: true },
  mx: { type: 'string', multiple: true },
  txt: { type: 'string', multiple: true },
  date: { type: 'string' },
  fields: { type: 'string' },
}

/** Sources being gathered from several inputs. */
export interface SourceLists {
  whois: Source[]
  dns: Source[]
}

/** The names of {@link INPUT_OPTIONS}. */
export const INPUT_LISTS = ['whois', 'dns', 'mx', 'txt'] as const

/** Help text lines describing the input options. */
export const INPUT_HELP = `  --whois FILE...   WHOIS record files: the API's records (.jsonl, .ndjson, .gz, JSON array,
                    saved envelope), RDAP domain objects, or a bulk WHOIS CSV (sniffed)
  --dns FILE...     DNS files: observations, MX and TXT told apart by their items, or raw
                    records ({name, type, value, date} lines, ZDNS output, zone files and
                    dig or massdns answers; sniffed, grouped)
  --mx FILE...      DNS files declared MX (observations with empty answers need a kind)
  --txt FILE...     DNS files declared TXT
                    A FILE of - reads standard input.
  --date YYYY-MM-DD the day of the records of the DNS zone files listed (required for them:
                    a zone file carries no date; other DNS files keep their own dates)
  --fields A=B,...  WHOIS fields copied to the fields domindex reads where a record lacks them,
                    e.g. domain.registrar=domain.registrar_name (a build warns of such fields)`

const DIRECTORY_FILES = [
  ['whois', ['whois.jsonl', 'whois.jsonl.gz']],
  ['mx', ['dns-mx.jsonl', 'dns-mx.jsonl.gz']],
  ['txt', ['dns-txt.jsonl', 'dns-txt.jsonl.gz']],
] as const

/**
 * The sources held by a data directory: `whois.jsonl`, `dns-mx.jsonl`, `dns-txt.jsonl` (or `.gz`).
 *
 * @param dir - the directory
 * @throws UsageError when it holds none of them
 * @example
 * ```ts
 * directorySources('data') // { whois: ['data/whois.jsonl'], dns: [{ path: 'data/dns-mx.jsonl', kind: 'mx' }, ...] }
 * ```
 */
export function directorySources(dir: string): SourceLists {
  const whois: Source[] = []
  const dns: Source[] = []
  for (const [kind, names] of DIRECTORY_FILES) {
    for (const name of names) {
      const path = join(dir, name)
      if (!existsSync(path)) continue
      if (kind === 'whois') whois.push(path)
      else dns.push({ path, kind })
    }
  }
  if (whois.length + dns.length === 0) {
    throw new UsageError(`${dir} holds none of whois.jsonl, dns-mx.jsonl, dns-txt.jsonl (or .gz)`)
  }
  return { whois, dns }
}

/**
 * The sources named by the file-list options, the DNS ones with the `--date` given.
 *
 * @param lists - the parsed `--whois`, `--dns`, `--mx`, `--txt` lists
 * @param values - the other options parsed: `date`, when given, goes with every DNS file
 * @throws UsageError when `--date` is no YYYY-MM-DD calendar date
 * @example
 * ```ts
 * listedSources({ whois: ['w.jsonl'], dns: [], mx: ['m.jsonl'], txt: [] }) // { whois: ['w.jsonl'], dns: [{ path: 'm.jsonl', kind: 'mx' }] }
 * listedSources({ dns: ['example.zone'] }, { date: '2024-03-05' })          // { whois: [], dns: [{ path: 'example.zone', date: '2024-03-05' }] }
 * ```
 */
export function listedSources(
  lists: Record<string, string[]>,
  values: ParsedArgs['values'] = {},
): SourceLists {
  const { whois, dns, mx, txt } = lists
  const date = readDate(values['date'])
  const dated = date === undefined ? {} : { date }
  return {
    whois: [...(whois ?? [])],
    dns: [
      ...(dns ?? []).map((path) => (date === undefined ? path : { path, date })),
      ...(mx ?? []).map((path) => ({ path, kind: 'mx' as const, ...dated })),
      ...(txt ?? []).map((path) => ({ path, kind: 'txt' as const, ...dated })),
    ],
  }
}

/** The `--date` option's day, or undefined when not given. */
function readDate(value: string | boolean | undefined): string | undefined {
  if (value === undefined) return undefined
  if (isCalendarDay(value)) return value
  throw new UsageError(`--date must be a YYYY-MM-DD calendar date, got ${JSON.stringify(value)}`)
}

/**
 * Loads the engine the inputs name: positional data directories or one snapshot, plus listed files.
 *
 * @param parsed - the command line: data directories or a single snapshot file (`positionals`),
 *   the file-list options (`lists`) and `--date` (in `values`)
 * @param options - build options (progress, strictness)
 * @throws UsageError when no input is named, or a snapshot is mixed with other inputs
 * @example
 * ```ts
 * const engine = await loadInputs({ positionals: ['data'], lists: { whois: [], dns: [], mx: [], txt: [] }, values: {} }, {})
 * ```
 */
export async function loadInputs(
  parsed: Readonly<Omit<ParsedArgs, 'positionals'>> & { readonly positionals: readonly string[] },
  options: BuildOptions,
): Promise<Engine> {
  const { positionals, lists, values } = parsed
  const sources = listedSources(lists, values)
  const snapshots: string[] = []
  for (const input of positionals) {
    if (!existsSync(input)) throw new UsageError(`no such file or directory: ${input}`)
    if (statSync(input).isDirectory()) {
      const found = directorySources(input)
      sources.whois.push(...found.whois)
      sources.dns.push(...found.dns)
    } else snapshots.push(input)
  }
  if (snapshots.length > 0) {
    if (snapshots.length > 1 || sources.whois.length + sources.dns.length > 0) {
      throw new UsageError('give one snapshot file alone, or data directories and input files, not both')
    }
    if (values['fields'] !== undefined) {
      throw new UsageError(
        '--fields applies to input files: a snapshot holds its records as they were loaded',
      )
    }
    return openSnapshot(snapshots[0] as string, options)
  }
  if (sources.whois.length + sources.dns.length === 0) {
    throw new UsageError(
      'no input: give a snapshot, a data directory, or files with --whois/--dns/--mx/--txt',
    )
  }
  return Engine.build(sources, { ...options, ...readFields(values) })
}

/**
 * `--fields FROM=TO,…` as the `fields` option of a load.
 *
 * @param values - the parsed options
 * @returns `{ fields }`, or nothing when the option is absent
 * @throws UsageError for an entry that is not FROM=TO or not a pair of field paths
 * @example
 * ```ts
 * readFields({ fields: 'domain.registrar=domain.registrar_name' }) // { fields: { 'domain.registrar': 'domain.registrar_name' } }
 * ```
 */
export function readFields(values: Readonly<Record<string, string | boolean | undefined>>): {
  fields?: Record<string, string>
} {
  const text = values['fields']
  if (text === undefined) return {}
  const fields: Record<string, string> = {}
  for (const entry of String(text).split(',')) {
    const [from, to, more] = entry.trim().split('=')
    if (from === undefined || to === undefined || more !== undefined || from === '' || to === '')
      throw new UsageError(`--fields needs FROM=TO pairs separated by commas, got ${JSON.stringify(entry)}`)
    fields[from.trim()] = to.trim()
  }
  try {
    fieldPairs(fields, '--fields')
  } catch (error) {
    throw new UsageError((error as Error).message.replace(/^domindex: /, ''))
  }
  return { fields }
}
