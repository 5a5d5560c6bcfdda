/**
 * The `…All` iterators (`reverseAll`, `mxAll`, `txtAll`): every result of a search in result
 * order, fetched page by page through the paged method so that they answer exactly what paging by
 * hand would. The first page is requested at the call, so a synchronous engine's validation errors
 * throw there rather than at the first iteration.
 */
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
  if (params !== null && typeof params === 'object') {
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
  const first = search({ ...params, page: 0 })
  // An asynchronous engine's first page may fail before anyone iterates; marking the promise as
  // handled keeps that from becoming an unhandled rejection, while awaiting it still throws.
  if (first instanceof Promise) first.catch(() => undefined)
  return pages(first, params, search)
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
