/**
 * Host-name validity for loading: hosts already in normalised form take the one-pass check of
 * plain-host.ts; the others (upper case, a trailing dot, Unicode, invalid) are normalised once and
 * memoised, since they repeat heavily too (a registry that prints nameservers in upper case prints
 * its popular providers' names a million times).
 */
import { normalizeHost } from '../normalize/host.js'
import { isPlainHost } from './plain-host.js'

const LIMIT = 200_000

/**
 * Checks host names, remembering the answers for up to 200,000 distinct strings.
 *
 * @example
 * ```ts
 * const hosts = new HostCheck()
 * hosts.problem('NS1.Example.COM') // null (a valid host)
 * hosts.problem('a..b')            // 'empty label'
 * ```
 */
export class HostCheck {
  #known = new Map<string, string | null>()

  /** Why `raw` is not a host name, or null when it is one. */
  problem(raw: string): string | null {
    if (isPlainHost(raw)) return null
    const known = this.#known.get(raw)
    if (known !== undefined) return known
    const result = normalizeHost(raw)
    const problem = result.ok ? null : result.reason
    // Starting afresh when full keeps memory bounded; the popular hosts come back at once.
    if (this.#known.size >= LIMIT) this.#known = new Map()
    this.#known.set(raw, problem)
    return problem
  }
}
