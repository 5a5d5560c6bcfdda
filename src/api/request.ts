/**
 * `request()` (SPEC 8): answers a path-and-query (or a full URL) as the HTTP API would, with
 * `{status, body}`. Checks run in the order an HTTP server applies them: authentication (401),
 * path (404), method (405), then the parameters (400) and the lookup itself (404 for no record).
 * Nothing escapes: a target or options that cannot be read are a 400, and whatever is thrown
 * becomes a response.
 */
import { showValue } from '../errors.js'
import { type HeaderInput, isAuthorized } from './auth.js'
import { parseQueryString } from './query-string.js'
import { readRequest } from './request-input.js'
import { splitTarget } from './request-target.js'
import { type ApiResponse, failure, fromError } from './responses.js'
import { type ApiTarget, ROUTES } from './routes.js'

/** Options of `request()`. */
export interface RequestOptions {
  /** Request headers; `Authorization: Bearer <token>` is checked when the engine has tokens. */
  headers?: HeaderInput
  /** The HTTP method, `GET` by default; `HEAD` is answered like `GET`, any other is a 405. */
  method?: string
}

/**
 * Answers one API request against a target's query methods.
 *
 * @param target - the engine whose methods answer
 * @param tokens - the accepted bearer tokens; none means no check
 * @param pathAndQuery - `/v1/domain/reverse?phrase=acme` or `https://any.host/v1/domain/reverse?phrase=acme`
 * @param options - headers and method
 * @example
 * ```ts
 * await handleRequest(engine, [], '/v1/domain/reverse?phrase=acme&slop=x')
 * // { status: 400, body: { error: { code: 'invalid_parameter', param: 'slop', message: '...' } } }
 * ```
 */
export async function handleRequest(
  target: ApiTarget,
  tokens: readonly string[],
  pathAndQuery: string,
  options?: RequestOptions,
): Promise<ApiResponse> {
  try {
    const input = readRequest(pathAndQuery, options)
    if ('status' in input) return input
    if (!isAuthorized(input.authorization, tokens)) {
      return failure(
        401,
        'unauthorized',
        'domindex: missing or wrong bearer token in the Authorization header',
      )
    }
    const { path, query } = splitTarget(input.target)
    const route = ROUTES.get(path)
    if (route === undefined) {
      return failure(
        404,
        'not_found',
        `domindex: no such path ${showValue(path)}; paths: ${[...ROUTES.keys()].join(', ')}`,
      )
    }
    if (input.method !== 'GET' && input.method !== 'HEAD') {
      return failure(
        405,
        'method_not_allowed',
        `domindex: method ${showValue(input.method)} not allowed; use GET`,
      )
    }
    return await route(target, parseQueryString(query))
  } catch (error) {
    return fromError(error)
  }
}
