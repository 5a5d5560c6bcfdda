/**
 * What the DNS index build reads: the observations of one kind in load order, one at a time, each
 * asked for exactly once, in load order (dns/columns.ts), so that a source can decode them from
 * packed bytes and nothing holds them all as objects.
 */
import type { Observation } from '../../types.js'
import { dayNumber } from './day.js'

/** Observations of one kind in load order, read one at a time (ids unique). */
export interface ObservationSource {
  /** Number of observations. */
  readonly size: number
  /** The observation at load position i, decoded afresh (the builder may keep it, nobody else holds it). */
  get(i: number): Observation
  /** Its id (observationId): the string, or String(id). */
  id(i: number): string
  /** Its day number (observationDay: dayNumber of a string date, 0 when NaN or not a string). */
  day(i: number): number
}

/**
 * An ObservationSource over an array (tests, small in-memory inputs).
 *
 * @param observations - validated observations of one kind, in load order
 * @example
 * ```ts
 * const source = observationsOf([{ date: '2024-01-02', id: 'a', items: [] }])
 * source.size   // 1
 * source.day(0) // 19724
 * ```
 */
export function observationsOf(observations: readonly Observation[]): ObservationSource {
  return {
    size: observations.length,
    get: (i) => observations[i] as Observation,
    id: (i) => observationId(observations[i] as Observation),
    day: (i) => observationDay(observations[i] as Observation),
  }
}

/**
 * The id under which the index keeps an observation: its `id`, as a string.
 *
 * @example
 * ```ts
 * observationId({ date: '2024-01-02', id: 'a', items: [] }) // 'a'
 * ```
 */
export function observationId(o: Observation): string {
  const id: unknown = o.id
  return typeof id === 'string' ? id : String(id)
}

/**
 * The day number under which the index keeps an observation: that of its `date`, 0 when the date
 * is not a string or not a real calendar date (such observations are kept verbatim).
 *
 * @example
 * ```ts
 * observationDay({ date: '2024-02-29', id: 'a', items: [] }) // 19782
 * observationDay({ date: 'soon', id: 'b', items: [] })       // 0
 * ```
 */
export function observationDay(o: Observation): number {
  const date: unknown = o.date
  const day = typeof date === 'string' ? dayNumber(date) : Number.NaN
  return Number.isNaN(day) ? 0 : day
}
