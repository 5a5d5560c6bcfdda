/**
 * The apex (registrable domain) of a host under the ICANN section of the Public Suffix List.
 * Private-section suffixes are ignored because WHOIS lives at the registry (`foo.blogspot.com`
 * has apex `blogspot.com`).
 */
import { parse } from 'tldts'
import { normalizeHost } from './host.js'

/**
 * Returns the registrable domain of a host, or `null` for an IP address, a bare public suffix, a
 * leading dot or a string that is not a host name.
 *
 * @param host - any host name, in any case, possibly Unicode or with a trailing dot
 * @example
 * ```ts
 * apexDomain('www.example.co.uk') // 'example.co.uk'
 * apexDomain('co.uk')             // null
 * apexDomain('*.example.com')     // 'example.com'
 * ```
 */
export function apexDomain(host: string): string | null {
  if (typeof host !== 'string' || host.trimStart().startsWith('.')) return null
  const normal = normalizeHost(host)
  if (!normal.ok) return null
  const parsed = parse(normal.host, { allowPrivateDomains: false, extractHostname: false })
  if (parsed.isIp) return null
  // A wildcard label is never a registrable domain's own: `*.com` has none, `*.a.com` has a.com.
  return parsed.domain?.startsWith('*.') === true ? null : parsed.domain
}
