/**
 * fast-check generators of the update property: a small corpus and a sequence of updates drawn
 * from small key pools, so that updates keep colliding with what the engine holds (replaced
 * domains and observation ids, an id moving between MX and TXT, removals written in another case
 * or with a trailing dot, removals of keys never held, keys removed and re-added in one update,
 * apexes whose latest date moves forward or back), now and then a bulk file of 60–120 lines (pages
 * past the first), and empty updates. Queries of every family come from the project's own query
 * arbitraries, whose vocabularies these corpora share.
 */
import fc from 'fast-check'
import type { Contact, DnsKind, DomainSection, Observation, Params, WhoisRecord } from '../../src/types.js'
import { observationsArb, queryArb } from '../dns/arbitraries.js'
import type { RefParams } from '../dns/reference.js'
import { query as reverseQuery, text } from '../reverse/corpus.js'
import { pathOf } from './harness.js'
import type { InputFiles } from './model.js'

/** The WHOIS domains of the generated records (keys, as normalised). */
export const DOMAINS = [
  'd0.com',
  'd1.com',
  'd2.com',
  'd3.com',
  'd4.com',
  'sub.d1.com',
  'shop.co.uk',
  'bücher.de',
]
/**
 * Observation ids of the generated observations: case counts (`O1` is not `o1`), and ids outside
 * ASCII, whose order (code units: U+1F600 before U+E000) decides ties across segments.
 */
export const OBSERVATION_IDS = ['o1', 'o2', 'o3', 'o4', 'o5', 'o6', 'O1', 'x-9', 'é', '\ue000', '\u{1F600}']
/** The dates of the DNS generators (test/dns/arbitraries.ts). */
export const DNS_DATES = ['2023-12-31', '2024-01-01', '2024-01-02', '2024-02-29', '2024-03-01']

// Raw registry dates: equal instants written differently (ties broken by domain), one unparseable.
const CREATED = [
  '2020-01-31T23:59:59Z',
  '2020-02-01',
  '2020-02-01T00:00:00Z',
  '2019-06-15 12:00:00',
  '31-jan-2020',
  '2021-12-31T00:00:00Z',
  'not a date',
]
// The reverse query arbitrary's postal codes, phones and nameserver suffixes, so that they match.
const POSTAL = ['SW1A 1AA', 'sw1a1aa', '94043', '９４０４３', '94043-1351', ' 10 115 ']
const PHONES = ['+1.6502530000', '650-253-0000', '+44 20 7946 0000', '+49.３０１２３４５', '+1.2530000650']
const NAMESERVERS = [
  'ns1.example.com',
  'NS2.Example.COM.',
  'example.com',
  'ns1.notexample.com',
  'example.com.evil.net',
  'ns2.münchen.de',
  'a.b.example.com',
]

/** How a domain is written in an input record. */
export function spelled(domain: string, spelling: number): string {
  switch (spelling % 4) {
    case 1:
      return domain.toUpperCase()
    case 2:
      return `${domain}.`
    case 3:
      return `${domain.toUpperCase()}.`
    default:
      return domain
  }
}

/** How a domain is written in `remove.whois`: the record's spellings, padded, or punycode. */
function removalSpelling(domain: string, spelling: number): string {
  if (spelling === 4) return `  ${domain} `
  if (spelling === 5) return domain === 'bücher.de' ? 'xn--bcher-kva.de' : `${domain.toUpperCase()}.`
  return spelled(domain, spelling)
}

// Contact text fields are strings (the loader rejects arrays there); `street` may be an array.
const contact: fc.Arbitrary<Contact> = fc.record(
  {
    organization: text,
    name: text,
    street: fc.oneof(text, fc.array(text, { maxLength: 2 })),
    city: text,
    postal_code: fc.constantFrom(...POSTAL),
    phone: fc.constantFrom(...PHONES),
  },
  { requiredKeys: [] },
) as fc.Arbitrary<Contact>

