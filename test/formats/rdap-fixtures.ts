/**
 * Invented RDAP domain objects for the rdap mapping tests (names, handles and numbers are made up;
 * nothing is copied from a real registry), with the WHOIS records they map to.
 */
import type { WhoisRecord } from '../../src/types.js'

/** A jCard holding `properties` after the version property RFC 7095 requires. */
export function card(...properties: unknown[][]): unknown[] {
  return ['vcard', [['version', {}, 'text', '4.0'], ...properties]]
}

/**
 * A registry-style domain object: a registrar with a nested abuse contact and a nested registrant
 * (which itself nests a technical contact that loses to the top-level one), an entity that is both
 * administrative and technical, events out of order and repeated, DNSSEC signed.
 */
export const fullDomain = {
  objectClassName: 'domain',
  handle: 'D1234-EXAMPLE',
  ldhName: 'Harbor-Kite.EXAMPLE',
  port43: 'whois.nic.example',
  rdapConformance: ['rdap_level_0', 'icann_rdap_response_profile_1'],
  status: ['client transfer prohibited', '', 'server delete prohibited'],
  events: [
    { eventAction: 'expiration', eventDate: '2031-02-03T04:05:06Z' },
    { eventAction: 'registration', eventDate: '2011-02-03T04:05:06Z' },
    { eventAction: 'last changed', eventDate: '2024-05-06T07:08:09.123Z' },
    { eventAction: 'registration', eventDate: '1999-01-01T00:00:00Z' },
    { eventAction: 'last update of RDAP database', eventDate: '2025-01-01T00:00:00Z' },
  ],
  secureDNS: { delegationSigned: true, dsData: [{ keyTag: 12345, algorithm: 13, digestType: 2 }] },
  nameservers: [
    { objectClassName: 'nameserver', ldhName: 'NS1.Kite-DNS.example' },
    { objectClassName: 'nameserver', ldhName: 'ns2.kite-dns.example.' },
  ],
  entities: [
    {
      objectClassName: 'entity',
      handle: '9999',
      roles: ['registrar'],
      publicIds: [{ type: 'IANA Registrar ID', identifier: '9999' }],
      vcardArray: card(
        ['fn', {}, 'text', 'Kite Names Ltd'],
        ['url', {}, 'uri', 'https://names.kite.example'],
        ['email', {}, 'text', 'hello@names.kite.example'],
      ),
      links: [{ rel: 'self', href: 'https://rdap.kite.example/entity/9999' }],
      entities: [
        {
          objectClassName: 'entity',
          roles: ['abuse'],
          vcardArray: card(
            ['fn', {}, 'text', 'Abuse Team'],
            ['tel', { type: 'voice' }, 'uri', 'tel:+44.2079460000'],
            ['email', {}, 'text', 'abuse@names.kite.example'],
          ),
        },
        {
          objectClassName: 'entity',
          handle: 'C-1',
          roles: ['registrant'],
          vcardArray: card(
            ['fn', {}, 'text', 'Maren Osei'],
            ['org', {}, 'text', 'Harbor Kite Cooperative'],
            [
              'adr',
              { cc: 'GB' },
              'text',
              ['', '', ['Unit 4', 'Dockside Yard', ''], 'Bristol', 'Somerset', 'BS1 4XX', 'United Kingdom'],
            ],
            ['tel', { type: ['voice', 'work'] }, 'uri', 'tel:+44.1179460001'],
            ['tel', { type: 'fax' }, 'uri', 'tel:+44.1179460002'],
            ['email', {}, 'text', 'maren@harbor-kite.example'],
          ),
          entities: [{ roles: ['technical'], vcardArray: card(['fn', {}, 'text', 'Nested Tech']) }],
        },
      ],
    },
    {
      objectClassName: 'entity',
      roles: ['administrative', 'technical'],
      vcardArray: card(
        ['fn', {}, 'text', 'Ops Desk'],
        ['adr', {}, 'text', ['', '', '77 Quay Road', 'Leeds', '', 'LS1 1AA', 'GB']],
        ['tel', {}, 'text', '+44.1139460003'],
        ['email', {}, 'text', 'ops@harbor-kite.example'],
      ),
    },
  ],
}

const opsDesk = {
  name: 'Ops Desk',
  street: '77 Quay Road',
  city: 'Leeds',
  postal_code: 'LS1 1AA',
  country: 'GB',
  phone: '+44.1139460003',
  email: 'ops@harbor-kite.example',
  redacted: false,
}

/** What {@link fullDomain} maps to. */
export const fullRecord: WhoisRecord = {
  query: 'harbor-kite.example',
  server: 'whois.nic.example',
  domain: {
    name: 'harbor-kite.example',
    id: 'D1234-EXAMPLE',
    created: '2011-02-03T04:05:06Z',
    updated: '2024-05-06T07:08:09.123Z',
    expires: '2031-02-03T04:05:06Z',
    registrar_id: '9999',
    registrar_name: 'Kite Names Ltd',
    registrar_url: 'https://names.kite.example',
    registrar_email: 'hello@names.kite.example',
    nameservers: ['NS1.Kite-DNS.example', 'ns2.kite-dns.example.'],
    status: 'client transfer prohibited, server delete prohibited',
    dnssec: 'signedDelegation',
  },
  registrant: {
    organization: 'Harbor Kite Cooperative',
    name: 'Maren Osei',
    street: ['Unit 4', 'Dockside Yard'],
    city: 'Bristol',
    postal_code: 'BS1 4XX',
    province: 'Somerset',
    country: 'GB',
    phone: '+44.1179460001',
    fax: '+44.1179460002',
    email: 'maren@harbor-kite.example',
    redacted: false,
  },
  admin: { ...opsDesk },
  tech: { ...opsDesk },
}
