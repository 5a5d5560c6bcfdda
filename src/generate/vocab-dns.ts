/**
 * DNS hosting and mail providers of the generated corpora, most popular first (samplers pick them
 * Zipf-like, so a few providers serve a large share of domains), and the TXT records domains publish.
 */

/**
 * How a nameserver provider names its servers:
 * `numbered` ns1…nsK.<zone>; `cloudflare` <name>.ns.cloudflare.com; `awsdns` ns-N.awsdns-NN.<tld>;
 * `paired` nsNN.<zone> with consecutive NN; `azure` ns1-0N.azure-dns.<tld>; `letters` a…d.<zone>.
 */
export type NsPattern = 'numbered' | 'cloudflare' | 'awsdns' | 'paired' | 'azure' | 'letters'

/** A nameserver provider. */
export interface NsProvider {
  zone: string
  pattern: NsPattern
  /** Nameservers a domain gets. */
  count: number
}

/**
 * Nameserver providers, most popular first.
 *
 * @example
 * ```ts
 * NS_PROVIDERS[0] // { zone: 'ns.cloudflare.com', pattern: 'cloudflare', count: 2 }
 * ```
 */
export const NS_PROVIDERS: readonly NsProvider[] = [
  { zone: 'ns.cloudflare.com', pattern: 'cloudflare', count: 2 },
  { zone: 'domaincontrol.com', pattern: 'paired', count: 2 },
  { zone: 'awsdns', pattern: 'awsdns', count: 4 },
  { zone: 'registrar-servers.com', pattern: 'numbered', count: 2 },
  { zone: 'googledomains.com', pattern: 'numbered', count: 4 },
  { zone: 'azure-dns', pattern: 'azure', count: 4 },
  { zone: 'dns.gandi.net', pattern: 'letters', count: 3 },
  { zone: 'ovh.net', pattern: 'numbered', count: 2 },
  { zone: 'ui-dns.com', pattern: 'numbered', count: 4 },
  { zone: 'hostinger.com', pattern: 'numbered', count: 2 },
  { zone: 'bluehost.com', pattern: 'numbered', count: 2 },
  { zone: 'dnsmadeeasy.com', pattern: 'numbered', count: 4 },
  { zone: 'nsone.net', pattern: 'letters', count: 4 },
  { zone: 'ultradns.net', pattern: 'numbered', count: 4 },
  { zone: 'hichina.com', pattern: 'numbered', count: 2 },
  { zone: 'dnspod.net', pattern: 'numbered', count: 2 },
  { zone: 'he.net', pattern: 'numbered', count: 4 },
  { zone: 'digitalocean.com', pattern: 'numbered', count: 3 },
  { zone: 'linode.com', pattern: 'numbered', count: 5 },
  { zone: 'name.com', pattern: 'numbered', count: 4 },
  { zone: 'dreamhost.com', pattern: 'numbered', count: 3 },
  { zone: 'eurodns.com', pattern: 'numbered', count: 4 },
  { zone: 'parkingcrew.net', pattern: 'numbered', count: 2 },
  { zone: 'sedoparking.com', pattern: 'numbered', count: 2 },
  { zone: 'dns.com.br', pattern: 'letters', count: 2 },
  { zone: 'nic.ru', pattern: 'numbered', count: 3 },
  { zone: 'jprs.jp', pattern: 'numbered', count: 2 },
  { zone: 'inwx.de', pattern: 'numbered', count: 3 },
  { zone: 'hetzner.com', pattern: 'numbered', count: 3 },
  { zone: 'netcup.net', pattern: 'numbered', count: 3 },
]

/**
 * First names Cloudflare gives its nameservers.
 *
 * @example
 * ```ts
 * `${CLOUDFLARE_NAMES[0]}.ns.cloudflare.com` // 'ada.ns.cloudflare.com'
 * ```
 */
export const CLOUDFLARE_NAMES: readonly string[] = `
ada alan amy art bart bob carl cash chad coco dana dave dee elle emma fred gina hank isla jack
jean kate ken lara lisa liz mark mia nash noah olga pam pete rita ruth sam tara tom uma vera walt
`
  .trim()
  .split(/\s+/)

/** A mail provider: its MX hosts with preferences (`{d}` is the apex with dots as dashes) and SPF include. */
export interface MxProvider {
  hosts: readonly (readonly [host: string, preference: number])[]
  spf: string
}

/**
 * Mail providers, most popular first (self-hosted mail and null MX are built apart).
 *
 * @example
 * ```ts
 * MX_PROVIDERS[1].hosts[0] // ['{d}.mail.protection.outlook.com', 0]
 * ```
 */
