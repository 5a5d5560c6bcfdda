/**
 * fast-check arbitraries of query parameters for every family, drawn from a corpus vocabulary so
 * that most queries match something: one to three criteria per query (more would AND to nothing),
 * values typed or as strings, pages past the first, and now and then a value that is invalid.
 */
import fc from 'fast-check'
import type { Params } from '../../src/types.js'
import type { Vocabulary } from './corpus.js'

/** The query families. */
export type Family = 'whois' | 'reverse' | 'mx' | 'txt'

type Entry = readonly [string, string | number | boolean | string[]]

const pick = (values: readonly string[]): fc.Arbitrary<string> =>
  values.length === 0 ? fc.constant('none') : fc.constantFrom(...values)

function words(values: readonly string[], max: number): fc.Arbitrary<string> {
  return fc.array(pick(values), { minLength: 1, maxLength: max }).map((w) => w.join(' '))
}

// A run of consecutive words of a value, which a phrase query matches at slop 0.
function slice(values: readonly string[]): fc.Arbitrary<string> {
  return fc.tuple(pick(values), fc.nat(5), fc.integer({ min: 1, max: 4 })).map(([value, from, length]) => {
    const parts = value.split(/\s+/)
    const start = Math.min(from, Math.max(0, parts.length - 1))
    return parts.slice(start, start + length).join(' ')
  })
}

// Tokens of one value, some left out and the rest shuffled: the phrases whose match depends on slop.
function scrambled(values: readonly string[]): fc.Arbitrary<string> {
  return pick(values)
    .map((value) => value.split(/[^\p{L}\p{N}]+/u).filter((w) => w.length > 0))
    .filter((tokens) => tokens.length >= 2)
    .chain((tokens) => fc.shuffledSubarray(tokens, { minLength: 2, maxLength: Math.min(3, tokens.length) }))
    .map((tokens) => tokens.join(' '))
}

function params(entries: fc.Arbitrary<Entry | readonly Entry[]>, max: number): fc.Arbitrary<Params> {
  return fc
    .array(entries, { minLength: 1, maxLength: max })
    .map(
      (list) =>
        Object.fromEntries(
          list.flatMap((e) => (typeof e[0] === 'string' ? [e as Entry] : (e as Entry[]))),
        ) as Params,
    )
}

const page = fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 3 }), fc.constant('1'), fc.constant(-1))

/**
 * Forward-lookup parameters.
 *
 * @param v - the corpus vocabulary
 */
export function whoisParams(v: Vocabulary): fc.Arbitrary<Params> {
  const domain = fc.oneof(
    pick(v.apexes),
    pick(v.apexes).map((a) => `WWW.${a.toUpperCase()}.`),
    pick(v.dnsHosts),
  )
  return fc.record(
    { domain, apex_domain: fc.constantFrom(true, false, 'true', 'false') },
    { requiredKeys: ['domain'] },
  )
}

/**
 * Reverse-search parameters.
 *
 * @param v - the corpus vocabulary
 */
export function reverseParams(v: Vocabulary): fc.Arbitrary<Params> {
  const day = fc.oneof(
    pick(v.instants),
    pick(v.instants).map((d) => `${d}T12:00:00Z`),
    pick(v.instants).map((d) => `${d}T00:00:00.5Z`),
  )
  const flag = fc.constantFrom(true, 'true')
  const slop = fc.oneof(fc.integer({ min: 0, max: 4 }), fc.constantFrom(50, '2', 51))
  const criterion: fc.Arbitrary<Entry | readonly Entry[]> = fc.oneof(
    fc.tuple(scrambled(v.phrases), slop).map(([p, s]): Entry[] => [
      ['phrase', p],
      ['slop', s],
    ]),
    fc.tuple(scrambled(v.streets), slop).map(([p, s]): Entry[] => [
      ['street', p],
      ['slop', s],
    ]),
    fc.tuple(fc.constant('phrase'), fc.oneof(slice(v.phrases), words(v.tokens, 3), pick(v.organizations))),
    fc.tuple(fc.constant('street'), fc.oneof(slice(v.streets), flag)),
    fc.tuple(fc.constant('postalcode'), fc.oneof(pick(v.postalCodes), flag)),
    fc.tuple(
      fc.constant('phone'),
      fc.oneof(
        pick(v.phones),
        pick(v.phones).map((p) => p.slice(-6)),
        flag,
      ),
    ),
    fc.tuple(fc.constant('slop'), slop),
    fc.tuple(fc.constant('name'), fc.oneof(pick(v.organizations), words(v.tokens, 2))),
    fc.tuple(fc.constant('nameserver'), pick(v.nameservers)),
    // As held, and in another writing of the same key (or, for case mappings such as ß → SS, not).
    fc.tuple(
      fc.constant('email'),
      fc.oneof(
        pick(v.emails),
        pick(v.emails).map((e) => `\u00a0${e.toUpperCase()} `),
      ),
    ),
    fc.tuple(
      fc.constant('registrar'),
      fc.oneof(
        pick(v.registrars),
        pick(v.registrars).map((r) => ` ${r.toUpperCase().replace(/ /g, '\t\u3000')}`),
      ),
    ),
    fc.tuple(fc.constantFrom('created_from', 'updated_from', 'expires_from'), day),
    fc.tuple(fc.constantFrom('created_to', 'updated_to', 'expires_to'), day),
    fc.tuple(fc.constant('page'), page),
  )
  return params(criterion, 3)
}

