/**
 * The loader's fast path for host names: a string that is already a normalised host (lower-case
 * ASCII labels of letters, digits, `-` and `_`, no label starting or ending with `-`, no trailing
 * dot) needs no normalisation. One pass over the char codes costs about a tenth of
 * `normalizeHost`'s trim, lower-case and per-label regex, and almost every host in bulk data takes it.
 * Accepts only strings `normalizeHost` returns unchanged; the rare wildcard names (`*.example.com`)
 * take the slow path.
 */

const DOT = 46
const HYPHEN = 45
const UNDERSCORE = 95

/**
 * Whether `s` is a host name in normalised form.
 *
 * @param s - the candidate
 * @example
 * ```ts
 * isPlainHost('ns1.example.com') // true
 * isPlainHost('NS1.example.com') // false (normalizeHost would lower-case it)
 * ```
 */
export function isPlainHost(s: string): boolean {
  const n = s.length
  if (n === 0 || n > 253) return false
  let labelStart = 0
  for (let i = 0; i <= n; i++) {
    const c = i === n ? DOT : s.charCodeAt(i)
    if (c === DOT) {
      const length = i - labelStart
      if (length === 0 || length > 63) return false
      if (s.charCodeAt(labelStart) === HYPHEN || s.charCodeAt(i - 1) === HYPHEN) return false
      labelStart = i + 1
    } else if (!((c >= 97 && c <= 122) || (c >= 48 && c <= 57) || c === HYPHEN || c === UNDERSCORE)) {
      return false
    }
  }
  return true
}
