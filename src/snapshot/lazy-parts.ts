/**
 * Which sections of a snapshot stay on disk when it is opened (SPEC 16): those that grow with the
 * records and are read a few bytes at a time by the queries that need them. Today these are the
 * stored WHOIS records' chunks and their string tables (~225 bytes a record, the largest part of
 * an engine's memory after a build: record-store.ts). Every other section is read at open.
 */

const LAZY = /^segments\.\d+\.store\.(?:chunks|tables)\.\d+$/

/**
 * Whether a section, by its name in the section table, is read lazily.
 *
 * @example
 * ```ts
 * isLazySection('segments.0.store.chunks.3') // true
 * isLazySection('segments.0.store.ends')     // false
 * ```
 */
export function isLazySection(name: string): boolean {
  return LAZY.test(name)
}
