/**
 * Checks the phone digits index (indexes/reverse/digits-index.ts): digit values 0…9, value and
 * document offsets monotone and complete, no kept value shorter than a gram, and gram postings
 * equal to those the digits give (a candidate a gram misses is never verified, so a missing
 * posting is a missing answer).
 */
import { GRAM, GRAM_COUNT, gramPostings } from '../../indexes/reverse/digits-index.js'
import { type Checklist, Violation } from './checklist.js'
import { checkPostings } from './postings.js'
import { object, offsets, sameArray, typedArray } from './values.js'

/**
 * Checks a digits index state.
 *
 * @param where - its path in the content, e.g. `segments.0.reverse.digits`
 * @param value - the state as read
 * @param docs - the number of documents
 * @param checks - where the passed checks go
 * @example
 * ```ts
 * checkDigitsIndex('segments.0.reverse.digits', reverse.digits, 3000, checks)
 * ```
 */
export function checkDigitsIndex(where: string, value: unknown, docs: number, checks: Checklist): void {
  const state = object(where, value)
  const digits = typedArray(`${where}.digits`, state['digits'], Uint8Array)
  for (let i = 0; i < digits.length; i++) {
    if ((digits[i] as number) > 9)
      throw new Violation(`${where}.digits`, `${digits[i]} at ${i} is not a digit`)
  }
  const valueStart = typedArray(`${where}.valueStart`, state['valueStart'], Uint32Array)
  const values = offsets(`${where}.valueStart`, valueStart, digits.length)
  for (let v = 0; v < values; v++) {
    const length = (valueStart[v + 1] as number) - (valueStart[v] as number)
    if (length < GRAM)
      throw new Violation(`${where}.valueStart`, `value ${v} holds ${length} digits, fewer than ${GRAM}`)
  }
  const docValueStart = typedArray(`${where}.docValueStart`, state['docValueStart'], Uint32Array, docs + 1)
  offsets(`${where}.docValueStart`, docValueStart, values)
  const grams = checkPostings(
    `${where}.grams`,
    state['grams'],
    { terms: GRAM_COUNT, docs, payload: false },
    checks,
  )
  const derived = gramPostings({ digits, valueStart, docValueStart })
  sameArray(`${where}.grams.termStart`, grams.termStart, derived.termStart, 'the phone digits')
  sameArray(`${where}.grams.docs`, grams.docs, derived.docs, 'the phone digits')
  checks.passed(`${where}: phone digits, their offsets and the gram postings agree`, values)
}
