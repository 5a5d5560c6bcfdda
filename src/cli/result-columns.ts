/**
 * The columns of results written as CSV or a table (`--format csv|table`, `--columns`): for each
 * kind of result, the named columns an analyst expects, and for the rest a path into the result
 * (`admin.email`, `domain.dnssec`; an observation's `dns-txt-dmarc.txt`, its items of that context
 * and type). A cell holding several values joins them with ` | `.
 */
import { closestName } from '../query/closest-name.js'
import type { Item, ItemField, Observation, WhoisRecord } from '../types.js'
import { UsageError } from './args.js'

/** What a row is: a WHOIS record, an observation of a kind, a summary value, a pivot, a suggestion. */
export type RowKind = 'whois' | 'mx' | 'txt' | 'summary' | 'pivot' | 'suggestion'

/** One column: its header and how a row becomes its cell. */
export interface ResultColumn {
  readonly name: string
  readonly cell: (row: never) => string
}

/** Several values in one cell. */
export const JOIN = ' | '

const SECTIONS = ['query', 'server', 'domain', 'registrant', 'admin', 'tech', 'billing'] as const

// A record's value at a dotted path, as text: arrays joined, objects as JSON, null and absent empty.
function textAt(value: unknown, path: readonly string[]): string {
  let at = value
  for (const step of path) {
    if (at === null || typeof at !== 'object' || Array.isArray(at)) return ''
    at = (at as Record<string, unknown>)[step]
  }
  return text(at)
}

function text(value: unknown): string {
  if (value === null || value === undefined) return ''
  if (Array.isArray(value)) return value.map(text).join(JOIN)
  if (typeof value === 'object') return JSON.stringify(value)
  return String(value)
}

// A date as normalised (SPEC 3), or as the record gave it when it has no normalised form.
function dateOf(field: 'created' | 'updated' | 'expires') {
  return (r: WhoisRecord): string => {
    const normalised = textAt(r, ['domain', `${field}_norm`])
    return normalised === '' ? textAt(r, ['domain', field]) : normalised
  }
}

const WHOIS: Readonly<Record<string, (r: WhoisRecord) => string>> = {
  domain: (r) => text(r.query ?? r.domain?.name),
  created: dateOf('created'),
  updated: dateOf('updated'),
  expires: dateOf('expires'),
  registrar: (r) => textAt(r, ['domain', 'registrar_name']),
  registrant_organization: (r) => textAt(r, ['registrant', 'organization']),
  registrant_name: (r) => textAt(r, ['registrant', 'name']),
  registrant_email: (r) => textAt(r, ['registrant', 'email']),
  registrant_phone: (r) => textAt(r, ['registrant', 'phone']),
  registrant_country: (r) => textAt(r, ['registrant', 'country']),
  nameservers: (r) => textAt(r, ['domain', 'nameservers']),
  status: (r) => textAt(r, ['domain', 'status']),
  server: (r) => text(r.server),
}

// The values of an observation's items of one context and type, in order.
function itemValues(context: string, type: string) {
  return (o: Observation): string =>
    o.items
      .filter((item: Item) => item.context === context && item.type === type)
      .map((item) => item.value)
      .join(JOIN)
}

const OBSERVATION: Readonly<Record<string, (o: Observation) => string>> = {
  domain: itemValues('', 'host'),
  date: (o) => o.date,
  id: (o) => o.id,
  mx: itemValues('dns-mx', 'host'),
  mx_preferences: itemValues('dns-mx', 'mx-preference'),
  txt: itemValues('dns-txt', 'txt'),
  dmarc: itemValues('dns-txt-dmarc', 'txt'),
  nameservers: itemValues('dns-ns', 'host'),
}

interface ValueRow {
  readonly value: string
  readonly count: number
}
interface Listed extends ValueRow {
  readonly kind?: string
  readonly request: string
}

const FIXED: Readonly<Record<'summary' | 'pivot' | 'suggestion', readonly string[]>> = {
  summary: ['value', 'count'],
  pivot: ['kind', 'value', 'count', 'request'],
  suggestion: ['value', 'count', 'request'],
}

/** The columns written when `--columns` is not given. */
export const DEFAULT_COLUMNS: Readonly<Record<RowKind, readonly string[]>> = {
  whois: [
    'domain',
    'created',
    'expires',
    'registrar',
    'registrant_organization',
    'registrant_email',
    'registrant_country',
    'nameservers',
  ],
  mx: ['domain', 'date', 'mx', 'nameservers'],
  txt: ['domain', 'date', 'txt'],
  ...FIXED,
}

/**
 * The columns of a kind of row, by name: `--columns`' names, else the defaults.
 *
 * @param kind - what the rows are
 * @param names - the columns asked for, in order (undefined: the defaults)
 * @param fields - for observations, the item contexts and types the engine holds (to check paths)
 * @throws UsageError naming a column that is neither a named column nor a path into the rows, with
 *   the closest name and the names there are
 * @example
 * ```ts
 * resultColumns('whois', ['domain', 'admin.email'], []).map((c) => c.name) // ['domain', 'admin.email']
 * ```
 */
export function resultColumns(
  kind: RowKind,
  names: readonly string[] | undefined,
  fields: readonly ItemField[],
): ResultColumn[] {
  return (names ?? DEFAULT_COLUMNS[kind]).map((name) => ({ name, cell: cellOf(kind, name, fields) }))
}

function cellOf(kind: RowKind, name: string, fields: readonly ItemField[]): (row: never) => string {
  if (kind === 'whois') {
    const named = WHOIS[name]
    if (named !== undefined) return named
    const path = name.split('.')
    if (path.length > 1 && (SECTIONS as readonly string[]).includes(path[0] as string))
      return (r: WhoisRecord) => textAt(r, path)
    throw unknownColumn(
      name,
      Object.keys(WHOIS),
      `or a path into a record such as admin.email (${SECTIONS.join(', ')})`,
    )
  }
  if (kind === 'mx' || kind === 'txt') {
    const named = OBSERVATION[name]
    if (named !== undefined) return named
    const dot = name.lastIndexOf('.')
    const field = fields.find((f) => f.context === name.slice(0, dot) && f.type === name.slice(dot + 1))
    if (dot > 0 && field !== undefined) return itemValues(field.context, field.type)
    const held = fields.filter((f) => f.context !== '').map((f) => `${f.context}.${f.type}`)
    throw unknownColumn(name, [...Object.keys(OBSERVATION), ...held], 'or CONTEXT.TYPE of the items held')
  }
  const fixed = FIXED[kind]
  if (!fixed.includes(name)) throw unknownColumn(name, fixed, '')
  return (row: Listed | ValueRow) => text((row as unknown as Record<string, unknown>)[name])
}

function unknownColumn(name: string, names: readonly string[], more: string): UsageError {
  const near = closestName(name, names)
  return new UsageError(
    `--columns: no column ${JSON.stringify(name)}${near === undefined ? '' : ` (did you mean ${near}?)`}; ` +
      `columns: ${names.join(', ')}${more === '' ? '' : ` ${more}`}`,
  )
}
