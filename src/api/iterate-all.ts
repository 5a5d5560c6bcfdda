/**
 * The `…All` iterators (`reverseAll`, `mxAll`, `txtAll`): every result of a search in result
 * order. The in-memory engine matches once and decodes the match set a page at a time
 * ({@link iterateResults}); an engine that answers only by page (ClickHouse) is asked page by page
 * ({@link iterateAll}). Either way they answer exactly what paging by hand would, and the query is
 * validated at the call, so validation errors throw there rather than at the first iteration.
 */
import { PAGE_SIZE, type ResultSet } from '../collect/page.js'
import { QueryError, showValue } from '../errors.js'
import type { Envelope, Params, SummaryResponse } from '../types.js'
import type { MaybePromise } from './routes.js'

/** Parameters the iterators refuse: they choose the pages themselves and never summarise. */
const REFUSED = ['page', 'summarize', 'summary_context', 'summary_limit'] as const

/**
 * Iterates every result of a paged search.
 *
 * @param method - the iterator's name, for error messages (`'reverseAll'`)
 * @param params - the search parameters, without `page` or `summarize`
 * @param search - the paged method (`(p) => engine.reverse(p)`)
 * @throws QueryError `unknown_parameter` for `page`, `summarize`, `summary_context` or `summary_limit`,
 *   and whatever the paged method throws for the first page
 * @example
 * ```ts
 * for await (const record of iterateAll('reverseAll', { name: 'acme' }, (p) => engine.reverse(p))) console.log(record.query)
 * ```
 */
export function iterateAll<T>(
  method: string,
  params: Params,
  search: (params: Params) => MaybePromise<Envelope<T> | SummaryResponse>,
): AsyncIterableIterator<T> {
  refuseParams(method, params)
  const first = search({ ...params, page: 0 })
  // An asynchronous engine's first page may fail before anyone iterates; marking the promise as
  // handled keeps that from becoming an unhandled rejection, while awaiting it still throws.
  if (first instanceof Promise) first.catch(() => undefined)
  return pages(first, params, search)
}

/**
 * Iterates every result of a search matched once: the match set is made at the call, then decoded
 * a page at a time as the iteration goes.
 *
 * @param method - the iterator's name, for error messages (`'reverseAll'`)
 * @param params - the search parameters, without `page` or `summarize`
 * @param resultsOf - validates the parameters and matches (`(p) => reverseResults(views, parseReverseParams(p))`)
 * @throws QueryError `unknown_parameter` for `page`, `summarize`, `summary_context` or `summary_limit`,
 *   and whatever `resultsOf` throws
 * @example
 * ```ts
 * for await (const record of iterateResults('reverseAll', { name: 'acme' }, (p) => reverseResults(views, parseReverseParams(p)))) console.log(record.query)
 * ```
 */
export function iterateResults<T>(
  method: string,
  params: Params,
  resultsOf: (params: Params) => ResultSet<T>,
): AsyncIterableIterator<T> {
  refuseParams(method, params)
  return slices(resultsOf(params))
}

async function* slices<T>(results: ResultSet<T>): AsyncIterableIterator<T> {
  for (let start = 0; start < results.count; start += PAGE_SIZE) {
    yield* results.slice(start, Math.min(results.count, start + PAGE_SIZE))
  }
}

function refuseParams(method: string, params: Params): void {
  if (params === null || typeof params !== 'object') return
  for (const name of REFUSED) {
    if (Object.hasOwn(params, name) && params[name] !== undefined) {
      throw new QueryError(
        'unknown_parameter',
        name,
        `${method} does not take ${name} (given ${showValue(params[name])}): it returns every result of every page; use the paged method for ${name}`,
      )
    }
  }
}

async function* pages<T>(
  first: MaybePromise<Envelope<T> | SummaryResponse>,
  params: Params,
  search: (params: Params) => MaybePromise<Envelope<T> | SummaryResponse>,
): AsyncIterableIterator<T> {
  let current = envelopeOf(await first)
  for (let page = 0; ; ) {
    yield* current.results
    page++
    if (page >= current.pages) return
    current = envelopeOf(await search({ ...params, page }))
  }
}

function envelopeOf<T>(answer: Envelope<T> | SummaryResponse): Envelope<T> {
  if ('results' in answer) return answer
  // Unreachable while `summarize` is refused above; a summary here would be a bug in a search.
  throw new Error('domindex: a paged search answered with a summary')
}
