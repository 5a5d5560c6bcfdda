/**
 * What `request()` is handed, read defensively: the target as a string, the `Authorization`
 * header and the method. Anything that cannot be read (options that are not an object, a method
 * that is not a string, headers that throw when read, a target whose `toString` throws) is a 400
 * `bad_request` naming it, so no caller's mistake becomes a 500.
 */
import { showValue } from '../errors.js'
import { type HeaderInput, headerValue } from './auth.js'
import { type ApiResponse, failure } from './responses.js'

/** A request as `request()` answers it. */
export interface RequestInput {
  /** The path and query string, or an absolute URL. */
  target: string
  /** The `Authorization` header, or null when absent. */
  authorization: string | null
  /** The method in upper case. */
  method: string
}

/**
 * Reads a request's target and options.
 *
 * @param pathAndQuery - what the caller passed as the target
 * @param options - what the caller passed as the options (undefined: none)
 * @returns the request, or the 400 answer naming what could not be read
 * @example
 * ```ts
 * readRequest('/v1/domain/mx?host=a.com', { method: 'head' }) // { target: '/v1/domain/mx?host=a.com', authorization: null, method: 'HEAD' }
 * readRequest('/v1/domain/mx', null) // { status: 400, body: { error: { code: 'bad_request', ... } } }
 * ```
 */
export function readRequest(pathAndQuery: unknown, options: unknown): RequestInput | ApiResponse {
  if (options !== undefined && (typeof options !== 'object' || options === null)) {
    return badRequest(`request options must be an object, got ${showValue(options)}`)
  }
  const { headers, method = 'GET' } = (options ?? {}) as { headers?: unknown; method?: unknown }
  if (typeof method !== 'string')
    return badRequest(`request method must be a string, got ${showValue(method)}`)
  if (headers !== undefined && (typeof headers !== 'object' || headers === null)) {
    return badRequest(`request headers must be an object or a Headers, got ${showValue(headers)}`)
  }
  let authorization: string | null
  try {
    authorization = headerValue(headers as HeaderInput | undefined, 'authorization')
  } catch (error) {
    return badRequest(`request headers could not be read: ${reasonOf(error)}`)
  }
  let target: string
  try {
    target = String(pathAndQuery)
  } catch (error) {
    return badRequest(`the request target could not be read as a string: ${reasonOf(error)}`)
  }
  return { target, authorization, method: method.toUpperCase() }
}

function badRequest(message: string): ApiResponse {
  return failure(400, 'bad_request', `domindex: ${message}`)
}

function reasonOf(error: unknown): string {
  try {
    return error instanceof Error ? error.message : String(error)
  } catch {
    return 'an unprintable error'
  }
}
