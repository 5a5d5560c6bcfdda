/**
 * Query-string parsing for `request()` (SPEC 8): `&`-separated `key=value` pairs, `+` as a space,
 * percent-decoding as UTF-8. Repeated keys collect into arrays in order (the validators accept that
 * only for `filter`); a key without `=` and an empty value both give `''`, which the validators judge.
 */
import { QueryError, showValue } from '../errors.js'
import type { Params } from '../types.js'

/**
 * Parses a query string (without the leading `?`) into parameters.
 *
 * The result has no prototype, so keys such as `__proto__` stay ordinary (unknown) parameters.
 *
 * @param query - the text after `?` and before any `#`
 * @returns the parameters, each a string or, when repeated, an array of strings
 * @throws QueryError `invalid_parameter` naming the parameter whose key or value is not valid percent-encoding
 * @example
 * ```ts
 * parseQueryString('phrase=acme+holdings&filter=a&filter=b&apex_domain')
 * // { phrase: 'acme holdings', filter: ['a', 'b'], apex_domain: '' }
 * ```
 */
export function parseQueryString(query: string): Params {
  const params: Record<string, string | string[]> = Object.create(null)
  for (const pair of query.split('&')) {
    if (pair.length === 0) continue
    const eq = pair.indexOf('=')
    const rawKey = eq < 0 ? pair : pair.slice(0, eq)
    const rawValue = eq < 0 ? '' : pair.slice(eq + 1)
    const key = decode(rawKey, rawKey)
    const value = decode(rawValue, key)
    const seen = params[key]
    if (seen === undefined) params[key] = value
    else if (typeof seen === 'string') params[key] = [seen, value]
    else seen.push(value)
  }
  return params
}

function decode(raw: string, param: string): string {
  const spaced = raw.replaceAll('+', ' ')
  // Most values carry no escapes; skipping decodeURIComponent for them keeps huge values cheap.
  if (!spaced.includes('%')) return spaced
  try {
    return decodeURIComponent(spaced)
  } catch {
    throw new QueryError(
      'invalid_parameter',
      param,
      `${showValue(param)} is not valid percent-encoding (each % must start a UTF-8 byte as %XX): ${showValue(raw)}`,
    )
  }
}
