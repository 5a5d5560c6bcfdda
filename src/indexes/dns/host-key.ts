/**
 * The key under which DNS search compares host names: the host normalised as in SPEC 3 (trim,
 * lower-case, one trailing dot dropped, Unicode labels to punycode). A value that is no valid host
 * name keeps its trimmed, lower-cased text without one trailing dot, so odd values still compare
 * sensibly: the null MX `.` has the key `""`, which only the terms `host=.` and `host:.` reach.
 */
import { normalizeHost } from '../../normalize/host.js'

/**
 * The comparison key of a host value.
 *
 * @param value - a host as stored in an item or given in a query
 * @example
 * ```ts
 * hostKey('MX.Example.COM.') // 'mx.example.com'
 * hostKey('.')               // ''
 * ```
 */
export function hostKey(value: string): string {
  // ASCII hosts need no punycode, and for them normalizeHost's result (when valid) is exactly this
  // text; skipping its per-label regex checks keeps the build's ~1M apex values fast.
  if (isAscii(value)) return lowerNoDot(value)
  const result = normalizeHost(value)
  return result.ok ? result.host : lowerNoDot(value)
}

function lowerNoDot(value: string): string {
  const s = value.trim().toLowerCase()
  return s.endsWith('.') ? s.slice(0, -1) : s
}

function isAscii(s: string): boolean {
  for (let i = 0; i < s.length; i++) if (s.charCodeAt(i) > 127) return false
  return true
}

/**
 * Whether `host` equals `suffix` or ends with `.` + `suffix` (a label-aligned suffix), on keys.
 *
 * @example
 * ```ts
 * isLabelSuffix('ns1.example.com', 'example.com')    // true
 * isLabelSuffix('ns1.notexample.com', 'example.com') // false
 * ```
 */
export function isLabelSuffix(host: string, suffix: string): boolean {
  return (
    host === suffix ||
    (host.length > suffix.length &&
      host.endsWith(suffix) &&
      host.charCodeAt(host.length - suffix.length - 1) === 46)
  )
}
