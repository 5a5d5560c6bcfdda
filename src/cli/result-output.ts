/**
 * Results on stdout in the format asked for (`--format json|jsonl|csv|table`): the whole body as
 * JSON (the default), one result a line, CSV with a header row (RFC 4180 quoting, written by
 * csv-stringify), or a table aligned for a terminal. Rows may come page after page (`--all`), so
 * every format but JSON streams, waiting for the pipe to drain.
 */
import { once } from 'node:events'
import { stringify } from 'csv-stringify/sync'
import type { ItemField } from '../types.js'
import { UsageError } from './args.js'
import { type ResultColumn, type RowKind, resultColumns } from './result-columns.js'

/** The formats results are written in. */
export const OUTPUT_FORMATS = ['json', 'jsonl', 'csv', 'table'] as const
/** One of {@link OUTPUT_FORMATS}. */
export type OutputFormat = (typeof OUTPUT_FORMATS)[number]

/** The options of a command that writes results. */
export const OUTPUT_OPTIONS = {
  format: { type: 'string', default: 'json' },
  columns: { type: 'string' },
  'escape-formulas': { type: 'boolean' },
} as const

/** Their help lines. */
export const OUTPUT_HELP = `  --format F        json (the body, the default), jsonl (a result a line), csv (a header row,
                    then a row a result) or table (aligned for a terminal)
  --columns A,B     the columns of csv and table, in order (docs/guide.md, "Results as CSV")
  --escape-formulas csv: put ' before a cell starting with = + - @ (for spreadsheets: a WHOIS
                    field can be a formula; off by default, as phone numbers start with +)`

// Where the rows of each path's body are, and what they are.
const ROWS: Readonly<Record<string, (body: Body) => { kind: RowKind; rows: unknown[] }>> = {
  '/v1/domain/whois': (body) => ({ kind: 'whois', rows: [body] }),
  '/v1/domain/reverse': (body) => ({ kind: 'whois', rows: body.results ?? [] }),
  '/v1/domain/mx': (body) => observationsOrSummary('mx', body),
  '/v1/domain/txt': (body) => observationsOrSummary('txt', body),
  '/v1/domain/pivots': (body) => ({ kind: 'pivot', rows: body.pivots ?? [] }),
  '/v1/domain/suggest': (body) => ({ kind: 'suggestion', rows: body.suggestions ?? [] }),
}

interface Body {
  results?: unknown[]
  summary?: { other: number; values: Record<string, number> }
  pivots?: unknown[]
  suggestions?: unknown[]
}

function observationsOrSummary(kind: 'mx' | 'txt', body: Body): { kind: RowKind; rows: unknown[] } {
  if (body.summary === undefined) return { kind, rows: body.results ?? [] }
  return {
    kind: 'summary',
    rows: Object.entries(body.summary.values).map(([value, count]) => ({ value, count })),
  }
}

/** How a command's results are to be written, read from its options. */
export interface OutputChoice {
  readonly format: OutputFormat
  /** `--columns`, split; undefined for the defaults. */
  readonly columns: readonly string[] | undefined
  readonly escapeFormulas: boolean
}

/**
 * Reads `--format`, `--columns` and `--escape-formulas`.
 *
 * @throws UsageError for an unknown format, or columns or formula escaping with a format that has
 *   no columns
 * @example
 * ```ts
 * outputChoice({ format: 'csv', columns: 'domain,created' }) // { format: 'csv', columns: ['domain', 'created'], ... }
 * ```
 */
export function outputChoice(values: Record<string, string | boolean | undefined>): OutputChoice {
  const format = values['format']
  if (!(OUTPUT_FORMATS as readonly unknown[]).includes(format)) {
    throw new UsageError(`--format needs one of ${OUTPUT_FORMATS.join(', ')}; got ${JSON.stringify(format)}`)
  }
  const text = values['columns']
  const columns = typeof text === 'string' ? text.split(',').map((c) => c.trim()) : undefined
  if (columns?.some((c) => c === ''))
    throw new UsageError(`--columns has an empty name: ${JSON.stringify(text)}`)
  const tabular = format === 'csv' || format === 'table'
  if (columns !== undefined && !tabular) throw new UsageError('--columns needs --format csv or table')
  const escapeFormulas = values['escape-formulas'] === true
  if (escapeFormulas && format !== 'csv') throw new UsageError('--escape-formulas needs --format csv')
  return { format: format as OutputFormat, columns, escapeFormulas }
}

/**
 * Refuses, before anything is loaded, a format other than JSON for a path whose body has no rows.
 *
 * @throws UsageError naming the paths that have rows
 */
