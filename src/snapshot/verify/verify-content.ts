/**
 * The structure check of a snapshot's content, run by `Engine.open(path, { verify: true })` and
 * `domindex check` after the reader has verified every checksum: each segment's record store,
 * reverse index, MX and TXT indexes and deletion sets, then the load counts and queue, each by the
 * check file of its structure. Every invariant a query relies on is checked, so that a file that
 * passes its checksums but was written wrong, or forged with recomputed checksums, is refused
 * instead of giving wrong answers or failing queries. Structures derived from others in the same
 * file are compared with them (phone grams, nameserver and DNS item postings, token lists, latest
 * bits, record keys), but the records are not indexed again: text postings that are well formed
 * and wrong pass, as they do Lucene's CheckIndex. Every record and array is read once: at 100k
 * generated records and 300k observations an open with the check took 3.0 s in a fresh process
 * against 0.7 s without (38 s against 11 s at 1M; docs/guide.md), about a third of it decoding records.
 */
import type { SnapshotContent } from '../snapshot-content.js'
import type { Checklist } from './checklist.js'
import { checkDeletedDocs } from './deleted-docs.js'
import { checkDnsIndex } from './dns-index.js'
import { checkLoadAndQueue } from './load-and-queue.js'
import { checkRecordStore } from './record-store.js'
import { checkReverseIndex } from './reverse-index.js'
import { object } from './values.js'

/**
 * Checks every structure of the content; throws a Violation at the first broken invariant.
 *
 * @param content - the content as read (its checksums verified)
 * @param checks - where each passed check goes
 * @example
 * ```ts
 * const checks = new Checklist()
 * verifyContent(content, checks)
 * checks.done.at(-1) // { name: 'load, removed, buildMs, queue: counts, a duration and queued domains', count: 1 }
 * ```
 */
export function verifyContent(content: SnapshotContent, checks: Checklist): void {
  content.segments.forEach((segment, i) => {
    const where = `segments.${i}`
    const records = checkRecordStore(`${where}.store`, segment.store, checks)
    checkReverseIndex(`${where}.reverse`, segment.reverse, records, checks)
    const mx = checkDnsIndex(`${where}.mx`, segment.mx, 'mx', checks)
    const txt = checkDnsIndex(`${where}.txt`, segment.txt, 'txt', checks)
    const deleted = object(`${where}.deleted`, segment.deleted)
    checkDeletedDocs(`${where}.deleted.whois`, deleted['whois'], records, checks)
    checkDeletedDocs(`${where}.deleted.mx`, deleted['mx'], mx, checks)
    checkDeletedDocs(`${where}.deleted.txt`, deleted['txt'], txt, checks)
  })
  checkLoadAndQueue(content, checks)
}
