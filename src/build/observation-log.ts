/**
 * The DNS side of a build: packed observations arrive chunk by chunk in load order
 * (parse-task.ts); a later observation with a known id replaces the earlier one, whatever the
 * kinds (SPEC 2). `freeze` then gives the log as plain data (typed arrays only, so a worker can
 * take it without a copy), and `observationSource` reads the live observations of one kind from
 * it, one at a time, for the DNS index builder, which decodes each once. No observation is held
 * as an object.
 *
 * Layout (k distinct ids, s slots):
 *   ids       TermDictionary   id → id key, first-seen order (typed arrays, no Map)
 *   lastSlot  Uint32Array(k)   the slot of each id's latest observation
 *   slotKey   Uint32Array(s)   the id key of each slot
 *   slotKind  Uint8Array(s)    0 = MX, 1 = TXT
 *   slotDay   Int32Array(s)    the day number of the observation's date
 *   packed    PackedSlots      the packed observations by slot
 * A replaced observation's bytes stay until the log is dropped after indexing (ids repeat rarely:
 * an observation is one dated lookup).
 */
import type { PackedChunk } from '../indexes/chunk-packer.js'
import type { ObservationSource } from '../indexes/dns/observation-source.js'
import { room } from '../indexes/grow.js'
import { assembleChunks, PackedSlots, type PackedSlotsState } from '../indexes/packed-slots.js'
import {
  TermDictionary,
  TermDictionaryBuilder,
  type TermDictionaryState,
} from '../indexes/term-dictionary.js'
import type { DnsKind, Observation } from '../types.js'

/** A chunk of accepted observations: packed, with each one's id, day number and kind (0 MX, 1 TXT). */
export interface ObservationChunk {
  readonly packed: PackedChunk
  readonly ids: readonly string[]
  readonly days: Int32Array
  readonly kinds: Uint8Array
}

/** The log as plain data; see the file comment for the layout. */
export interface FrozenObservations {
  readonly ids: TermDictionaryState
  readonly lastSlot: Uint32Array
  readonly slotKey: Uint32Array
  readonly slotKind: Uint8Array
  readonly slotDay: Int32Array
  readonly packed: PackedSlotsState
}

/**
 * Collects packed observations.
 *
 * @example
 * ```ts
 * const log = new ObservationLog()
 * log.add(chunk)                 // from parse-task.ts
 * DnsIndex.build('mx', observationSource(log.freeze(), 'mx'))
 * ```
 */
export class ObservationLog {
  readonly #ids = new TermDictionaryBuilder()
  #lastSlot = new Uint32Array(1024)
  #slotKey = new Uint32Array(1024)
  #slotKind = new Uint8Array(1024)
  #slotDay = new Int32Array(1024)
  readonly #chunks: PackedChunk[] = []
  #slots = 0
  /** Observations that replaced an earlier one with the same id. */
  replaced = 0

  /** The number of distinct observations so far. */
  get size(): number {
    return this.#ids.size
  }

  /** Appends a chunk of observations in load order. */
  add(chunk: ObservationChunk): void {
    const { ids, days, kinds, packed } = chunk
    const n = ids.length
    const end = this.#slots + n
    this.#slotKey = room(this.#slotKey, end)
    this.#slotKind = room(this.#slotKind, end)
    this.#slotDay = room(this.#slotDay, end)
    for (let i = 0; i < n; i++) {
      const known = this.#ids.size
      const key = this.#ids.intern(ids[i] as string)
      if (key < known) this.replaced++
      else this.#lastSlot = room(this.#lastSlot, key)
      const slot = this.#slots++
      this.#lastSlot[key] = slot
      this.#slotKey[slot] = key
      this.#slotKind[slot] = kinds[i] as number
      this.#slotDay[slot] = days[i] as number
    }
    this.#chunks.push(packed)
  }

  /** The log as plain data, arrays trimmed; the log must not be used afterwards. */
  freeze(): FrozenObservations {
    const s = this.#slots
    const ids = this.#ids.freeze().state
    return {
      ids,
      lastSlot: this.#lastSlot.slice(0, ids.starts.length - 1),
      slotKey: this.#slotKey.slice(0, s),
      slotKind: this.#slotKind.slice(0, s),
      slotDay: this.#slotDay.slice(0, s),
      packed: assembleChunks(this.#chunks),
    }
  }
}

/**
 * The live observations of one kind in a frozen log, in load order, read one at a time.
 *
 * @param log - a frozen log
 * @param kind - `mx` or `txt`
 * @example
 * ```ts
 * observationSource(log.freeze(), 'txt').size // the distinct TXT observations
 * ```
 */
export function observationSource(log: FrozenObservations, kind: DnsKind): ObservationSource {
  const { lastSlot, slotKey, slotKind, slotDay } = log
  const ids = new TermDictionary(log.ids)
  const packed = new PackedSlots(log.packed)
  const tag = kind === 'mx' ? 0 : 1
  const live = (slot: number): boolean => slotKind[slot] === tag && lastSlot[slotKey[slot] as number] === slot
  let n = 0
  for (let slot = 0; slot < slotKey.length; slot++) if (live(slot)) n++
  const slots = new Uint32Array(n)
  n = 0
  for (let slot = 0; slot < slotKey.length; slot++) if (live(slot)) slots[n++] = slot
  return {
    size: n,
    get: (i) => packed.get(slots[i] as number) as Observation,
    id: (i) => ids.term(slotKey[slots[i] as number] as number),
    day: (i) => slotDay[slots[i] as number] as number,
  }
}
