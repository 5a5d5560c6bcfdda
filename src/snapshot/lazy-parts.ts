/**
 * Which sections of a snapshot stay on disk when it is opened (SPEC 16): those that grow with the
 * records and are read a few bytes at a time by the queries that need them. Today these are
 * - the stored WHOIS records' chunks and their string tables (~225 bytes a record: record-store.ts);
 * - the UTF-8 bytes of every byte table and term dictionary (byte-table.ts, term-dictionary.ts):
 *   the domains of the forward lookup, the text, postal, email and registrar dictionaries, and the
 *   DNS values, observation ids, host keys and tokens (~200 bytes a WHOIS record with its three
 *   observations, measured at 50k). Their offsets and hash slots stay in memory, so finding an
 *   entry costs no read and comparing it one block read at most.
 * Every other section is read at open.
 */

const LAZY = new RegExp(
  '^segments\\.\\d+\\.(?:' +
    'store\\.(?:chunks|tables)\\.\\d+' +
    '|store\\.domains\\.bytes' +
    '|reverse\\.(?:text|postal|email|registrar)\\.dictionary\\.bytes' +
    '|(?:mx|txt)\\.(?:strings|ids|hosts|tokens)\\.bytes' +
    ')$',
)

/**
 * Whether a section, by its name in the section table, is read lazily.
 *
 * @example
 * ```ts
 * isLazySection('segments.0.store.chunks.3')   // true
 * isLazySection('segments.1.txt.strings.bytes') // true
 * isLazySection('segments.0.store.ends')       // false
 * ```
 */
export function isLazySection(name: string): boolean {
  return LAZY.test(name)
}
