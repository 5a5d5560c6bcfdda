/**
 * From matched text values to the items carrying them with the type (and context) a term names:
 * the value → items chain of the state (usually one item a value).
 */
import { type DnsState, matchingFields } from '../../indexes/dns/state.js'
import { room } from '../../indexes/grow.js'

/**
 * The items whose value is one of `values` and whose type and context match, in the order of
 * `values` (a phrase common to 200K distinct TXT values gives 200K items: a typed array, sized
 * for one item a value and grown when a value has more).
 *
 * @param state - the index state
 * @param values - string ids of values
 * @param type - the item type
 * @param context - the item context, or null for every context
 * @example
 * ```ts
 * itemsOfValues(state, [12], 'txt', 'dns-txt') // Uint32Array [31]
 * ```
 */
export function itemsOfValues(
  state: DnsState,
  values: ArrayLike<number>,
  type: string,
  context: string | null,
): Uint32Array {
  const fields = matchingFields(state, type, context)
  const first = state.valueFirstItem
  const next = state.itemNextSameValue
  const field = state.itemField
  let out = new Uint32Array(values.length)
  let k = 0
  for (let v = 0; v < values.length; v++) {
    for (let it = first.at(values[v] as number); it >= 0; it = next.at(it)) {
      if (fields[field.at(it)] === 0) continue
      out = room(out, k)
      out[k++] = it
    }
  }
  return out.subarray(0, k)
}
