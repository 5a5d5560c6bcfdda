/**
 * The reverse-search planner: turns a validated query into one matcher per criterion and runs them
 * cheapest first. The criterion with the smallest estimate produces the candidates; every other one
 * only narrows them, in ascending estimate order, so a query costs about what its rarest criterion
 * matches, not what the corpus holds.
 */

import { FIELD_PHONE, FIELD_POSTAL, FIELD_STREET } from '../../indexes/reverse/contact-values.js'
import type { DateColumn } from '../../indexes/reverse/date-column.js'
import type { ReverseIndex, ReverseStructures } from '../../indexes/reverse/reverse-index.js'
import type { DateRange, ReverseQuery } from '../reverse-params.js'
import type { Criterion } from './criterion.js'
import { ArrayDocs, type DocList, DocRun } from './doc-list.js'
import { ExactTermMatcher } from './exact-term.js'
import { NameMatcher } from './name.js'
import { NameserverMatcher } from './nameserver.js'
import { PhoneMatcher } from './phone.js'
import { ALL_FIELDS, PhraseMatcher } from './phrase.js'
import { RangeMatcher } from './range.js'

const FLAG_CLASS = { street: FIELD_STREET, postalcode: FIELD_POSTAL, phone: FIELD_PHONE } as const

/** The matchers of a query's criteria, cheapest first. */
function criteriaOf(s: ReverseStructures, q: ReverseQuery): Criterion[] {
  const criteria: Criterion[] = []
  if (q.phrase !== null) {
    let mask = 0
    for (const field of q.phraseFields) mask |= 1 << FLAG_CLASS[field]
    criteria.push(new PhraseMatcher(s.text, q.phrase, q.slop, mask === 0 ? ALL_FIELDS : mask))
  }
  if (q.street !== null) criteria.push(new PhraseMatcher(s.text, q.street, q.slop, 1 << FIELD_STREET))
  if (q.postalcode !== null) criteria.push(new ExactTermMatcher(s.postal, q.postalcode))
  if (q.email !== null) criteria.push(new ExactTermMatcher(s.email, q.email))
  if (q.registrar !== null) criteria.push(new ExactTermMatcher(s.registrar, q.registrar))
  if (q.phone !== null) criteria.push(new PhoneMatcher(s.digits, q.phone))
  if (q.name !== null) criteria.push(new NameMatcher(s.text, q.name))
  if (q.nameserver !== null) criteria.push(new NameserverMatcher(s.nameservers, q.nameserver, s.docCount))
  const ranges: [DateColumn, DateRange | null][] = [
    [s.created, q.created],
    [s.updated, q.updated],
    [s.expires, q.expires],
  ]
  for (const [column, range] of ranges) {
    if (range !== null)
      criteria.push(new RangeMatcher(column, range.from, range.to, s.docCount, column === s.created))
  }
  return criteria.sort((a, b) => a.estimate - b.estimate)
}

/**
 * The documents of an index matching every criterion of a query, ascending (= result order). A
 * query without criteria matches every document. A lone criterion that reads its matches by rank
 * (one term, a `created` range) gives them as they lie, so a page decodes only its own blocks.
 *
 * @example
 * ```ts
 * matchReverse(index, parseReverseParams({ name: 'acme holdings' })).toArray() // Uint32Array [3, 17, …]
 * ```
 */
export function matchReverse(index: ReverseIndex, q: ReverseQuery): DocList {
  const s = index.structures
  const criteria = criteriaOf(s, q)
  const first = criteria[0]
  if (first === undefined) return new DocRun(0, s.docCount)
  if (first.estimate === 0) return new ArrayDocs(new Uint32Array(0))
  const lone = criteria.length === 1 ? first.docList?.() : undefined
  if (lone !== undefined) return lone
  const candidates = first.collect()
  let count = candidates.length
  for (let c = 1; c < criteria.length && count > 0; c++) {
    count = (criteria[c] as Criterion).filter(candidates, count)
  }
  return new ArrayDocs(candidates.subarray(0, count))
}
