/**
 * What a snapshot check (verify-content.ts) records as it goes: each check that passed, named by
 * the structure it read and what held there, with the number of items it covered, as Lucene's
 * CheckIndex prints them. A check that fails throws a {@link Violation} at the first offending
 * element instead; the snapshot reader reports it as `corrupt_snapshot`, message and all.
 */

/** One check that passed. */
export interface CheckDone {
  /** The structure (its section name, as the section table has it) and what held there. */
  readonly name: string
  /** The items it covered: bytes, entries, terms, documents… as the name says. */
  readonly count: number
}

/**
 * A broken invariant; its message names the section and the first offending element.
 *
 * @example
 * ```ts
 * new Violation('segments.0.store.slots', 'slot 7 appears twice').message
 * // 'segments.0.store.slots: slot 7 appears twice'
 * ```
 */
export class Violation extends Error {
  override readonly name = 'Violation'

  /**
   * @param where - the section (or skeleton path) at fault
   * @param what - what does not hold there
   */
  constructor(where: string, what: string) {
    super(`${where}: ${what}`)
  }
}

/**
 * The checks done so far, reported one by one as they pass.
 *
 * @example
 * ```ts
 * const checks = new Checklist((c) => console.log(c.count, c.name))
 * checks.passed('segments.0.store.slots: a permutation', 3000) // prints 3000 segments.0.store.slots: …
 * checks.done.length // 1
 * ```
 */
export class Checklist {
  /** Every check that passed, in order. */
  readonly done: CheckDone[] = []
  readonly #onCheck: ((check: CheckDone) => void) | undefined

  /** @param onCheck - called with each check as it passes */
  constructor(onCheck?: (check: CheckDone) => void) {
    this.#onCheck = onCheck
  }

  /**
   * Records a check that passed.
   *
   * @param name - the structure and what held there
   * @param count - the items covered
   */
  passed(name: string, count: number): void {
    const check = { name, count }
    this.done.push(check)
    this.#onCheck?.(check)
  }
}
