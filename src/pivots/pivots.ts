/**
 * A domain's pivots (SPEC 14): its candidates (pivot-candidates.ts) counted by the engine that
 * holds them (count-candidates.ts), and ordered rarest first, the most telling first. The embedded engine counts from
 * its match sets without decoding a page, the ClickHouse engine by asking the request; a request
 * that the API would refuse (a value past a query limit, e.g. an organisation of more than 64
 * words) yields no pivot, since it has no count.
 */
import { PIVOT_KINDS, type PivotCandidate, type PivotKind } from './pivot-candidates.js'

/** One pivot: a value the domain holds, how many results its request has, and the request. */
export interface Pivot {
  readonly kind: PivotKind
  readonly value: string
  readonly count: number
  readonly request: string
}

/** `engine.pivots()`'s answer. */
export interface PivotsResponse {
  /** The domain looked up, normalised (its apex with `apex_domain`). */
  readonly domain: string
  /** Count ascending, then kind in SPEC 14's order, then value. */
  readonly pivots: Pivot[]
}

/**
 * The response from candidates and their counts (null: no pivot).
 *
 * @example
 * ```ts
 * orderPivots('example.com', candidates, [3, 1]).pivots[0].count // 1
 * ```
 */
export function orderPivots(
  domain: string,
  candidates: readonly PivotCandidate[],
  counts: readonly (number | null)[],
): PivotsResponse {
  const pivots: Pivot[] = []
  candidates.forEach(({ kind, value, request }, i) => {
    const count = counts[i]
    if (count !== null && count !== undefined) pivots.push({ kind, value, count, request })
  })
  const rank = new Map<PivotKind, number>(PIVOT_KINDS.map((kind, i) => [kind, i]))
  pivots.sort(
    (a, b) =>
      a.count - b.count ||
      (rank.get(a.kind) as number) - (rank.get(b.kind) as number) ||
      (a.value < b.value ? -1 : a.value > b.value ? 1 : 0),
  )
  return { domain, pivots }
}
