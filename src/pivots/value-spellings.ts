/**
 * The values of one kind gathered from records for a value index: each distinct value (its key,
 * the kind's normalisation) and how a suggestion shows it. A registrar's key folds case and
 * spacing, so one key has several spellings (`GoDaddy.com, LLC`, `GODADDY.COM, LLC`); it is shown
 * in the spelling most records hold (ties: the first in code-point order), as a pivot shows the
 * record's own value (SPEC 14). The other kinds are shown as their key.
 */

import type { WhoisRecord } from '../types.js'
import { compareCodePoints } from './byte-strings.js'
import { normalizedValue, recordValues, shownValue } from './record-values.js'
import type { SuggestKind } from './suggest-kinds.js'
import type { ValueEntry } from './value-index-build.js'

/** Distinct values of a kind and, for registrars, how many records spell each key each way. */
export class ValueSpellings {
  readonly #kind: SuggestKind
  readonly #held = new Map<string, number>()
  readonly #spellings = new Map<string, Map<string, number>>()

  /**
   * @param kind - the kind whose values are gathered
   */
  constructor(kind: SuggestKind) {
    this.#kind = kind
  }

  /**
   * Adds the values of one record.
   *
   * @example
   * ```ts
   * new ValueSpellings('registrar').add({ domain: { registrar_name: ' GoDaddy.com, LLC' } })
   * ```
   */
  add(record: WhoisRecord): void {
    if (this.#kind !== 'registrar') {
      for (const value of recordValues(record, this.#kind))
        this.#held.set(value, (this.#held.get(value) ?? 0) + 1)
      return
    }
    for (const shown of recordValues(record, 'registrar', shownValue)) {
      const key = normalizedValue('registrar', shown) as string
      let counts = this.#spellings.get(key)
      if (counts === undefined) {
        counts = new Map()
        this.#spellings.set(key, counts)
      }
      counts.set(shown, (counts.get(shown) ?? 0) + 1)
    }
  }

  /**
   * Each distinct value as `[key, shown, held]`: how it is shown and how many records hold it.
   *
   * @example
   * ```ts
   * [...spellings.entries()] // [['godaddy.com, llc', 'GoDaddy.com, LLC', 806]]
   * ```
   */
  *entries(): Generator<ValueEntry> {
    for (const [key, held] of this.#held) yield [key, key, held]
    for (const [key, counts] of this.#spellings) {
      let held = 0
      for (const n of counts.values()) held += n
      yield [key, mostCommon(counts), held]
    }
  }
}

function mostCommon(counts: ReadonlyMap<string, number>): string {
  let best: [string, number] | undefined
  for (const entry of counts) {
    if (
      best === undefined ||
      entry[1] > best[1] ||
      (entry[1] === best[1] && compareCodePoints(entry[0], best[0]) < 0)
    ) {
      best = entry
    }
  }
  return (best as [string, number])[0]
}
