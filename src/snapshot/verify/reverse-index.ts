/**
 * Checks a reverse index (indexes/reverse/reverse-index.ts), structure by structure: its document
 * count against the record store's, the registration text (dictionary, positions and organization
 * postings), the postal, email and registrar terms, the phone digits, the nameservers and the three
 * date columns.
 */
import { emailKey, registrarKey } from '../../indexes/reverse/exact-keys.js'
import { type Checklist, Violation } from './checklist.js'
import { checkDateColumn } from './date-column.js'
import { checkDigitsIndex } from './digits-index.js'
import { checkExactTerms } from './exact-terms.js'
import { checkLabelSuffixIndex } from './label-suffix-index.js'
import { checkPostings } from './postings.js'
import { checkTermDictionary } from './term-dictionary.js'
import { count, object } from './values.js'

/**
 * Checks a reverse index state.
 *
 * @param where - its path in the content, e.g. `segments.0.reverse`
 * @param value - the state as read
 * @param records - the number of records of the segment's store
 * @param checks - where the passed checks go
 * @example
 * ```ts
 * checkReverseIndex('segments.0.reverse', segment.reverse, 3000, checks)
 * ```
 */
export function checkReverseIndex(where: string, value: unknown, records: number, checks: Checklist): void {
  const state = object(where, value)
  const docs = count(`${where}.docCount`, state['docCount'])
  if (docs !== records)
    throw new Violation(`${where}.docCount`, `is ${docs}, but the record store holds ${records} records`)
  const text = object(`${where}.text`, state['text'])
  const words = checkTermDictionary(`${where}.text.dictionary`, text['dictionary'], checks).size
  for (const postings of ['positions', 'organizations'])
    checkPostings(`${where}.text.${postings}`, text[postings], { terms: words, docs, payload: true }, checks)
  // Postal keys are not all their own keys (NFKC after lower-casing may compose further), so only
  // the email and registrar terms are checked as keys.
  checkExactTerms(`${where}.postal`, state['postal'], docs, checks)
  checkExactTerms(`${where}.email`, state['email'], docs, checks, emailKey)
  checkExactTerms(`${where}.registrar`, state['registrar'], docs, checks, registrarKey)
  checkDigitsIndex(`${where}.digits`, state['digits'], docs, checks)
  checkLabelSuffixIndex(`${where}.nameservers`, state['nameservers'], docs, checks)
  for (const field of ['created', 'updated', 'expires'])
    checkDateColumn(`${where}.${field}`, state[field], docs, checks)
}
