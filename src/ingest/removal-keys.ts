/**
 * The keys an update removes (SPEC 12), checked and normalised before any file is read: WHOIS
 * domains as hosts (SPEC 3: case, one trailing dot, punycode), observation ids as given. Shared by
 * `engine.update` and the ClickHouse append, so both remove exactly the same keys.
 */
import { QueryError } from '../errors.js'
import { normalizeHost } from '../normalize/host.js'

/** Keys an update removes, checked and normalised. */
export interface RemovalKeys {
  /** Normalised domains. */
  whois: string[]
  /** Observation ids, as given. */
  dns: string[]
}

/** No key to remove: a build's parts, and an update's new records once its removals are applied. */
export const NO_KEYS: Readonly<RemovalKeys> = Object.freeze({ whois: [], dns: [] })

/**
 * Checks and normalises removal keys: domains as hosts (SPEC 3), ids as they are.
 *
 * @param remove - the `remove` option
 * @throws QueryError `invalid_parameter` (param `remove.whois` or `remove.dns`) naming the key
 * @example
 * ```ts
 * removalKeys({ whois: ['WWW.Example.COM.'], dns: ['obs-1'] }) // { whois: ['www.example.com'], dns: ['obs-1'] }
 * removalKeys({ whois: ['a..b'] }) // throws: remove.whois[0] "a..b" is not a host name (empty label)
 * ```
 */
export function removalKeys(
  remove: { whois?: readonly unknown[]; dns?: readonly unknown[] } | undefined,
): RemovalKeys {
  const whois = (remove?.whois ?? []).map((raw, i) => {
    if (typeof raw !== 'string') {
      throw new QueryError(
        'invalid_parameter',
        'remove.whois',
        `remove.whois[${i}] is not a string: ${String(raw)}`,
      )
    }
    const host = normalizeHost(raw)
    if (!host.ok) {
      throw new QueryError(
        'invalid_parameter',
        'remove.whois',
        `remove.whois[${i}] ${JSON.stringify(raw)} is not a host name (${host.reason})`,
      )
    }
    return host.host
  })
  const dns = (remove?.dns ?? []).map((id, i) => {
    if (typeof id !== 'string') {
      throw new QueryError(
        'invalid_parameter',
        'remove.dns',
        `remove.dns[${i}] is not a string: ${String(id)}`,
      )
    }
    return id
  })
  return { whois, dns }
}
