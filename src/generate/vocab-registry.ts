/**
 * Registries, registrars and privacy services of the generated WHOIS records. Each TLD writes its
 * dates in its registry's own formats (SPEC 3), so a generated corpus exercises every date path of
 * the loader: `DateStyle` names one format, rendered by `formatDate`.
 */

/** One registry date format; see `formatDate` for the exact text of each. */
export type DateStyle =
  | 'iso-z'
  | 'iso-fraction'
  | 'iso-offset'
  | 'iso-colon'
  | 'space'
  | 'space-hours'
  | 'dmy-month'
  | 'dmy-month-upper-yy'
  | 'dmy-month-utc'
  | 'ymd-dots'
  | 'compact'
  | 'korean'
  | 'slash-jst'
  | 'utc-plus'
  | 'mdy'
  | 'dmy-dots'
  | 'ctime'
  | 'ordinal'

/** A TLD (or second-level public suffix) and how its registry writes records. */
export interface Tld {
  suffix: string
  /** Relative share of registrations. */
  weight: number
  server: string
  dates: readonly DateStyle[]
  /** The registry prints nameservers in upper case. */
  upperNameservers?: boolean
  /** A further `_date` field this registry adds to `domain`. */
  extraDate?: string
}

/**
 * Public suffixes under which domains are generated, by weight.
 *
 * @example
 * ```ts
 * TLDS.find((t) => t.suffix === 'tk')?.dates // ['mdy']: '08/13/2019'
 * ```
 */
export const TLDS: readonly Tld[] = [
  {
    suffix: 'com',
    weight: 400,
    server: 'whois.verisign-grs.com',
    dates: ['iso-z', 'iso-fraction', 'iso-offset'],
  },
  { suffix: 'net', weight: 60, server: 'whois.verisign-grs.com', dates: ['iso-z', 'iso-fraction'] },
  { suffix: 'org', weight: 50, server: 'whois.publicinterestregistry.org', dates: ['iso-z', 'iso-fraction'] },
  { suffix: 'de', weight: 45, server: 'whois.denic.de', dates: ['iso-colon'] },
  {
    suffix: 'co.uk',
    weight: 35,
    server: 'whois.nic.uk',
    dates: ['dmy-month'],
    upperNameservers: true,
  },
  { suffix: 'org.uk', weight: 5, server: 'whois.nic.uk', dates: ['dmy-month'], upperNameservers: true },
  { suffix: 'uk', weight: 8, server: 'whois.nic.uk', dates: ['dmy-month'] },
  { suffix: 'ru', weight: 20, server: 'whois.tcinet.ru', dates: ['iso-z'], extraDate: 'paid_till_date' },
  { suffix: 'com.br', weight: 20, server: 'whois.registro.br', dates: ['compact'], upperNameservers: true },
  { suffix: 'fr', weight: 15, server: 'whois.nic.fr', dates: ['iso-z'] },
  { suffix: 'nl', weight: 15, server: 'whois.domain-registry.nl', dates: ['iso-colon'] },
  { suffix: 'io', weight: 15, server: 'whois.nic.io', dates: ['iso-z'] },
  { suffix: 'info', weight: 12, server: 'whois.nic.info', dates: ['iso-z', 'iso-fraction'] },
  { suffix: 'cn', weight: 12, server: 'whois.cnnic.cn', dates: ['space'] },
  { suffix: 'com.cn', weight: 6, server: 'whois.cnnic.cn', dates: ['space'] },
  { suffix: 'jp', weight: 10, server: 'whois.jprs.jp', dates: ['slash-jst'] },
  { suffix: 'co.jp', weight: 6, server: 'whois.jprs.jp', dates: ['slash-jst'] },
  { suffix: 'pl', weight: 8, server: 'whois.dns.pl', dates: ['ymd-dots'] },
  { suffix: 'kr', weight: 6, server: 'whois.kr', dates: ['korean'] },
  { suffix: 'co.kr', weight: 4, server: 'whois.kr', dates: ['korean'] },
  { suffix: 'com.tw', weight: 5, server: 'whois.twnic.net.tw', dates: ['utc-plus'] },
  { suffix: 'tk', weight: 8, server: 'whois.dot.tk', dates: ['mdy'] },
  { suffix: 'fi', weight: 4, server: 'whois.fi', dates: ['dmy-dots'] },
  { suffix: 'cz', weight: 4, server: 'whois.nic.cz', dates: ['dmy-dots'] },
  { suffix: 'ee', weight: 3, server: 'whois.tld.ee', dates: ['space-hours'] },
  { suffix: 'ie', weight: 4, server: 'whois.weare.ie', dates: ['dmy-month-upper-yy'] },
  { suffix: 'co.in', weight: 4, server: 'whois.registry.in', dates: ['dmy-month-utc'] },
  { suffix: 'in', weight: 5, server: 'whois.registry.in', dates: ['dmy-month-utc'] },
  { suffix: 'ws', weight: 2, server: 'whois.website.ws', dates: ['ctime'] },
  { suffix: 'lk', weight: 1, server: 'whois.nic.lk', dates: ['ordinal'] },
  { suffix: 'com.au', weight: 8, server: 'whois.auda.org.au', dates: ['iso-z'] },
  { suffix: 'ca', weight: 7, server: 'whois.cira.ca', dates: ['iso-z'] },
  { suffix: 'it', weight: 7, server: 'whois.nic.it', dates: ['space'] },
  { suffix: 'es', weight: 5, server: 'whois.nic.es', dates: ['iso-z'] },
  { suffix: 'co', weight: 6, server: 'whois.nic.co', dates: ['iso-z'] },
  { suffix: 'xyz', weight: 8, server: 'whois.nic.xyz', dates: ['iso-fraction'] },
  { suffix: 'app', weight: 4, server: 'whois.nic.google', dates: ['iso-z'] },
  { suffix: 'dev', weight: 3, server: 'whois.nic.google', dates: ['iso-z'] },
  { suffix: 'online', weight: 4, server: 'whois.nic.online', dates: ['iso-fraction'] },
]

