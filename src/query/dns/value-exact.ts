/**
 * Exact matching on text values (SPEC 6): `type=value` holds when an item's value equals the value,
 * ignoring case (`toLowerCase`, no other normalisation). A hash probe over the lower-cased
 * distinct text values; values differing only in case are all found.
 */

import { entryAt } from '../../indexes/byte-table.js'
import type { DnsState } from '../../indexes/dns/state.js'
import { findStrings } from '../../indexes/dns/string-hash.js'

/**
 * The string ids of the text values equal to `value`, ignoring case.
 *
 * @param state - the index state
 * @param value - the value sought
 * @example
 * ```ts
 * valuesEqualIgnoringCase(state, 'V=SPF1 -ALL') // ids of 'v=spf1 -all', 'v=spf1 -ALL', ...
 * ```
 */
export function valuesEqualIgnoringCase(state: DnsState, value: string): number[] {
  const out: number[] = []
  findStrings(state.lowerSlots, value.toLowerCase(), (s) => entryAt(state.strings, s).toLowerCase(), out)
  return out
}
