/**
 * Checks what a snapshot holds besides its segments, as `stats()`, `prioritized()` and later saves
 * read it: the load counts and removal counts are counts, the build time a duration, and every
 * queued domain a string with an instant.
 */
import type { SnapshotContent } from '../snapshot-content.js'
import { type Checklist, Violation } from './checklist.js'
import { arrayOf, count, object } from './values.js'

const LOAD_COUNTS = [
  'files',
  'bytes',
  'whoisRecords',
  'whoisReplaced',
  'observations',
  'observationsReplaced',
  'datesUnparsed',
] as const
const REMOVAL_COUNTS = ['whois', 'observations', 'notHeld'] as const

/**
 * Checks the load statistics, removal counts, build time and prioritisation queue.
 *
 * @param content - the content as read
 * @param checks - where the passed check goes
 * @example
 * ```ts
 * checkLoadAndQueue(content, checks)
 * ```
 */
export function checkLoadAndQueue(content: SnapshotContent, checks: Checklist): void {
  const load = object('load', content.load)
  for (const name of LOAD_COUNTS) count(`load.${name}`, load[name])
  count('load.rejects.count', object('load.rejects', load['rejects'])['count'])
  const removed = object('removed', content.removed)
  for (const name of REMOVAL_COUNTS) count(`removed.${name}`, removed[name])
  const buildMs: unknown = content.buildMs
  if (typeof buildMs !== 'number' || !(buildMs >= 0) || !Number.isFinite(buildMs))
    throw new Violation('buildMs', `is ${String(buildMs)}, not a duration`)
  const queue = arrayOf('queue', content.queue, object)
  queue.forEach((entry, i) => {
    const at = entry['queued_at']
    if (typeof entry['domain'] !== 'string' || typeof at !== 'string' || !Number.isFinite(Date.parse(at)))
      throw new Violation(`queue.${i}`, 'is not a domain with the instant it was queued at')
  })
  checks.passed('load, removed, buildMs, queue: counts, a duration and queued domains', queue.length)
}