export function checkRowsPath(choice: OutputChoice, path: string): void {
  if (choice.format === 'json' || ROWS[path] !== undefined) return
  throw new UsageError(
    `--format ${choice.format} writes the results of ${Object.keys(ROWS).join(', ')}; got ${path}`,
  )
}

/**
 * Writes a 200 body in the chosen format: as JSON, or its rows (a page's results, a summary's
 * values, pivots, suggestions).
 *
 * @param choice - the format and columns
 * @param path - the request's path (checked by {@link checkRowsPath})
 * @param body - the body `request()` answered with status 200
 * @param fields - for observations, the item fields the engine holds
 * @returns a note for stderr when the rows leave something out (a summary's `other`), else undefined
 */
export async function writeBody(
  choice: OutputChoice,
  path: string,
  body: unknown,
  fields: readonly ItemField[],
): Promise<string | undefined> {
  if (choice.format === 'json') {
    process.stdout.write(`${JSON.stringify(body, null, process.stdout.isTTY ? 2 : undefined)}\n`)
    return undefined
  }
  const rowsOf = ROWS[path] as (typeof ROWS)[string]
  const { kind, rows } = rowsOf(body as Body)
  await writeRows(choice, kind, rows, fields)
  const other = (body as Body).summary?.other ?? 0
  return other > 0 ? `${other} more counted under "other" (summary_limit shows more values)` : undefined
}

/**
 * Writes rows in the chosen format (not `json`): a line each, waiting whenever stdout is full.
 *
 * @param choice - the format and columns
 * @param kind - what the rows are
 * @param rows - the rows, in order; may come page after page
 * @param fields - for observations, the item fields the engine holds
 * @returns how many rows were written
 * @throws UsageError for an unknown column
 */
export async function writeRows(
  choice: OutputChoice,
  kind: RowKind,
  rows: Iterable<unknown> | AsyncIterable<unknown>,
  fields: readonly ItemField[],
): Promise<number> {
  const columns = resultColumns(kind, choice.columns, fields)
  const sink =
    choice.format === 'jsonl' ? jsonLines() : choice.format === 'csv' ? csv(columns, choice) : table(columns)
  let count = 0
  for await (const row of rows) {
    count++
    await write(sink.row(row))
  }
  await write(sink.end())
  return count
}

interface Sink {
  /** The text of one row (perhaps empty while a table measures its first rows). */
  row(row: unknown): string
  /** What is left to write. */
  end(): string
}

async function write(text: string): Promise<void> {
  if (text !== '' && !process.stdout.write(text)) await once(process.stdout, 'drain')
}

function jsonLines(): Sink {
  return { row: (row) => `${JSON.stringify(row)}\n`, end: () => '' }
}

function cells(columns: readonly ResultColumn[], row: unknown): string[] {
  return columns.map((c) => (c.cell as (row: unknown) => string)(row))
}

function csv(columns: readonly ResultColumn[], choice: OutputChoice): Sink {
  const options = { escape_formulas: choice.escapeFormulas }
  let header = stringify([columns.map((c) => c.name)], options)
  return {
    row(row) {
      const line = stringify([cells(columns, row)], options)
      const text = header + line
      header = ''
      return text
    },
    end: () => header,
  }
}

/** Rows a table measures before it fixes its widths; no column is wider than WIDEST. */
const MEASURED = 1000
const WIDEST = 48

function table(columns: readonly ResultColumn[]): Sink {
  const held: string[][] = [columns.map((c) => c.name)]
  let widths: number[] | undefined
  const line = (row: readonly string[], w: readonly number[]): string =>
    `${row
      .map((cell, i) => {
        const flat = cell.replace(/[\r\n\t]+/g, ' ')
        const width = w[i] as number
        return flat.length > width ? `${flat.slice(0, width - 1)}…` : flat.padEnd(width)
      })
      .join('  ')
      .trimEnd()}\n`
  const flush = (): string => {
    const w = columns.map((_, i) =>
      Math.min(WIDEST, Math.max(...held.map((row) => (row[i] as string).length))),
    )
    widths = w
    const [head, ...rest] = held
    const rule = `${w.map((n) => '─'.repeat(n)).join('  ')}\n`
    held.length = 0
    return line(head as string[], w) + rule + rest.map((row) => line(row, w)).join('')
  }
  return {
    row(row) {
      if (widths !== undefined) return line(cells(columns, row), widths)
      held.push(cells(columns, row))
      return held.length > MEASURED ? flush() : ''
    },
    end: () => (widths === undefined ? flush() : ''),
  }
}
