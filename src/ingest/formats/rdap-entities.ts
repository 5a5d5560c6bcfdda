/**
 * The entities of an RDAP domain object: which one fills each role, and what the registrar and
 * contact entities give. Entities nest (a registrar carries its abuse contact, some registries put
 * the registrant under the registrar); the walk is breadth-first and iterative, so a deep nesting
 * costs a longer queue, never a deeper stack, and a top-level entity beats a nested one.
 */
import type { Contact } from '../../types.js'
import { readJCard } from './rdap-jcard.js'
import { field, isJsonObject, type JsonObject, list, put, text } from './rdap-json.js'
import { type ContactKey, hasPlaceholder } from './rdap-redaction.js'

/** A role domindex reads: the registrar's, or a contact section's. */
export type RoleKey = ContactKey | 'registrar'

/** What the registrar entity gives the `domain` section; absent fields are undefined. */
export interface RegistrarFields {
  registrar_id: string | undefined
  registrar_name: string | undefined
  registrar_url: string | undefined
  registrar_email: string | undefined
}

const ROLES = new Map<string, RoleKey>([
  ['registrar', 'registrar'],
  ['registrant', 'registrant'],
  ['administrative', 'admin'],
  ['technical', 'tech'],
  ['billing', 'billing'],
])
const CONTACT_FIELDS = [
  'organization',
  'name',
  'street',
  'city',
  'postal_code',
  'province',
  'country',
  'phone',
  'fax',
  'email',
] as const

/**
 * The first entity with each role, breadth-first over `entities` at any depth, in document order.
 * Roles are matched in any case; one entity may fill several roles.
 *
 * @param domain - the RDAP domain object
 * @example
 * ```ts
 * findEntities({ entities: [{ roles: ['registrar'], entities: [{ roles: ['registrant'], handle: 'R1' }] }] })
 * // Map { 'registrar' => { roles: ['registrar'], ... }, 'registrant' => { roles: ['registrant'], handle: 'R1' } }
 * ```
 */
export function findEntities(domain: JsonObject): Map<RoleKey, JsonObject> {
  const found = new Map<RoleKey, JsonObject>()
  const queue: unknown[] = list(field(domain, 'entities')).slice()
  for (let i = 0; i < queue.length && found.size < ROLES.size; i++) {
    const entity = queue[i]
    if (!isJsonObject(entity)) continue
    for (const role of list(field(entity, 'roles'))) {
      const key = typeof role === 'string' ? ROLES.get(role.toLowerCase()) : undefined
      if (key !== undefined && !found.has(key)) found.set(key, entity)
    }
    for (const child of list(field(entity, 'entities'))) queue.push(child)
  }
  return found
}

/**
 * The registrar fields of the `domain` section: name (jCard `fn`, else `org`), IANA id (the first
 * `publicIds` entry of type `IANA Registrar ID`), URL (jCard `url`, else the first `about` link;
 * never `links[0]`, usually the RDAP API's own `self` URL) and email (jCard `email`; not the
 * nested abuse contact's).
 *
 * @param registrar - the entity with role `registrar`
 * @example
 * ```ts
 * registrarFields({
 *   publicIds: [{ type: 'IANA Registrar ID', identifier: '9999' }],
 *   vcardArray: ['vcard', [['fn', {}, 'text', 'Example Registrar']]],
 *   links: [{ rel: 'about', href: 'https://registrar.example' }],
 * })
 * // { registrar_id: '9999', registrar_name: 'Example Registrar', registrar_url: 'https://registrar.example',
 * //   registrar_email: undefined }
 * ```
 */
export function registrarFields(registrar: JsonObject): RegistrarFields {
  const card = readJCard(field(registrar, 'vcardArray'))
  return {
    registrar_id: ianaId(field(registrar, 'publicIds')),
    registrar_name: card.name ?? card.organization,
    registrar_url: card.url ?? aboutLink(field(registrar, 'links')),
    registrar_email: card.email,
  }
}

/**
 * A contact section from an entity's jCard: its fields in WHOIS order, absent ones omitted, then
 * `redacted`, true when a redaction entry names the contact or a field holds a placeholder.
 *
 * @param entity - the entity with the contact's role
 * @param named - whether an RFC 9537 redaction entry names this contact
 * @example
 * ```ts
 * contactOf({ vcardArray: ['vcard', [['fn', {}, 'text', 'REDACTED FOR PRIVACY'], ['email', {}, 'text', 'a@b.example']]] }, false)
 * // { name: 'REDACTED FOR PRIVACY', email: 'a@b.example', redacted: true }
 * ```
 */
export function contactOf(entity: JsonObject, named: boolean): Contact {
  const card = readJCard(field(entity, 'vcardArray'))
  const contact: Contact = {}
  for (const key of CONTACT_FIELDS) put(contact, key, card[key])
  contact.redacted = named || hasPlaceholder(card)
  return contact
}

function ianaId(publicIds: unknown): string | undefined {
  for (const id of list(publicIds)) {
    const type = field(id, 'type')
    if (typeof type !== 'string' || type.toLowerCase() !== 'iana registrar id') continue
    const identifier = field(id, 'identifier')
    if (typeof identifier === 'number' && Number.isFinite(identifier)) return String(identifier)
    const written = text(identifier)
    if (written !== undefined) return written
  }
  return undefined
}

function aboutLink(links: unknown): string | undefined {
  for (const link of list(links)) {
    const rel = field(link, 'rel')
    const href = text(field(link, 'href'))
    if (typeof rel === 'string' && rel.toLowerCase() === 'about' && href !== undefined) return href
  }
  return undefined
}
