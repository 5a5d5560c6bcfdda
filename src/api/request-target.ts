/**
 * Splits what `request()` and `fetch` are given, a path with a query string or a full URL, into
 * the path and the query string. Only path and query count: scheme, host and fragment are dropped.
 */

/** A request target split into its path and its query string (without `?`). */
export interface RequestTarget {
  path: string
  query: string
}

// `scheme://authority` as RFC 3986 writes it; the authority ends at the first `/`, `?` or `#`.
const ORIGIN = /^[a-z][a-z0-9+.-]*:\/\/[^/?#]*/i

/**
 * Splits a path-and-query or an absolute URL.
 *
 * @param target - `/v1/domain/mx?host=example.com` or `https://any.host/v1/domain/mx?host=example.com`
 * @example
 * ```ts
 * splitTarget('https://api.example/v1/domain/mx?host=a.com#top') // { path: '/v1/domain/mx', query: 'host=a.com' }
 * ```
 */
export function splitTarget(target: string): RequestTarget {
  const hash = target.indexOf('#')
  const withoutFragment = hash < 0 ? target : target.slice(0, hash)
  const rest = withoutFragment.replace(ORIGIN, '')
  const mark = rest.indexOf('?')
  const path = mark < 0 ? rest : rest.slice(0, mark)
  return { path: path === '' ? '/' : path, query: mark < 0 ? '' : rest.slice(mark + 1) }
}
