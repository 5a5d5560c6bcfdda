/**
 * fast-check generators for the DNS property tests: small observation sets built to collide
 * (several dates per apex, shared nameservers, repeated TXT values, empty answers, upper-case and
 * trailing-dot hosts, null MX, odd key orders and extra fields) and valid random queries.
 */
import fc from 'fast-check'
import type { DnsKind, Item, Observation } from '../../src/types.js'
import type { RefParams } from './reference.js'

const APEXES = ['a.com', 'A.COM', 'a.com.', 'b.org', 'shop.co.uk', 'xn--mnchen-3ya.de', 'münchen.de', 'c.net']
const DATES = ['2023-12-31', '2024-01-01', '2024-01-02', '2024-02-29', '2024-03-01']
const NAMESERVERS = [
  'ns1.prov.net',
  'ns2.prov.net',
  'NS1.PROV.NET.',
  'prov.net',
  'ns.notprov.net',
  'prov.net.evil.org',
  'ada.ns.cloudflare.com',
  'bob.ns.cloudflare.com',
  // Also an MX host: one value in two fields, which a summary must count once per observation.
  'mx.prov.net',
]
const MX_HOSTS = [
  'aspmx.l.google.com',
  'alt1.aspmx.l.google.com',
  'mx.prov.net',
  '.',
  'mail.a.com',
  'MX.Prov.Net',
]
const TXT_VALUES = [
  'v=spf1 include:_spf.google.com ~all',
  'v=spf1 -all',
  'V=SPF1 -ALL',
  'google-site-verification=abc123',
  'MS=ms1234',
  '',
  '__proto__',
  'constructor',
  'v=DMARC1; p=reject',
  'include include spf',
  'a b a b c',
  'Münche straße',
  '"quoted" text, with (parens)',
  '10',
]

const item = (context: string, type: string, value: string, is_metadata = false): Item => ({
  context,
  is_metadata,
  type,
  value,
})

const idArb = fc.string({ unit: fc.constantFrom('a', 'b', 'C', '1', '-'), minLength: 1, maxLength: 5 })

const oddity = fc.constantFrom(
  'none',
  'none',
  'none',
  'none',
  'none',
  'none',
  'reordered',
  'extra',
  'itemExtra',
  'timestamp',
  'manyItems',
)

/** An observation before its id is chosen. */
interface Draft {
  date: string
  items: Item[]
  [field: string]: unknown
}

function observationArb(kind: DnsKind): fc.Arbitrary<Draft> {
  const answer =
    kind === 'mx'
      ? fc
          .array(fc.tuple(fc.constantFrom(...MX_HOSTS), fc.constantFrom('0', '1', '10')), { maxLength: 3 })
          .map((a) => a.flatMap(([h, p]) => [item('dns-mx', 'host', h), item('dns-mx', 'mx-preference', p)]))
      : fc
          .array(fc.constantFrom(...TXT_VALUES), { maxLength: 3 })
          .map((a) => a.map((v) => item('dns-txt', 'txt', v)))
  return fc
    .record({
      apex: fc.constantFrom(...APEXES),
      date: fc.constantFrom(...DATES),
      answer,
      ns: fc.array(fc.constantFrom(...NAMESERVERS), { minLength: 1, maxLength: 2 }),
      oddity,
    })
    .map(({ apex, date, answer, ns, oddity }) => {
      const items = [item('', 'host', apex, true), ...answer, ...ns.map((h) => item('dns-ns', 'host', h))]
      // Over 64 items (a summary's per-observation buffer), values repeating.
      if (oddity === 'manyItems')
        items.push(...(Array.from({ length: 70 }, (_, i) => answer[i % answer.length] ?? items[0]) as Item[]))
      if (oddity === 'itemExtra' && items.length > 1) Object.assign(items[1] as Item, { ttl: 300 })
      if (oddity === 'reordered') return { items, date }
      if (oddity === 'extra') return { date, items, source: 'crawler-7' }
      if (oddity === 'timestamp') return { date: `${date}T06:07:08Z`, items }
      return { date, items }
    })
}

/** Observation sets of one kind with unique ids (the id placed first or in the API's order). */
export function observationsArb(kind: DnsKind, maxLength = 60): fc.Arbitrary<Observation[]> {
  return fc
    .uniqueArray(fc.tuple(idArb, observationArb(kind)), { selector: ([id]) => id, maxLength })
    .map((list) =>
      list.map(([id, o]): Observation => {
        const { date, items, ...rest } = o
        // A reordered observation keeps its odd key order: items, id, date.
        return Object.keys(o)[0] === 'items' ? { items, id, date, ...rest } : { date, id, items, ...rest }
      }),
    )
}

