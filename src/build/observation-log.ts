/**
 * The DNS side of a build: packed observations arrive chunk by chunk in load order
 * (parse-task.ts); each is decoded once, straight away, and interned into one ColumnLog
 * (indexes/dns/column-log.ts) shared by both kinds, which keeps ~50 bytes of columns an
 * observation instead of the observation. A later observation with a known id replaces the
 * earlier one, whatever the kinds (SPEC 2): `columns(kind)` reads only the live observations of a
 * kind, in result order. No observation is held as an object or as bytes once its chunk is in.
 *
 * Layout (k distinct ids, s observations added, "slots"):
 *   ids       TermDictionaryBuilder   id → id key, first-seen order (typed arrays, no Map)
 *   lastSlot  Uint32Array(k)          the slot of each id's latest observation
 *   slotKey   Uint32Array(s)          the id key of each slot
 *   slotKind  Uint8Array(s)           0 = MX, 1 = TXT
 *   columns   ColumnLog               the slots' days, shapes and interned items
 * A replaced observation's columns stay until the log is dropped after indexing (ids repeat
 * rarely: an observation is one dated lookup).
 */
import { readableTable } from '../indexes/byte-table.js'
import type { PackedChunk } from '../indexes/chunk-packer.js'
import { ColumnLog } from '../indexes/dns/column-log.js'
import type { Columns } from '../indexes/dns/columns.js'
import { room } from '../indexes/grow.js'
import { assembleChunks, PackedSlots } from '../indexes/packed-slots.js'
import { type TermDictionary, TermDictionaryBuilder } from '../indexes/term-dictionary.js'
import type { DnsKind, Observation } from '../types.js'

/** A chunk of accepted observations: packed, with each one's id, day number and kind (0 MX, 1 TXT). */
export interface ObservationChunk {
  readonly packed: PackedChunk
  readonly ids: readonly string[]
  readonly days: Int32Array
  readonly kinds: Uint8Array
  /** The line of each observation in its task, when the load reports replacements. */
  readonly lines?: Uint32Array
}

/**
 * Collects observations as columns.
 *
 * @example
 * ```ts
 * const log = new ObservationLog()
 * log.add(chunk)                 // from parse-task.ts, in load order
 * buildDnsState('mx', log.columns('mx'))
 * ```
 */
export class ObservationLog {
  readonly #ids = new TermDictionaryBuilder()
  #frozenIds: TermDictionary | undefined
  #lastSlot = new Uint32Array(1024)
  #slotKey = new Uint32Array(1024)
  #slotKind = new Uint8Array(1024)
  readonly #columns = new ColumnLog()
  /** Observations that replaced an earlier one with the same id. */
  replaced = 0

  /** The number of distinct observations so far. */
  get size(): number {
    return this.#ids.size
  }

  /**
   * Appends a chunk of observations in load order, decoding and interning each.
   *
   * @param chunk - the observations
   * @param replaced - told the index in the chunk of each observation that replaces an earlier one
   */
  add(chunk: ObservationChunk, replaced?: (index: number) => void): void {
    if (this.#frozenIds !== undefined) throw new Error('domindex: observations added after columns were read')
    const { ids, days, kinds } = chunk
    const packed = new PackedSlots(assembleChunks([chunk.packed]))
    const n = ids.length
    const end = this.#columns.size + n
    this.#slotKey = room(this.#slotKey, end)
    this.#slotKind = room(this.#slotKind, end)
    for (let i = 0; i < n; i++) {
      const known = this.#ids.size
      const key = this.#ids.intern(ids[i] as string)
      if (key < known) {
        this.replaced++
        replaced?.(i)
      } else this.#lastSlot = room(this.#lastSlot, key)
      const slot = this.#columns.add(packed.get(i) as Observation, days[i] as number)
      this.#lastSlot[key] = slot
      this.#slotKey[slot] = key
      this.#slotKind[slot] = kinds[i] as number
    }
  }

  /**
   * The columns of the live observations of one kind (no observation may be added afterwards).
   *
   * @param kind - `mx` or `txt`
   */
  columns(kind: DnsKind): Columns {
    this.#frozenIds ??= this.#ids.freeze()
    const ids = this.#frozenIds
    const slotKey = this.#slotKey
    const slotKind = this.#slotKind
    const lastSlot = this.#lastSlot
    const tag = kind === 'mx' ? 0 : 1
    const total = this.#columns.size
    const live = (slot: number): boolean =>
      slotKind[slot] === tag && lastSlot[slotKey[slot] as number] === slot
    let n = 0
    for (let slot = 0; slot < total; slot++) if (live(slot)) n++
    const slots = new Uint32Array(n)
    n = 0
    for (let slot = 0; slot < total; slot++) if (live(slot)) slots[n++] = slot
    return this.#columns.columns(slots, readableTable(ids.state), (slot) => slotKey[slot] as number)
  }
}