/** A WHOIS record before its version marker is known. */
export interface WhoisDraft {
  domain: string
  spelling: number
  created: string | null
  updated: string | null
  nameservers: string[]
  registrant: Contact
  admin: Contact | null
  /** Own `__proto__` and `constructor` keys and a lone surrogate: what re-packing may alter. */
  odd: boolean
}

const whoisDraft: fc.Arbitrary<WhoisDraft> = fc.record({
  domain: fc.constantFrom(...DOMAINS),
  spelling: fc.nat(3),
  created: fc.option(fc.constantFrom(...CREATED), { freq: 5 }),
  updated: fc.option(fc.constantFrom(...CREATED)),
  nameservers: fc.array(fc.constantFrom(...NAMESERVERS), { maxLength: 2 }),
  registrant: contact,
  admin: fc.option(contact),
  odd: fc.oneof({ weight: 9, arbitrary: fc.constant(false) }, { weight: 1, arbitrary: fc.constant(true) }),
})

// Parsed from text, so that `__proto__` is an own key (as the loader reads it), not a prototype.
const ODD_FIELDS = String.raw`{"__proto__":{"polluted":true},"constructor":"Acme","name":"Lone \ud800 Surrogate"}`

/** Observations of one kind whose ids come from {@link OBSERVATION_IDS} (repeats included). */
function observationFile(
  kind: DnsKind,
  max: number,
): fc.Arbitrary<{ kind: DnsKind; observations: Observation[] }> {
  return fc
    .tuple(
      observationsArb(kind, max),
      fc.array(fc.constantFrom(...OBSERVATION_IDS), { minLength: max, maxLength: max }),
    )
    .map(([list, ids]) => ({
      kind,
      // Spreading keeps the key order (an `id` key stays where it was), overwriting the id. The
      // loader takes `YYYY-MM-DD` dates only: a timestamp oddity keeps its date part.
      observations: list.map((o, i) => ({ ...o, id: ids[i] as string, date: o.date.slice(0, 10) })),
    }))
}

/** A file of 60–120 generated lines, enough for a second page. */
export interface Bulk {
  kind: 'whois' | DnsKind
  offset: number
  count: number
}

const bulk: fc.Arbitrary<Bulk> = fc.record({
  kind: fc.constantFrom('whois', 'mx', 'txt'),
  offset: fc.nat(60),
  count: fc.integer({ min: 60, max: 120 }),
})

/** The files of a build or an update, before materialisation. */
export interface FilesSpec {
  whois: WhoisDraft[][]
  dns: { kind: DnsKind; observations: Observation[] }[]
  bulk: Bulk | null
}

function filesSpec(maxFiles: number, maxLines: number, bulkFreq: number): fc.Arbitrary<FilesSpec> {
  return fc.record({
    whois: fc.array(fc.array(whoisDraft, { maxLength: maxLines }), { maxLength: maxFiles }),
    dns: fc.array(fc.oneof(observationFile('mx', maxLines), observationFile('txt', maxLines)), {
      maxLength: maxFiles + 1,
    }),
    bulk: fc.option(bulk, { freq: bulkFreq }),
  })
}

/** The initial corpus: up to two WHOIS files and three DNS files of up to 10 lines. */
export const initialSpec: fc.Arbitrary<FilesSpec> = filesSpec(2, 10, 3)

/** What the update is called on: the parent engine, or the parent saved and opened, or compacted. */
export type Base = 'engine' | 'reopened' | 'compacted'

/** One update of the sequence. */
export interface StepSpec {
  /** Index of the engine to update among those made so far (`null`: the latest). */
  parent: number | null
  base: Base
  files: FilesSpec
  remove: { whois: string[]; dns: string[] }
  /** How an empty part is passed: keys left out, or present and empty. */
  explicitEmpty: boolean
  /** Parse on worker threads in tiny byte ranges (the build's parallel path). */
  parallel: boolean
}

