/**
 * Rebuilds observations in the API's shape from the DNS index's columns, only for the results a
 * page returns: the same fields, the same key order, the same item order as loaded. Observations
 * the columns cannot rebuild exactly are returned as kept verbatim.
 */

import { bytesOf } from '../../storage/lazy-section.js'
import type { Item, Observation } from '../../types.js'
import { entryAt } from '../byte-table.js'
import { lowerBound } from '../gallop.js'
import { dayText } from './day.js'
import { ITEM_SHAPES, OBSERVATION_SHAPES } from './shapes.js'
import { type DnsState, type FieldNames, fieldNames } from './state.js'

/**
 * Rebuilds observations of one index, with the names of its fields (a handful) decoded once per
 * state (fieldNames).
 *
 * @example
 * ```ts
 * new ObservationReader(state).at(0) // { date: '2024-05-01', id: 'obs-1', items: [{ context: '', is_metadata: true, type: 'host', value: 'a.com' }, ...] }
 * ```
 */
export class ObservationReader {
  readonly #state: DnsState
  readonly #names: FieldNames

  /** @param state - the index state */
  constructor(state: DnsState) {
    this.#state = state
    this.#names = fieldNames(state)
  }

  /**
   * The observation at an ordinal, as loaded.
   *
   * @param ordinal - an ordinal in [0, n)
   */
  at(ordinal: number): Observation {
    const state = this.#state
    const kept = verbatimAt(state, ordinal)
    // A copy: the caller may change what it gets, and the kept object answers every later query.
    if (kept !== undefined) return structuredClone(kept)
    const items: Item[] = []
    const end = state.obsItemStart.at(ordinal + 1)
    for (let j = state.obsItemStart.at(ordinal); j < end; j++) {
      items.push(this.#item(state.obsItemField.at(j), state.obsItemValue.at(j)))
    }
    const date = dayText(state.days.at(ordinal))
    const id = entryAt(state.ids, ordinal)
    const shape = bytesOf(state.obsShape, ordinal, ordinal + 1)[0] as number
    if (shape === 0) return { date, id, items }
    const fields: Record<string, unknown> = { date, id, items }
    const out: Record<string, unknown> = {}
    for (const key of OBSERVATION_SHAPES[shape] as readonly string[]) out[key] = fields[key]
    return out as Observation
  }

  #item(field: number, valueId: number): Item {
    const state = this.#state
    const context = this.#names.contexts[field] as string
    const is_metadata = state.fieldMeta[field] === 1
    const type = this.#names.types[field] as string
    const value = entryAt(state.strings, valueId)
    const shape = state.fieldShape[field] as number
    if (shape === 0) return { context, is_metadata, type, value }
    const fields: Record<string, unknown> = { context, is_metadata, type, value }
    const out: Record<string, unknown> = {}
    for (const key of ITEM_SHAPES[shape] as readonly string[]) out[key] = fields[key]
    return out as Item
  }
}

function verbatimAt(state: DnsState, ordinal: number): Observation | undefined {
  const at = lowerBound(state.verbatimOrdinals, ordinal, 0)
  return state.verbatimOrdinals[at] === ordinal ? state.verbatim[at] : undefined
}
