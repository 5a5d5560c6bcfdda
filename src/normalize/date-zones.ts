/**
 * Time-zone abbreviations that registries print after a time (`12:00:00 EEST`, `(JST)`), with their
 * fixed offsets from UTC in minutes. An abbreviation names a fixed offset, not a region: `EEST` is
 * +03:00 whatever the date, which is how the registries that print them mean them.
 *
 * Ambiguous abbreviations are decided once, here:
 * - `IST` is India (+05:30), the largest population writing it; Irish and Israel time are not read.
 * - `CST` and `CDT` are North American Central (−06:00/−05:00), as in RFC 822 and most parsers;
 *   China Standard Time is not read.
 * - `BST` is British Summer Time (+01:00), as in the `.za` registry's `BST 2005` dates.
 * - `AST`/`ADT` are Atlantic (−04:00/−03:00).
 * Unknown abbreviations make the date null rather than silently UTC.
 */

/** Abbreviation (upper case) → offset from UTC in minutes. */
const ZONE_OFFSETS: ReadonlyMap<string, number> = new Map([
  // Universal
  ['Z', 0],
  ['UT', 0],
  ['UTC', 0],
  ['GMT', 0],
  // Europe and Africa
  ['WET', 0],
  ['WEST', 60],
  ['BST', 60],
  ['CET', 60],
  ['CEST', 120],
  ['MET', 60],
  ['MEST', 120],
  ['EET', 120],
  ['EEST', 180],
  ['MSK', 180],
  ['WAT', 60],
  ['CAT', 120],
  ['SAST', 120],
  ['EAT', 180],
  // Asia and Oceania
  ['GST', 240],
  ['PKT', 300],
  ['IST', 330],
  ['ICT', 420],
  ['WIB', 420],
  ['HKT', 480],
  ['SGT', 480],
  ['MYT', 480],
  ['PHT', 480],
  ['AWST', 480],
  ['JST', 540],
  ['KST', 540],
  ['ACST', 570],
  ['ACDT', 630],
  ['AEST', 600],
  ['AEDT', 660],
  ['NZST', 720],
  ['NZDT', 780],
  // Americas
  ['NST', -210],
  ['NDT', -150],
  ['AST', -240],
  ['ADT', -180],
  ['BRT', -180],
  ['ART', -180],
  ['CLT', -240],
  ['CLST', -180],
  ['EST', -300],
  ['EDT', -240],
  ['CST', -360],
  ['CDT', -300],
  ['MST', -420],
  ['MDT', -360],
  ['PST', -480],
  ['PDT', -420],
  ['AKST', -540],
  ['AKDT', -480],
  ['HST', -600],
])

/**
 * The offset from UTC, in minutes, of a zone abbreviation.
 *
 * @param name - the abbreviation as written, in any case (`'JST'`, `'utc'`)
 * @returns the offset, or undefined for an abbreviation this table does not know
 * @example
 * ```ts
 * zoneOffsetMinutes('EEST') // 180
 * zoneOffsetMinutes('pdt')  // -420
 * zoneOffsetMinutes('XYZ')  // undefined
 * ```
 */
export function zoneOffsetMinutes(name: string): number | undefined {
  return ZONE_OFFSETS.get(name.toUpperCase())
}

/**
 * Tells whether an abbreviation names UTC itself, the only base a written offset may follow
 * (`UTC+8`, `GMT+0:00`); `EST+5` is refused, because POSIX TZ strings invert that sign.
 *
 * @param name - the abbreviation as written, in any case
 * @example
 * ```ts
 * isUtcName('gmt') // true
 * isUtcName('EST') // false
 * ```
 */
export function isUtcName(name: string): boolean {
  const upper = name.toUpperCase()
  return upper === 'UTC' || upper === 'GMT' || upper === 'UT'
}
