/**
 * Checks the terms of an exact-value criterion (indexes/reverse/exact-terms.ts: postal codes,
 * emails, registrars): a well-formed dictionary, one posting row per term with its documents
 * ascending and in range and no payload, and no empty term. Given the criterion's key function,
 * also that every term is a key (its own key: exact-keys.ts), since a query looks up keys only and
 * would never find any other term.
 */
import { showValue } from '../../errors.js'
import { type Checklist, Violation } from './checklist.js'
import { checkPostings } from './postings.js'
import { checkTermDictionary } from './term-dictionary.js'
import { object } from './values.js'

/**
 * Checks an exact-terms state.
 *
 * @param where - its path in the content, e.g. `segments.0.reverse.email`
 * @param value - the state as read
 * @param docs - the number of documents of the reverse index
 * @param checks - where the passed checks go
 * @param keyOf - the criterion's key function, when the key of a key is itself
 * @example
 * ```ts
 * checkExactTerms('segments.0.reverse.email', reverse.email, 3000, checks, emailKey)
 * ```
 */
export function checkExactTerms(
  where: string,
  value: unknown,
  docs: number,
  checks: Checklist,
  keyOf?: (text: string) => string,
): void {
  const state = object(where, value)
  const dictionary = checkTermDictionary(`${where}.dictionary`, state['dictionary'], checks)
  const terms = dictionary.size
  checkPostings(`${where}.postings`, state['postings'], { terms, docs, payload: false }, checks)
  for (let id = 0; id < terms; id++) {
    const term = dictionary.term(id)
    if (term.length === 0) throw new Violation(`${where}.dictionary`, `term ${id} is empty`)
    if (keyOf !== undefined && keyOf(term) !== term)
      throw new Violation(
        `${where}.dictionary`,
        `term ${id} ${showValue(term)} is not a key (its key is ${showValue(keyOf(term))})`,
      )
  }
  checks.passed(`${where}.dictionary: terms non-empty${keyOf === undefined ? '' : ' and normalised'}`, terms)
}