/** A registrar as WHOIS records name it. */
export interface Registrar {
  name: string
  id: string
  url: string
  email: string
}

/**
 * Registrars, most frequent first.
 *
 * @example
 * ```ts
 * REGISTRARS[0].name // 'GoDaddy.com, LLC'
 * ```
 */
export const REGISTRARS: readonly Registrar[] = [
  { name: 'GoDaddy.com, LLC', id: '146', url: 'https://www.godaddy.com', email: 'abuse@godaddy.com' },
  { name: 'NameCheap, Inc.', id: '1068', url: 'https://www.namecheap.com', email: 'abuse@namecheap.com' },
  { name: 'Tucows Domains Inc.', id: '69', url: 'https://www.tucows.com', email: 'domainabuse@tucows.com' },
  {
    name: 'MarkMonitor Inc.',
    id: '292',
    url: 'http://www.markmonitor.com',
    email: 'abusecomplaints@markmonitor.com',
  },
  { name: 'Network Solutions, LLC', id: '2', url: 'http://networksolutions.com', email: 'abuse@web.com' },
  { name: 'Google LLC', id: '895', url: 'https://domains.google.com', email: 'registrar-abuse@google.com' },
  {
    name: 'Cloudflare, Inc.',
    id: '1910',
    url: 'https://www.cloudflare.com',
    email: 'registrar-abuse@cloudflare.com',
  },
  { name: 'Gandi SAS', id: '81', url: 'https://www.gandi.net', email: 'abuse@support.gandi.net' },
  { name: 'OVH sas', id: '433', url: 'https://www.ovh.com', email: 'abuse@ovh.net' },
  { name: 'IONOS SE', id: '83', url: 'https://www.ionos.com', email: 'abuse@ionos.com' },
  { name: 'Porkbun LLC', id: '1861', url: 'https://porkbun.com', email: 'abuse@porkbun.com' },
  {
    name: 'Alibaba Cloud Computing (Beijing) Co., Ltd.',
    id: '420',
    url: 'https://wanwang.aliyun.com',
    email: 'DomainAbuse@service.aliyun.com',
  },
  {
    name: 'GMO Internet, Inc. d/b/a Onamae.com',
    id: '49',
    url: 'https://www.onamae.com',
    email: 'abuse@gmo.jp',
  },
  { name: 'Key-Systems GmbH', id: '269', url: 'https://www.key-systems.net', email: 'abuse@key-systems.net' },
  { name: 'eNom, LLC', id: '48', url: 'https://www.enom.com', email: 'abuse@enom.com' },
  { name: 'Dynadot, LLC', id: '472', url: 'https://www.dynadot.com', email: 'abuse@dynadot.com' },
  {
    name: 'Hostinger Operations, UAB',
    id: '1636',
    url: 'https://www.hostinger.com',
    email: 'abuse-tracker@hostinger.com',
  },
  {
    name: 'PDR Ltd. d/b/a PublicDomainRegistry.com',
    id: '303',
    url: 'http://www.publicdomainregistry.com',
    email: 'abuse-contact@publicdomainregistry.com',
  },
  {
    name: 'Squarespace Domains II LLC',
    id: '895',
    url: 'https://domains.squarespace.com',
    email: 'abuse-complaints@squarespace.com',
  },
  {
    name: 'Amazon Registrar, Inc.',
    id: '468',
    url: 'https://registrar.amazon.com',
    email: 'abuse@amazonaws.com',
  },
  {
    name: 'CSC Corporate Domains, Inc.',
    id: '299',
    url: 'https://www.cscdbs.com',
    email: 'domainabuse@cscglobal.com',
  },
  { name: 'Registro.br', id: '', url: 'https://registro.br', email: 'abuse@registro.br' },
  { name: 'RU-CENTER-RU', id: '', url: 'https://www.nic.ru', email: 'tld-abuse@nic.ru' },
  { name: 'Nominet UK', id: '', url: 'https://www.nominet.uk', email: 'support@nominet.uk' },
  { name: 'Gabia, Inc.', id: '244', url: 'https://www.gabia.com', email: 'abuse@gabia.com' },
  {
    name: 'Xin Net Technology Corporation',
    id: '120',
    url: 'http://www.xinnet.com',
    email: 'supervision@xinnet.com',
  },
]

