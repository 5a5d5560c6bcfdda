/**
 * The corpus of the ClickHouse differential tests: a generated sample (seeded, regenerated on each
 * run by `writeSample`) plus hand-written edge cases the generator never produces: text in every
 * script and code-unit range (lone surrogates, U+E000…U+FFFF, astral letters), quotes and
 * backslashes, `__proto__` keys and values, ties in the result order, missing and unparseable
 * dates, duplicates replaced by later records, the null MX, hosts in upper case with a trailing dot,
 * emails and registrar names in several writings (case, white space, width, composition).
 * Also the vocabulary the query arbitraries draw from, so that random queries match something.
 */
import { readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { tokenize } from '../../src/analysis/tokenize.js'
import { writeSample } from '../../src/generate/write-sample.js'
import { forEachContactValue } from '../../src/indexes/reverse/contact-values.js'
import type { Observation, Sources, WhoisRecord } from '../../src/types.js'

/** Values seen in the corpus, by the parameter they suit. */
export interface Vocabulary {
  tokens: string[]
  phrases: string[]
  organizations: string[]
  streets: string[]
  postalCodes: string[]
  phones: string[]
  nameservers: string[]
  emails: string[]
  registrars: string[]
  instants: string[]
  apexes: string[]
  dnsHosts: string[]
  txtTokens: string[]
  itemValues: string[]
  types: string[]
  contexts: string[]
  days: string[]
}

// Raw JSON text, so that escapes (lone surrogates, `__proto__` keys) reach the loader as written.
const EDGE_WHOIS = [
  String.raw`{"query":"edge-a.com","domain":{"name":"edge-a.com","created":"2020-05-01T00:00:00Z","nameservers":["NS1.Example-DNS.net.","ns2.example-dns.net"]},"registrant":{"organization":"Ärger & Söhne GmbH","street":["1 Main St","Suite 2"],"postal_code":"SW1A 1AA","phone":"+1.650-253-0000","city":"O'Brien \\ City"}}`,
  String.raw`{"query":"edge-b.com","domain":{"name":"edge-b.com","created":"2020-05-01T00:00:00Z","nameservers":["ns1.notexample-dns.net"]},"admin":{"organization":"\ue000x Private \ud800 Lone","street":"𝒜stral 𝐁 Road","postalcode":"１０１-0001","phone":"650 253 0000"}}`,
  `{"query":"edge-c.com","domain":{"name":"edge-c.com","created":"not a date","updated":"2021-01-31 23:59:59"},"tech":{"organization":"中文公司 Acme Acme Holdings","street":["Acme Holdings Tower","acme  holdings"],"__proto__":"polluted","name":"quick brown fox jumps"}}`,
  `{"query":"edge-d.com","domain":{"name":"EDGE-D.com.","expires":"2030-12-31T23:59:59Z","nameservers":["ns1.example-dns.net.evil.net"]},"billing":{"organization":"Acme Holdings","street":"fox quick brown","phone":"+44 20 7946 0958","fax":"+1 650 253 0000"}}`,
  `{"query":"edge-e.com","domain":{"name":"edge-e.com","created":"2020-05-01T00:00:00Z"},"registrant":{"organization":"Ünïcödé Straße","street":"Straße 5 ﬁ ligature","redacted":true}}`,
  String.raw`{"query":"edge-a.com","domain":{"name":"edge-a.com","created":"2019-04-30T23:00:00-0100","nameservers":["NS1.Example-DNS.net.","ns2.example-dns.net"]},"registrant":{"organization":"Ärger & Söhne GmbH","street":["1 Main St","Suite 2"],"postal_code":"SW1A 1AA","phone":"+1.650-253-0000","city":"O'Brien \\ City"}}`,
  String.raw`{"query":"edge-f.com","domain":{"name":"edge-f.com","created":"2020-05-01T00:00:00Z","registrar_name":"GoDaddy.com, LLC"},"registrant":{"organization":"Acme Holdings","email":" Info@Edge-F.com\t"}}`,
  String.raw`{"query":"edge-g.com","domain":{"name":"edge-g.com","created":"2020-05-02T00:00:00Z","registrar_name":" godaddy.com,\u00a0\u3000llc\n"},"admin":{"email":"INFO@EDGE-F.COM"},"tech":{"email":"\ud800\ue000@Lone.example"}}`,
  String.raw`{"query":"edge-h.com","domain":{"name":"edge-h.com","registrar_name":["ＧｏＤａｄｄｙ．ｃｏｍ，　ＬＬＣ","J\u030cones Registrar"]},"tech":{"email":"ｉｎｆｏ@edge-f.com"},"billing":{"email":"  "}}`,
  String.raw`{"query":"edge-i.com","domain":{"name":"edge-i.com","created":"2020-05-01T00:00:00Z","registrar_name":"\u01f0ones  REGISTRAR"},"registrant":{"email":"info @edge-f.com"}}`,
  `{"query":"edge-j.com","domain":{"name":"edge-j.com","registrar_name":42},"registrant":{"email":null}}`,
]

const item = (context: string, type: string, value: string, meta = false) => ({
  context,
  is_metadata: meta,
  type,
  value,
})

function edgeObservations(): { mx: Observation[]; txt: Observation[] } {
  const apex = (host: string) => item('', 'host', host, true)
  const ns = (host: string) => item('dns-ns', 'host', host)
  const mx: Observation[] = [
    {
      date: '2024-03-01',
      id: 'edge-mx-1',
      items: [
        apex('edge-a.com'),
        item('dns-mx', 'host', '.'),
        item('dns-mx', 'mx-preference', '0'),
        ns('NS1.Example-DNS.net.'),
      ],
    },
    {
      date: '2024-03-01',
      id: 'edge-mx-2',
      items: [
        apex('edge-a.com'),
        item('dns-mx', 'host', 'MX.Edge-A.com.'),
        item('dns-mx', 'mx-preference', '10'),
        ns('ns2.example-dns.net'),
      ],
    },
    {
      date: '2024-02-01',
      id: 'edge-mx-3',
      items: [
        apex('edge-a.com'),
        item('dns-mx', 'host', 'mx.google.com'),
        item('dns-mx', 'mx-preference', '5'),
        ns('ns1.notexample-dns.net'),
      ],
    },
    {
      date: '2024-03-01',
      id: 'Edge-mx-1',
      items: [
        apex('EDGE-B.com'),
        item('dns-mx', 'host', 'mx.edge-b.com'),
        item('dns-mx', 'mx-preference', '10'),
        ns('ns1.example-dns.net.evil.net'),
      ],
    },
  ]
  const txt: Observation[] = [
    {
      date: '2024-03-02',
      id: 'edge-txt-\u{1F600}',
      items: [
        apex('edge-a.com'),
        item('dns-txt', 'txt', 'v=spf1 include:_spf.google.com ~all'),
        ns('ns1.example-dns.net'),
      ],
    },
    {
      date: '2024-03-02',
      id: 'edge-txt-\ue000',
      items: [apex('edge-a.com'), item('dns-txt', 'txt', '__proto__'), ns('ns1.example-dns.net')],
    },
    {
      date: '2024-03-02',
      id: 'edge-txt-\uffff',
      items: [
        apex('edge-a.com'),
        item('dns-txt', 'txt', 'it\'s a \\ back\\slash "quoted"'),
        ns('ns1.example-dns.net'),
      ],
    },
    {
      date: '2024-03-02',
      id: 'edge-txt-\ud800',
      items: [
        apex('edge-b.com'),
        item('dns-txt', 'txt', 'V=SPF1 -ALL'),
        item('dns-txt', 'txt', 'v=spf1 -all'),
        ns('ns1.example-dns.net'),
      ],
    },
    {
      date: '2024-03-02',
      id: 'edge-txt-z',
      items: [
        apex('edge-b.com'),
        item('dns-txt', 'txt', '\ue000 private \ud83d lone 中文 𝒜'),
        item('dns-txt', 'txt', ''),
        ns('NS1.EXAMPLE-DNS.NET'),
      ],
    },
    {
      date: '2024-01-15',
      id: 'edge-txt-old',
      items: [
        apex('edge-b.com'),
        item('dns-txt', 'txt', 'google-site-verification=abc'),
        ns('ns1.example-dns.net'),
      ],
    },
    {
      date: '2024-03-02',
      id: 'edge-txt-\ue000',
      items: [
        apex('edge-a.com'),
        item('dns-txt', 'txt', 'replaced __proto__ later'),
        ns('ns1.example-dns.net'),
      ],
    },
  ]
  return { mx, txt }
}

/**
 * Writes the corpus into `dir` and returns its sources and vocabulary.
 *
 * @param dir - an empty directory
 * @param size - WHOIS records and DNS observations of the generated part
 * @param seed - the generator's seed
 */
export async function writeCorpus(
  dir: string,
  size: { whois: number; dns: number },
  seed: number,
): Promise<{ sources: Sources; vocabulary: Vocabulary }> {
  const sample = await writeSample({ whois: size.whois, dns: size.dns, seed, out: dir })
  const edgeWhois = join(dir, 'edge-whois.jsonl')
  await writeFile(edgeWhois, `${EDGE_WHOIS.join('\n')}\n`)
  const edge = edgeObservations()
  const edgeMx = join(dir, 'edge-mx.jsonl')
  const edgeTxt = join(dir, 'edge-txt.jsonl')
  await writeFile(edgeMx, edge.mx.map((o) => JSON.stringify(o)).join('\n'))
  await writeFile(edgeTxt, edge.txt.map((o) => JSON.stringify(o)).join('\n'))
  const sources: Sources = {
    whois: [sample.whois.path, edgeWhois],
    dns: [
      { path: sample.mx.path, kind: 'mx' },
      { path: sample.txt.path, kind: 'txt' },
      { path: edgeMx, kind: 'mx' },
      { path: edgeTxt, kind: 'txt' },
    ],
  }
  const whois = [
    ...(await readLines<WhoisRecord>(sample.whois.path)),
    ...EDGE_WHOIS.map((l) => JSON.parse(l) as WhoisRecord),
  ]
  const observations = [
    ...(await readLines<Observation>(sample.mx.path)),
    ...(await readLines<Observation>(sample.txt.path)),
    ...edge.mx,
    ...edge.txt,
  ]
  return { sources, vocabulary: vocabularyOf(whois, observations) }
}

/**
 * The JSON values of a JSON Lines file.
 *
 * @param path - the file
 */
export async function readLines<T>(path: string): Promise<T[]> {
  return (await readFile(path, 'utf8'))
    .split('\n')
    .filter((l) => l.length > 0)
    .map((l) => JSON.parse(l) as T)
}

/**
 * The vocabulary of some records: the values query arbitraries draw from.
 *
 * @param whois - WHOIS records
 * @param observations - DNS observations of both kinds
 */
export function vocabularyOf(
  whois: readonly WhoisRecord[],
  observations: readonly Observation[],
): Vocabulary {
  const v: Vocabulary = {
    tokens: [],
    phrases: [],
    organizations: [],
    streets: [],
    postalCodes: [],
    phones: [],
    nameservers: [],
    emails: [],
    registrars: [],
    instants: [],
    apexes: [],
    dnsHosts: [],
    txtTokens: [],
    itemValues: [],
    types: [],
    contexts: [],
    days: [],
  }
  for (const record of whois) {
    forEachContactValue(record, (field, value) => {
      v.tokens.push(...tokenize(value))
      v.phrases.push(value)
      if (field === 'organization') v.organizations.push(value)
      if (field === 'street') v.streets.push(value)
      if (field === 'postal_code' || field === 'postalcode') v.postalCodes.push(value)
      if (field === 'phone') v.phones.push(value)
      if (field === 'email') v.emails.push(value)
    })
    const domain = record.domain ?? {}
    const registrar = domain['registrar_name']
    for (const name of Array.isArray(registrar) ? registrar : [registrar]) {
      if (typeof name === 'string') v.registrars.push(name)
    }
    const ns = domain.nameservers
    for (const host of Array.isArray(ns) ? ns : typeof ns === 'string' ? [ns] : []) {
      const labels = String(host).split('.')
      for (let i = 0; i < labels.length; i++) v.nameservers.push(labels.slice(i).join('.'))
    }
    for (const field of ['created', 'updated', 'expires'] as const) {
      const raw = domain[field]
      if (typeof raw === 'string' && /^\d{4}-\d{2}-\d{2}/.test(raw)) v.instants.push(raw.slice(0, 10))
    }
  }
  for (const o of observations) {
    v.days.push(o.date)
    for (const it of o.items) {
      v.types.push(it.type)
      v.contexts.push(it.context)
      v.itemValues.push(it.value)
      if (it.type === 'host') {
        if (it.is_metadata) v.apexes.push(it.value)
        const labels = it.value.split('.')
        for (let i = 0; i < labels.length; i++) v.dnsHosts.push(labels.slice(i).join('.'))
      } else v.txtTokens.push(...tokenize(it.value))
    }
  }
  for (const key of Object.keys(v) as (keyof Vocabulary)[]) v[key] = [...new Set(v[key])].sort()
  return v
}
