/**
 * Hand-case helper: index a few in-memory records and answer a query with the matching domains.
 */

import { ReverseIndex } from '../../src/indexes/reverse/reverse-index.js'
import { matchReverse } from '../../src/query/reverse/planner.js'
import { parseReverseParams } from '../../src/query/reverse-params.js'
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
  const docs = matchReverse(ReverseIndex.build(ordered), parseReverseParams(params))
  return Array.from(docs, (doc) => String(ordered[doc]?.domain?.name))
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
