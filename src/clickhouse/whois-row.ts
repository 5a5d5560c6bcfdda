/**
 * One WHOIS record as a row of the `whois` table: the record itself (JSON, returned verbatim) and
 * the columns that make every reverse-search rule exact in SQL, computed here with the embedded
 * index's own functions (tokenizer, field classes, postal and phone keys, nameserver keys, instant
 * parser), so both engines see the same terms.
 *
 * Columns (see schema.ts for the types):
 *   key, apex        normalised domain (the forward-lookup key, ties of the order) and its apex (shard key)
 *   created          `created_norm` text or '' (result order: newest first, '' last)
 *   *_has, *_s       whether `domain.<date>_norm` is an instant, and its epoch seconds
 *   text_tokens      every registration-text token in position order
 *   text_codes       each token's position code, `position * 4 + fieldClass` (registration-text.ts)
 *   value_texts      per value with tokens: ' t1 t2 … ' (space-delimited, so a slop-0 phrase is a substring)
 *   value_classes    per value: its field class
 *   org_tokens       per distinct organization value: its distinct tokens
 *   postal_keys      postal-code keys; phone_digits: phone digit strings of 4+ digits
 *   ns_keys          nameservers' reversed labels (label-suffix-index.ts)
 * Text that may hold any code units (keys, postal keys, nameserver keys) is stored through
 * `sortableText`, so that equality and prefixes in SQL are those of the JavaScript strings; tokens
 * are runs of letters and digits, always well-formed, and are stored as they are.
 */
import { tokenize } from '../analysis/tokenize.js'
import { fieldClass, forEachContactValue } from '../indexes/contact-values.js'
import { normInstant } from '../indexes/date-column.js'
import { GRAM, phoneDigits } from '../indexes/digits-index.js'
import { nameserverKey } from '../indexes/label-suffix-index.js'
import { postalKey } from '../indexes/postal-terms.js'
import { POSITION_GAP } from '../indexes/registration-text.js'
import { apexDomain } from '../normalize/apex.js'
import type { WhoisRecord } from '../types.js'
import { sortableText } from './sortable-text.js'

/** The date fields reverse search ranges over. */
export const RANGE_FIELDS = ['created', 'updated', 'expires'] as const

/**
 * The JSONEachRow line of one record.
 *
 * @param key - the record's normalised domain, as the loader keyed it
 * @param record - the loaded record, `_norm` fields included
 * @returns one line of JSON, newline-terminated
 * @example
 * ```ts
 * whoisRow('example.com', { domain: { name: 'example.com', created_norm: null } })
 * // '{"key":"example.com","apex":"example.com","created":"","created_has":0,...}\n'
 * ```
 */
export function whoisRow(key: string, record: WhoisRecord): string {
  const domain: Record<string, unknown> =
    record.domain !== null && typeof record.domain === 'object' ? record.domain : {}
  const row: Record<string, unknown> = {
    key: sortableText(key),
    apex: apexDomain(key) ?? key,
    created: typeof domain['created_norm'] === 'string' ? sortableText(domain['created_norm']) : '',
  }
  for (const field of RANGE_FIELDS) {
    const seconds = normInstant(domain[`${field}_norm`])
    row[`${field}_has`] = Number.isNaN(seconds) ? 0 : 1
    row[`${field}_s`] = Number.isNaN(seconds) ? 0 : seconds
  }
  Object.assign(row, contactColumns(record))
  row['ns_keys'] = nameserverKeys(domain['nameservers'])
  row['record'] = JSON.stringify(record)
  return `${JSON.stringify(row)}\n`
}

function contactColumns(record: WhoisRecord): Record<string, unknown> {
  const textTokens: string[] = []
  const textCodes: number[] = []
  const valueTexts: string[] = []
  const valueClasses: number[] = []
  const organizations: string[] = []
  const orgTokens: string[][] = []
  const postalKeys = new Set<string>()
  const phones = new Set<string>()
  let next = 0
  forEachContactValue(record, (field, value) => {
    const cls = fieldClass(field)
    const tokens = tokenize(value)
    if (tokens.length > 0) {
      // Positions as RegistrationTextBuilder assigns them: consecutive within a value, then a gap.
      for (let i = 0; i < tokens.length; i++) {
        textTokens.push(tokens[i] as string)
        textCodes.push((next + i) * 4 + cls)
      }
      next += tokens.length + POSITION_GAP
      valueTexts.push(` ${tokens.join(' ')} `)
      valueClasses.push(cls)
    }
    if (field === 'organization' && tokens.length > 0 && !organizations.includes(value)) {
      organizations.push(value)
      orgTokens.push([...new Set(tokens)])
    }
    if (field === 'postal_code' || field === 'postalcode') {
      const key = postalKey(value)
      if (key.length > 0) postalKeys.add(sortableText(key))
    }
    if (field === 'phone') {
      const digits = phoneDigits(value)
      if (digits.length >= GRAM) phones.add(digits)
    }
  })
  return {
    text_tokens: textTokens,
    text_codes: textCodes,
    value_texts: valueTexts,
    value_classes: valueClasses,
    org_tokens: orgTokens,
    postal_keys: [...postalKeys],
    phone_digits: [...phones],
  }
}

function nameserverKeys(nameservers: unknown): string[] {
  const values: readonly unknown[] = Array.isArray(nameservers) ? nameservers : [nameservers]
  const keys = new Set<string>()
  for (const raw of values) {
    if (typeof raw !== 'string') continue
    const key = nameserverKey(raw)
    if (key !== '') keys.add(sortableText(key))
  }
  return [...keys]
}
