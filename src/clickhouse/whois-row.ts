/**
 * One WHOIS record as a row of the `whois` table: the record itself (JSON, returned verbatim) and
 * the columns that make every reverse-search rule exact in SQL, computed here with the embedded
 * index's own functions (tokenizer, field classes, postal, phone, email and registrar keys,
 * nameserver keys, instant parser), so both engines see the same terms.
 *
 * Columns (see schema.ts for the types):
 *   key              the normalised domain: forward-lookup key, tie-break of the order, shard key
 *   created          `created_norm` text or '' (result order: newest first, '' last)
 *   *_has, *_s       whether `domain.<date>_norm` is an instant, and its epoch seconds
 *   value_texts      per registration-text value with tokens, in indexing order: ' t1 t2 … '
 *                    (space-delimited, so a slop-0 phrase is a substring; positions follow from
 *                    the order and lengths, see phrase-verify.ts)
 *   value_classes    per value: its field class (contact-values.ts)
 *   org_tokens       per distinct organization value: its distinct tokens
 *   postal_keys      postal-code keys; phone_digits: phone digit strings of 4+ digits
 *   ns_keys          nameservers' reversed labels (label-suffix-index.ts)
 *   email_keys       distinct keys of the contacts' `email` values (exact-keys.ts)
 *   registrar_keys   distinct keys of `domain.registrar_name` (a string, or each string of an array)
 * Text that may hold any code units (keys, postal, email and registrar keys, nameserver keys) is
 * stored through `sortableText`, so that equality and prefixes in SQL are those of the JavaScript
 * strings; tokens are runs of letters and digits, always well-formed, and are stored as they are.
 * Keys are normalised here, never in SQL: ClickHouse has no NFKC, and its lower-casing is not
 * JavaScript's.
 *
 * Speed: rows are built on the exporting process's one thread while ClickHouse parses the previous
 * batch, so repeated work is cached: a record's repeated values (contacts share organization,
 * street and phone) are tokenised once, and nameserver keys (a few providers serve most domains)
 * are remembered across records.
 */
import { tokenize } from '../analysis/tokenize.js'
import { fieldClass, forEachContactValue } from '../indexes/reverse/contact-values.js'
import { normInstant } from '../indexes/reverse/date-column.js'
import { GRAM, phoneDigits } from '../indexes/reverse/digits-index.js'
import { emailKey, postalKey, registrarKey } from '../indexes/reverse/exact-keys.js'
import { nameserverKey } from '../indexes/reverse/label-suffix-index.js'
import type { WhoisRecord } from '../types.js'
import { sortableText } from './sortable-text.js'

/** The date fields reverse search ranges over. */
export const RANGE_FIELDS = ['created', 'updated', 'expires'] as const

const NAMESERVER_CACHE = 1 << 16
const nameserverKeys = new Map<string, string>()

/**
 * The JSONEachRow line of one record.
 *
 * @param key - the record's normalised domain, as the loader keyed it
 * @param record - the loaded record, `_norm` fields included
 * @returns one line of JSON, newline-terminated
 * @example
 * ```ts
 * whoisRow('example.com', { domain: { name: 'example.com', created_norm: null } })
 * // '{"key":"example.com","created":"","created_has":0,"created_s":0,...}\n'
 * ```
 */
export function whoisRow(key: string, record: WhoisRecord): string {
  const domain: Record<string, unknown> =
    record.domain !== null && typeof record.domain === 'object' ? record.domain : {}
  const row: Record<string, unknown> = {
    key: sortableText(key),
    created: typeof domain['created_norm'] === 'string' ? sortableText(domain['created_norm']) : '',
  }
  for (const field of RANGE_FIELDS) {
    const seconds = normInstant(domain[`${field}_norm`])
    row[`${field}_has`] = Number.isNaN(seconds) ? 0 : 1
    row[`${field}_s`] = Number.isNaN(seconds) ? 0 : seconds
  }
  Object.assign(row, contactColumns(record))
  row['ns_keys'] = nameserverColumn(domain['nameservers'])
  row['registrar_keys'] = registrarColumn(domain['registrar_name'])
  row['record'] = JSON.stringify(record)
  return `${JSON.stringify(row)}\n`
}

function contactColumns(record: WhoisRecord): Record<string, unknown> {
  const valueTexts: string[] = []
  const valueClasses: number[] = []
  const organizations = new Set<string>()
  const orgTokens: string[][] = []
  const postalKeys = new Set<string>()
  const phones = new Set<string>()
  const emails = new Set<string>()
  const tokensOf = new Map<string, string[]>()
  forEachContactValue(record, (field, value) => {
    let tokens = tokensOf.get(value)
    if (tokens === undefined) {
      tokens = tokenize(value)
      tokensOf.set(value, tokens)
    }
    if (tokens.length > 0) {
      valueTexts.push(` ${tokens.join(' ')} `)
      valueClasses.push(fieldClass(field))
      if (field === 'organization' && !organizations.has(value)) {
        organizations.add(value)
        orgTokens.push([...new Set(tokens)])
      }
    }
    if (field === 'postal_code' || field === 'postalcode') {
      const key = postalKey(value)
      if (key.length > 0) postalKeys.add(sortableText(key))
    } else if (field === 'phone') {
      const digits = phoneDigits(value)
      if (digits.length >= GRAM) phones.add(digits)
    } else if (field === 'email') {
      const key = emailKey(value)
      if (key.length > 0) emails.add(sortableText(key))
    }
  })
  return {
    value_texts: valueTexts,
    value_classes: valueClasses,
    org_tokens: orgTokens,
    postal_keys: [...postalKeys],
    phone_digits: [...phones],
    email_keys: [...emails],
  }
}

function nameserverColumn(nameservers: unknown): string[] {
  const values: readonly unknown[] = Array.isArray(nameservers) ? nameservers : [nameservers]
  const keys = new Set<string>()
  for (const raw of values) {
    if (typeof raw !== 'string') continue
    let key = nameserverKeys.get(raw)
    if (key === undefined) {
      key = sortableText(nameserverKey(raw))
      if (nameserverKeys.size >= NAMESERVER_CACHE) nameserverKeys.clear()
      nameserverKeys.set(raw, key)
    }
    if (key !== '') keys.add(key)
  }
  return [...keys]
}

function registrarColumn(names: unknown): string[] {
  const values: readonly unknown[] = Array.isArray(names) ? names : [names]
  const keys = new Set<string>()
  for (const raw of values) {
    if (typeof raw !== 'string') continue
    const key = registrarKey(raw)
    if (key !== '') keys.add(sortableText(key))
  }
  return [...keys]
}
