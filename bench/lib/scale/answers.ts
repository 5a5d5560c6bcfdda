/**
 * What each engine of the scale benchmark answers, in one comparable shape: the exact count and the
 * first page's labels (domain keys for reverse search, observation ids for DNS search), or a
 * summary's ranked values and `other`. Steps write answers to JSON; the report compares every
 * peer's answers with domindex's.
 */
import { normalizeHost } from '../../../src/normalize/host.js'
import type { Envelope, Observation, SummaryResponse, WhoisRecord } from '../../../src/types.js'
import { median, quantile } from '../measure.js'

/** A comparable answer. */
export type Answer = { count: number; page: string[] } | { values: [string, number][]; other: number }

/** The timings and answers of one family on one engine. */
export interface FamilyResult {
  name: string
  /** Timed runs in milliseconds (for the scan: whole passes over the corpus). */
  times: number[]
  /** Answers to the family's parameter sets, in order (possibly only the first few). */
  answers: Answer[]
  /** Why the engine does not answer this family, when it does not. */
  unanswered?: string
}

/** A record's domain key, as the loader keys it. */
export function domainKey(record: WhoisRecord): string {
  const host = normalizeHost(String(record.domain?.name ?? record.query))
  return host.ok ? host.host : ''
}

/**
 * The answer of a reverse-search envelope.
 *
 * @example
 * ```ts
 * reverseAnswer(engine.reverse({ phrase: 'acme' })) // { count: 4545, page: ['acme.com', …] }
 * ```
 */
export function reverseAnswer(envelope: Envelope<WhoisRecord>): Answer {
  return { count: envelope.result_count, page: envelope.results.map(domainKey) }
}

/**
 * The answer of a DNS envelope or summary; summary values in rank order (count descending, value
 * ascending), whatever order the response object keeps its keys in.
 */
export function dnsAnswer(response: Envelope<Observation> | SummaryResponse): Answer {
  if ('summary' in response) {
    const values = Object.entries(response.summary.values).sort(
      (a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0),
    )
    return { values, other: response.summary.other }
  }
  return { count: response.result_count, page: response.results.map((o) => o.id) }
}

/** The matches an answer stands for: its count, or a summary's total of counted values. */
export function matchesOf(answer: Answer | undefined): number {
  if (answer === undefined) return Number.NaN
  if ('count' in answer) return answer.count
  return answer.values.reduce((sum, [, c]) => sum + c, answer.other)
}

/**
 * `=` when a peer's answers equal ours for every parameter set the peer answered, else how the
 * first difference shows.
 *
 * @example
 * ```ts
 * agreement([{ count: 3, page: ['a'] }], [{ count: 4, page: ['a'] }]) // '3 (≠ 4)'
 * ```
 */
export function agreement(theirs: readonly Answer[], ours: readonly Answer[]): string {
  for (let i = 0; i < theirs.length; i++) {
    const a = theirs[i] as Answer
    const b = ours[i]
    if (b === undefined) return 'no answer of ours'
    if ('count' in a && 'count' in b) {
      if (a.count !== b.count) return `${a.count} (≠ ${b.count})`
      if (a.page.join('\n') !== b.page.join('\n')) return 'page ≠'
    } else if ('values' in a && 'values' in b) {
      if (JSON.stringify(a) !== JSON.stringify(b)) return `summary ≠ (other ${a.other} vs ${b.other})`
    } else return 'shape ≠'
  }
  return '='
}

/** Median and p99 (nearest rank) of a family's times, NaN when it has none. */
export function stats(times: readonly number[]): { median: number; p99: number } {
  return times.length === 0
    ? { median: Number.NaN, p99: Number.NaN }
    : { median: median(times), p99: quantile(times, 0.99) }
}
