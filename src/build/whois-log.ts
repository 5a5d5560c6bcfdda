/**
 * The WHOIS side of a build: packed records arrive chunk by chunk in load order (parse-task.ts),
 * a later record of a domain replaces the earlier one (SPEC 2), and `finish` numbers the domains
 * in result order (created descending, undated last, domain ascending: SPEC 5) and returns the
 * record store's state. Records are never objects here: ~200 bytes a record packed and compressed
 * in the parse tasks (chunk-packer.ts) instead of ~2 KB of heap, so 10M records fit.
 *
 * Layout while loading (k distinct domains, s slots, stale included):
 *   keys      TermDictionaryBuilder  domain → key id, in first-seen order (typed arrays, no Map)
 *   lastSlot  Uint32Array(k)         the slot of each domain's latest record
 *   created   Float64Array(k)        that record's created_norm instant, NaN when it has none
 *   slotKey   Uint32Array(s)         the domain of each slot
 *   chunks    PackedChunk[]          the packed, compressed records, slots in order
 * A replaced record leaves a stale slot; when stale slots reach a third of all, the chunks holding
 * them are rewritten without them (the live encodings copied, the chunk's string table and shapes
 * kept, on this thread: no record is decoded; chunks with no live record are dropped whole), so daily snapshots of the same domains loaded one after another never hold more
 * than 1.5 times the distinct records.
 */
import type { PackedChunk } from '../indexes/chunk-packer.js'
import { room } from '../indexes/grow.js'
import { assembleChunks } from '../indexes/packed-slots.js'
import type { RecordStoreState } from '../indexes/record-store.js'
import { TermDictionaryBuilder } from '../indexes/term-dictionary.js'

/** A chunk of accepted WHOIS records: packed, with each record's domain key and created instant. */
export interface WhoisChunk {
  readonly packed: PackedChunk
  readonly keys: readonly string[]
  readonly created: Float64Array
  /** The line of each record in its task, when the load reports replacements. */
  readonly lines?: Uint32Array
}

/**
 * Collects packed WHOIS records and turns them into a record store's state.
 *
 * @example
 * ```ts
 * const log = new WhoisLog()
 * log.add(chunk)             // from parse-task.ts
 * new RecordStore(log.finish())
 * ```
 */
export class WhoisLog {
  readonly #keys = new TermDictionaryBuilder()
  #lastSlot = new Uint32Array(1024)
  #created = new Float64Array(1024)
  #slotKey = new Uint32Array(1024)
  #chunks: PackedChunk[] = []
  #slots = 0
  #stale = 0
  /** Records that replaced an earlier record of the same domain. */
  replaced = 0

  /** The number of distinct domains so far. */
  get size(): number {
    return this.#keys.size
  }

  /**
   * Appends a chunk of records in load order.
   *
   * @param chunk - the records
   * @param replaced - told the index in the chunk of each record that replaces an earlier one
   */
  add(chunk: WhoisChunk, replaced?: (index: number) => void): void {
    const { keys, created, packed } = chunk
    const n = keys.length
    this.#slotKey = room(this.#slotKey, this.#slots + n)
    for (let i = 0; i < n; i++) {
      const known = this.#keys.size
      const key = this.#keys.intern(keys[i] as string)
      if (key < known) {
        this.replaced++
        this.#stale++
        replaced?.(i)
      } else {
        this.#lastSlot = room(this.#lastSlot, key)
        this.#created = room(this.#created, key)
      }
      this.#lastSlot[key] = this.#slots
      this.#created[key] = created[i] as number
      this.#slotKey[this.#slots++] = key
    }
    this.#chunks.push(packed)
    if (this.#stale * 3 > this.#slots) this.#compact()
  }

  /** The store's state: documents numbered in result order. The log must not be used afterwards. */
  finish(): RecordStoreState {
    if (this.#stale > 0) this.#compact()
    const dictionary = this.#keys.freeze()
    const order = resultOrder(this.#created.subarray(0, dictionary.size), (key) => dictionary.term(key))
    const n = order.length
    const slots = new Uint32Array(n)
    const docOfKey = new Uint32Array(n)
    for (let doc = 0; doc < n; doc++) {
      const key = order[doc] as number
      slots[doc] = this.#lastSlot[key] as number
      docOfKey[key] = doc
    }
    const chunks = this.#chunks
    this.#chunks = []
    return { ...assembleChunks(chunks), slots, domains: dictionary.state, docOfKey }
  }

  /** Rewrites the chunks without their stale slots and renumbers the slots. */
  #compact(): void {
    const lastSlot = this.#lastSlot
    const slotKey = this.#slotKey
    const kept: PackedChunk[] = []
    let slot = 0
    let next = 0
    for (const chunk of this.#chunks) {
      const { ends } = chunk
      let live = 0
      for (let i = 0; i < ends.length; i++) if (lastSlot[slotKey[slot + i] as number] === slot + i) live++
      if (live === ends.length) {
        for (let i = 0; i < ends.length; i++, slot++) {
          const key = slotKey[slot] as number
          lastSlot[key] = next
          slotKey[next++] = key
        }
        kept.push(chunk)
        continue
      }
      if (live === 0) {
        slot += ends.length
        continue
      }
      const { bytes } = chunk
      const liveEnds = new Uint32Array(live)
      let size = 0
      for (let i = 0; i < ends.length; i++) {
        if (lastSlot[slotKey[slot + i] as number] === slot + i)
          size += (ends[i] as number) - (i === 0 ? 0 : (ends[i - 1] as number))
      }
      const liveBytes = new Uint8Array(size)
      let at = 0
      let j = 0
      for (let i = 0; i < ends.length; i++, slot++) {
        const key = slotKey[slot] as number
        if (lastSlot[key] !== slot) continue
        const start = i === 0 ? 0 : (ends[i - 1] as number)
        liveBytes.set(bytes.subarray(start, ends[i]), at)
        at += (ends[i] as number) - start
        liveEnds[j++] = at
        lastSlot[key] = next
        slotKey[next++] = key
      }
      kept.push({ ...chunk, bytes: liveBytes, ends: liveEnds })
    }
    this.#chunks = kept
    this.#slots = next
    this.#stale = 0
  }
}

/**
 * Key ids in result order: created descending, undated (NaN) last, ties by key ascending in
 * code-unit order. Sorted by instant first; keys are decoded only within runs of equal instants.
 */
function resultOrder(created: Float64Array, keyOf: (key: number) => string): Uint32Array {
  const n = created.length
  const order = new Uint32Array(n)
  for (let i = 0; i < n; i++) order[i] = i
  order.sort((a, b) => {
    const ca = created[a] as number
    const cb = created[b] as number
    if (ca === cb) return a - b
    if (Number.isNaN(ca)) return Number.isNaN(cb) ? a - b : 1
    if (Number.isNaN(cb)) return -1
    return cb - ca
  })
  let from = 0
  while (from < n) {
    const value = created[order[from] as number] as number
    let to = from + 1
    while (to < n && Object.is(created[order[to] as number], value)) to++
    if (to - from > 1) sortRunByKey(order.subarray(from, to), keyOf)
    from = to
  }
  return order
}

function sortRunByKey(run: Uint32Array, keyOf: (key: number) => string): void {
  const keys = Array.from(run, (key) => ({ key, text: keyOf(key) }))
  keys.sort((a, b) => (a.text < b.text ? -1 : a.text > b.text ? 1 : 0))
  keys.forEach((entry, i) => {
    run[i] = entry.key
  })
}
