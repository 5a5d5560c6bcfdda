/**
 * The merge policy: which segments to merge after an update, so that their number, and with it
 * query time, stays bounded as updates accumulate (SPEC 12). A log merge policy, as Lucene's
 * LogMergePolicy: a segment's level is the base-10 logarithm of its live records (at least 1,000);
 * when a level holds {@link MERGE_FACTOR} segments, they merge into one of the next level. So
 * daily updates of similar size merge ten at a time, each record is merged about once a level,
 * and an engine holds at most nine segments a level (about 30 at 10M records, 11 after twenty
 * updates of 40k on 1M). A segment more than half deleted is rewritten on its own, which
 * reclaims its space. A merge is built in memory, so none is made whose result would not fit the
 * memory budget (as Lucene's largest merged segment): a build within a budget keeps the segments
 * it spilled at the budget's size.
 */
import { partBytes } from '../build/memory-budget.js'
import { mergeViews } from './merge-segments.js'
import { freshView, liveCounts, type SegmentView, segmentSize } from './segment.js'

/** Segments of one level merged together. */
export const MERGE_FACTOR = 10
/** Below this many live records, segments share the lowest level. */
const FLOOR = 1000

/**
 * The positions of the views to merge next, or null when none should.
 *
 * @param views - the engine's views
 * @param budget - the memory budget in bytes a merged segment must fit (memory-budget.ts)
 * @example
 * ```ts
 * pickMerge(tenDailySegmentsAndABase, 1 << 30) // [1, 2, …, 10]
 * ```
 */
export function pickMerge(views: readonly SegmentView[], budget: number): number[] | null {
  const counts = views.map(liveCounts)
  const live = counts.map((c) => c.whois + c.mx + c.txt)
  const fits = (members: readonly number[]): boolean =>
    members.reduce((sum, v) => {
      const c = counts[v] as { whois: number; mx: number; txt: number }
      return sum + partBytes(c.whois, c.mx + c.txt)
    }, 0) <= budget
  for (let v = 0; v < views.length; v++) {
    const size = segmentSize(views[v] as SegmentView)
    if (size > 0 && (live[v] as number) * 2 < size && fits([v])) return [v]
  }
  const byLevel = new Map<number, number[]>()
  for (let v = 0; v < views.length; v++) {
    const level = Math.floor(Math.log10(Math.max(FLOOR, live[v] as number)))
    const members = byLevel.get(level)
    if (members === undefined) byLevel.set(level, [v])
    else members.push(v)
  }
  const levels = [...byLevel.keys()].sort((a, b) => a - b)
  for (const level of levels) {
    const members = byLevel.get(level) as number[]
    if (members.length < MERGE_FACTOR) continue
    const picked = members
      .sort((a, b) => (live[a] as number) - (live[b] as number))
      .slice(0, MERGE_FACTOR)
      .sort((a, b) => a - b)
    if (fits(picked)) return picked
  }
  return null
}

/**
 * Applies the policy until it picks nothing: the merged view of each pick replaces its members
 * (dropped when nothing in them is live).
 *
 * @param views - the engine's views after an update
 * @param budget - the memory budget in bytes a merged segment must fit
 * @example
 * ```ts
 * applyMergePolicy(tenDailyViewsAndABase, 1 << 30).length // 2
 * ```
 */
export function applyMergePolicy(views: readonly SegmentView[], budget: number): readonly SegmentView[] {
  let current = views
  for (let pick = pickMerge(current, budget); pick !== null; pick = pickMerge(current, budget)) {
    const merged = mergeViews(pick.map((v) => current[v] as SegmentView))
    const rest = current.filter((_, v) => !pick.includes(v))
    const size = merged.store.size + merged.mx.size + merged.txt.size
    current = size === 0 ? rest : [...rest, freshView(merged)]
  }
  return current
}
