/**
 * Checks a term dictionary (indexes/term-dictionary.ts): its terms' offsets, its hash table (a
 * power of two at least twice the terms, each id in one slot), and that every term looks up to
 * its own id, which is what a query's lookup relies on: no term is unreachable from its home slot
 * and no two ids hold the same term.
 */
import { showValue } from '../../errors.js'
import { TermDictionary } from '../../indexes/term-dictionary.js'
import { type Checklist, Violation } from './checklist.js'
import { hashSlots, object, offsets, typedArray } from './values.js'

/**
 * Checks a dictionary state and returns the dictionary over it.
 *
 * @param where - its path in the content, e.g. `segments.0.store.domains`
 * @param value - the state as read
 * @param checks - where the passed check goes
 * @example
 * ```ts
 * checkTermDictionary('segments.0.store.domains', store.domains, checks).size // 3000
 * ```
 */
export function checkTermDictionary(where: string, value: unknown, checks: Checklist): TermDictionary {
  const state = object(where, value)
  const slots = typedArray(`${where}.slots`, state['slots'], Uint32Array)
  const starts = typedArray(`${where}.starts`, state['starts'], Uint32Array)
  const bytes = typedArray(`${where}.bytes`, state['bytes'], Uint8Array)
  const size = offsets(`${where}.starts`, starts, bytes.length)
  hashSlots(`${where}.slots`, slots, size, size)
  const dictionary = new TermDictionary({ slots, starts, bytes })
  for (let id = 0; id < size; id++) {
    const term = dictionary.term(id)
    const found = dictionary.get(term)
    if (found !== id)
      throw new Violation(
        where,
        `term ${id} ${showValue(term)} looks up to ${found < 0 ? 'nothing' : `term ${found}`}`,
      )
  }
  checks.passed(`${where}: terms distinct, each found by its lookup`, size)
  return dictionary
}
