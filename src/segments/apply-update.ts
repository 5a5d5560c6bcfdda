/**
 * What an update does to the segments it finds (SPEC 12): removals first, then the new segment's
 * keys, each deleting the live record of that key wherever an older segment holds it. Nothing is
 * rewritten: each touched view gets a new deletion set (copy on write), so the engine the update
 * was called on keeps its own views and answers. Cost: one dictionary probe per segment for each
 * removed key and each new record's key, but for the keys a filter of what the views hold says
 * none of them holds (a build's earlier parts: indexes/key-filter.ts).
 */
import { entryAt } from '../indexes/byte-table.js'
import { DeletedDocs } from '../indexes/deleted-docs.js'
import type { RemovalKeys } from '../ingest/removal-keys.js'
import type { DnsKind } from '../types.js'
import { dnsOf, type Segment, type SegmentView, segmentSize } from './segment.js'

/** What an update deleted. */
export interface UpdateCounts {
  /** Held domains and observations removed by the removal lists. */
  whoisRemoved: number
  observationsRemoved: number
  /** Keys of the removal lists that no segment held. */
  notHeld: number
  /** Held records replaced by a record of the new segment with the same key. */
  whoisReplaced: number
  observationsReplaced: number
}

const KINDS: readonly DnsKind[] = ['mx', 'txt']

/**
 * The views after an update: removals and replacements applied to the old views as deletions,
 * the new segment (when it holds anything) appended.
 *
 * @param views - the engine's views before the update (not changed)
 * @param removals - normalised keys to remove
 * @param added - the segment of the update's new sources (undefined: removals only)
 * @param replaced - told the key of each new record that replaces one held before (a domain, or
 *   an observation id), for the data-quality report
 * @param mayHold - false for a key that no view holds (a filter may say true of a key not held;
 *   it must never say false of one held): its probes are skipped; absent, every key is probed
 * @example
 * ```ts
 * applyUpdate(views, { whois: ['a.com'], dns: [] }, segment) // { views: [...views', addedView], counts }
 * ```
 */
export function applyUpdate(
  views: readonly SegmentView[],
  removals: RemovalKeys,
  added: Segment | undefined,
  replaced?: (kind: 'whois' | 'dns', key: string) => void,
  mayHold?: (kind: 'whois' | 'dns', key: string) => boolean,
): { views: SegmentView[]; counts: UpdateCounts } {
  const pending = views.map(() => ({
    whois: new Set<number>(),
    mx: new Set<number>(),
    txt: new Set<number>(),
  }))
  const counts: UpdateCounts = {
    whoisRemoved: 0,
    observationsRemoved: 0,
    notHeld: 0,
    whoisReplaced: 0,
    observationsReplaced: 0,
  }
  const deleteDomain = (domain: string): boolean => {
    if (mayHold !== undefined && !mayHold('whois', domain)) return false
    let found = false
    views.forEach((view, v) => {
      const doc = view.segment.store.docOf(domain)
      const marks = (pending[v] as (typeof pending)[0]).whois
      if (doc < 0 || view.deleted.whois.has(doc) || marks.has(doc)) return
      marks.add(doc)
      found = true
    })
    return found
  }
  const deleteObservation = (id: string): boolean => {
    if (mayHold !== undefined && !mayHold('dns', id)) return false
    let found = false
    views.forEach((view, v) => {
      for (const kind of KINDS) {
        const ordinal = dnsOf(view.segment, kind).ordinalOf(id)
        const marks = (pending[v] as (typeof pending)[0])[kind]
        if (ordinal < 0 || view.deleted[kind].has(ordinal) || marks.has(ordinal)) continue
        marks.add(ordinal)
        found = true
      }
    })
    return found
  }
  for (const domain of removals.whois) {
    if (deleteDomain(domain)) counts.whoisRemoved++
    else counts.notHeld++
  }
  for (const id of removals.dns) {
    if (deleteObservation(id)) counts.observationsRemoved++
    else counts.notHeld++
  }
  for (const domain of added?.store.domains() ?? []) {
    if (!deleteDomain(domain)) continue
    counts.whoisReplaced++
    replaced?.('whois', domain)
  }
  for (const kind of added === undefined ? [] : KINDS) {
    const state = dnsOf(added as Segment, kind).state
    for (let o = 0; o < state.days.length; o++) {
      const id = entryAt(state.ids, o)
      if (!deleteObservation(id)) continue
      counts.observationsReplaced++
      replaced?.('dns', id)
    }
  }
  const next: SegmentView[] = views.map((view, v) => {
    const marks = pending[v] as (typeof pending)[0]
    if (marks.whois.size + marks.mx.size + marks.txt.size === 0) return view
    const s = view.segment
    return {
      segment: s,
      deleted: {
        whois: view.deleted.whois.with(s.store.size, marks.whois),
        mx: view.deleted.mx.with(s.mx.size, marks.mx),
        txt: view.deleted.txt.with(s.txt.size, marks.txt),
      },
    }
  })
  // A segment with nothing left in it (an empty build's) is dropped rather than carried along.
  const kept = next.filter((view) => segmentSize(view) > 0)
  if (added !== undefined && added.store.size + added.mx.size + added.txt.size > 0) {
    kept.push({
      segment: added,
      deleted: { whois: DeletedDocs.none, mx: DeletedDocs.none, txt: DeletedDocs.none },
    })
  }
  return { views: kept, counts }
}
