/**
 * From matched text values to the items carrying them with the type (and context) a term names:
 * the value → items chain of the state (usually one item a value).
 */
import { type DnsState, matchingFields } from '../../indexes/dns/state.js'

/**
 * Appends to `out` the items whose value is one of `values` and whose type and context match.
 *
 * @param state - the index state
 * @param values - string ids of values
 * @param type - the item type
 * @param context - the item context, or null for every context
 * @param out - receives item ids
 * @example
 * ```ts
 * const out: number[] = []; itemsOfValues(state, [12], 'txt', 'dns-txt', out)
 * ```
 */
export function itemsOfValues(
  state: DnsState,
  values: ArrayLike<number>,
  type: string,
  context: string | null,
  out: number[],
): void {
  const fields = matchingFields(state, type, context)
  for (let v = 0; v < values.length; v++) {
    for (
      let it = state.valueFirstItem[values[v] as number] as number;
      it >= 0;
      it = state.itemNextSameValue[it] as number
    ) {
      if (fields[state.itemField[it] as number] === 1) out.push(it)
    }
  }
}
