/**
 * Validation of prioritisation parameters (SPEC 9): a `domain`, normalised like a host.
 */
import { QueryError } from '../errors.js'
import type { Params } from '../types.js'
import { checkKnown, readHost } from './params.js'

const KNOWN = new Set(['domain'])

/**
 * Validates `prioritize()` parameters and returns the normalised domain to queue.
 *
 * @param params - `{ domain }`
 * @throws QueryError `missing_parameter`, `invalid_parameter` or `unknown_parameter`
 * @example
 * ```ts
 * parsePrioritizeParams({ domain: ' Example.ORG. ' }) // 'example.org'
 * ```
 */
export function parsePrioritizeParams(params: Params): string {
  checkKnown(params, KNOWN)
  const domain = readHost(params, 'domain')
  if (domain === undefined) throw new QueryError('missing_parameter', 'domain', 'domain is required')
  return domain
}
