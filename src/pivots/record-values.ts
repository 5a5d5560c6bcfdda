/**
 * The values a WHOIS record holds for each record kind of pivot (SPEC 14), normalised as the pivot
 * table says; pivots (pivot-candidates.ts) and spelling variants (suggestions.ts) both read them
 * here, so a suggested value is always one a pivot would show.
 *
 *   email         each contact email, trimmed and lower-cased
 *   organization  each contact organization with a letter or digit, trimmed
 *   phone         the digits of each contact phone, 4 or more
 *   street        each street value or line with a letter or digit, trimmed
 *   registrar     domain.registrar_name (each of an array), its key
 *   nameserver    each domain.nameservers host, normalised
 */
import { forEachContactValue } from '../indexes/reverse/contact-values.js'
import { phoneDigits } from '../indexes/reverse/digits-index.js'
import { emailKey, registrarKey } from '../indexes/reverse/exact-keys.js'
import { normalizeHost } from '../normalize/host.js'
import type { WhoisRecord } from '../types.js'

/** The kinds of pivot a WHOIS record's values give. */
export const RECORD_PIVOT_KINDS = [
  'email',
  'organization',
  'phone',
  'street',
  'registrar',
  'nameserver',
] as const

/** A kind of pivot read from a WHOIS record. */
export type RecordPivotKind = (typeof RECORD_PIVOT_KINDS)[number]

const LETTER_OR_DIGIT = /[\p{L}\p{N}]/u

/**
 * The distinct values of one kind a record holds, in first-seen order.
 *
 * @param record - a WHOIS record
 * @param kind - the kind of pivot
 * @example
 * ```ts
 * recordValues({ registrant: { email: ' A@B.com' }, admin: { email: 'a@b.com' } }, 'email') // ['a@b.com']
 * ```
 */
export function recordValues(
  record: WhoisRecord,
  kind: RecordPivotKind,
  normalize: (kind: RecordPivotKind, text: string) => string | null = normalizedValue,
): string[] {
  const values = new Set<string>()
  const add = (value: string | null): void => {
    if (value !== null && value !== '') values.add(value)
  }
  if (kind === 'registrar' || kind === 'nameserver') {
    const field: unknown =
      kind === 'registrar' ? record.domain?.['registrar_name'] : record.domain?.nameservers
    for (const item of Array.isArray(field) ? field : [field]) {
      if (typeof item === 'string') add(normalize(kind, item))
    }
  } else {
    forEachContactValue(record, (field, value) => {
      if (field === kind) add(normalize(kind, value))
    })
  }
  return [...values]
}

/**
 * One text as a pivot shows it (SPEC 14): the record's own value, trimmed, for a registrar (a
 * registrar with a matching key; `MarkMonitor, Inc.`, not its key `markmonitor, inc.`), else as
 * {@link normalizedValue} gives it. Pass it to {@link recordValues} for a pivot's values.
 *
 * @example
 * ```ts
 * shownValue('registrar', ' MarkMonitor, Inc. ') // 'MarkMonitor, Inc.'
 * ```
 */
export function shownValue(kind: RecordPivotKind, text: string): string | null {
  if (kind !== 'registrar') return normalizedValue(kind, text)
  return registrarKey(text) === '' ? null : text.trim()
}

/**
 * One text normalised as a value of a kind, or null when it is no value of that kind (no letter or
 * digit, too few phone digits, not a host name).
 *
 * @param kind - the kind of pivot
 * @param text - a stored or typed text
 * @example
 * ```ts
 * normalizedValue('registrar', ' GoDaddy.com,   LLC ') // 'godaddy.com, llc'
 * ```
 */
export function normalizedValue(kind: RecordPivotKind, text: string): string | null {
  switch (kind) {
    case 'email':
      return emailKey(text)
    case 'registrar':
      return registrarKey(text)
    case 'phone': {
      const digits = phoneDigits(text)
      return digits.length >= 4 ? digits : null
    }
    case 'nameserver': {
      const host = normalizeHost(text)
      return host.ok ? host.host : null
    }
    default: {
      const trimmed = text.trim()
      return LETTER_OR_DIGIT.test(trimmed) ? trimmed : null
    }
  }
}
