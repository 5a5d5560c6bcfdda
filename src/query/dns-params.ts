/**
 * Validation of MX and TXT search parameters (SPEC 6) into a {@link DnsQuery}. Decisions where the
 * specification is silent:
 * - `txt` (TXT endpoint only) and every `type:value` term need at least one letter or digit;
 *   a `host` term needs a non-blank value. Otherwise there would be nothing to search for.
 * - `summary_context` and `summary_limit` without `summarize` are `invalid_parameter`;
 *   `page` with `summarize` is validated and ignored (a summary covers every match).
 * - `summary_context` may be empty: `""` is the context of the metadata (apex) item.
 * - `filter` may repeat (an array) and each value may hold several comma-separated terms; at most
 *   {@link MAX_FILTER_TERMS} terms in all, and an `expression` at most MAX_EXPRESSION_TERMS
 *   (parser.ts), both counted as written.
 * - Duplicate terms are merged (merge-duplicates.ts): a repeated filter term, or a repeated operand
 *   of one AND or OR, is evaluated once.
 */

import { tokenize } from '../analysis/tokenize.js'
import { QueryError, showValue } from '../errors.js'
import type { DnsKind, Params } from '../types.js'
import type { Expr, Term } from './expression/ast.js'
import { mergeDuplicates, uniqueTerms } from './expression/merge-duplicates.js'
import { parseExpression, parseFilter } from './expression/parser.js'
import { checkKnown, readBool, readDay, readHost, readInt, readPage, readText, scalar } from './params.js'

/** The most filter terms a query may carry, over all its `filter` values. */
export const MAX_FILTER_TERMS = 1_000

/** The default number of values a summary lists. */
const DEFAULT_SUMMARY_LIMIT = 100

/** A validated `summarize` request. */
export interface SummaryRequest {
  /** The item type whose values are counted. */
  type: string
  /** Only items of this context (`""`: the metadata items), or null for every non-metadata item. */
  context: string | null
  /** How many values to list, 1…10,000. */
  limit: number
}

/** A validated MX or TXT query; null fields are criteria not given. */
export interface DnsQuery {
  kind: DnsKind
  /** The normalised apex host. */
  host: string | null
  /** The normalised nameserver suffix. */
  nameserver: string | null
  /** The tokens of the `txt` parameter (TXT only), at least one. */
  txt: readonly string[] | null
  /** First day (days since 1970-01-01), inclusive. */
  from: number | null
  /** Last day, inclusive. */
  to: number | null
  mostRecent: boolean
  /** The distinct terms of every `filter` value; a match needs one of them. */
  filters: readonly Term[] | null
  /** The `expression`, with repeated operands of an AND or OR merged. */
  expression: Expr | null
  /** A summary instead of an envelope. */
  summary: SummaryRequest | null
  page: number
}

const COMMON = [
  'host',
  'nameserver',
  'most_recent',
  'summarize',
  'summary_context',
  'summary_limit',
  'expression',
  'from',
  'to',
  'filter',
  'page',
]
const ALLOWED: Readonly<Record<DnsKind, ReadonlySet<string>>> = {
  mx: new Set(COMMON),
  txt: new Set([...COMMON, 'txt']),
}

/**
 * Validates the parameters of `mx()` or `txt()`, typed or as query-string strings.
 *
 * @param kind - `mx` or `txt`: `txt` is a parameter of the TXT endpoint only
 * @param params - the API's parameters
 * @throws QueryError unknown_parameter or invalid_parameter, naming the parameter and value
 * @example
 * ```ts
 * parseDnsParams('txt', { nameserver: 'Example-DNS.net', most_recent: 'true', filter: ['txt:spf1'] })
 * // { kind: 'txt', nameserver: 'example-dns.net', mostRecent: true, filters: [{ type: 'txt', ... }], ... }
 * ```
 */
