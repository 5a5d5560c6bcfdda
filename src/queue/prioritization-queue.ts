/**
 * The prioritisation queue (SPEC 9): domains for which WHOIS collection was requested, in the
 * order first requested, each with the instant of its first request. Requesting a queued domain
 * again changes nothing and says so.
 *
 * Layout: a {@link StringIds} dictionary whose dense ids are queue positions, and a parallel array
 * of epoch seconds. StringIds spreads domains over 64 Maps, so the queue is not held to the 16.7M
 * entries (2^24) one V8 Map can take; memory is the only bound (about 100 bytes a domain).
 * Its state is the plain array `prioritized()` returns, which {@link PrioritizationQueue.from}
 * restores, so a snapshot can save and reload it.
 */
import { StringIds } from '../indexes/string-ids.js'
import type { PrioritizeResponse } from '../types.js'

/** One queued domain, as `engine.prioritized()` lists it. */
export interface PrioritizedDomain {
  domain: string
  /** When it was first queued, `YYYY-MM-DDTHH:MM:SSZ`. */
  queued_at: string
}

/** Domains waiting for WHOIS collection, in queue order. */
export class PrioritizationQueue {
  readonly #domains = new StringIds()
  readonly #queuedAt: number[] = []

  /**
   * Rebuilds a queue from its listed entries (a saved snapshot's), keeping their order; a domain
   * listed twice keeps its first entry.
   *
   * @param entries - entries as {@link PrioritizationQueue.list} gave them
   * @example
   * ```ts
   * PrioritizationQueue.from([{ domain: 'example.org', queued_at: '2024-05-01T10:00:00Z' }]).size // 1
   * ```
   */
  static from(entries: readonly PrioritizedDomain[]): PrioritizationQueue {
    const queue = new PrioritizationQueue()
    for (const { domain, queued_at } of entries) {
      const ms = Date.parse(queued_at)
      if (!Number.isFinite(ms))
        throw new RangeError(`domindex: queued_at ${JSON.stringify(queued_at)} is not an instant`)
      queue.add(domain, new Date(ms))
    }
    return queue
  }

  /** The number of queued domains. */
  get size(): number {
    return this.#queuedAt.length
  }

  /**
   * Queues a normalised domain unless it is queued already.
   *
   * @param domain - a normalised host name
   * @param now - the instant of this request
   * @example
   * ```ts
   * queue.add('example.org', new Date('2024-05-01T10:00:00.250Z'))
   * // { domain: 'example.org', queued: true, queued_at: '2024-05-01T10:00:00Z', already_queued: false }
   * ```
   */
  add(domain: string, now: Date): PrioritizeResponse {
    const known = this.#domains.get(domain)
    if (known >= 0) {
      return {
        domain,
        queued: true,
        queued_at: isoSeconds(this.#queuedAt[known] as number),
        already_queued: true,
      }
    }
    const seconds = Math.floor(now.getTime() / 1000)
    if (!Number.isFinite(seconds)) throw new RangeError('domindex: the clock gave an invalid Date')
    this.#domains.intern(domain)
    this.#queuedAt.push(seconds)
    return { domain, queued: true, queued_at: isoSeconds(seconds), already_queued: false }
  }

  /**
   * The queued domains in queue order (a fresh array).
   *
   * @example
   * ```ts
   * queue.list() // [{ domain: 'example.org', queued_at: '2024-05-01T10:00:00Z' }]
   * ```
   */
  list(): PrioritizedDomain[] {
    const entries = new Array<PrioritizedDomain>(this.size)
    for (let i = 0; i < entries.length; i++) {
      entries[i] = { domain: this.#domains.string(i), queued_at: isoSeconds(this.#queuedAt[i] as number) }
    }
    return entries
  }
}

function isoSeconds(seconds: number): string {
  return `${new Date(seconds * 1000).toISOString().slice(0, 19)}Z`
}