const HOST_VALUES = [
  'a.com',
  'A.COM.',
  'com',
  'prov.net',
  'ns1.prov.net',
  'google.com',
  'l.google.com',
  '.',
  'münchen.de',
  'evil.org',
  'net',
]
const WORDS = [
  'spf1',
  '_spf.google.com',
  'v=spf1 -all',
  'google-site-verification',
  'include spf',
  'a b c',
  'b a',
  'MÜNCHE',
  'proto',
  'reject',
  '10',
  'nothing',
]
const EXACT = [
  'v=spf1 -all',
  'V=SPF1 -all',
  '',
  '__proto__',
  'MS=ms1234',
  '10',
  '0',
  'nothing',
  '"quoted" text, with (parens)',
]

function quoteValue(v: string, force: boolean): string {
  if (!force && /^[^\s(),"]+$/.test(v)) return v
  return `"${v.replace(/[\\"]/g, (c) => `\\${c}`)}"`
}

/** A valid term as text. */
export const termArb: fc.Arbitrary<string> = fc
  .record({
    context: fc.constantFrom(null, null, null, null, '', 'dns-mx', 'dns-ns', 'dns-txt'),
    type: fc.constantFrom('host', 'host', 'host', 'txt', 'txt', 'mx-preference'),
    op: fc.constantFrom(':', '='),
    pick: fc.nat(),
    force: fc.boolean(),
  })
  .map(({ context, type, op, pick, force }) => {
    const pool = type === 'host' ? HOST_VALUES : op === ':' ? WORDS : EXACT
    const value = pool[pick % pool.length] as string
    const field = context === null ? type : `${context}.${type}`
    return `${field}${op}${quoteValue(value, force || value === '')}`
  })

const exprArb: fc.Arbitrary<string> = fc.letrec<{ e: string }>((tie) => ({
  e: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    { arbitrary: termArb, weight: 3 },
    tie('e').map((e) => `NOT ${e}`),
    tie('e').map((e) => `not(${e})`),
    fc
      .tuple(tie('e'), fc.constantFrom(' AND ', ' and ', ' ', ' OR ', ' or '), tie('e'))
      .map(([a, op, b]) => `${a}${op}${b}`),
    tie('e').map((e) => `( ${e} )`),
  ),
})).e

// Present with probability 1/(1 + absentWeight): several criteria at once rarely leave matches.
function sometimes<T>(arb: fc.Arbitrary<T>, absentWeight = 3): fc.Arbitrary<T | undefined> {
  return fc.oneof({ arbitrary: fc.constant(undefined), weight: absentWeight }, { arbitrary: arb, weight: 1 })
}

/** Valid random queries (the txt parameter only for TXT). */
export function queryArb(kind: DnsKind): fc.Arbitrary<RefParams> {
  return fc
    .record({
      host: sometimes(fc.constantFrom('a.com', 'A.com.', 'b.org', 'münchen.de', 'zzz.com'), 5),
      nameserver: sometimes(
        fc.constantFrom('prov.net', 'notprov.net', 'cloudflare.com', 'ns.cloudflare.com', 'evil.org', 'net'),
      ),
      txt: sometimes(
        fc.constantFrom(
          'spf1',
          '_spf.google.com',
          'v=spf1 -all',
          'google-site-verification',
          'include spf',
          'a b c',
          'MÜNCHE',
          'nothing',
        ),
      ),
      window: sometimes(
        fc.tuple(fc.constantFrom(...DATES), fc.constantFrom(...DATES), fc.constantFrom('from', 'to', 'both')),
      ),
      most_recent: sometimes(fc.boolean(), 1),
      filter: sometimes(
        fc.array(
          fc.array(termArb, { minLength: 1, maxLength: 2 }).map((t) => t.join(',')),
          { minLength: 1, maxLength: 2 },
        ),
      ),
      expression: sometimes(exprArb, 2),
      summary: sometimes(
        fc.record(
          {
            summarize: fc.constantFrom('host', 'host', 'txt', 'mx-preference', 'nope'),
            summary_context: fc.constantFrom('', 'dns-mx', 'dns-ns', 'dns-txt'),
            summary_limit: fc.constantFrom(1, 2, 3, 100),
          },
          { requiredKeys: ['summarize'] },
        ),
        2,
      ),
      page: sometimes(fc.constantFrom(0, 1), 1),
    })
    .map((r) => {
      const p: RefParams = {}
      if (r.host !== undefined) p.host = r.host
      if (r.nameserver !== undefined) p.nameserver = r.nameserver
      if (kind === 'txt' && r.txt !== undefined) p.txt = r.txt
      if (r.most_recent !== undefined) p.most_recent = r.most_recent
      if (r.filter !== undefined) p.filter = r.filter
      if (r.expression !== undefined) p.expression = r.expression
      if (r.page !== undefined) p.page = r.page
      if (r.summary !== undefined) Object.assign(p, r.summary)
      if (r.window !== undefined) {
        const [a, b, which] = r.window
        const [lo, hi] = a <= b ? [a, b] : [b, a]
        if (which !== 'to') p.from = lo
        if (which !== 'from') p.to = which === 'both' ? hi : `${hi}T23:00:00Z`
      }
      return p
    })
}