const removeWhois = fc
  .uniqueArray(
    fc.oneof(
      { weight: 6, arbitrary: fc.tuple(fc.constantFrom(...DOMAINS), fc.nat(5)) },
      {
        weight: 1,
        arbitrary: fc.tuple(
          fc.nat(180).map((n) => `bulk${n}.net`),
          fc.nat(5),
        ),
      },
      { weight: 1, arbitrary: fc.constant(['never-held.example', 0] as [string, number]) },
    ),
    // One spelling of a key per list: whether a key listed twice counts once is not specified.
    { selector: ([domain]) => domain, maxLength: 4 },
  )
  .map((list) => list.map(([domain, spelling]) => removalSpelling(domain, spelling)))

const removeDns = fc.uniqueArray(
  fc.oneof(
    { weight: 6, arbitrary: fc.constantFrom(...OBSERVATION_IDS) },
    { weight: 1, arbitrary: fc.nat(180).map((n) => `bk${n}`) },
    { weight: 1, arbitrary: fc.constantFrom('never-held', 'o8') },
  ),
  { maxLength: 4 },
)

const EMPTY_STEP: Omit<StepSpec, 'parent' | 'base' | 'explicitEmpty'> = {
  files: { whois: [], dns: [], bulk: null },
  remove: { whois: [], dns: [] },
  parallel: false,
}

/** An update: mostly of the latest engine, now and then of an earlier one; sometimes empty. */
export const stepSpec: fc.Arbitrary<StepSpec> = fc
  .record({
    parent: fc.option(fc.nat(4), { freq: 5 }),
    base: fc.constantFrom<Base>('engine', 'engine', 'engine', 'engine', 'reopened', 'compacted'),
    files: filesSpec(2, 6, 5),
    remove: fc.record({ whois: removeWhois, dns: removeDns }),
    explicitEmpty: fc.boolean(),
    parallel: fc.oneof(
      { weight: 9, arbitrary: fc.constant(false) },
      { weight: 1, arbitrary: fc.constant(true) },
    ),
    empty: fc.oneof(
      { weight: 7, arbitrary: fc.constant(false) },
      { weight: 1, arbitrary: fc.constant(true) },
    ),
  })
  .map(({ empty, ...step }) => (empty ? { ...step, ...EMPTY_STEP } : step))

/** The input files of a spec; `step` marks every WHOIS record (`server`) so versions differ. */
export function materialise(spec: FilesSpec, step: number): InputFiles {
  const whois: WhoisRecord[][] = spec.whois.map((file, f) =>
    file.map((draft, l) => whoisRecord(draft, `s${step}f${f}l${l}`)),
  )
  const dns: { kind: DnsKind; observations: Observation[] }[] = spec.dns.map((file) => ({
    kind: file.kind,
    observations: file.observations,
  }))
  const b = spec.bulk
  if (b !== null) {
    const ns = Array.from({ length: b.count }, (_, i) => b.offset + i)
    if (b.kind === 'whois') whois.push(ns.map((n) => bulkRecord(n, step)))
    else dns.push({ kind: b.kind, observations: ns.map((n) => bulkObservation(b.kind as DnsKind, n, step)) })
  }
  return { whois, dns }
}

function whoisRecord(draft: WhoisDraft, version: string): WhoisRecord {
  const name = spelled(draft.domain, draft.spelling)
  const domain: DomainSection = { name }
  if (draft.created !== null) domain.created = draft.created
  if (draft.updated !== null) domain.updated = draft.updated
  domain.nameservers = draft.nameservers
  const registrant: Contact = draft.odd
    ? { ...(JSON.parse(ODD_FIELDS) as Contact), ...draft.registrant }
    : draft.registrant
  const record: WhoisRecord = { query: name.toLowerCase(), server: version, domain, registrant }
  if (draft.admin !== null) record.admin = draft.admin
  return record
}

function bulkRecord(n: number, step: number): WhoisRecord {
  return {
    query: `bulk${n}.net`,
    server: `s${step}b${n}`,
    domain: {
      name: `bulk${n}.net`,
      created: CREATED[(n + step) % CREATED.length] as string,
      nameservers: [n % 2 === 0 ? 'ns1.example.com' : 'a.b.example.com'],
    },
    registrant: { organization: 'Acme Holdings', street: `${n} Main St`, phone: '+1.6502530000' },
  }
}

