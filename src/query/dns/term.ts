/**
 * The observations matching one filter or expression term (SPEC 6): `host` terms by host keys
 * (suffix for `:`, equality for `=`), other types by tokens (`:`) or case-insensitive equality
 * (`=`) over the distinct text values, then the union of the matched items' postings.
 */
import { tokenize } from '../../analysis/tokenize.js'
import type { DnsState } from '../../indexes/dns/state.js'
import type { Term } from '../expression/ast.js'
import type { DocSet } from './doc-set.js'
import { hostItems } from './host-items.js'
import { observationsOfItems } from './item-postings.js'
import { valuesEqualIgnoringCase } from './value-exact.js'
import { itemsOfValues } from './value-items.js'
import { valuesWithPhrase } from './value-tokens.js'

/**
 * The observations with an item matching the term.
 *
 * @param state - the index state
 * @param term - a validated term (parseDnsParams checked that `:` values have tokens)
 * @example
 * ```ts
 * termObservations(state, { kind: 'term', context: 'dns-mx', type: 'host', operator: '=', value: 'mx.a.com', position: 0 })
 * ```
 */
export function termObservations(state: DnsState, term: Term): DocSet {
  if (term.type === 'host') {
    return observationsOfItems(state, hostItems(state, term.value, term.context, term.operator === ':'))
  }
  if (term.operator === ':') return phraseObservations(state, tokenize(term.value), term.type, term.context)
  const values = valuesEqualIgnoringCase(state, term.value)
  return observationsOfItems(state, itemsOfValues(state, values, term.type, term.context))
}

/**
 * The observations with an item of the type (and context) whose value holds
 * the tokens consecutively: the `txt` criterion is `phraseObservations(state, tokens, 'txt', null)`.
 *
 * @param state - the index state
 * @param tokens - analysed tokens, at least one
 * @param type - the item type
 * @param context - the item context, or null for every context
 * @example
 * ```ts
 * phraseObservations(state, ['google', 'site', 'verification'], 'txt', null)
 * ```
 */
export function phraseObservations(
  state: DnsState,
  tokens: readonly string[],
  type: string,
  context: string | null,
): DocSet {
  return observationsOfItems(state, itemsOfValues(state, valuesWithPhrase(state, tokens), type, context))
}
