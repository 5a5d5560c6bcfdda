/**
 * Warnings for `filter` and `expression` terms that name an item type, or a context and type, that
 * no item of the engine carries (`hots:google.com`): such a term matches nothing, so without a
 * warning a typo reads as "no results".
 */
import { parseQueryString } from '../api/query-string.js'
import { splitTarget } from '../api/request-target.js'
import type { Engine } from '../engine.js'
import { parseDnsParams, type SummaryRequest } from '../query/dns-params.js'
import type { Expr, Term } from '../query/expression/ast.js'
import type { DnsKind, ItemField } from '../types.js'

const KINDS: Readonly<Record<string, DnsKind>> = { '/v1/domain/mx': 'mx', '/v1/domain/txt': 'txt' }

/**
 * The warnings for a request's terms; none when the request is not a DNS search or its
 * parameters are invalid (the answer itself then says what is wrong).
 *
 * @param engine - the engine that answers
 * @param request - the request path with its query string
 * @example
 * ```ts
 * unknownFieldWarnings(engine, '/v1/domain/mx?expression=hots:google.com')
 * // ['no mx item has type "hots" (term hots:google.com); types: host, mx-preference']
 * ```
 */
export function unknownFieldWarnings(engine: Engine, request: string): string[] {
  const { path, query } = splitTarget(request)
  const kind = KINDS[path]
  if (kind === undefined) return []
  let parsed: ReturnType<typeof parseDnsParams>
  try {
    parsed = parseDnsParams(kind, parseQueryString(query))
  } catch {
    return []
  }
  const terms = [...(parsed.filters ?? []), ...termsOf(parsed.expression)]
  const fields = engine.itemFields(kind)
  const warnings = new Set<string>()
  for (const term of terms) {
    const warning = warningFor(kind, term, fields)
    if (warning !== null) warnings.add(warning)
  }
  const summary = parsed.summary === null ? null : summaryWarning(kind, parsed.summary, fields)
  if (summary !== null) warnings.add(summary)
  return [...warnings]
}

// A summary of a type (or context) no item has counts nothing: said as for a filter term.
function summaryWarning(kind: DnsKind, summary: SummaryRequest, fields: readonly ItemField[]): string | null {
  const ofType = fields.filter((f) => f.type === summary.type)
  const written = `summarize=${summary.type}`
  if (ofType.length === 0) {
    const types = [...new Set(fields.map((f) => f.type))]
    return `no ${kind} item has type ${JSON.stringify(summary.type)} (${written}): the summary counts nothing; types: ${types.join(', ')}`
  }
  if (summary.context === null || ofType.some((f) => f.context === summary.context)) return null
  const contexts = ofType.map((f) => JSON.stringify(f.context))
  return `no ${kind} item of type ${summary.type} has context ${JSON.stringify(summary.context)} (${written}&summary_context=${summary.context}): the summary counts nothing; its contexts: ${contexts.join(', ')}`
}

function warningFor(kind: DnsKind, term: Term, fields: readonly ItemField[]): string | null {
  const written = `${term.context === null ? '' : `${term.context}.`}${term.type}${term.operator}${term.value}`
  const ofType = fields.filter((f) => f.type === term.type)
  if (ofType.length === 0) {
    const types = [...new Set(fields.map((f) => f.type))]
    return `no ${kind} item has type ${JSON.stringify(term.type)} (term ${written}); types: ${types.join(', ')}`
  }
  if (term.context === null || ofType.some((f) => f.context === term.context)) return null
  const contexts = ofType.map((f) => JSON.stringify(f.context))
  return `no ${kind} item of type ${term.type} has context ${JSON.stringify(term.context)} (term ${written}); its contexts: ${contexts.join(', ')}`
}

function termsOf(expression: Expr | null): Term[] {
  const terms: Term[] = []
  const stack = expression === null ? [] : [expression]
  for (let e = stack.pop(); e !== undefined; e = stack.pop()) {
    if (e.kind === 'term') terms.push(e)
    else if (e.kind === 'not') stack.push(e.operand)
    else stack.push(...e.operands)
  }
  return terms.sort((a, b) => a.position - b.position)
}
