/**
 * Checks a date column (indexes/reverse/date-column.ts) as a range criterion reads it: the
 * instants finite and ascending (two binary searches find a range), ties in document order, each
 * rank's document below the document count and its `rank` pointing back, and no other document
 * with a rank (a candidate is tested by its rank alone).
 */
import { NO_RANK } from '../../indexes/reverse/date-column.js'
import { type Checklist, Violation } from './checklist.js'
import { object, typedArray } from './values.js'

/**
 * Checks a date column state.
 *
 * @param where - its path in the content, e.g. `segments.0.reverse.created`
 * @param value - the state as read
 * @param docs - the number of documents
 * @param checks - where the passed check goes
 * @example
 * ```ts
 * checkDateColumn('segments.0.reverse.created', reverse.created, 3000, checks)
 * ```
 */
export function checkDateColumn(where: string, value: unknown, docs: number, checks: Checklist): void {
  const state = object(where, value)
  const instants = typedArray(`${where}.instants`, state['instants'], Float64Array)
  const m = instants.length
  const byRank = typedArray(`${where}.docs`, state['docs'], Uint32Array, m)
  const rank = typedArray(`${where}.rank`, state['rank'], Uint32Array, docs)
  for (let r = 0; r < m; r++) {
    const instant = instants[r] as number
    if (!Number.isFinite(instant)) throw new Violation(`${where}.instants`, `rank ${r} holds ${instant}`)
    const doc = byRank[r] as number
    if (doc >= docs)
      throw new Violation(`${where}.docs`, `rank ${r} holds document ${doc}, not below ${docs}`)
    if (rank[doc] !== r)
      throw new Violation(`${where}.rank`, `document ${doc} has rank ${rank[doc]} where rank ${r} holds it`)
    if (r === 0) continue
    const previous = instants[r - 1] as number
    if (instant < previous || (instant === previous && doc <= (byRank[r - 1] as number)))
      throw new Violation(
        `${where}.instants`,
        `rank ${r} (${instant}, document ${doc}) sorts before rank ${r - 1}`,
      )
  }
  let ranked = 0
  for (let d = 0; d < docs; d++) if (rank[d] !== NO_RANK) ranked++
  if (ranked !== m)
    throw new Violation(
      `${where}.rank`,
      `${ranked} documents have a rank where the column holds ${m} instants`,
    )
  checks.passed(`${where}: instants sorted, ranks and documents agree`, m)
}
