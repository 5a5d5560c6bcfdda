/**
 * The seeded WHOIS record generator: a stream of realistic records in constant memory. Record i
 * depends only on (seed, i), so a small corpus is a prefix of a larger one with the same seed, and
 * record i describes the same domain as DNS apex i of `generateObservations` (same nameservers).
 * Measured at 200,000–250,000 records/s of CPU time on the shared 2-core machine (about 4 µs a record;
 * writing them as JSON Lines with `writeSample` adds JSON.stringify and the write, see bench/reports/load.md).
 */
import type { DomainSection, WhoisRecord } from '../types.js'
import { Contacts } from './contacts.js'
import { formatDate } from './dates.js'
import { DomainNames } from './domain-names.js'
import { domainEraSeed } from './eras.js'
import { nameserversOf } from './nameservers.js'
import { hash32, Random } from './random.js'
import { REGISTRARS, type Registrar, STATUSES } from './vocab-registry.js'
import { Zipf } from './zipf.js'

/** Options of {@link generateWhois}. */
export interface GenerateWhoisOptions {
  /** Number of records (distinct domains). */
  count: number
  /** Any integer; the same seed gives the same records. */
  seed: number
}

const SALT = 0x3a1b2c3d
const DAY = 86_400_000
const FIRST_CREATED = Date.UTC(1995, 0, 1)
const LAST_CREATED = Date.UTC(2024, 11, 31)
const SNAPSHOT = Date.UTC(2025, 5, 30)
const YEAR = 365 * DAY

/**
 * Yields `count` WHOIS records for distinct domains, deterministically from `seed`.
 *
 * @param options - how many records, and the seed
 * @example
 * ```ts
 * for (const record of generateWhois({ count: 2, seed: 1 })) console.log(record.domain?.name)
 * // 'harborlogistics.com', 'quartzmedia.de' (seed-dependent)
 * ```
 */
export function* generateWhois(options: GenerateWhoisOptions): Generator<WhoisRecord> {
  const { count, seed } = options
  const names = new DomainNames(seed)
  const contacts = new Contacts(seed)
  const registrars = new Zipf(REGISTRARS.length, 1.2)
  const random = new Random(0)
  const nsRandom = new Random(0)
  for (let i = 0; i < count; i++) {
    random.reseed(hash32(seed ^ SALT, i))
    const domain = names.get(i)
    const tld = domain.tld
    const registrar = REGISTRARS[registrars.sample(random)] as Registrar
    const style = random.pick(tld.dates)
    // Skewed towards recent registrations: half of the domains were created after 2016.
    const created =
      LAST_CREATED - Math.floor((1 - Math.sqrt(random.float())) * (LAST_CREATED - FIRST_CREATED))
    const updated = created + Math.floor(random.float() * (SNAPSHOT - created))
    const expires = created + Math.ceil((updated - created) / YEAR + random.range(1, 5)) * YEAR
    nsRandom.reseed(domainEraSeed(seed, i, 1))
    let nameservers = nameserversOf(domain.ascii, nsRandom)
    if (tld.upperNameservers === true) nameservers = nameservers.map((ns) => ns.toUpperCase())
    const section: DomainSection = {
      name: domain.name,
      id: registryId(random, tld.suffix),
      created: formatDate(created, style, random),
      updated: formatDate(updated, style, random),
      expires: formatDate(expires, style, random),
      registrar_id: registrar.id,
      registrar_name: registrar.name,
      registrar_url: registrar.url,
      registrar_email: registrar.email,
      nameservers,
      status: statusOf(random),
      dnssec: random.chance(0.12) ? 'signedDelegation' : 'unsigned',
    }
    if (tld.extraDate !== undefined) section[tld.extraDate] = formatDate(expires + 30 * DAY, style, random)
    const sections = contacts.sections(random, domain.name, registrar)
    const record: WhoisRecord = {
      query: domain.name,
      server: tld.server,
      domain: section,
      registrant: sections.registrant,
      admin: sections.admin,
      tech: sections.tech,
    }
    if (sections.billing !== undefined) record.billing = sections.billing
    yield record
  }
}

function registryId(random: Random, suffix: string): string {
  const digits = String(random.range(100_000_000, 2_999_999_999))
  if (suffix === 'com' || suffix === 'net') return `${digits}_DOMAIN_${suffix.toUpperCase()}-VRSN`
  if (suffix === 'org') return `D${digits}-LROR`
  return `${digits}-${suffix.replace('.', '').toUpperCase()}`
}

function statusOf(random: Random): string {
  if (random.chance(0.1)) return 'ok'
  const flags = [STATUSES[0] as string]
  if (random.chance(0.6)) flags.push(STATUSES[1] as string)
  if (random.chance(0.4)) flags.push(STATUSES[2] as string)
  if (random.chance(0.15)) flags.push(STATUSES[3 + random.int(STATUSES.length - 3)] as string)
  return flags.join(',')
}
