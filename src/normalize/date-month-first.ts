/**
 * Top-level domains whose registries write numeric dates month first (`03/27/2013`). Every other
 * registry is read day first (`27/03/2013`), the order of nearly every ccTLD registry that writes
 * `NN/NN/YYYY` in the real corpus (`.fr`, `.pt`, `.hk`, `.il`, `.sm`, `.yt`, `.tf`, `.es`, …).
 *
 * The list is the Freenom registries, which share one WHOIS server software: `.tk` and `.cf` print
 * `MM/DD/YYYY` in the corpus (the same `.tk` record holds an unambiguous `12/18/2001`), and `.ml`,
 * `.ga` and `.gq` run the same system.
 */

const MONTH_FIRST_TLDS: ReadonlySet<string> = new Set(['tk', 'cf', 'ml', 'ga', 'gq'])

/**
 * Tells whether a TLD's registry writes numeric dates month first.
 *
 * @param tld - the TLD in any case, with or without a leading dot; for a multi-label value such as
 *   `'co.tk'` the last label decides
 * @example
 * ```ts
 * isMonthFirstTld('tk')  // true
 * isMonthFirstTld('.TK') // true
 * isMonthFirstTld('fr')  // false
 * ```
 */
export function isMonthFirstTld(tld: string): boolean {
  const dot = tld.lastIndexOf('.')
  return MONTH_FIRST_TLDS.has((dot === -1 ? tld : tld.slice(dot + 1)).toLowerCase())
}
