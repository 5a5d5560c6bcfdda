/**
 * Whether an RDAP contact is redacted, from the two places registries say so: the RFC 9537
 * `redacted` array at the top of the response, whose entries name a redacted field by `name.type`
 * ("Registrant Name", "Tech Email"), `name.description`, or a JSONPath (`prePath`, `postPath`,
 * `replacementPath`, e.g. `$.entities[?(@.roles[0]=='registrant')]...`); and placeholder values
 * such as "REDACTED FOR PRIVACY" or "DATA REDACTED" in the contact's own fields.
 */
import type { JCardFields } from './rdap-jcard.js'
import { field, list, text } from './rdap-json.js'

/** A contact section of a WHOIS record. */
export type ContactKey = 'registrant' | 'admin' | 'tech' | 'billing'

/**
 * How a redaction entry names each contact: its role as RDAP spells it in paths
 * (`administrative`, `technical`) or the short form ICANN's redaction types use ("Tech Email").
 * "registrant" never matches "registrar".
 */
const MENTIONS: readonly (readonly [ContactKey, RegExp])[] = [
  ['registrant', /registrant/i],
  ['admin', /\badmin/i],
  ['tech', /\btech/i],
  ['billing', /\bbilling/i],
]

/** The members of a redaction entry that may name the field it redacts. */
const PATHS = ['prePath', 'postPath', 'replacementPath'] as const

/** The word every placeholder registries write carries, in any case ("Redacted for privacy"). */
const PLACEHOLDER = /\bredacted\b/i

/** The contact fields whose values are checked for a placeholder. */
const CHECKED = [
  'name',
  'organization',
  'city',
  'province',
  'postal_code',
  'country',
  'phone',
  'fax',
  'email',
] as const

/**
 * The contacts that the entries of an RFC 9537 `redacted` array name.
 *
 * @param redacted - the response's `redacted` member, whatever it holds
 * @example
 * ```ts
 * redactedContacts([
 *   { name: { type: 'Registrant Name' }, method: 'emptyValue' },
 *   { name: { description: 'Administrative contact' }, prePath: "$.entities[?(@.roles[0]=='technical')]" },
 * ]) // Set { 'registrant', 'admin', 'tech' }
 * ```
 */
export function redactedContacts(redacted: unknown): Set<ContactKey> {
  const named = new Set<ContactKey>()
  for (const entry of list(redacted)) {
    const name = field(entry, 'name')
    const mentions = [text(field(name, 'type')), text(field(name, 'description'))]
    for (const path of PATHS) mentions.push(text(field(entry, path)))
    for (const mention of mentions) {
      if (mention === undefined) continue
      for (const [contact, pattern] of MENTIONS) if (pattern.test(mention)) named.add(contact)
    }
  }
  return named
}

/**
 * Whether any field of a contact holds a redaction placeholder: a value with the word "redacted"
 * in any case ("REDACTED FOR PRIVACY", "Data Redacted", "[REDACTED]"; not "Redaction Ltd").
 *
 * @param card - the contact's jCard fields
 * @example
 * ```ts
 * hasPlaceholder({ name: 'REDACTED FOR PRIVACY', country: 'DE' }) // true
 * hasPlaceholder({ name: 'Ada Example' })                         // false
 * ```
 */
export function hasPlaceholder(card: JCardFields): boolean {
  for (const key of CHECKED) {
    const value = card[key]
    if (value !== undefined && PLACEHOLDER.test(value)) return true
  }
  const street = card.street
  if (street === undefined) return false
  return typeof street === 'string' ? PLACEHOLDER.test(street) : street.some((line) => PLACEHOLDER.test(line))
}
