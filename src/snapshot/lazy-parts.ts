/**
 * Which sections of a snapshot stay on disk when it is opened (SPEC 16): those that grow with the
 * records and are read a few bytes at a time by the queries that need them. Today these are
 * - the stored WHOIS records' chunks and their string tables with the tables' string ends (~225
 *   bytes a record: record-store.ts), with the offsets and the permutations that find a record;
 * - the UTF-8 bytes of the term dictionaries (term-dictionary.ts: the forward lookup's domains,
 *   the text, postal, email and registrar dictionaries) and of the DNS observation ids and tokens
 *   (byte-table.ts). Their offsets and hash slots stay in memory, so finding an entry costs no
 *   read and comparing it one block read at most;
 * - the packed postings (reverse/packed-postings.ts) of the registration text (documents,
 *   positions and organization ordinals: ~70 bytes a record) and the documents of the postal,
 *   email, registrar, phone-gram, nameserver-host and shared-suffix postings, with their byte
 *   and entry offsets (document frequencies, read two elements a term); a matcher reads a term's
 *   list (term-lists.ts: termLists, termDocs; term-doc-list.ts by rank) as it needs it.
 * - the DNS index's bytes of its values and host keys, and every array that grows with the
 *   observations, their items, values, host keys or tokens (dns/state.ts: DNS_COLUMNS: days,
 *   apexes, item occurrences, item chains and postings, host items, apex ordinals, latest-date
 *   bits, token lists, the label trie's node columns and hash slots), read through columns
 *   (storage/column.ts), and each observation's key order (`obsShape`, a byte each);
 * - the hash slots of the term dictionaries: a lookup reads the block of its probes;
 * - the date columns (reverse/date-column.ts): a range reads ~log2 n instants to find its ranks;
 * - the nameservers' sorted host keys and each document's host ranks, and the phone digits of
 *   each document: a lookup reads ~log2 n keys, a candidate its own few entries.
 * Every other section is read at open: none of them grows with the records (a segment's field
 * and codec tables, its chunk offsets, its loaded-verbatim observations, its deletion marks).
 */

import { DNS_COLUMNS } from '../indexes/dns/state.js'

const LAZY = new RegExp(
  '^segments\\.\\d+\\.(?:' +
    'store\\.(?:chunks|tables|tableEnds)\\.\\d+' +
    '|store\\.domains\\.bytes' +
    '|reverse\\.(?:text|postal|email|registrar)\\.dictionary\\.bytes' +
    '|reverse\\.text\\.(?:positions|organizations)\\.(?:termStart|docAt|docBytes|payloadAt|payloadBytes)' +
    '|reverse\\.(?:postal|email|registrar)\\.postings\\.(?:termStart|docAt|docBytes)' +
    '|reverse\\.digits\\.grams\\.(?:termStart|docAt|docBytes)' +
    '|reverse\\.nameservers\\.(?:hosts|suffixes)\\.(?:termStart|docAt|docBytes)' +
    '|(?:mx|txt)\\.(?:ids|tokens|strings|hosts)\\.(?:bytes|starts)' +
    `|(?:mx|txt)\\.(?:${DNS_COLUMNS.join('|')}|obsShape)` +
    '|store\\.domains\\.(?:slots|starts)' +
    '|store\\.(?:slots|docOfKey|ends)' +
    '|reverse\\.(?:text|postal|email|registrar)\\.dictionary\\.(?:slots|starts)' +
    '|reverse\\.(?:created|updated|expires)\\.(?:instants|docs|rank)' +
    '|reverse\\.nameservers\\.(?:keyBytes|keyStart|docHostStart|docHostRank)' +
    '|reverse\\.digits\\.(?:digits|valueStart|docValueStart)' +
    ')$',
)

/**
 * Whether a section, by its name in the section table, is read lazily.
 *
 * @example
 * ```ts
 * isLazySection('segments.0.store.chunks.3')   // true
 * isLazySection('segments.1.txt.strings.bytes') // true
 * isLazySection('segments.0.mx.fieldType')    // false
 * ```
 */
export function isLazySection(name: string): boolean {
  return LAZY.test(name)
}