/**
 * Privacy services that replace a registrant's details. `{d}` is the domain.
 *
 * @example
 * ```ts
 * PRIVACY[0].organization // 'Domains By Proxy, LLC'
 * ```
 */
export const PRIVACY: readonly { organization: string; name: string; email: string; country: string }[] = [
  {
    organization: 'Domains By Proxy, LLC',
    name: 'Registration Private',
    email: 'Select Contact Domain Holder link at https://www.godaddy.com/whois/results.aspx?domain={d}',
    country: 'US',
  },
  {
    organization: 'Withheld for Privacy ehf',
    name: 'Redacted for Privacy',
    email:
      'Please query the RDDS service of the Registrar of Record identified in this output for information on how to contact the Registrant',
    country: 'IS',
  },
  {
    organization: 'Privacy service provided by Withheld for Privacy ehf',
    name: 'REDACTED FOR PRIVACY',
    email: 'https://www.namecheap.com/domains/whois/result?domain={d}',
    country: 'IS',
  },
  {
    organization: 'DATA REDACTED',
    name: 'DATA REDACTED',
    email: 'https://www.cloudflare.com/abuse/form',
    country: 'US',
  },
  {
    organization: 'REDACTED FOR PRIVACY',
    name: 'REDACTED FOR PRIVACY',
    email: 'Registrant Email: Redacted | EU Data Subject',
    country: 'DE',
  },
  {
    organization: 'Contact Privacy Inc. Customer 0149511181',
    name: 'Contact Privacy Inc. Customer 0149511181',
    email: '{d}@contactprivacy.com',
    country: 'CA',
  },
]

/**
 * Legal forms of organisation names, by country code ('' is the fallback).
 *
 * @example
 * ```ts
 * LEGAL_FORMS['DE'] // ['GmbH', 'AG', 'GmbH & Co. KG', 'e.K.']
 * ```
 */
export const LEGAL_FORMS: Readonly<Record<string, readonly string[]>> = {
  '': ['Inc.', 'LLC', 'Ltd', 'Corp.', 'Group', 'Holdings'],
  US: ['Inc.', 'LLC', 'Corp.', 'Holdings, Inc.', 'Co.'],
  GB: ['Ltd', 'Limited', 'PLC', 'LLP'],
  DE: ['GmbH', 'AG', 'GmbH & Co. KG', 'e.K.'],
  FR: ['SAS', 'SARL', 'SA'],
  BR: ['Ltda.', 'S.A.', 'ME'],
  JP: ['K.K.', 'Co., Ltd.', 'G.K.'],
  CN: ['Co., Ltd.', 'Technology Co., Ltd.', 'Network Technology Co., Ltd.'],
  NL: ['B.V.', 'N.V.'],
  IN: ['Pvt. Ltd.', 'Private Limited', 'LLP'],
  ES: ['S.L.', 'S.A.'],
  RU: ['OOO', 'AO'],
}

/**
 * EPP status flags; records carry a comma-separated selection.
 *
 * @example
 * ```ts
 * STATUSES.slice(0, 2).join(',') // 'clientTransferProhibited,clientDeleteProhibited'
 * ```
 */
export const STATUSES: readonly string[] = [
  'clientTransferProhibited',
  'clientDeleteProhibited',
  'clientUpdateProhibited',
  'clientRenewProhibited',
  'serverTransferProhibited',
  'serverDeleteProhibited',
  'serverUpdateProhibited',
  'clientHold',
  'pendingDelete',
  'redemptionPeriod',
]
