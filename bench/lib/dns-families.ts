/**
 * The query families of the DNS benchmarks (SPEC 6) and the linear scan that answers them, shared
 * by bench/dns.bench.ts (observations held in memory) and bench/scale.bench.ts (observations
 * streamed in batches). A family is its parameters plus the scan's rule for one observation, written
 * as a careful user would write the scan: host keys, label-aligned suffixes, a substring test before
 * the token rule. `most_recent` keeps, per apex, the observations of its latest date (found in a
 * first pass); a summary counts each matching observation's distinct values of one type and context.
 */
import { tokenize } from '../../src/analysis/tokenize.js'
import { hostKey, isLabelSuffix } from '../../src/indexes/dns/host-key.js'
import type { DnsKind, Envelope, Item, Observation, Params, SummaryResponse } from '../../src/types.js'

/** One DNS query family. */
export interface DnsFamily {
  name: string
  kind: DnsKind
  /** The parameter sets to time (one, or many for lookups by host). */
  params: readonly Params[]
  /** Whether an observation matches params[i], most_recent aside. */
  test: (o: Observation, i: number) => boolean
  /** Only each apex's observations of its latest date can match. */
  mostRecent: boolean
  /** Count values of this type and context instead of listing observations. */
  summary: { type: string; context: string } | null
}

/** The apex of an observation: the key of its first (metadata) item. */
export function apexOf(o: Observation): string {
  return hostKey((o.items[0] as Item).value)
}

/**
 * The positions of `count` observations spread over a list of `length` (a multiplicative hash of
 * 0…count−1), so every benchmark asks about the same apexes of the same corpus.
 *
 * @example
 * ```ts
 * samplePositions(1000, 3) // [0, 618, 236]
 * ```
 */
export function samplePositions(length: number, count: number): number[] {
  const positions: number[] = []
  for (let i = 0; i < count; i++)
    positions.push(Math.floor((((i * 2654435761) % 2 ** 32) / 2 ** 32) * length))
  return positions
}

/** The apexes of `count` observations sampled from MX observations in result order. */
export function sampleApexes(mx: readonly Observation[], count: number): string[] {
  return samplePositions(mx.length, count).map((p) => apexOf(mx[p] as Observation))
}

const hasItem = (o: Observation, test: (it: Item) => boolean): boolean => o.items.some(test)
const hostUnder = (context: string, suffix: string) => (it: Item) =>
  it.context === context && it.type === 'host' && isLabelSuffix(hostKey(it.value), suffix)
const phrase = (words: readonly string[]) => (it: Item) => {
  if (it.type !== 'txt') return false
  // A cheap substring test first, as a careful scan would do; then the token rule itself.
  if (!it.value.toLowerCase().includes(words[0] as string)) return false
  const tokens = tokenize(it.value)
  for (let i = 0; i + words.length <= tokens.length; i++)
    if (words.every((w, j) => tokens[i + j] === w)) return true
  return false
}

const PROVIDER = 'cloudflare.com'
const TXT = 'google-site-verification'

/**
 * The families of the DNS issue: apex lookups, a large provider's nameserver with and without
 * most_recent, a TXT phrase, two summaries and an expression with OR and NOT.
 *
 * @param apexSample - the apexes of the host family (see {@link sampleApexes})
 * @example
 * ```ts
 * dnsFamilies(['example.com'])[1].params // [{ nameserver: 'cloudflare.com' }]
 * ```
 */
