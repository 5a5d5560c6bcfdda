/**
 * The token index over the distinct text values of a DNS index (values of items whose type is not
 * `host`): a token dictionary, each token's text values, each text value's token sequence, and a
 * hash of the lower-cased values for exact terms. It is built over distinct values, not over
 * observations, because a few texts (SPF records) repeat millions of times. Layout in dns-state.ts.
 */
import { tokenize } from '../analysis/tokenize.js'
import { groupByKey } from './dns-csr.js'
import { U32List } from './dns-growable.js'
import { buildStringHash } from './dns-string-hash.js'
import { StringIds } from './string-ids.js'

/** The token-index part of the DNS state. */
export interface TokenIndex {
  tokens: string[]
  tokenSlots: Uint32Array
  tokenValueStart: Uint32Array
  tokenValues: Uint32Array
  valueTokenStart: Uint32Array
  valueTokens: Uint32Array
  lowerSlots: Uint32Array
}

/**
 * Builds the token index of the strings marked as text values.
 *
 * @param strings - the string table
 * @param isText - 1 for the string ids that are text values
 * @example
 * ```ts
 * buildTokenIndex(['v=spf1 -all'], Uint8Array.of(1)).tokens // ['v', 'spf1', 'all']
 * ```
 */
export function buildTokenIndex(strings: readonly string[], isText: Uint8Array): TokenIndex {
  const dict = new StringIds()
  const valueTokenStart = new Uint32Array(strings.length + 1)
  const sequence = new U32List(strings.length * 4)
  const textIds = new U32List()
  for (let s = 0; s < strings.length; s++) {
    if (isText[s] === 1) {
      textIds.push(s)
      for (const token of tokenize(strings[s] as string)) sequence.push(dict.intern(token))
    }
    valueTokenStart[s + 1] = sequence.length
  }
  const valueTokens = sequence.toArray()
  // (token, value) pairs, each once, in ascending value order: a value repeating a token
  // ("include:… include:…") is listed once under it.
  const lastValue = new Int32Array(dict.size).fill(-1)
  const pairTokens = new U32List(valueTokens.length)
  const pairValues = new U32List(valueTokens.length)
  for (let s = 0; s < strings.length; s++) {
    for (let j = valueTokenStart[s] as number; j < (valueTokenStart[s + 1] as number); j++) {
      const t = valueTokens[j] as number
      if (lastValue[t] === s) continue
      lastValue[t] = s
      pairTokens.push(t)
      pairValues.push(s)
    }
  }
  const byToken = groupByKey(dict.size, pairTokens.toArray(), pairValues.toArray())
  const tokens = Array.from({ length: dict.size }, (_, t) => dict.string(t))
  const allTokens = new Uint32Array(tokens.length)
  for (let t = 0; t < allTokens.length; t++) allTokens[t] = t
  return {
    tokens,
    tokenSlots: buildStringHash(allTokens, (t) => tokens[t] as string),
    tokenValueStart: byToken.start,
    tokenValues: byToken.values,
    valueTokenStart,
    valueTokens,
    lowerSlots: buildStringHash(textIds.toArray(), (s) => (strings[s] as string).toLowerCase()),
  }
}
