/**
 * `engine.fetch` (SPEC 8): a standard fetch-compatible function over `request()`, so that a client
 * written for the HTTP API runs unchanged against the engine. It answers with a real `Response`
 * whose body is the JSON `request()` gives; like `fetch`, it rejects only when aborted or handed
 * headers that `Headers` refuses, never for an HTTP error status.
 */
import type { RequestOptions } from './request.js'
import type { ApiResponse } from './responses.js'

/** The signature of the global `fetch`. */
export type FetchFunction = (input: string | URL | Request, init?: RequestInit) => Promise<Response>

/** What a fetch function answers through: `request()` bound to an engine. */
export type RequestFunction = (pathAndQuery: string, options: RequestOptions) => Promise<ApiResponse>

/**
 * Makes a fetch-compatible function that answers through `request`.
 *
 * @param request - the engine's `request()`
 * @example
 * ```ts
 * const f = fetchOver((path, options) => engine.request(path, options))
 * const res = await f('https://any.host/v1/domain/mx?host=example.com')
 * res.status // 200
 * await res.json() // { page: 0, pages: 1, result_count: 2, results: [...] }
 * ```
 */
export function fetchOver(request: RequestFunction): FetchFunction {
  return async (input, init) => {
    const isRequest = input instanceof Request
    const signal = init?.signal ?? (isRequest ? input.signal : null)
    signal?.throwIfAborted()
    // As `new Request(input, init)` does: headers given in init replace the request's own.
    const headers = new Headers(init?.headers ?? (isRequest ? input.headers : undefined))
    const method = (init?.method ?? (isRequest ? input.method : 'GET')).toUpperCase()
    const { status, body } = await request(isRequest ? input.url : String(input), { headers, method })
    return new Response(method === 'HEAD' ? null : JSON.stringify(body), {
      status,
      headers: responseHeaders(status),
    })
  }
}

function responseHeaders(status: number): Headers {
  const headers = new Headers({ 'content-type': 'application/json; charset=utf-8' })
  if (status === 401) headers.set('www-authenticate', 'Bearer')
  if (status === 405) headers.set('allow', 'GET, HEAD')
  return headers
}
