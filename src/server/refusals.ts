/**
 * The answers the HTTP server gives itself, before or instead of `request()`: a target too long,
 * a request with a body, a head that cannot be parsed or arrives too slowly, and requests that
 * come while the engine is still loading. Their bodies have the shape of `request()`'s errors,
 * `{error: {code, message}}`, so a client reads every error the same way.
 */
import type { ApiResponse } from '../api/responses.js'

/** The error codes only the server gives (`request()` has its own). */
export type RefusalCode =
  | 'bad_request'
  | 'method_not_allowed'
  | 'request_timeout'
  | 'content_too_large'
  | 'uri_too_long'
  | 'header_too_large'
  | 'unavailable'

/**
 * An error answer of the server.
 *
 * @param status - the HTTP status
 * @param code - the stable error code
 * @param message - what was refused and what is accepted
 * @example
 * ```ts
 * refusal(413, 'content_too_large', 'domindex: request bodies are refused')
 * // { status: 413, body: { error: { code: 'content_too_large', message: 'domindex: request bodies are refused' } } }
 * ```
 */
export function refusal(status: number, code: RefusalCode, message: string): ApiResponse {
  return { status, body: { error: { code, message } } }
}

/**
 * The 414 of a request target longer than the limit.
 *
 * @param bytes - the target's length, when known
 * @param limit - the longest target answered
 * @example
 * ```ts
 * targetTooLong(20000, 16384).body // { error: { code: 'uri_too_long', message: 'domindex: the request target is 20000 bytes; at most 16384 are accepted' } }
 * ```
 */
export function targetTooLong(bytes: number | undefined, limit: number): ApiResponse {
  const size = bytes === undefined ? `over ${limit} bytes` : `${bytes} bytes`
  return refusal(
    414,
    'uri_too_long',
    `domindex: the request target is ${size}; at most ${limit} are accepted`,
  )
}

/** The 413 of a GET or HEAD request that carries a body. */
export const BODY_REFUSED: ApiResponse = refusal(
  413,
  'content_too_large',
  'domindex: request bodies are refused; every parameter goes in the query string of a GET',
)

/** The 431 of a request head whose headers are too long. */
export function headTooLarge(limit: number): ApiResponse {
  return refusal(
    431,
    'header_too_large',
    `domindex: the request head is over ${limit} bytes; send fewer or shorter headers`,
  )
}

/** The 408 of a client that did not send its request head in time. */
export function headTimeout(ms: number): ApiResponse {
  return refusal(408, 'request_timeout', `domindex: no complete request head within ${ms} ms`)
}

/** The 400 of an HTTP/1.1 request without a `Host` header (RFC 9112, section 3.2). */
export const HOST_MISSING: ApiResponse = refusal(
  400,
  'bad_request',
  'domindex: malformed HTTP request: an HTTP/1.1 request needs a Host header',
)

/** The 400 of a request that is not HTTP/1.1 the parser accepts. */
export function malformed(reason: string): ApiResponse {
  return refusal(400, 'bad_request', `domindex: malformed HTTP request: ${reason}`)
}

/** The 405 of a method the HTTP parser does not know (known ones get `request()`'s 405). */
export const UNKNOWN_METHOD: ApiResponse = refusal(
  405,
  'method_not_allowed',
  'domindex: unknown HTTP method; use GET or HEAD',
)

/** The 503 answered while the engine is still loading. */
export const LOADING: ApiResponse = refusal(
  503,
  'unavailable',
  'domindex: the engine is still loading; retry in a moment',
)
