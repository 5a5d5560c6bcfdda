/**
 * A host field of a raw DNS record (an owner name, an MX exchange, an NS host) normalised as SPEC 3
 * says, with a reject reason naming the field and its value when it is no host name. The null MX
 * (RFC 7505) is written `.` and kept as `.`, the form the observation loader accepts for it.
 */
import { showValue } from '../../errors.js'
import { normalizeHost } from '../../normalize/host.js'
import { isPlainHost } from '../plain-host.js'

/** A normalised host, or why the field holds none. */
export type DnsHost = { ok: true; host: string } | { ok: false; reason: string }

/**
 * Reads a host field.
 *
 * @param field - the field's name in reject reasons, such as `value` or `data.answers[0].answer`
 * @param raw - the field's value
 * @param nullMx - whether `.` (the null MX) is accepted
 * @example
 * ```ts
 * dnsHost('value', 'MX1.Example.COM.', false) // { ok: true, host: 'mx1.example.com' }
 * dnsHost('value', '.', true)                 // { ok: true, host: '.' }
 * dnsHost('name', 'a b.com', false)           // { ok: false, reason: 'name is not a host name (illegal characters in label "a b"): "a b.com"' }
 * ```
 */
export function dnsHost(field: string, raw: unknown, nullMx: boolean): DnsHost {
  if (typeof raw !== 'string') {
    return {
      ok: false,
      reason: `${field} must be a host name, got ${raw === undefined ? 'nothing' : showValue(raw)}`,
    }
  }
  if (isPlainHost(raw)) return { ok: true, host: raw }
  if (nullMx && raw.trim() === '.') return { ok: true, host: '.' }
  const result = normalizeHost(raw)
  return result.ok
    ? result
    : { ok: false, reason: `${field} is not a host name (${result.reason}): ${showValue(raw)}` }
}
