/**
 * Token matching on text values (SPEC 6): the `txt` criterion and `type:value` terms hold when the
 * query's tokens occur consecutively in one value (`_spf.google.com` matches
 * `v=spf1 include:_spf.google.com ~all`). Runs over distinct values: the rarest query token's
 * value list gives the candidates, each checked against its stored token sequence.
 */

import { entryAt } from '../../indexes/byte-table.js'
import type { DnsState } from '../../indexes/dns/state.js'
import { findString } from '../../indexes/dns/string-hash.js'
import { EMPTY } from './id-sets.js'

/**
 * The string ids of the text values in which `tokens` occur consecutively, ascending.
 *
 * @param state - the index state
 * @param tokens - analysed query tokens, at least one
 * @example
 * ```ts
 * valuesWithPhrase(state, ['spf', 'google', 'com']) // ids of 'v=spf1 include:_spf.google.com ~all', ...
 * ```
 */
export function valuesWithPhrase(state: DnsState, tokens: readonly string[]): Uint32Array {
  const ids = new Uint32Array(tokens.length)
  let rarest = -1
  let rarestLength = Number.POSITIVE_INFINITY
  const keyOf = (t: number): string => entryAt(state.tokens, t)
  for (let q = 0; q < tokens.length; q++) {
    const t = findString(state.tokenSlots, tokens[q] as string, keyOf)
    if (t < 0) return EMPTY
    ids[q] = t
    const length = state.tokenValueStart.at(t + 1) - state.tokenValueStart.at(t)
    if (length < rarestLength) {
      rarest = q
      rarestLength = length
    }
  }
  const t = ids[rarest] as number
  const candidates = state.tokenValues.range(
    state.tokenValueStart.at(t),
    state.tokenValueStart.at(t + 1),
  ) as Uint32Array
  if (tokens.length === 1) return candidates
  const out = new Uint32Array(candidates.length)
  let k = 0
  for (let c = 0; c < candidates.length; c++) {
    const v = candidates[c] as number
    if (holdsPhrase(state, v, ids)) out[k++] = v
  }
  return out.subarray(0, k)
}

function holdsPhrase(state: DnsState, value: number, phrase: Uint32Array): boolean {
  const seq = state.valueTokens
  const from = state.valueTokenStart.at(value)
  const last = state.valueTokenStart.at(value + 1) - phrase.length
  for (let p = from; p <= last; p++) {
    let q = 0
    while (q < phrase.length && seq.at(p + q) === phrase[q]) q++
    if (q === phrase.length) return true
  }
  return false
}
