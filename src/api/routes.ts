/**
 * The API paths and the query method each one calls (the five of the HTTP API, and the pivots
 * and spelling-variant extensions of SPEC 14). The routes work over any
 * {@link ApiTarget}, synchronous (the embedded engine) or asynchronous, so every engine shares them.
 */
import { showValue } from '../errors.js'
import type { PivotsResponse } from '../pivots/pivots.js'
import type { SuggestResponse } from '../pivots/suggestions.js'
import type {
  Envelope,
  Observation,
  Params,
  PrioritizeResponse,
  SummaryResponse,
  WhoisRecord,
} from '../types.js'
import { type ApiResponse, failure, ok } from './responses.js'

/** A value or a promise of it. */
export type MaybePromise<T> = T | Promise<T>

/** The query methods the API paths call; each validates its parameters and throws `QueryError`. */
export interface ApiTarget {
  whois(params: Params): MaybePromise<WhoisRecord | null>
  reverse(params: Params): MaybePromise<Envelope<WhoisRecord>>
  mx(params: Params): MaybePromise<Envelope<Observation> | SummaryResponse>
  txt(params: Params): MaybePromise<Envelope<Observation> | SummaryResponse>
  prioritize(params: Params): MaybePromise<PrioritizeResponse>
  pivots(params: Params): MaybePromise<PivotsResponse | null>
  suggest(params: Params): MaybePromise<SuggestResponse>
}

type Route = (target: ApiTarget, params: Params) => Promise<ApiResponse>

/** The API paths, exactly as the HTTP API spells them, and what each answers. */
export const ROUTES: ReadonlyMap<string, Route> = new Map<string, Route>([
  ['/v1/domain/whois', forwardLookup],
  ['/v1/domain/reverse', async (target, params) => ok(await target.reverse(params))],
  ['/v1/domain/whois/prioritize', async (target, params) => ok(await target.prioritize(params))],
  ['/v1/domain/mx', async (target, params) => ok(await target.mx(params))],
  ['/v1/domain/txt', async (target, params) => ok(await target.txt(params))],
  ['/v1/domain/pivots', pivotsOf],
  ['/v1/domain/suggest', async (target, params) => ok(await target.suggest(params))],
])

async function pivotsOf(target: ApiTarget, params: Params): Promise<ApiResponse> {
  const pivots = await target.pivots(params)
  return pivots === null ? notHeld(params, 'WHOIS record or DNS observation') : ok(pivots)
}

async function forwardLookup(target: ApiTarget, params: Params): Promise<ApiResponse> {
  const record = await target.whois(params)
  return record === null ? notHeld(params, 'WHOIS record') : ok(record)
}

// The 404 of a lookup that found nothing for the domain (or its apex) the parameters name.
function notHeld(params: Params, what: string): ApiResponse {
  const { domain, apex_domain } = params
  const apex = apex_domain === true || apex_domain === 'true' ? 'the apex of ' : ''
  return failure(404, 'not_found', `domindex: no ${what} for ${apex}domain ${showValue(domain)}`, 'domain')
}
