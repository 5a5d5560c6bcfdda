/**
 * The block cache's settings (SPEC 16), with their defaults applied once at the boundary.
 *
 * - `cacheBytes`: the option, else the environment variable `DOMINDEX_CACHE_BYTES` (so a whole
 *   program, or a test run, can be pointed at a tiny cache without changing its code), else
 *   256 MiB.
 * - Blocks of 4 KiB: a stored record is ~225 bytes and queries read records at random, so a small
 *   block wastes the least cache; a miss measured 2.9 µs at 4 KiB, 3.8 at 16 and 6.1 at 64
 *   (docs/design-notes.md).
 */
import type { CacheOptions } from '../snapshot/read-snapshot.js'

/** The default bound of an opened snapshot's block cache. */
export const DEFAULT_CACHE_BYTES = 256 << 20

/** The size of a cached block. */
export const BLOCK_BYTES = 4 << 10

/**
 * The cache settings for an open.
 *
 * @param cacheBytes - the caller's bound, if any
 * @throws TypeError naming the value when it is not a whole number of bytes ≥ 0
 * @example
 * ```ts
 * cacheOptions(undefined) // { cacheBytes: 268435456, blockBytes: 4096 } (without DOMINDEX_CACHE_BYTES)
 * ```
 */
export function cacheOptions(cacheBytes: number | undefined): CacheOptions {
  const fromEnv = process.env['DOMINDEX_CACHE_BYTES']
  const chosen =
    cacheBytes ?? (fromEnv === undefined || fromEnv === '' ? DEFAULT_CACHE_BYTES : Number(fromEnv))
  if (!Number.isSafeInteger(chosen) || chosen < 0) {
    const source = cacheBytes === undefined ? 'DOMINDEX_CACHE_BYTES' : 'cacheBytes'
    throw new TypeError(
      `domindex: ${source} must be a whole number of bytes, got ${JSON.stringify(cacheBytes ?? fromEnv)}`,
    )
  }
  return { cacheBytes: chosen, blockBytes: BLOCK_BYTES }
}
