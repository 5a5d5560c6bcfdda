/**
 * The query families of the reverse-search benchmarks (SPEC 5), with their terms picked from the
 * records themselves, so that each family returns a realistic number of matches at any corpus size
 * and every benchmark asks the same questions of the same data.
 */
import { tokenize } from '../../src/analysis/tokenize.js'
import { normalizeHost } from '../../src/normalize/host.js'
import type { Contact, Params, WhoisRecord } from '../../src/types.js'

/**
 * The fields {@link reverseFamilies} reads, copied out of a record: all a caller that streams
 * records has to keep of each to pick the same families (about 300 bytes a record, not 2 KB).
 *
 * @example
 * ```ts
 * familyFields(record) // { registrant: { street: '10 Church Lane', organization: 'Acme' }, domain: { nameservers: [...] } }
 * ```
 */
export function familyFields(record: WhoisRecord): WhoisRecord {
  const { street, organization } = record.registrant ?? {}
  const registrant: Contact = {}
  if (street !== undefined) registrant.street = street
  if (organization !== undefined) registrant.organization = organization
  const nameservers = record.domain?.nameservers
  return { registrant, domain: nameservers === undefined ? {} : { nameservers } }
}

/** The value of `pick` over every 50th record with the highest score (by default its frequency there). */
function mostCommon(
  records: readonly WhoisRecord[],
  pick: (r: WhoisRecord) => string[],
  score?: (value: string) => number,
): string {
  const counts = new Map<string, number>()
  for (let i = 0; i < records.length; i += 50) {
    for (const value of pick(records[i] as WhoisRecord)) counts.set(value, (counts.get(value) ?? 0) + 1)
  }
  const scored = [...counts].map(([value, count]): [string, number] => [value, score?.(value) ?? count])
  return scored.sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))[0]?.[0] ?? ''
}

function orgTokens(r: WhoisRecord): string[] {
  return tokenize(String(r.registrant?.organization ?? ''))
}

/**
 * Query parameters per reverse-search family, picked from the data: the rarest street among the
 * sampled records, the most common two-word organisation prefix, a pair needing slop 2, a name in
 * reversed word order, the most common nameserver provider, one year of creations, and a mix.
 *
 * @param records - the corpus, in result order
 * @returns [family name, parameters] pairs
 * @example
 * ```ts
 * reverseFamilies(records)[1] // ['common phrase', { phrase: 'acme accounting' }]
 * ```
 */
export function reverseFamilies(records: readonly WhoisRecord[]): [string, Params][] {
  const streets = new Map<string, number>()
  for (const r of records) {
    const street = r.registrant?.street
    if (typeof street === 'string') streets.set(street, (streets.get(street) ?? 0) + 1)
  }
  // The least frequent street among the sampled records: a phrase that pins down one registrant.
  const rareStreet = mostCommon(
    records,
    (r) => {
      const street = r.registrant?.street
      return typeof street === 'string' ? [street] : []
    },
    (street) => -(streets.get(street) ?? 0),
  )
  const commonBigram = mostCommon(records, (r) => {
    const t = orgTokens(r)
    return t.length >= 2 ? [`${t[0]} ${t[1]}`] : []
  })
  // Three-word organizations queried by their first and third words: slop 2 needed ('bay holdings' on 'Bay Mining Holdings').
  const sloppy = mostCommon(records, (r) => {
    const t = orgTokens(r)
    return t.length >= 4 ? [`${t[0]} ${t[2]}`] : []
  })
  const nameTokens = mostCommon(records, (r) => {
    const t = orgTokens(r)
    return t.length >= 3 ? [`${t[1]} ${t[0]}`] : []
  })
  const provider = mostCommon(records, (r) =>
    (r.domain?.nameservers ?? []).map((ns) => {
      const host = normalizeHost(ns)
      return host.ok ? host.host.split('.').slice(-2).join('.') : ''
    }),
  )
  return [
    ['rare phrase', { phrase: rareStreet }],
    ['common phrase', { phrase: commonBigram }],
    ['phrase, slop 2', { phrase: sloppy, slop: 2 }],
    ['name', { name: nameTokens }],
    ['nameserver (large provider)', { nameserver: provider }],
    ['created range (one year)', { created_from: '2020-01-01', created_to: '2020-12-31' }],
    ['combination', { name: nameTokens, nameserver: provider, updated_from: '2020-01-01' }],
  ]
}