export function dnsFamilies(apexSample: readonly string[]): DnsFamily[] {
  const underProvider = hostUnder('dns-ns', PROVIDER)
  const underGoogle = hostUnder('dns-mx', 'google.com')
  const underOutlook = hostUnder('dns-mx', 'outlook.com')
  const words = tokenize(TXT)
  const all = () => true
  return [
    {
      name: 'host (apex lookup)',
      kind: 'mx',
      params: apexSample.map((host) => ({ host })),
      test: (o, i) => apexOf(o) === apexSample[i],
      mostRecent: false,
      summary: null,
    },
    {
      name: 'nameserver, large provider',
      kind: 'mx',
      params: [{ nameserver: PROVIDER }],
      test: (o) => hasItem(o, underProvider),
      mostRecent: false,
      summary: null,
    },
    {
      name: 'nameserver + most_recent',
      kind: 'mx',
      params: [{ nameserver: PROVIDER, most_recent: true }],
      test: (o) => hasItem(o, underProvider),
      mostRecent: true,
      summary: null,
    },
    {
      name: 'txt phrase',
      kind: 'txt',
      params: [{ txt: TXT }],
      test: (o) => hasItem(o, phrase(words)),
      mostRecent: false,
      summary: null,
    },
    {
      name: 'summary: MX hosts of a large provider',
      kind: 'mx',
      params: [{ nameserver: PROVIDER, summarize: 'host', summary_context: 'dns-mx' }],
      test: (o) => hasItem(o, underProvider),
      mostRecent: false,
      summary: { type: 'host', context: 'dns-mx' },
    },
    {
      name: 'summary: every TXT value',
      kind: 'txt',
      params: [{ summarize: 'txt', summary_context: 'dns-txt' }],
      test: all,
      mostRecent: false,
      summary: { type: 'txt', context: 'dns-txt' },
    },
    {
      name: 'expression with OR and NOT',
      kind: 'mx',
      params: [
        { expression: `(dns-mx.host:google.com OR dns-mx.host:outlook.com) NOT dns-ns.host:${PROVIDER}` },
      ],
      test: (o) => (hasItem(o, underGoogle) || hasItem(o, underOutlook)) && !hasItem(o, underProvider),
      mostRecent: false,
      summary: null,
    },
  ]
}

/** Keeps, per apex, the observations dated on its latest date (a first pass finds the dates). */
export function latestOnly(list: readonly Observation[]): Observation[] {
  const latest = new Map<string, string>()
  for (const o of list) {
    const apex = apexOf(o)
    if ((latest.get(apex) ?? '') < o.date) latest.set(apex, o.date)
  }
  return list.filter((o) => latest.get(apexOf(o)) === o.date)
}

/**
 * Distinct values of one type and context per matching observation, counted into `counts`.
 *
 * @example
 * ```ts
 * countValues(o, 'txt', 'dns-txt', counts) // counts.get('v=spf1 -all') is now one higher
 * ```
 */
export function countValues(
  o: Observation,
  type: string,
  context: string,
  counts: Map<string, number>,
): void {
  const seen = new Set<string>()
  for (const it of o.items) if (it.type === type && it.context === context) seen.add(it.value)
  for (const v of seen) counts.set(v, (counts.get(v) ?? 0) + 1)
}

/** The summary response of value counts: the 100 largest (ties by value), the rest as `other`. */
export function summaryOf(counts: ReadonlyMap<string, number>): SummaryResponse {
  const ranked = [...counts].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
  const values: Record<string, number> = {}
  for (const [v, c] of ranked.slice(0, 100)) values[v] = c
  return { summary: { other: ranked.slice(100).reduce((s, [, c]) => s + c, 0), values } }
}

/**
 * Answers params[i] of a family by scanning observations held in result order (date descending,
 * id ascending).
 *
 * @param family - the family
 * @param list - the family's kind of observations, in result order
 * @param i - which parameter set
 * @example
 * ```ts
 * scanFamily(dnsFamilies(sample)[1], mxInResultOrder, 0) // { page: 0, pages: 3119, result_count: 311821, results: [...] }
 * ```
 */
export function scanFamily(
  family: DnsFamily,
  list: readonly Observation[],
  i: number,
): Envelope<Observation> | SummaryResponse {
  const pool = family.mostRecent ? latestOnly(list) : list
  const { summary } = family
  if (summary !== null) {
    const counts = new Map<string, number>()
    for (const o of pool) if (family.test(o, i)) countValues(o, summary.type, summary.context, counts)
    return summaryOf(counts)
  }
  const results: Observation[] = []
  let count = 0
  for (const o of pool) {
    if (!family.test(o, i)) continue
    if (count++ < 100) results.push(o)
  }
  return { page: 0, pages: Math.ceil(count / 100), result_count: count, results }
}
