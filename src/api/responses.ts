/**
 * The `{status, body}` answers of `request()` and their error bodies. A `QueryError` is a 400
 * naming its parameter; the other statuses are decided by the request layer itself.
 */
import { QueryError, type QueryErrorCode } from '../errors.js'

/** The codes of an error body: a {@link QueryErrorCode} or one the request layer decides. */
export type ApiErrorCode =
  | QueryErrorCode
  | 'bad_request'
  | 'not_found'
  | 'unauthorized'
  | 'method_not_allowed'
  | 'internal'

/** The body of every non-200 answer. */
export interface ErrorBody {
  error: { code: ApiErrorCode; message: string; param?: string }
}

/** What `request()` answers: an HTTP status and the JSON body the HTTP API would send. */
export interface ApiResponse {
  status: number
  body: unknown
}

/**
 * A 200 answer.
 *
 * @param body - the API body
 * @example
 * ```ts
 * ok({ page: 0, pages: 0, result_count: 0, results: [] }) // { status: 200, body: { page: 0, ... } }
 * ```
 */
export function ok(body: unknown): ApiResponse {
  return { status: 200, body }
}

/**
 * An error answer.
 *
 * @param status - the HTTP status
 * @param code - the stable error code
 * @param message - a readable message naming the value at fault
 * @param param - the parameter at fault, when there is one
 * @example
 * ```ts
 * failure(404, 'not_found', 'domindex: no such path "/v2"') // { status: 404, body: { error: { code: 'not_found', message: ... } } }
 * ```
 */
export function failure(status: number, code: ApiErrorCode, message: string, param?: string): ApiResponse {
  const error: ErrorBody['error'] = param === undefined ? { code, message } : { code, message, param }
  return { status, body: { error } satisfies ErrorBody }
}

/**
 * The answer for an exception: a 400 for a `QueryError`, else a 500 (a bug, never expected).
 *
 * @param error - what was thrown
 * @example
 * ```ts
 * fromError(new QueryError('invalid_parameter', 'slop', 'slop must be ...')) // { status: 400, body: { error: { code: 'invalid_parameter', param: 'slop', ... } } }
 * ```
 */
export function fromError(error: unknown): ApiResponse {
  if (error instanceof QueryError) return failure(400, error.code, error.message, error.param)
  const reason = error instanceof Error ? error.message : String(error)
  return failure(500, 'internal', `domindex: internal error: ${reason}`)
}
