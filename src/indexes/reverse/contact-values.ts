/**
 * Registration text (SPEC 5): the string values of the four contact sections, in a fixed order
 * (registrant, admin, tech, billing; a section's own keys in insertion order; array elements in
 * order), each tagged with the class of field it belongs to, which the `street`, `postalcode` and
 * `phone` restriction flags select.
 */
import type { WhoisRecord } from '../../types.js'

const hasOwn = Object.hasOwn

/** The contact sections whose values are registration text, in indexing order. */
export const CONTACT_SECTIONS = ['registrant', 'admin', 'tech', 'billing'] as const

/** Field class of a value that is none of the classes below (organization, name, email, fax …). */
export const FIELD_OTHER = 0
/** Field class of `street` values. */
export const FIELD_STREET = 1
/** Field class of `postal_code` and `postalcode` values. */
export const FIELD_POSTAL = 2
/** Field class of `phone` values (`fax` is not phone data). */
export const FIELD_PHONE = 3

/**
 * The field class of a contact field name.
 *
 * @example
 * ```ts
 * fieldClass('postalcode') // FIELD_POSTAL (2)
 * fieldClass('fax')        // FIELD_OTHER (0)
 * ```
 */
export function fieldClass(field: string): number {
  if (field === 'street') return FIELD_STREET
  if (field === 'postal_code' || field === 'postalcode') return FIELD_POSTAL
  if (field === 'phone') return FIELD_PHONE
  return FIELD_OTHER
}

/**
 * Calls `visit` for every registration-text value of a record: each string field of each contact
 * section that is an object, and each string element of an array field. Other values (numbers,
 * booleans, null, nested objects) are not text and are skipped.
 *
 * @param record - a WHOIS record
 * @param visit - receives the field name and the value
 * @example
 * ```ts
 * forEachContactValue({ admin: { street: ['1 Main St', 'Suite 2'], redacted: false } }, (f, v) => console.log(f, v))
 * // street 1 Main St
 * // street Suite 2
 * ```
 */
export function forEachContactValue(
  record: WhoisRecord,
  visit: (field: string, value: string) => void,
): void {
  for (const section of CONTACT_SECTIONS) {
    const contact: unknown = record[section]
    if (contact === null || typeof contact !== 'object' || Array.isArray(contact)) continue
    const fields = contact as Record<string, unknown>
    // for-in with an own-property check allocates nothing, where Object.keys made an array per
    // section (~20% of the garbage of an index build).
    for (const field in fields) {
      if (!hasOwn(fields, field)) continue
      const value = fields[field]
      if (typeof value === 'string') visit(field, value)
      else if (Array.isArray(value)) {
        for (const element of value as unknown[]) if (typeof element === 'string') visit(field, element)
      }
    }
  }
}