export const MX_PROVIDERS: readonly MxProvider[] = [
  {
    hosts: [
      ['aspmx.l.google.com', 1],
      ['alt1.aspmx.l.google.com', 5],
      ['alt2.aspmx.l.google.com', 5],
      ['alt3.aspmx.l.google.com', 10],
      ['alt4.aspmx.l.google.com', 10],
    ],
    spf: '_spf.google.com',
  },
  { hosts: [['{d}.mail.protection.outlook.com', 0]], spf: 'spf.protection.outlook.com' },
  { hosts: [['smtp.google.com', 1]], spf: '_spf.google.com' },
  {
    hosts: [
      ['mx1.privateemail.com', 10],
      ['mx2.privateemail.com', 10],
    ],
    spf: 'spf.privateemail.com',
  },
  {
    hosts: [
      ['mx00.ionos.com', 10],
      ['mx01.ionos.com', 10],
    ],
    spf: '_spf.perfora.net',
  },
  {
    hosts: [
      ['mx1.zoho.com', 10],
      ['mx2.zoho.com', 20],
      ['mx3.zoho.com', 50],
    ],
    spf: 'zoho.com',
  },
  {
    hosts: [
      ['mx1.mail.ovh.net', 1],
      ['mx2.mail.ovh.net', 5],
      ['mx3.mail.ovh.net', 100],
    ],
    spf: 'mx.ovh.com',
  },
  {
    hosts: [
      ['mx01.mail.icloud.com', 10],
      ['mx02.mail.icloud.com', 10],
    ],
    spf: 'icloud.com',
  },
  {
    hosts: [
      ['in1-smtp.messagingengine.com', 10],
      ['in2-smtp.messagingengine.com', 20],
    ],
    spf: 'spf.messagingengine.com',
  },
  {
    hosts: [
      ['mxbiz1.qq.com', 5],
      ['mxbiz2.qq.com', 10],
    ],
    spf: 'spf.mail.qq.com',
  },
  { hosts: [['mx.yandex.net', 10]], spf: '_spf.yandex.net' },
  {
    hosts: [
      ['mx1.hostinger.com', 5],
      ['mx2.hostinger.com', 10],
    ],
    spf: '_spf.mail.hostinger.com',
  },
  {
    hosts: [
      ['mail.protonmail.ch', 10],
      ['mailsec.protonmail.ch', 20],
    ],
    spf: '_spf.protonmail.ch',
  },
  {
    hosts: [
      ['mxa.mailgun.org', 10],
      ['mxb.mailgun.org', 10],
    ],
    spf: 'mailgun.org',
  },
  {
    hosts: [
      ['us-smtp-inbound-1.mimecast.com', 10],
      ['us-smtp-inbound-2.mimecast.com', 10],
    ],
    spf: '_netblocks.mimecast.com',
  },
]

/**
 * SPF `include:` mechanisms of mailing services that send on a domain's behalf.
 *
 * @example
 * ```ts
 * `include:${SPF_SERVICES[0]}` // 'include:sendgrid.net'
 * ```
 */
export const SPF_SERVICES: readonly string[] = [
  'sendgrid.net',
  'servers.mcsv.net',
  'amazonses.com',
  'spf.mandrillapp.com',
  '_spf.salesforce.com',
  'mail.zendesk.com',
  'spf.mtasv.net',
  '_spf.hubspotemail.net',
]

/**
 * Services whose domain-verification tokens appear in TXT records, with the token's shape.
 *
 * @example
 * ```ts
 * VERIFICATIONS[1] // ['MS=ms', '0123456789', 8]: 'MS=ms12345678'
 * ```
 */
export const VERIFICATIONS: readonly (readonly [prefix: string, alphabet: string, length: number])[] = [
  ['google-site-verification=', 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_', 43],
  ['MS=ms', '0123456789', 8],
  ['facebook-domain-verification=', 'abcdefghijklmnopqrstuvwxyz0123456789', 30],
  ['atlassian-domain-verification=', 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789/+', 64],
  ['apple-domain-verification=', 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789', 16],
  ['docusign=', '0123456789abcdef-', 36],
  ['globalsign-domain-verification=', 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_', 42],
  ['stripe-verification=', '0123456789abcdef', 64],
  ['adobe-idp-site-verification=', '0123456789abcdef-', 36],
  ['zoom-verification=', '0123456789abcdef', 32],
]

/**
 * DMARC policies, most common first; `{d}` is the apex.
 *
 * @example
 * ```ts
 * DMARC[3] // 'v=DMARC1; p=none'
 * ```
 */
export const DMARC: readonly string[] = [
  'v=DMARC1; p=none; rua=mailto:dmarc@{d}',
  'v=DMARC1; p=reject; sp=reject; adkim=s; aspf=s',
  'v=DMARC1; p=quarantine; pct=100; rua=mailto:postmaster@{d}',
  'v=DMARC1; p=none',
  'v=DMARC1; p=reject; rua=mailto:dmarc_agg@vali.email',
]
