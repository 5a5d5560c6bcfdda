/**
 * The build's memory budget (SPEC 16), with its default applied once at the boundary, and what it
 * means for a part of the input: a build indexes records until the part's estimated indexing peak
 * reaches the budget, writes the part as a segment to disk, and goes on with the next.
 *
 * - `memoryBudget`: the option, else the environment variable `DOMINDEX_MEMORY_BUDGET` (so a whole
 *   program, or a test run, can be pointed at a tiny budget without changing its code), else 1 GiB.
 * - The estimate counts records, not bytes: indexing a part peaks at about
 *   {@link WHOIS_PEAK_BYTES} a WHOIS record and {@link OBSERVATION_PEAK_BYTES} an observation
 *   (the anonymous memory at the end of each part of a 1M build, over its records: ~1.5 KB a
 *   WHOIS record, ~1.4 KB a TXT observation, ~1.0 KB an MX one; bench/budget.bench.ts measures
 *   the builds' peaks against their budgets).
 */

/** The default bound of a build's memory. */
export const DEFAULT_MEMORY_BUDGET = 1 << 30

/** Peak bytes of indexing one WHOIS record (its packed record, its postings while they are sorted). */
export const WHOIS_PEAK_BYTES = 1700
/** Peak bytes of indexing one observation. */
export const OBSERVATION_PEAK_BYTES = 1300

/** Records of a chunk message at the default budget: the parse tasks' own chunk size. */
const CHUNK_RECORDS = 1 << 14
/** A part holds at least this many chunks, so that it overshoots the budget by a small share. */
const CHUNKS_A_PART = 16

/**
 * The budget of a build or update.
 *
 * @param option - the caller's bound, if any
 * @throws TypeError naming the value when it is not a whole number of bytes ≥ 1
 * @example
 * ```ts
 * memoryBudget(undefined) // 1073741824 (without DOMINDEX_MEMORY_BUDGET)
 * ```
 */
export function memoryBudget(option: number | undefined): number {
  const fromEnv = process.env['DOMINDEX_MEMORY_BUDGET']
  const chosen = option ?? (fromEnv === undefined || fromEnv === '' ? DEFAULT_MEMORY_BUDGET : Number(fromEnv))
  if (!Number.isSafeInteger(chosen) || chosen < 1) {
    const source = option === undefined ? 'DOMINDEX_MEMORY_BUDGET' : 'memoryBudget'
    throw new TypeError(
      `domindex: ${source} must be a whole number of bytes of at least 1, got ${JSON.stringify(option ?? fromEnv)}`,
    )
  }
  return chosen
}

/**
 * The estimated indexing peak of a part.
 *
 * @param whois - its WHOIS records
 * @param observations - its observations
 * @example
 * ```ts
 * partBytes(1000, 3000) // 5600000
 * ```
 */
export function partBytes(whois: number, observations: number): number {
  return whois * WHOIS_PEAK_BYTES + observations * OBSERVATION_PEAK_BYTES
}

/**
 * The most records a parse task's chunk message carries under a budget: chunks are where a
 * build may spill, so a small budget takes small chunks.
 *
 * @example
 * ```ts
 * chunkRecords(1 << 30) // 16384
 * chunkRecords(64 << 10) // 2
 * ```
 */
export function chunkRecords(budget: number): number {
  return Math.max(1, Math.min(CHUNK_RECORDS, Math.floor(budget / (WHOIS_PEAK_BYTES * CHUNKS_A_PART))))
}
