/**
 * A brute-force twin of reverse search (SPEC 5, and SPEC 14's `email` and `registrar`), written independently of the index and as plainly
 * as possible: it scans every record, re-walks its contact sections, and checks phrases by trying
 * every choice of positions. It reads the raw parameters (assumed valid), so query-side
 * normalisation is checked too. Slow by design; only for tests and the benchmark's baseline.
 */
import { tokenize } from '../../src/analysis/tokenize.js'
import { normalizeHost } from '../../src/normalize/host.js'
import type { Params, WhoisRecord } from '../../src/types.js'

interface Token {
  text: string
  position: number
  field: string
}

const SECTIONS = ['registrant', 'admin', 'tech', 'billing']
const RESTRICT: Record<string, string[]> = {
  street: ['street'],
  postalcode: ['postal_code', 'postalcode'],
  phone: ['phone'],
}

/** Every contact value of a record as [field, value], in section, key and element order. */
export function contactValues(record: WhoisRecord): [string, string][] {
  const out: [string, string][] = []
  for (const section of SECTIONS) {
    const contact = record[section]
    if (typeof contact !== 'object' || contact === null || Array.isArray(contact)) continue
    for (const [field, value] of Object.entries(contact)) {
      const list = Array.isArray(value) ? value : [value]
      for (const v of list) if (typeof v === 'string') out.push([field, v])
    }
  }
  return out
}

/** The record's registration-text tokens with Lucene positions (gap 100 between values). */
function tokensOf(record: WhoisRecord): Token[] {
  const out: Token[] = []
  let last = -101
  for (const [field, value] of contactValues(record)) {
    const words = tokenize(value)
    if (words.length === 0) continue
    const first = last + 101
    words.forEach((text, i) => {
      out.push({ text, position: first + i, field })
    })
    last = first + words.length - 1
  }
  return out
}

/** Tries every choice of distinct positions, one per query term. */
function phraseMatches(tokens: Token[], query: string[], slop: number): boolean {
  const options = query.map((q) => tokens.filter((t) => t.text === q).map((t) => t.position))
  const chosen: number[] = []
  const tryFrom = (i: number): boolean => {
    if (i === query.length) {
      const offsets = chosen.map((p, k) => p - k)
      return Math.max(...offsets) - Math.min(...offsets) <= slop
    }
    for (const p of options[i] ?? []) {
      if (chosen.includes(p)) continue
      chosen.push(p)
      if (tryFrom(i + 1)) return true
      chosen.pop()
    }
    return false
  }
  return tryFrom(0)
}

function isFlag(value: unknown): boolean {
  return value === true || value === 'true'
}

function isText(value: unknown): value is string | number {
  return (typeof value === 'string' && value !== 'true' && value !== 'false') || typeof value === 'number'
}

function postal(text: string): string {
  return text.normalize('NFKC').toLowerCase().replace(/\s/g, '')
}

function digits(text: string): string {
  return text.normalize('NFKC').replace(/[^0-9]/g, '')
}

function storedHost(raw: string): string {
  const n = normalizeHost(raw)
  if (n.ok) return n.host
  let text = raw.trim().toLowerCase()
  while (text.endsWith('.')) text = text.slice(0, -1)
  return text
}

function email(text: string): string {
  return text.replace(/^\s+|\s+$/g, '').toLowerCase()
}

// NFKC and lower case, with NFKC again as the index does (lower-casing may leave what NFKC composes);
// then the words between runs of white space, joined by one space.
function registrar(text: string): string {
  const folded = text.normalize('NFKC').toLowerCase().normalize('NFKC')
  return folded
    .split(/\s+/)
    .filter((word) => word !== '')
    .join(' ')
}

function instant(text: string): number {
  return Date.parse(text) / 1000
}

function inRange(record: WhoisRecord, field: string, params: Params): boolean {
  const from = params[`${field}_from`]
  const to = params[`${field}_to`]
  if (from === undefined && to === undefined) return true
  const value = record.domain?.[`${field}_norm`]
  if (typeof value !== 'string') return false
  const t = instant(value)
  if (typeof from === 'string' && t < instant(from.length === 10 ? `${from}T00:00:00Z` : from)) return false
  if (typeof to === 'string' && t > instant(to.length === 10 ? `${to}T23:59:59Z` : to)) return false
  return true
}

/**
 * Whether a record matches valid reverse-search parameters.
 *
 * @example
 * ```ts
 * referenceMatch({ admin: { organization: 'Acme Holdings' } }, { name: 'holdings acme' }) // true
 * ```
 */
export function referenceMatch(record: WhoisRecord, params: Params): boolean {
  const { phrase, street, postalcode, phone, slop, name, nameserver } = params
  const maxSlop = slop === undefined ? 0 : Number(slop)
  // Computed only when a text criterion needs them, so that the benchmark's scan is not handicapped.
  const tokens = phrase !== undefined || isText(street) ? tokensOf(record) : []
  const values = contactValues(record)
  if (phrase !== undefined) {
    const fields = Object.keys(RESTRICT).filter((f) => isFlag(params[f]))
    const allowed = fields.flatMap((f) => RESTRICT[f] ?? [])
    const usable = fields.length === 0 ? tokens : tokens.filter((t) => allowed.includes(t.field))
    if (!phraseMatches(usable, tokenize(String(phrase)), maxSlop)) return false
  }
  if (isText(street)) {
    const usable = tokens.filter((t) => t.field === 'street')
    if (!phraseMatches(usable, tokenize(String(street)), maxSlop)) return false
  }
  if (isText(postalcode)) {
    const want = postal(String(postalcode))
    const ok = values.some(([f, v]) => (f === 'postal_code' || f === 'postalcode') && postal(v) === want)
    if (!ok) return false
  }
  if (isText(phone)) {
    const want = digits(String(phone))
    if (!values.some(([f, v]) => f === 'phone' && digits(v).includes(want))) return false
  }
  if (name !== undefined) {
    const want = tokenize(String(name))
    const ok = values.some(([f, v]) => f === 'organization' && want.every((w) => tokenize(v).includes(w)))
    if (!ok) return false
  }
  if (nameserver !== undefined) {
    const want = normalizeHost(String(nameserver))
    if (!want.ok) throw new Error('reference needs a valid nameserver')
    const stored = record.domain?.nameservers
    const list: unknown[] = Array.isArray(stored) ? stored : [stored]
    const ok = list.some((ns) => {
      if (typeof ns !== 'string') return false
      const host = storedHost(ns)
      return host === want.host || host.endsWith(`.${want.host}`)
    })
    if (!ok) return false
  }
  if (params['email'] !== undefined) {
    const want = email(String(params['email']))
    if (!values.some(([f, v]) => f === 'email' && email(v) === want)) return false
  }
  if (params['registrar'] !== undefined) {
    const want = registrar(String(params['registrar']))
    const stored = record.domain?.['registrar_name']
    const list: unknown[] = Array.isArray(stored) ? stored : [stored]
    if (!list.some((r) => typeof r === 'string' && registrar(r) === want)) return false
  }
  return ['created', 'updated', 'expires'].every((field) => inRange(record, field, params))
}

/**
 * The ids (indexes into `records`) of the records matching, ascending.
 *
 * @example
 * ```ts
 * referenceSearch(records, { phrase: 'acme' }) // [0, 4]
 * ```
 */
export function referenceSearch(records: readonly WhoisRecord[], params: Params): number[] {
  const out: number[] = []
  records.forEach((record, i) => {
    if (referenceMatch(record, params)) out.push(i)
  })
  return out
}
