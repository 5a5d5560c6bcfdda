/**
 * Validation of forward-lookup parameters (SPEC 4).
 */
import { QueryError } from '../errors.js'
import { apexDomain } from '../normalize/apex.js'
import type { Params } from '../types.js'
import { checkKnown, readBool, readHost } from './params.js'

const KNOWN = new Set(['domain', 'apex_domain'])

/**
 * Validates `whois()` parameters and returns the normalised domain to look up, or null when
 * `apex_domain` is set and the host has no apex.
 *
 * @example
 * ```ts
 * parseWhoisParams({ domain: 'WWW.Example.co.uk', apex_domain: 'true' }) // 'example.co.uk'
 * ```
 */
export function parseWhoisParams(params: Params): string | null {
  checkKnown(params, KNOWN)
  const domain = readHost(params, 'domain')
  if (domain === undefined) throw new QueryError('missing_parameter', 'domain', 'domain is required')
  if (readBool(params, 'apex_domain') !== true) return domain
  // A host with no registrable apex (a bare public suffix, an IP) has no record: null, not an error.
  return apexDomain(domain)
}
