/**
 * Checks the token index of a DNS state (indexes/dns/token-index.ts) as `txt` and `type:value`
 * terms read it: tokens distinct and each found by its hash lookup; each text value's token
 * sequence the one the analyzer gives its text (and none for other strings); each token's values
 * the transpose of those sequences; each text value found by the lower-case hash an exact term
 * probes.
 */

import { tokenize } from '../../analysis/tokenize.js'
import { showValue } from '../../errors.js'
import { entryAt, entryCount } from '../../indexes/byte-table.js'
import { findString, findStrings } from '../../indexes/dns/string-hash.js'
import { tokenValueLists } from '../../indexes/dns/token-index.js'
import { Column } from '../../storage/column.js'
import { type Checklist, Violation } from './checklist.js'
import type { DnsColumns } from './dns-index.js'
import { allBelow, byteTable, hashSlots, offsets, sameArray, sortedRuns, typedArray } from './values.js'

/**
 * Checks the tokens, their hash tables and their value lists.
 *
 * @param c - the state's checked columns
 * @param checks - where the passed checks go
 * @example
 * ```ts
 * checkDnsTokens(columns, checks)
 * ```
 */
export function checkDnsTokens(c: DnsColumns, checks: Checklist): void {
  const { where, state, strings } = c
  const tokens = byteTable(`${where}.tokens`, state['tokens'])
  const tokenCount = entryCount(tokens)
  const tokenSlots = typedArray(`${where}.tokenSlots`, state['tokenSlots'], Uint32Array)
  hashSlots(`${where}.tokenSlots`, tokenSlots, tokenCount, tokenCount)
  const tokenOf = (t: number): string => entryAt(tokens, t)
  for (let t = 0; t < tokenCount; t++) {
    if (findString(new Column(tokenSlots), tokenOf(t), tokenOf) !== t)
      throw new Violation(
        `${where}.tokenSlots`,
        `token ${t} ${showValue(tokenOf(t))} does not look up to itself`,
      )
  }
  checks.passed(`${where}.tokens: distinct, each found by its lookup`, tokenCount)

  const stringCount = entryCount(strings)
  const valueTokenStart = typedArray(
    `${where}.valueTokenStart`,
    state['valueTokenStart'],
    Uint32Array,
    stringCount + 1,
  )
  const valueTokens = typedArray(`${where}.valueTokens`, state['valueTokens'], Uint32Array)
  offsets(`${where}.valueTokenStart`, valueTokenStart, valueTokens.length)
  allBelow(`${where}.valueTokens`, valueTokens, tokenCount)
  const isText = new Uint8Array(stringCount)
  c.itemField.forEach((field, it) => {
    if (c.hostField[field] === 0) isText[c.itemValue[it] as number] = 1
  })
  let texts = 0
  for (let s = 0; s < stringCount; s++) {
    const from = valueTokenStart[s] as number
    const to = valueTokenStart[s + 1] as number
    const expected = isText[s] === 1 ? tokenize(entryAt(strings, s)) : []
    texts += isText[s] as number
    const same =
      expected.length === to - from &&
      expected.every((token, i) => tokenOf(valueTokens[from + i] as number) === token)
    if (!same)
      throw new Violation(
        `${where}.valueTokens`,
        `string ${s} ${showValue(entryAt(strings, s))} has other tokens than its text`,
      )
  }
  checks.passed(`${where}.valueTokens: each text value's tokens, as the analyzer gives them`, texts)

  const tokenValueStart = typedArray(
    `${where}.tokenValueStart`,
    state['tokenValueStart'],
    Uint32Array,
    tokenCount + 1,
  )
  const tokenValues = typedArray(`${where}.tokenValues`, state['tokenValues'], Uint32Array)
  offsets(`${where}.tokenValueStart`, tokenValueStart, tokenValues.length)
  sortedRuns(`${where}.tokenValues`, tokenValues, tokenValueStart, stringCount)
  const derived = tokenValueLists(tokenCount, valueTokenStart, valueTokens)
  sameArray(`${where}.tokenValueStart`, tokenValueStart, derived.tokenValueStart, "the values' tokens")
  sameArray(`${where}.tokenValues`, tokenValues, derived.tokenValues, "the values' tokens")
  checks.passed(`${where}.tokenValues: each token's text values`, tokenValues.length)

  const lowerSlots = typedArray(`${where}.lowerSlots`, state['lowerSlots'], Uint32Array)
  hashSlots(`${where}.lowerSlots`, lowerSlots, stringCount, texts)
  const lowerColumn = new Column(lowerSlots)
  const lowerOf = (s: number): string => entryAt(strings, s).toLowerCase()
  const found: number[] = []
  for (let s = 0; s < stringCount; s++) {
    if (isText[s] === 0) continue
    found.length = 0
    findStrings(lowerColumn, lowerOf(s), lowerOf, found)
    if (!found.includes(s))
      throw new Violation(
        `${where}.lowerSlots`,
        `text value ${s} ${showValue(entryAt(strings, s))} is not found by its lower case`,
      )
  }
  checks.passed(`${where}.lowerSlots: each text value found by its lower case`, texts)
}
