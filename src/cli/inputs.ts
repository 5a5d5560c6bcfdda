/**
 * The inputs of `query`, `stats` and `tour`: a snapshot file, a data directory (the layout
 * `domindex generate` writes), or input files given by kind. Files under `--mx`/`--txt` (and a data
 * directory's `dns-mx`/`dns-txt` files) declare their DNS kind, which observations with empty
 * answers need (SPEC 2).
 */
import { existsSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { Engine } from '../engine.js'
import type { BuildOptions } from '../engine-options.js'
import type { Source } from '../types.js'
import { type OptionSpecs, UsageError } from './args.js'
import { openSnapshot } from './snapshot-files.js'

/** The file-list options every command that loads data accepts. */
export const INPUT_OPTIONS: OptionSpecs = {
  whois: { type: 'string', multiple: true },
  dns: { type: 'string', multiple: true },
  mx: { type: 'string', multiple: true },
  txt: { type: 'string', multiple: true },
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
                    records ({name, type, value, date} lines, ZDNS output; sniffed, grouped)
  --mx FILE...      DNS files declared MX (observations with empty answers need a kind)
  --txt FILE...     DNS files declared TXT
                    A FILE of - reads standard input.`

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
 * The sources named by the file-list options.
 *
 * @param lists - the parsed `--whois`, `--dns`, `--mx`, `--txt` lists
 * @example
 * ```ts
 * listedSources({ whois: ['w.jsonl'], dns: [], mx: ['m.jsonl'], txt: [] }) // { whois: ['w.jsonl'], dns: [{ path: 'm.jsonl', kind: 'mx' }] }
 * ```
 */
export function listedSources(lists: Record<string, string[]>): SourceLists {
  const { whois, dns, mx, txt } = lists
  return {
    whois: [...(whois ?? [])],
    dns: [
      ...(dns ?? []),
      ...(mx ?? []).map((path) => ({ path, kind: 'mx' as const })),
      ...(txt ?? []).map((path) => ({ path, kind: 'txt' as const })),
    ],
  }
}

/**
 * Loads the engine the inputs name: positional data directories or one snapshot, plus listed files.
 *
 * @param positionals - data directories, or a single snapshot file
 * @param lists - the parsed file-list options
 * @param options - build options (progress, strictness)
 * @throws UsageError when no input is named, or a snapshot is mixed with other inputs
 * @example
 * ```ts
 * const engine = await loadInputs(['data'], { whois: [], dns: [], mx: [], txt: [] }, {})
 * ```
 */
export async function loadInputs(
  positionals: readonly string[],
  lists: Record<string, string[]>,
  options: BuildOptions,
): Promise<Engine> {
  const sources = listedSources(lists)
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
    return openSnapshot(snapshots[0] as string, options)
  }
  if (sources.whois.length + sources.dns.length === 0) {
    throw new UsageError(
      'no input: give a snapshot, a data directory, or files with --whois/--dns/--mx/--txt',
    )
  }
  return Engine.build(sources, options)
}