export function parseDnsParams(kind: DnsKind, params: Params): DnsQuery {
  checkKnown(params, ALLOWED[kind])
  const from = readDay(params, 'from') ?? null
  const to = readDay(params, 'to') ?? null
  if (from !== null && to !== null && from > to) {
    const { from: fromText, to: toText } = params
    throw new QueryError(
      'invalid_parameter',
      'from',
      `from ${showValue(fromText)} is after to ${showValue(toText)}; give from <= to`,
    )
  }
  const expressionText = readText(params, 'expression')
  const parsed = expressionText === undefined ? null : parseExpression(expressionText)
  if (parsed !== null) checkTerms(parsed)
  const expression = parsed === null ? null : mergeDuplicates(parsed)
  const filters = readFilters(params)
  return {
    kind,
    host: readHost(params, 'host') ?? null,
    nameserver: readHost(params, 'nameserver') ?? null,
    txt: kind === 'txt' ? readTxt(params) : null,
    from,
    to,
    mostRecent: readBool(params, 'most_recent') ?? false,
    filters,
    expression,
    summary: readSummary(params),
    page: readPage(params),
  }
}

function readTxt(params: Params): readonly string[] | null {
  const text = readText(params, 'txt')
  if (text === undefined) return null
  const tokens = tokenize(text)
  if (tokens.length === 0) {
    throw new QueryError(
      'invalid_parameter',
      'txt',
      `txt ${showValue(text)} has no letters or digits to search for; give a word of the TXT text`,
    )
  }
  return tokens
}

function readFilters(params: Params): readonly Term[] | null {
  if (!Object.hasOwn(params, 'filter')) return null
  const { filter: raw } = params
  if (raw === undefined) return null
  const texts: readonly unknown[] = Array.isArray(raw) ? raw : [raw]
  if (texts.length === 0) return null
  const terms: Term[] = []
  for (let i = 0; i < texts.length; i++) {
    const text = texts[i]
    const label = texts.length === 1 ? 'filter' : `filter #${i + 1}`
    if (typeof text !== 'string' || text.trim().length === 0) {
      throw new QueryError(
        'invalid_parameter',
        'filter',
        `${label} must be a non-empty text of terms type:value or type=value, got ${showValue(text)}`,
      )
    }
    for (const term of parseFilter(text, label)) {
      checkTerm(term, 'filter', label)
      terms.push(term)
    }
    if (terms.length > MAX_FILTER_TERMS) {
      throw new QueryError(
        'invalid_parameter',
        'filter',
        `filters hold more than ${MAX_FILTER_TERMS} terms; combine fewer terms per query`,
      )
    }
  }
  return uniqueTerms(terms)
}

function checkTerms(expr: Expr): void {
  const stack: Expr[] = [expr]
  for (let e = stack.pop(); e !== undefined; e = stack.pop()) {
    if (e.kind === 'term') checkTerm(e, 'expression', 'expression')
    else if (e.kind === 'not') stack.push(e.operand)
    else stack.push(...e.operands)
  }
}

function checkTerm(term: Term, param: string, label: string): void {
  const field = `${term.context === null ? '' : `${term.context}.`}${term.type}${term.operator}`
  if (term.type === 'host') {
    if (term.value.trim().length === 0) {
      throw new QueryError(
        'invalid_parameter',
        param,
        `${label}: the term at position ${term.position} has an empty host ${showValue(`${field}${term.value}`)}; give a host name (or . for a null MX)`,
      )
    }
  } else if (term.operator === ':' && tokenize(term.value).length === 0) {
    throw new QueryError(
      'invalid_parameter',
      param,
      `${label}: the term at position ${term.position} (${showValue(`${field}${term.value}`)}) has no letters or digits to search for; use ${term.type}= for an exact value`,
    )
  }
}

function readSummary(params: Params): SummaryRequest | null {
  const type = readText(params, 'summarize')
  const context = readContext(params)
  const limit = readInt(params, 'summary_limit', 1, 10_000)
  if (type === undefined) {
    for (const [name, value] of [
      ['summary_context', context],
      ['summary_limit', limit],
    ] as const) {
      if (value !== undefined) {
        throw new QueryError(
          'invalid_parameter',
          name,
          `${name} ${showValue(value)} needs summarize=<item type> (for example summarize=txt)`,
        )
      }
    }
    return null
  }
  return { type, context: context ?? null, limit: limit ?? DEFAULT_SUMMARY_LIMIT }
}

// Unlike other text parameters, the empty context is meaningful: it selects the metadata items.
function readContext(params: Params): string | undefined {
  const value = scalar(params, 'summary_context')
  if (value === undefined) return undefined
  if (typeof value !== 'string') {
    throw new QueryError(
      'invalid_parameter',
      'summary_context',
      `summary_context must be an item context such as dns-txt (or "" for metadata items), got ${showValue(value)}`,
    )
  }
  return value
}
