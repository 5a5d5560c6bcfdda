/**
 * Contact sections of generated WHOIS records. Organisations are shared by many domains (rank k
 * drawn Zipf-like over 400,000 organisations, so the top one holds about 8% of the unredacted
 * registrations and most hold one or two); an organisation's name, country, address and phones are
 * a function of (seed, k), so every domain of one organisation carries the same postal data. A
 * quarter of the records are redacted: by a privacy service (15%) or GDPR-style (10%).
 */
import type { Contact } from '../types.js'
import { hash32, Random } from './random.js'
import { COUNTRIES, type Country, FAMILY_NAMES, GIVEN_NAMES } from './vocab-places.js'
import { LEGAL_FORMS, PRIVACY, type Registrar } from './vocab-registry.js'
import { FIRST, SECOND } from './vocab-words.js'
import { Zipf } from './zipf.js'

const ORGANIZATIONS = 400_000
/**
 * Organisations remembered, cleared when full. An organisation is a pure function of (seed, rank),
 * so the memo never changes output; the 4,096 top ranks draw about 64% of the samples, and the memo
 * saves a fifth of the generator's time.
 */
const MEMO = 4096
const SALT = 0x0c0a7ac7
const GIVEN_ASCII = GIVEN_NAMES.map(asciiFold)
const FAMILY_ASCII = FAMILY_NAMES.map(asciiFold)
const COUNTRY_TOTAL = COUNTRIES.reduce((sum, c) => sum + c.weight, 0)

/** The four contact sections of a record; `billing` is often absent. */
export interface Sections {
  registrant: Contact
  admin: Contact
  tech: Contact
  billing: Contact | undefined
}

interface Organization {
  name: string
  domain: string
  country: Country
  city: string
  province: string
  street: string
  postal: string
  phone: string
  fax: string | undefined
}

/**
 * Draws contact sections for generated records.
 *
 * @example
 * ```ts
 * const contacts = new Contacts(7)
 * contacts.sections(random, 'example.com', registrar).registrant // { organization: 'Harbor Logistics LLC', ... }
 * ```
 */
export class Contacts {
  readonly #seed: number
  readonly #zipf = new Zipf(ORGANIZATIONS, 1)
  readonly #orgRandom = new Random(0)
  #memo = new Map<number, Organization>()

  /** @param seed - the corpus seed */
  constructor(seed: number) {
    this.#seed = seed
  }

  /**
   * The contact sections of one record.
   *
   * @param random - the record's generator
   * @param domain - the record's domain, for privacy-service texts
   * @param registrar - the record's registrar, which often acts as technical contact
   */
  sections(random: Random, domain: string, registrar: Registrar): Sections {
    const roll = random.float()
    if (roll < 0.15) {
      const privacy = PRIVACY[random.int(PRIVACY.length)] as (typeof PRIVACY)[number]
      const email = privacy.email.replace('{d}', domain)
      const make = (): Contact => ({
        organization: privacy.organization,
        name: privacy.name,
        email,
        country: privacy.country,
        redacted: true,
      })
      return { registrant: make(), admin: make(), tech: make(), billing: undefined }
    }
    const org = this.#organizationOf(this.#zipf.sample(random))
    if (roll < 0.25) {
      const form = `https://${registrar.url.replace(/^https?:\/\/(www\.)?/, '')}/whois-contact?domain=${domain}`
      const registrant: Contact = {
        organization: org.name,
        province: org.province,
        country: org.country.code,
        email: 'Redacted | EU Data Subject',
        redacted: true,
      }
      const hidden = (): Contact => ({ name: 'REDACTED FOR PRIVACY', email: form, redacted: true })
      return { registrant, admin: hidden(), tech: hidden(), billing: undefined }
    }
    const registrant = this.#person(random, org)
    const admin = random.chance(0.55) ? { ...registrant } : this.#person(random, org)
    const tech = random.chance(0.3) ? hostmaster(registrar) : { ...admin }
    const billing = random.chance(0.5) ? undefined : { ...admin }
    return { registrant, admin, tech, billing }
  }

  #person(random: Random, org: Organization): Contact {
    const g = random.int(GIVEN_NAMES.length)
    const f = random.int(FAMILY_NAMES.length)
    const contact: Contact = {
      organization: org.name,
      name: `${GIVEN_NAMES[g]} ${FAMILY_NAMES[f]}`,
      street: random.chance(0.15) ? [org.street, `Suite ${random.range(1, 40) * 10}`] : org.street,
      city: org.city,
    }
    // A few registries label the postal code `postalcode` (SPEC 2 alias).
    if (random.chance(0.05)) contact.postalcode = org.postal
    else contact.postal_code = org.postal
    contact.province = org.province
    contact.country = org.country.code
    contact.phone = org.phone
    if (org.fax !== undefined) contact.fax = org.fax
    contact.email = `${GIVEN_ASCII[g]}.${FAMILY_ASCII[f]}@${org.domain}`
    contact.redacted = false
    return contact
  }

  #organizationOf(k: number): Organization {
    let org = this.#memo.get(k)
    if (org === undefined) {
      if (this.#memo.size >= MEMO) this.#memo = new Map()
      org = this.#organization(k)
      this.#memo.set(k, org)
    }
    return org
  }

  #organization(k: number): Organization {
    const random = this.#orgRandom
    random.reseed(hash32(this.#seed ^ SALT, k))
    const first = FIRST[(k + this.#seed) % FIRST.length] as string
    const second = SECOND[(k * 7 + this.#seed) % SECOND.length] as string
    const family = Math.floor(k / (FIRST.length * SECOND.length))
    let target = random.float() * COUNTRY_TOTAL
    let country = COUNTRIES[0] as Country
    for (const c of COUNTRIES) {
      target -= c.weight
      if (target < 0) {
        country = c
        break
      }
    }
    const forms = LEGAL_FORMS[country.code] ?? (LEGAL_FORMS[''] as readonly string[])
    const owner = family === 0 ? '' : `${FAMILY_NAMES[family % FAMILY_NAMES.length]} `
    const [city, province] = random.pick(country.cities)
    const street = country.streetLine
      .replace('{n}', String(random.range(1, 2400)))
      .replace('{s}', random.pick(country.streets))
    return {
      name: `${owner}${capital(first)} ${capital(second)} ${random.pick(forms)}`,
      domain: `${family === 0 ? '' : FAMILY_ASCII[family % FAMILY_ASCII.length]}${first}${second}.com`,
      country,
      city,
      province,
      street: fill(street, random),
      postal: fill(country.postal, random),
      phone: fill(random.pick(country.phones), random),
      fax: random.chance(0.4) ? fill(random.pick(country.phones), random) : undefined,
    }
  }
}

function hostmaster(registrar: Registrar): Contact {
  return {
    organization: registrar.name,
    name: 'Hostmaster',
    email: registrar.email,
    country: 'US',
    redacted: false,
  }
}

/** Replaces `9` with random digits and `A` with random capitals. */
function fill(pattern: string, random: Random): string {
  let out = ''
  for (const ch of pattern) {
    if (ch === '9') out += String(random.int(10))
    else if (ch === 'A') out += String.fromCharCode(65 + random.int(26))
    else out += ch
  }
  return out
}

function capital(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1)
}

function asciiFold(name: string): string {
  return name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
}
