/**
 * Where a string splits into a part of its own and a part that many strings share: before the
 * last `@` of an e-mail address (`@acmeaccounting.com`), after the leading number of an id or a
 * street when a letter, `_` or a space follows it (`_DOMAIN_COM-VRSN`, ` Hay Street`; not a date's
 * `-11-16`), or before the first dot of a host (`.ns.cloudflare.com`). The string table counts these shared parts like whole strings
 * (string-table.ts), and the encoder writes a string as its own part and a table reference when its
 * shared part made it into the table.
 */

/**
 * The index where the shared part of `s` starts, or -1 when `s` does not split.
 *
 * @example
 * ```ts
 * splitPoint('linda@east.com')          // 5
 * splitPoint('824190966_DOMAIN_COM-VRSN') // 9
 * splitPoint('tara.ns.cloudflare.com')  // 4
 * splitPoint('Acme')                    // -1
 * ```
 */
export function splitPoint(s: string): number {
  const at = s.lastIndexOf('@')
  if (at > 0) return at
  let digits = 0
  while (digits < s.length && s.charCodeAt(digits) >= 48 && s.charCodeAt(digits) <= 57) digits++
  if (digits > 0) {
    const next = digits < s.length ? s.charCodeAt(digits) | 0x20 : 0
    return next === 0x20 || next === 0x7f /* '_' */ || (next >= 0x61 && next <= 0x7a) ? digits : -1
  }
  const dot = s.indexOf('.')
  return dot > 0 && dot < s.length - 1 ? dot : -1
}
