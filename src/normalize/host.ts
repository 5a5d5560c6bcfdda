/**
 * Host-name normalisation (SPEC 3): trim, lower-case, drop one trailing dot, Unicode labels to
 * punycode; a wildcard first label (`*.example.com`, SPEC 13) is kept. Returns a value with a
 * reason instead of throwing, so that the loader (which rejects a record) and the query validator
 * (which throws a QueryError) decide what an invalid host means.
 */
import { domainToASCII } from 'node:url'

/** The result of {@link normalizeHost}: the host, or why it is not one. */
export type HostResult = { ok: true; host: string } | { ok: false; reason: string }

// Letters, digits, hyphen and underscore (DNS allows `_spf`-style labels in TXT owner names).
const LABEL = /^[a-z0-9_](?:[a-z0-9_-]{0,61}[a-z0-9_])?$/
const ASCII = /^[\x00-\x7f]*$/

/**
 * Normalises a host name.
 *
 * @param raw - the host as written
 * @returns the normalised host, or a reason
 * @example
 * ```ts
 * normalizeHost(' München.DE. ') // { ok: true, host: 'xn--mnchen-3ya.de' }
 * normalizeHost('*.Example.com') // { ok: true, host: '*.example.com' }
 * normalizeHost('a..b')          // { ok: false, reason: 'empty label' }
 * ```
 */
export function normalizeHost(raw: string): HostResult {
  let host = raw.trim().toLowerCase()
  if (host.endsWith('.')) host = host.slice(0, -1)
  if (host.length === 0) return { ok: false, reason: 'empty host' }
  if (!ASCII.test(host)) {
    const ascii = domainToASCII(host)
    if (ascii === '') return { ok: false, reason: 'not a valid internationalised host name' }
    host = ascii
  }
  if (host.length > 253) return { ok: false, reason: 'longer than 253 characters' }
  // A wildcard (RFC 4592) may be the whole first label of a longer name: `*.example.com`.
  for (const label of (host.startsWith('*.') ? host.slice(2) : host).split('.')) {
    if (label.length === 0) return { ok: false, reason: 'empty label' }
    if (label.length > 63)
      return { ok: false, reason: `label "${label.slice(0, 20)}..." longer than 63 characters` }
    if (!LABEL.test(label)) return { ok: false, reason: `illegal characters in label "${label}"` }
  }
  return { ok: true, host }
}
