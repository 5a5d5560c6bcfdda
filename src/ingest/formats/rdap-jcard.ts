/**
 * The fields domindex reads from an RDAP entity's jCard (RFC 7095: `["vcard", [[name, params,
 * type, value], ...]]`). Property names are matched in any case, parameter names (`type`, `cc`,
 * `label`) as RFC 7095 writes them, in lower case. For each field the first property that yields a
 * non-blank value wins; anything malformed (a property that is not an array, a number where text
 * belongs) is skipped, never thrown on.
 */
import { field, list, text } from './rdap-json.js'

/** What one jCard says about its entity; a field is undefined when the card does not give it. */
export interface JCardFields {
  /** `fn`. */
  name?: string | undefined
  /** `org`; a structured value's non-blank parts joined by `, `. */
  organization?: string | undefined
  /** `adr` part 2: one line as a string, several as an array. */
  street?: string | string[] | undefined
  /** `adr` part 3. */
  city?: string | undefined
  /** `adr` part 4. */
  province?: string | undefined
  /** `adr` part 5. */
  postal_code?: string | undefined
  /** The `cc` parameter of `adr`, else its part 6. */
  country?: string | undefined
  /** `tel` of type voice or without a fax type, `tel:` removed. */
  phone?: string | undefined
  /** `tel` of type fax, `tel:` removed. */
  fax?: string | undefined
  /** `email`. */
  email?: string | undefined
  /** `url`. */
  url?: string | undefined
}

/** The adr parts, by index in its structured value (RFC 6350 6.3.1). */
const STREET = 2
const CITY = 3
const PROVINCE = 4
const POSTAL_CODE = 5
const COUNTRY = 6

/**
 * Reads the fields of one entity's `vcardArray`.
 *
 * @param vcardArray - the entity's `vcardArray` member, whatever it holds
 * @example
 * ```ts
 * readJCard(['vcard', [
 *   ['fn', {}, 'text', 'Ada Example'],
 *   ['adr', { cc: 'NZ' }, 'text', ['', '', ['1 Quay St', 'Level 2'], 'Auckland', '', '1010', 'New Zealand']],
 *   ['tel', { type: ['work', 'voice'] }, 'uri', 'tel:+64.95550100'],
 * ]])
 * // { name: 'Ada Example', street: ['1 Quay St', 'Level 2'], city: 'Auckland', postal_code: '1010',
 * //   country: 'NZ', phone: '+64.95550100' }
 * ```
 */
export function readJCard(vcardArray: unknown): JCardFields {
  const card: JCardFields = {}
  let addressRead = false
  for (const property of list(list(vcardArray)[1])) {
    if (!Array.isArray(property) || typeof property[0] !== 'string') continue
    const params: unknown = property[1]
    const value: unknown = property[3]
    switch (property[0].toLowerCase()) {
      case 'fn':
        card.name ??= text(value)
        break
      case 'org':
        card.organization ??= joined(value)
        break
      case 'adr':
        if (!addressRead) addressRead = readAddress(params, value, card)
        break
      case 'tel':
        readTel(params, value, card)
        break
      case 'email':
        card.email ??= text(value)
        break
      case 'url':
        card.url ??= text(value)
        break
    }
  }
  return card
}

/**
 * Fills the address fields from one `adr` property; false when it gives none (the next one is
 * tried). An `adr` whose structured parts are all blank but whose `label` holds the address (RFC
 * 9083's own example does this) gives the label's lines as `street`.
 */
function readAddress(params: unknown, value: unknown, card: JCardFields): boolean {
  const parts = list(value)
  const street = lines(parts[STREET])
  const city = joined(parts[CITY])
  const province = joined(parts[PROVINCE])
  const postalCode = joined(parts[POSTAL_CODE])
  const country = text(field(params, 'cc')) ?? joined(parts[COUNTRY])
  if (
    street === undefined &&
    city === undefined &&
    province === undefined &&
    postalCode === undefined &&
    country === undefined
  ) {
    const label = lines(field(params, 'label'))
    if (label === undefined) return false
    card.street = label
    return true
  }
  card.street = street
  card.city = city
  card.province = province
  card.postal_code = postalCode
  card.country = country
  return true
}

/** Fills `phone` or `fax` (or both, for a tel typed both voice and fax) if not yet set. */
function readTel(params: unknown, value: unknown, card: JCardFields): void {
  const written = text(value)
  if (written === undefined) return
  const number = text(/^tel:/i.test(written) ? written.slice(4) : written)
  if (number === undefined) return
  const types = telTypes(field(params, 'type'))
  const fax = types.includes('fax')
  if (fax) card.fax ??= number
  if (!fax || types.includes('voice')) card.phone ??= number
}

/** A `type` parameter's values in lower case: a string (possibly comma-separated) or an array. */
function telTypes(type: unknown): string[] {
  const types: string[] = []
  for (const entry of typeof type === 'string' ? [type] : list(type)) {
    if (typeof entry !== 'string') continue
    for (const one of entry.split(',')) types.push(one.trim().toLowerCase())
  }
  return types
}

/** A text value, or the non-blank strings of a structured one joined by `, `. */
function joined(value: unknown): string | undefined {
  if (!Array.isArray(value)) return text(value)
  const parts: string[] = []
  for (const part of value) {
    const one = text(part)
    if (one !== undefined) parts.push(one)
  }
  return parts.length === 0 ? undefined : parts.join(', ')
}

/** The non-blank lines of a string or of an array of strings: one as a string, several as an array. */
function lines(value: unknown): string | string[] | undefined {
  const found: string[] = []
  for (const entry of typeof value === 'string' ? [value] : list(value)) {
    if (typeof entry !== 'string') continue
    for (const line of entry.split(/\r?\n/)) if (text(line) !== undefined) found.push(line)
  }
  return found.length === 0 ? undefined : found.length === 1 ? found[0] : found
}
