/**
 * Hand-case helper: index a few in-memory records and answer a query with the matching domains.
 */

import { expect } from 'vitest'
import { ReverseIndex } from '../../src/indexes/reverse/reverse-index.js'
import { matchReverse } from '../../src/query/reverse/planner.js'
import { parseReverseParams, type ReverseQuery } from '../../src/query/reverse-params.js'
import type { Contact, Params, WhoisRecord } from '../../src/types.js'
import { inResultOrder } from './corpus.js'

/**
 * The domain names matching `params`, in result order.
 *
 * @example
 * ```ts
 * domainsMatching([registrantRecord('a.com', { street: '1 Main St' })], { street: 'main st' }) // ['a.com']
 * ```
 */
export function domainsMatching(records: readonly object[], params: Params): string[] {
  // Test records may carry values of the wrong type on purpose (numbers, nested arrays).
  const ordered = inResultOrder(records as WhoisRecord[])
  const docs = matchedDocs(ReverseIndex.build(ordered), parseReverseParams(params))
  return docs.map((doc) => String(ordered[doc]?.domain?.name))
}

/**
 * The documents matching a query, read by rank as pages read them; checked to equal the list's
 * own array (a lone term or created range reads blocks by rank, the others hold an array).
 *
 * @example
 * ```ts
 * matchedDocs(index, parseReverseParams({ email: 'a@b.com' })) // [3, 17]
 * ```
 */
export function matchedDocs(index: ReverseIndex, query: ReverseQuery): number[] {
  const list = matchReverse(index, query)
  const byRank = Array.from({ length: list.length }, (_, r) => list.at(r))
  // Ranks read out of order too: the list keeps one block, so a jump back decodes again.
  for (let r = list.length - 1; r >= 0; r -= 97) expect(list.at(r)).toBe(byRank[r])
  expect(Array.from(list.toArray())).toEqual(byRank)
  return byRank
}

/**
 * A record whose registrant is `contact`.
 *
 * @example
 * ```ts
 * registrantRecord('a.com', { organization: 'Acme' }) // { domain: { name: 'a.com' }, registrant: {...} }
 * ```
 */
export function registrantRecord(name: string, registrant: Record<string, unknown>): WhoisRecord {
  return { domain: { name }, registrant: registrant as Contact }
}
