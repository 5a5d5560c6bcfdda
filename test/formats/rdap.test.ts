import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { isRdapDomain, rdapSearchResults, rdapToWhois } from '../../src/ingest/formats/rdap.js'
import { HostCheck } from '../../src/ingest/host-check.js'
import { WhoisPreparer } from '../../src/ingest/whois-record.js'
import type { WhoisRecord } from '../../src/types.js'
import { card, fullDomain, fullRecord } from './rdap-fixtures.js'

/** A domain object named `a.example` with `extra` members. */
function domainWith(extra: Record<string, unknown>): Record<string, unknown> {
  return { objectClassName: 'domain', ldhName: 'a.example', ...extra }
}

/** The record of a domain object with one entity of `roles` whose jCard holds `properties`. */
function mapEntity(roles: string[], ...properties: unknown[][]): WhoisRecord | string {
  return rdapToWhois(domainWith({ entities: [{ roles, vcardArray: card(...properties) }] }))
}

function mapped(value: unknown): WhoisRecord {
  const record = rdapToWhois(value)
  if (typeof record === 'string') throw new Error(`rejected: ${record}`)
  return record
}

describe('rdapToWhois', () => {
  it('maps a full registry response: nested entities, events, nameservers, DNSSEC, registrar', () => {
    expect(rdapToWhois(fullDomain)).toStrictEqual(fullRecord)
  })

  it('gives a record the loader accepts, with _norm dates', () => {
    const record = mapped(fullDomain)
    const whois = new WhoisPreparer(new HostCheck())
    expect(whois.check(record)).toBe(true)
    expect(whois.key).toBe('harbor-kite.example')
    expect(record.domain?.created_norm).toBe('2011-02-03T04:05:06Z')
    expect(record.domain?.updated_norm).toBe('2024-05-06T07:08:09Z')
  })

  it('leaves absent what is missing: no events, entities, nameservers, status or secureDNS', () => {
    expect(rdapToWhois({ objectClassName: 'domain', ldhName: 'Bare.Example' })).toStrictEqual({
      query: 'bare.example',
      domain: { name: 'bare.example' },
    })
    expect(
      rdapToWhois(
        domainWith({
          events: [
            { eventAction: 'registration' },
            { eventAction: 'last changed', eventDate: '' },
            { eventAction: 'expiration', eventDate: 20300101 },
            { eventDate: '2020-01-01T00:00:00Z' },
            'registration',
          ],
          nameservers: [{ objectClassName: 'nameserver' }, 'ns1.a.example', { ldhName: '  ' }],
          status: [],
          handle: '',
          port43: null,
        }),
      ),
    ).toStrictEqual({ query: 'a.example', domain: { name: 'a.example' } })
  })

  it('keeps members of another JSON type in extra, and a lone status string as one status (issue 26, item 18)', () => {
    expect(
      rdapToWhois(
        domainWith({
          status: 'client hold',
          port43: 43,
          handle: ['D1'],
          events: { eventAction: 'registration', eventDate: '2020-01-01' },
          secureDNS: true,
          nameservers: 'ns1.a.example',
          entities: null,
        }),
      ),
    ).toStrictEqual({
      query: 'a.example',
      domain: { name: 'a.example', status: 'client hold' },
      extra: {
        port43: 43,
        handle: ['D1'],
        events: { eventAction: 'registration', eventDate: '2020-01-01' },
        secureDNS: true,
        nameservers: 'ns1.a.example',
      },
    })
  })

  it('takes the first event of each action with a date, matching actions in any case', () => {
    const record = rdapToWhois(
      domainWith({
        events: [
          { eventAction: 'Registration', eventDate: '2001-01-01' },
          { eventAction: 'registration', eventDate: '2002-02-02' },
          { eventAction: 'expiration', eventDate: ' ' },
          { eventAction: 'expiration', eventDate: '13-aug-2030' },
        ],
      }),
    )
    expect(record).toStrictEqual({
      query: 'a.example',
      domain: { name: 'a.example', created: '2001-01-01', expires: '13-aug-2030' },
    })
  })

  it('maps secureDNS true, false, absent and without delegationSigned', () => {
    const dnssecOf = (extra: Record<string, unknown>) => mapped(domainWith(extra)).domain?.['dnssec']
    expect(dnssecOf({ secureDNS: { delegationSigned: true } })).toBe('signedDelegation')
    expect(dnssecOf({ secureDNS: { delegationSigned: false, zoneSigned: true } })).toBe('unsigned')
    expect(dnssecOf({})).toBeUndefined()
    expect(dnssecOf({ secureDNS: { zoneSigned: true } })).toBeUndefined()
    expect(dnssecOf({ secureDNS: { delegationSigned: 'true' } })).toBeUndefined()
    expect('dnssec' in (mapped(domainWith({})).domain ?? {})).toBe(false)
  })

  it('falls back to unicodeName and keeps Unicode as written, lower-cased', () => {
    const record = rdapToWhois({
      objectClassName: 'domain',
      unicodeName: 'Bücher-Straße.Example',
      entities: [
        {
          roles: ['registrant'],
          vcardArray: card(
            ['fn', {}, 'text', 'José Müller-Łukasiewicz'],
            ['org', {}, 'text', '株式会社テスト'],
            ['adr', {}, 'text', ['', '', 'Ærøgade 5', 'Århus', '', '8000', 'Danmark']],
          ),
        },
      ],
    })
    expect(record).toStrictEqual({
      query: 'bücher-straße.example',
      domain: { name: 'bücher-straße.example' },
      registrant: {
        organization: '株式会社テスト',
        name: 'José Müller-Łukasiewicz',
        street: 'Ærøgade 5',
        city: 'Århus',
        postal_code: '8000',
        country: 'Danmark',
        redacted: false,
      },
    })
    const whois = new WhoisPreparer(new HostCheck())
    expect(whois.check(record)).toBe(true)
    expect(whois.key).toBe('xn--bcher-strae-46a18a.example')
  })

  it('prefers ldhName over unicodeName and the first role entity breadth-first', () => {
    const record = rdapToWhois({
      ldhName: 'XN--MNCHEN-3YA.example',
      unicodeName: 'münchen.example',
      entities: [
        {
          roles: ['registrar'],
          entities: [{ roles: ['billing'], vcardArray: card(['fn', {}, 'text', 'Deep']) }],
        },
        { roles: ['BILLING'], vcardArray: card(['fn', {}, 'text', 'Shallow']) },
        { roles: ['billing'], vcardArray: card(['fn', {}, 'text', 'Later']) },
      ],
    })
    expect(record).toStrictEqual({
      query: 'xn--mnchen-3ya.example',
      domain: { name: 'xn--mnchen-3ya.example' },
      billing: { name: 'Shallow', redacted: false },
    })
  })

  it('finds contacts nested at any depth, without recursion', () => {
    let entity: Record<string, unknown> = {
      roles: ['registrant'],
      vcardArray: card(['fn', {}, 'text', 'Deep One']),
    }
    for (let i = 0; i < 50_000; i++) entity = { roles: ['abuse'], entities: [entity] }
    expect(mapped(domainWith({ entities: [entity] })).registrant).toStrictEqual({
      name: 'Deep One',
      redacted: false,
    })
  })

  it('sorts telephones: voice, untyped and work are phone, fax is fax, tel: is removed', () => {
    expect(
      mapEntity(
        ['technical'],
        ['tel', { type: 'fax' }, 'uri', 'TEL:+1.5555550199'],
        ['tel', {}, 'uri', 'tel:+1.5555550100;ext=12'],
        ['tel', { type: 'voice' }, 'text', '+1.5555550111'],
      ),
    ).toStrictEqual({
      query: 'a.example',
      domain: { name: 'a.example' },
      tech: { phone: '+1.5555550100;ext=12', fax: '+1.5555550199', redacted: false },
    })
    const phoneAndFax = (...tels: unknown[][]) => {
      const tech = mapped(
        domainWith({ entities: [{ roles: ['technical'], vcardArray: card(...tels) }] }),
      ).tech
      return { phone: tech?.phone, fax: tech?.fax }
    }
    expect(phoneAndFax(['tel', { type: ['work', 'fax'] }, 'uri', 'tel:+1.1'])).toStrictEqual({
      phone: undefined,
      fax: '+1.1',
    })
    expect(phoneAndFax(['tel', { type: 'work,voice' }, 'uri', 'tel:+1.2'])).toStrictEqual({
      phone: '+1.2',
      fax: undefined,
    })
    expect(phoneAndFax(['tel', { type: ['VOICE', 'FAX'] }, 'uri', 'tel:+1.3'])).toStrictEqual({
      phone: '+1.3',
      fax: '+1.3',
    })
    expect(phoneAndFax(['tel', { type: 'cell' }, 'text', '+1.4'], ['tel', {}, 'text', 'tel:'])).toStrictEqual(
      {
        phone: '+1.4',
        fax: undefined,
      },
    )
    expect(phoneAndFax(['tel', {}, 'text', 42], ['tel', { type: 7 }, 'text', '+1.5'])).toStrictEqual({
      phone: '+1.5',
      fax: undefined,
    })
  })

  it('reads street lines from arrays and line breaks, the country from cc, else the country part', () => {
    const addressOf = (params: unknown, parts: unknown) =>
      mapped(
        domainWith({
          entities: [{ roles: ['registrant'], vcardArray: card(['adr', params, 'text', parts]) }],
        }),
      ).registrant
    expect(
      addressOf({ cc: 'CA' }, ['', '', ['Suite 9', '', '100 Maple Ave'], 'Ottawa', 'ON', 'K1A', 'Canada']),
    ).toStrictEqual({
      street: ['Suite 9', '100 Maple Ave'],
      city: 'Ottawa',
      postal_code: 'K1A',
      province: 'ON',
      country: 'CA',
      redacted: false,
    })
    expect(addressOf({}, ['PO 1', '', '12 Elm Row\nFlat 3\n', 'Dublin', '', '', 'IE'])).toStrictEqual({
      street: ['12 Elm Row', 'Flat 3'],
      city: 'Dublin',
      country: 'IE',
      redacted: false,
    })
    expect(
      addressOf({ cc: '' }, ['', '', [' ', 'Single Line 1'], ['Sub', 'City'], '', '', 'NL']),
    ).toStrictEqual({
      street: 'Single Line 1',
      city: 'Sub, City',
      country: 'NL',
      redacted: false,
    })
    expect(addressOf({ label: '1 Label St\nVancouver\nBC' }, ['', '', '', '', '', '', ''])).toStrictEqual({
      street: ['1 Label St', 'Vancouver', 'BC'],
      redacted: false,
    })
    expect(
      addressOf({ label: 'ignored when parts are given' }, ['', '', 'Real St', '', '', '', '']),
    ).toStrictEqual({
      street: 'Real St',
      redacted: false,
    })
    expect(addressOf({}, 'not structured')).toStrictEqual({ redacted: false })
  })

  it('takes the first adr that gives a part, and org as text or array', () => {
    expect(
      mapEntity(
        ['administrative'],
        ['adr', {}, 'text', ['', '', '', '', '', '', '']],
        ['adr', {}, 'text', ['', '', 'Second St', 'Turin', '', '', 'IT']],
        ['adr', {}, 'text', ['', '', 'Third St', 'Rome', '', '', 'IT']],
        ['org', {}, 'text', ['Acme Widgets', '', 'Legal Department']],
        ['org', {}, 'text', 'Later Org'],
      ),
    ).toStrictEqual({
      query: 'a.example',
      domain: { name: 'a.example' },
      admin: {
        organization: 'Acme Widgets, Legal Department',
        street: 'Second St',
        city: 'Turin',
        country: 'IT',
        redacted: false,
      },
    })
  })

  it('reads the registrar: fn else org, IANA id, url else the about link, email', () => {
    const registrar = (entity: Record<string, unknown>) =>
      mapped(domainWith({ entities: [{ roles: ['registrar'], ...entity }] })).domain
    expect(
      registrar({
        publicIds: [
          { type: 'Other ID', identifier: '1' },
          { type: 'iana registrar id', identifier: 4321 },
        ],
        vcardArray: card(['fn', {}, 'text', ''], ['org', {}, 'text', 'Org Registrar SA']),
        links: [
          { rel: 'self', href: 'https://rdap.org-registrar.example/entity/4321' },
          { rel: 'about', href: 'https://www.org-registrar.example' },
        ],
      }),
    ).toStrictEqual({
      name: 'a.example',
      registrar_id: '4321',
      registrar_name: 'Org Registrar SA',
      registrar_url: 'https://www.org-registrar.example',
    })
    expect(
      registrar({
        publicIds: [{ type: 'IANA Registrar ID', identifier: '' }],
        vcardArray: card(['email', {}, 'text', 'support@reg.example']),
        links: [{ rel: 'self', href: 'https://rdap.reg.example/entity/1' }],
        entities: [
          {
            roles: ['abuse'],
            vcardArray: card(
              ['email', {}, 'text', 'abuse@reg.example'],
              ['url', {}, 'uri', 'https://abuse.example'],
            ),
          },
        ],
      }),
    ).toStrictEqual({ name: 'a.example', registrar_email: 'support@reg.example' })
  })

  it('marks contacts redacted from RFC 9537 entries, including removed ones', () => {
    const record = rdapToWhois(
      domainWith({
        entities: [
          {
            roles: ['registrant'],
            vcardArray: card(['fn', {}, 'text', ''], ['adr', { cc: 'FR' }, 'text', []]),
          },
          { roles: ['administrative'], vcardArray: card(['fn', {}, 'text', 'Visible Admin']) },
          { roles: ['technical'], vcardArray: card(['fn', {}, 'text', 'Tech Person']) },
        ],
        redacted: [
          {
            name: { type: 'Registrant Name' },
            prePath: "$.entities[?(@.roles[0]=='registrant')].vcardArray[1][?(@[0]=='fn')][3]",
            method: 'emptyValue',
          },
          {
            name: { description: 'Telephone of the contact' },
            postPath: "$.entities[?(@.roles[0]=='technical')].vcardArray[1][?(@[0]=='tel')]",
            method: 'removal',
          },
          { name: { type: 'Billing Email' }, method: 'removal' },
          { name: { type: 'Registrar Abuse Contact Fax' }, method: 'removal' },
          'not an entry',
        ],
      }),
    )
    expect(record).toStrictEqual({
      query: 'a.example',
      domain: { name: 'a.example' },
      registrant: { country: 'FR', redacted: true },
      admin: { name: 'Visible Admin', redacted: false },
      tech: { name: 'Tech Person', redacted: true },
      billing: { redacted: true },
    })
  })

  it('marks contacts redacted from placeholder values', () => {
    const redactedOf = (...properties: unknown[][]) =>
      mapped(domainWith({ entities: [{ roles: ['registrant'], vcardArray: card(...properties) }] }))
        .registrant?.redacted
    expect(redactedOf(['fn', {}, 'text', 'REDACTED FOR PRIVACY'])).toBe(true)
    expect(redactedOf(['org', {}, 'text', 'Redacted for privacy'])).toBe(true)
    expect(redactedOf(['adr', {}, 'text', ['', '', ['DATA REDACTED'], '', '', '', 'DE']])).toBe(true)
    expect(redactedOf(['email', {}, 'text', 'REDACTED'])).toBe(true)
    expect(redactedOf(['tel', {}, 'text', '[redacted]'])).toBe(true)
    expect(redactedOf(['fn', {}, 'text', 'Redaction Labs'], ['org', {}, 'text', 'Unredactedness Ltd'])).toBe(
      false,
    )
    expect(
      mapEntity(
        ['registrant'],
        ['fn', {}, 'text', 'REDACTED FOR PRIVACY'],
        ['adr', { cc: 'IS' }, 'text', []],
      ),
    ).toStrictEqual({
      query: 'a.example',
      domain: { name: 'a.example' },
      registrant: { name: 'REDACTED FOR PRIVACY', country: 'IS', redacted: true },
    })
  })

  it('gives an entity without a jCard an empty contact, and one entity several roles', () => {
    const record = mapped(domainWith({ entities: [{ roles: ['registrant', 'billing'] }] }))
    expect(record.registrant).toStrictEqual({ redacted: false })
    expect(record.billing).toStrictEqual({ redacted: false })
    expect(record.registrant).not.toBe(record.billing)
  })

  it('rejects what is not a domain object, saying why', () => {
    expect(rdapToWhois(null)).toBe('an RDAP domain object must be a JSON object, got null')
    expect(rdapToWhois([fullDomain])).toMatch(/^an RDAP domain object must be a JSON object, got \[/)
    expect(rdapToWhois({ objectClassName: 'entity', ldhName: 'a.example' })).toBe(
      'an RDAP object of class "entity" is not a domain object; objectClassName must be "domain"',
    )
    expect(rdapToWhois({ objectClassName: 7, ldhName: 'a.example' })).toBe(
      'an RDAP object of class 7 is not a domain object; objectClassName must be "domain"',
    )
    expect(rdapToWhois({ objectClassName: 'domain', ldhName: ' ', handle: 'D1' })).toBe(
      'an RDAP domain object needs ldhName (or unicodeName), got {"objectClassName":"domain","ldhName":" ","handle":"D1"}',
    )
    expect(rdapToWhois({ ldhName: 42 })).toBe(
      'an RDAP domain object needs ldhName (or unicodeName), got {"ldhName":42}',
    )
  })

  it('never lets __proto__ or constructor keys reach a prototype', () => {
    const hostile =
      JSON.parse(`{"__proto__": {"polluted": true}, "constructor": {"prototype": {"polluted": true}},
      "objectClassName": "domain", "ldhName": "evil.example",
      "secureDNS": {"__proto__": {"delegationSigned": true}},
      "entities": [{"__proto__": {"roles": ["registrant"]}, "roles": ["constructor", "__proto__", "toString", "technical"],
        "vcardArray": ["vcard", [["__proto__", {}, "text", "x"], ["fn", {"__proto__": {"type": "fax"}}, "text", "Eve"],
          ["tel", {"__proto__": {"type": "fax"}}, "text", "+1.5"], ["constructor", {}, "text", "y"]]]}]}`)
    const record = rdapToWhois(hostile)
    expect(record).toStrictEqual({
      query: 'evil.example',
      domain: { name: 'evil.example' },
      tech: { name: 'Eve', phone: '+1.5', redacted: false },
    })
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined()
    expect(Object.getPrototypeOf(record)).toBe(Object.prototype)
  })
})

describe('isRdapDomain', () => {
  it('recognises domain objects by class, or by ldhName with RDAP members', () => {
    expect(isRdapDomain(fullDomain)).toBe(true)
    expect(isRdapDomain({ objectClassName: 'domain' })).toBe(true)
    expect(isRdapDomain({ ldhName: 'a.example', rdapConformance: ['rdap_level_0'] })).toBe(true)
    expect(isRdapDomain({ ldhName: 'a.example', events: [] })).toBe(true)
    expect(isRdapDomain({ ldhName: 'a.example', entities: [] })).toBe(true)
    expect(isRdapDomain({ unicodeName: 'ä.example', secureDNS: {} })).toBe(true)
    expect(isRdapDomain({ ldhName: 'a.example', nameservers: [{ ldhName: 'ns1.a.example' }] })).toBe(true)
  })

  it('refuses other classes, WHOIS records and bare names', () => {
    expect(isRdapDomain({ objectClassName: 'entity', ldhName: 'a.example', events: [] })).toBe(false)
    expect(
      isRdapDomain({ query: 'a.example', domain: { name: 'a.example', nameservers: ['ns1.a.example'] } }),
    ).toBe(false)
    expect(isRdapDomain({ ldhName: 'a.example' })).toBe(false)
    expect(isRdapDomain({ ldhName: 'a.example', nameservers: ['ns1.a.example'] })).toBe(false)
    expect(isRdapDomain({ events: [], entities: [] })).toBe(false)
    expect(isRdapDomain([fullDomain])).toBe(false)
    expect(isRdapDomain('domain')).toBe(false)
    expect(isRdapDomain(null)).toBe(false)
  })
})

describe('rdapSearchResults', () => {
  it('returns the domainSearchResults of a search result, each mapping to a record', () => {
    const search = {
      rdapConformance: ['rdap_level_0'],
      domainSearchResults: [
        { objectClassName: 'domain', ldhName: 'one.example', status: ['active'] },
        { objectClassName: 'domain', ldhName: 'TWO.example', port43: 'whois.two.example' },
        { objectClassName: 'entity', handle: 'E1' },
      ],
    }
    const results = rdapSearchResults(search)
    expect(results?.map(rdapToWhois)).toStrictEqual([
      { query: 'one.example', domain: { name: 'one.example', status: 'active' } },
      { query: 'two.example', server: 'whois.two.example', domain: { name: 'two.example' } },
      'an RDAP object of class "entity" is not a domain object; objectClassName must be "domain"',
    ])
  })

  it('is undefined for anything else', () => {
    expect(rdapSearchResults(fullDomain)).toBeUndefined()
    expect(rdapSearchResults({ domainSearchResults: {} })).toBeUndefined()
    expect(rdapSearchResults([{ domainSearchResults: [] }])).toBeUndefined()
    expect(rdapSearchResults(null)).toBeUndefined()
    expect(rdapSearchResults({ domainSearchResults: [] })).toStrictEqual([])
  })
})

/** A JSON container and a key in it: where a mutation applies. */
type Slot = { parent: Record<string, unknown> | unknown[]; key: string | number }

/** Every member and element of `root`, breadth-first, iteratively. */
function slotsOf(root: unknown): Slot[] {
  const slots: Slot[] = []
  const queue: unknown[] = [root]
  for (let i = 0; i < queue.length; i++) {
    const node = queue[i]
    if (Array.isArray(node)) {
      for (let key = 0; key < node.length; key++) {
        slots.push({ parent: node, key })
        queue.push(node[key])
      }
    } else if (typeof node === 'object' && node !== null) {
      const object = node as Record<string, unknown>
      for (const key of Object.keys(object)) {
        slots.push({ parent: object, key })
        queue.push(object[key])
      }
    }
  }
  return slots
}

const OPS = ['replace', 'delete', 'blank', 'upper', 'duplicate'] as const
type Mutation = { at: number; op: (typeof OPS)[number]; value: fc.JsonValue }
const mutation: fc.Arbitrary<Mutation> = fc.record({
  at: fc.nat(),
  op: fc.constantFrom(...OPS),
  value: fc.jsonValue({ maxDepth: 3 }),
})

/** `base` with `mutations` applied in turn: values replaced, removed, blanked, upper-cased, duplicated. */
function mutate(base: unknown, mutations: readonly Mutation[]): unknown {
  const copy: unknown = structuredClone(base)
  for (const { at, op, value } of mutations) {
    const slots = slotsOf(copy)
    const slot = slots[at % Math.max(1, slots.length)]
    if (slot === undefined) break
    const parent = slot.parent as Record<string | number, unknown>
    const current = parent[slot.key]
    if (op === 'delete') {
      if (Array.isArray(parent)) parent.splice(slot.key as number, 1)
      else delete parent[slot.key]
    } else if (op === 'duplicate') {
      if (Array.isArray(parent)) parent.push(structuredClone(current))
    } else if (op === 'replace') parent[slot.key] = value
    else if (op === 'blank') parent[slot.key] = ''
    else if (typeof current === 'string') parent[slot.key] = current.toUpperCase()
  }
  return copy
}

const hosts = new HostCheck()

/**
 * Checks a mapping outcome: a reason, or a plain JSON record that the loader accepts when its name
 * and nameservers are valid hosts, and otherwise rejects for exactly that.
 */
function checkOutcome(outcome: WhoisRecord | string): void {
  expect(({} as Record<string, unknown>)['polluted']).toBeUndefined()
  if (typeof outcome === 'string') {
    expect(outcome.length).toBeGreaterThan(0)
    return
  }
  // Literal field names holding strings, booleans and string arrays only: JSON round-trips it exactly.
  expect(JSON.parse(JSON.stringify(outcome))).toStrictEqual(outcome)
  const name = outcome.domain?.name
  expect(outcome.query).toBe(name)
  const nameservers = outcome.domain?.nameservers ?? []
  const validHosts =
    typeof name === 'string' &&
    hosts.problem(name) === null &&
    nameservers.every((ns) => hosts.problem(ns) === null)
  const whois = new WhoisPreparer(hosts)
  const accepted = whois.check(outcome)
  if (validHosts) expect(accepted, whois.reason).toBe(true)
  else expect(whois.reason).toMatch(/^domain\.(name|nameservers\[\d+\]) is not a host name/)
}

describe('rdapToWhois properties', () => {
  it('never throws on arbitrary JSON values', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        checkOutcome(rdapToWhois(value))
      }),
      { seed: 42, numRuns: 200 },
    )
  })

  it('never throws on arbitrary JSON under RDAP member names', () => {
    const member = fc.constantFrom(
      'ldhName',
      'unicodeName',
      'objectClassName',
      'events',
      'entities',
      'nameservers',
      'status',
      'secureDNS',
      'redacted',
      'port43',
      'handle',
    )
    fc.assert(
      fc.property(fc.dictionary(member, fc.jsonValue({ maxDepth: 4 })), fc.domain(), (members, name) => {
        checkOutcome(rdapToWhois({ ldhName: name, ...members }))
      }),
      { seed: 42, numRuns: 200 },
    )
  })

  it('never throws on mutations of a full response, and the loader accepts it when its hosts are valid', () => {
    fc.assert(
      fc.property(fc.array(mutation, { maxLength: 8 }), (mutations) => {
        checkOutcome(rdapToWhois(mutate(fullDomain, mutations)))
      }),
      { seed: 42, numRuns: 200 },
    )
  })

  it('keys the record by ldhName whenever ldhName is a valid host', () => {
    fc.assert(
      fc.property(fc.domain(), fc.array(mutation, { maxLength: 4 }), (name, mutations) => {
        const value = mutate({ ...fullDomain, nameservers: [] }, mutations)
        if (typeof value !== 'object' || value === null || Array.isArray(value)) return
        const record = rdapToWhois({ ...value, objectClassName: 'domain', ldhName: name })
        if (typeof record === 'string') throw new Error(record)
        const whois = new WhoisPreparer(hosts)
        const nameservers = record.domain?.nameservers ?? []
        if (nameservers.some((ns) => hosts.problem(ns) !== null)) return
        expect(whois.check(record)).toBe(true)
        expect(whois.key).toBe(name.toLowerCase())
      }),
      { seed: 42, numRuns: 200 },
    )
  })
})
