/**
 * The matching observations of a DNS query (SPEC 6): every given criterion must hold. The date
 * window is an ordinal range; host, nameserver, txt, the filters' union and the expression are
 * sets of ordinals AND-ed together; most_recent filters what remains by the observation's day
 * against its apex's newest day in the window (equivalent to choosing it first).
 */
import type { DnsState } from '../../indexes/dns/state.js'
import type { DnsQuery } from '../dns-params.js'
import { windowRange } from './date-window.js'
import { complementList, listSet, minusSets, toList } from './doc-set.js'
import { and, evaluate, evaluateFilters, type IdSet, shortestFirst } from './evaluate.js'
import { apexObservations } from './host.js'
import { hostItems } from './host-items.js'
import { observationsOfItems } from './item-postings.js'
import type { Matches } from './matches.js'
import { keepMostRecent, mostRecentIn } from './most-recent.js'
import { phraseObservations } from './term.js'

/**
 * The matching observations: their ordinals ascending (= result order), or a whole window.
 *
 * @param state - the index state
 * @param query - a validated query
 * @example
 * ```ts
 * matchObservations(state, parseDnsParams('mx', { nameserver: 'example-dns.net', most_recent: true }))
 * ```
 */
export function matchObservations(state: DnsState, query: DnsQuery): Matches {
  const [lo, hi] = windowRange(state, query.from, query.to)
  const sets: IdSet[] = []
  if (query.host !== null) sets.push({ set: listSet(apexObservations(state, query.host)), negated: false })
  if (query.nameserver !== null) {
    const items = hostItems(state, query.nameserver, 'dns-ns', true)
    sets.push({ set: observationsOfItems(state, items), negated: false })
  }
  if (query.txt !== null)
    sets.push({ set: phraseObservations(state, query.txt, 'txt', null), negated: false })
  if (query.filters !== null) sets.push(evaluateFilters(state, query.filters))
  if (query.expression !== null) sets.push(evaluate(state, query.expression))
  const list = (ids: Uint32Array): Matches => ({ list: ids, lo, hi })
  if (sets.length === 0) return query.mostRecent ? list(mostRecentIn(state, lo, hi)) : { list: null, lo, hi }
  const all = sets.sort(shortestFirst).reduce(and)
  if (all.negated) {
    if (!query.mostRecent) return list(complementList(all.set, lo, hi))
    return list(toList(minusSets(listSet(mostRecentIn(state, lo, hi)), all.set), lo, hi))
  }
  const inWindow = toList(all.set, lo, hi)
  return list(query.mostRecent ? keepMostRecent(state, inWindow, lo) : inWindow)
}