const BULK_APEXES = ['a.com', 'b.org', 'c.net', 'A.COM.', 'shop.co.uk']

function bulkObservation(kind: DnsKind, n: number, step: number): Observation {
  const item = (context: string, type: string, value: string, is_metadata = false) => ({
    context,
    is_metadata,
    type,
    value,
  })
  const answer =
    kind === 'mx'
      ? [
          item('dns-mx', 'host', n % 3 === 0 ? 'aspmx.l.google.com' : 'mx.prov.net'),
          item('dns-mx', 'mx-preference', String(n % 2)),
        ]
      : [item('dns-txt', 'txt', n % 3 === 0 ? 'v=spf1 include:_spf.google.com ~all' : 'v=spf1 -all')]
  return {
    date: DNS_DATES[(n * 3 + step) % DNS_DATES.length] as string,
    id: `bk${n}`,
    items: [
      item('', 'host', BULK_APEXES[n % BULK_APEXES.length] as string, true),
      ...answer,
      item('dns-ns', 'host', n % 2 === 0 ? 'ns1.prov.net' : 'ada.ns.cloudflare.com'),
    ],
  }
}

// Requests every run makes whatever the random queries are: the second pages, most_recent with and
// without a window, the summaries.
const FIXED_PATHS = [
  '/v1/domain/reverse?phrase=acme&page=1',
  '/v1/domain/reverse?nameserver=com',
  '/v1/domain/reverse?nameserver=example.com&page=1',
  '/v1/domain/reverse?created_from=2019-01-01&page=1',
  '/v1/domain/reverse?name=acme',
  '/v1/domain/mx?page=1',
  '/v1/domain/txt?page=1',
  '/v1/domain/mx?most_recent=true',
  '/v1/domain/mx?most_recent=true&page=1',
  '/v1/domain/txt?most_recent=true',
  '/v1/domain/mx?most_recent=true&to=2024-01-02',
  '/v1/domain/txt?most_recent=true&from=2024-01-01&to=2024-02-29',
  '/v1/domain/mx?summarize=host&summary_context=dns-mx',
  '/v1/domain/mx?summarize=host&summary_context=&most_recent=true',
  '/v1/domain/txt?summarize=txt&summary_context=dns-txt&summary_limit=2',
  '/v1/domain/txt?summarize=txt&summary_limit=1',
  '/v1/domain/txt?summarize=host&summary_context=dns-ns&summary_limit=1',
]

function whoisPaths(): string[] {
  const paths: string[] = []
  for (const domain of [...DOMAINS, 'bulk61.net', 'never-held.example']) {
    paths.push(`/v1/domain/whois?domain=${encodeURIComponent(spelled(domain, 3))}`)
    paths.push(`/v1/domain/whois?domain=${encodeURIComponent(`www.${domain}`)}&apex_domain=true`)
  }
  return paths
}

/** Random queries of every family, as request paths, plus the fixed ones. */
export const queryPaths: fc.Arbitrary<string[]> = fc
  .record({
    reverse: fc.array(fc.tuple(reverseQuery, fc.option(fc.nat(2))), { minLength: 3, maxLength: 6 }),
    mx: fc.array(queryArb('mx'), { minLength: 3, maxLength: 6 }),
    txt: fc.array(queryArb('txt'), { minLength: 3, maxLength: 6 }),
  })
  .map(({ reverse, mx, txt }) => [
    ...whoisPaths(),
    ...FIXED_PATHS,
    ...reverse.map(([params, page]): string =>
      pathOf('reverse', page === null ? params : ({ ...params, page } as Params)),
    ),
    ...mx.map((params: RefParams) => pathOf('mx', params)),
    ...txt.map((params: RefParams) => pathOf('txt', params)),
  ])