/**
 * MX or TXT search parameters, filters and expressions included.
 *
 * @param v - the corpus vocabulary
 * @param kind - the endpoint
 */
export function dnsParams(v: Vocabulary, kind: 'mx' | 'txt'): fc.Arbitrary<Params> {
  const value = (text: string): string =>
    /^[^\s,()"\\]+$/.test(text) ? text : `"${text.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`
  const context = fc.constantFrom('', 'dns-mx.', 'dns-txt.', 'dns-ns.', '.')
  const term: fc.Arbitrary<string> = fc.oneof(
    fc.tuple(context, pick(v.dnsHosts)).map(([c, h]) => `${c}host:${h}`),
    fc.tuple(context, pick(v.dnsHosts)).map(([c, h]) => `${c}host=${h.toUpperCase()}`),
    fc.tuple(context, pick(v.types), words(v.txtTokens, 2)).map(([c, t, w]) => `${c}${t}:${value(w)}`),
    fc.tuple(context, pick(v.types), pick(v.itemValues)).map(([c, t, w]) => `${c}${t}=${value(w)}`),
  )
  const expression: fc.Arbitrary<string> = fc.letrec<{ e: string }>((tie) => ({
    e: fc.oneof(
      { depthSize: 'small', withCrossShrink: true },
      term,
      fc
        .tuple(tie('e'), fc.constantFrom(' AND ', ' OR ', ' and ', ' '), tie('e'))
        .map(([a, op, b]) => `(${a}${op}${b})`),
      tie('e').map((e) => `NOT ${e}`),
    ),
  })).e
  const day = pick(v.days)
  const criterion: fc.Arbitrary<Entry | readonly Entry[]> = fc.oneof(
    fc.tuple(fc.constant('host'), pick(v.apexes)),
    fc.tuple(fc.constant('nameserver'), pick(v.dnsHosts)),
    fc.tuple(fc.constant('from'), day),
    fc.tuple(fc.constant('to'), day),
    fc.tuple(fc.constant('most_recent'), fc.constantFrom(true, 'true', false)),
    fc.tuple(
      fc.constant('filter'),
      fc.oneof(
        term,
        fc.array(term, { minLength: 1, maxLength: 3 }),
        fc.array(term, { minLength: 2, maxLength: 3 }).map((t) => t.join(',')),
      ),
    ),
    fc.tuple(fc.constant('expression'), expression),
    fc.tuple(fc.constant('summarize'), pick(v.types)),
    fc.tuple(fc.constant('page'), page),
    ...(kind === 'txt'
      ? [fc.tuple(fc.constant('txt'), fc.oneof(words(v.txtTokens, 3), pick(v.itemValues)))]
      : []),
  )
  const summaryExtras = fc.record(
    {
      summary_context: fc.constantFrom('', 'dns-mx', 'dns-txt', 'dns-ns'),
      summary_limit: fc.integer({ min: 1, max: 5 }),
    },
    { requiredKeys: [] },
  )
  return fc
    .tuple(params(criterion, 3), summaryExtras)
    .map(([p, extras]) => ('summarize' in p ? { ...p, ...extras } : p))
}
