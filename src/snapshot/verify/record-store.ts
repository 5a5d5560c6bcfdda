/**
 * Checks a record store (indexes/record-store.ts and the packed slots under it,
 * indexes/packed-slots.ts) as a forward lookup and a result page read it, reading every record
 * as Lucene's CheckIndex reads every stored document:
 *   - the chunks' slot ranges and each chunk's value ends ascend, and end where the chunk's bytes
 *     (uncompressed) or inflated blocks (compressed) end; the blocks of a chunk ascend, there are
 *     ⌈values / blockValues⌉ of them, and each inflates to exactly the bytes of its values;
 *   - every value decodes with its chunk's codec to a record object;
 *   - `slots` (document → slot) and `docOfKey` (key → document) are permutations, the domain
 *     dictionary holds one key a record, and each document's key is the one its record is keyed
 *     by at load (its domain.name, else its query, as a normalised host), so `whois(domain)`
 *     finds the record of that domain.
 */
import { showValue } from '../../errors.js'
import { inflateBlock } from '../../indexes/block-codec.js'
import { unpackerFor } from '../../indexes/chunk-packer.js'
import { unpackExact } from '../../indexes/exact-pack.js'
import type { PackedSlotsState } from '../../indexes/packed-slots.js'
import { isPlainHost } from '../../ingest/plain-host.js'
import { normalizeHost } from '../../normalize/host.js'
import { type Checklist, Violation } from './checklist.js'
import { checkTermDictionary } from './term-dictionary.js'
import { allBelow, arrayOf, count, object, offsets, permutation, typedArray } from './values.js'

/**
 * Checks a record store state; returns its number of records.
 *
 * @param where - its path in the content, e.g. `segments.0.store`
 * @param value - the state as read
 * @param checks - where the passed checks go
 * @example
 * ```ts
 * checkRecordStore('segments.0.store', segment.store, checks) // 3000
 * ```
 */
export function checkRecordStore(where: string, value: unknown, checks: Checklist): number {
  const state = object(where, value)
  const packed = packedSlots(where, state)
  const n = packed.ends.length
  const slots = typedArray(`${where}.slots`, state['slots'], Uint32Array)
  permutation(`${where}.slots`, slots, n)
  const docOfKey = typedArray(`${where}.docOfKey`, state['docOfKey'], Uint32Array)
  permutation(`${where}.docOfKey`, docOfKey, n)
  checks.passed(`${where}.slots, ${where}.docOfKey: permutations of the records`, n)
  const domains = checkTermDictionary(`${where}.domains`, state['domains'], checks)
  if (domains.size !== n)
    throw new Violation(`${where}.domains`, `holds ${domains.size} keys for ${n} records`)

  // The key each slot's record must be keyed by: slot → document → key.
  const keyOfSlot = new Uint32Array(n)
  for (let key = 0; key < n; key++) keyOfSlot[slots[docOfKey[key] as number] as number] = key
  decodeSlots(where, packed, (slot, record) => {
    if (record === null || typeof record !== 'object' || Array.isArray(record))
      throw new Violation(`${where}.chunks`, `slot ${slot} holds ${showValue(record)}, not a record`)
    const expected = domains.term(keyOfSlot[slot] as number)
    const keyed = keyOf(record as Record<string, unknown>)
    if (keyed !== expected)
      throw new Violation(
        `${where}.docOfKey`,
        `the key ${showValue(expected)} leads to the record of ${showValue(keyed)} (slot ${slot})`,
      )
  })
  checks.passed(`${where}.chunks: records decode, each keyed by its domain`, n)
  return n
}

// The packed slots' arrays, each of its class, the chunk offsets checked.
function packedSlots(where: string, state: Record<string, unknown>): PackedSlotsState {
  const chunks = arrayOf(`${where}.chunks`, state['chunks'], (at, v) => typedArray(at, v, Uint8Array))
  const c = chunks.length
  const chunkStarts = typedArray(`${where}.chunkStarts`, state['chunkStarts'], Uint32Array, c + 1)
  const ends = typedArray(`${where}.ends`, state['ends'], Uint32Array)
  offsets(`${where}.chunkStarts`, chunkStarts, ends.length)
  const dictionaries = arrayOf(`${where}.dictionaries`, state['dictionaries'], (at, v) =>
    typedArray(at, v, Uint8Array),
  )
  if (dictionaries.length !== c)
    throw new Violation(`${where}.dictionaries`, `holds ${dictionaries.length} dictionaries for ${c} chunks`)
  const codecs = arrayOf(`${where}.codecs`, state['codecs'], (at, v) =>
    arrayOf(at, v, (keysAt, keys) => arrayOf(keysAt, keys, string)),
  )
  const chunkCodec = typedArray(`${where}.chunkCodec`, state['chunkCodec'], Uint32Array, c)
  allBelow(`${where}.chunkCodec`, chunkCodec, codecs.length)
  return {
    chunks,
    chunkStarts,
    ends,
    blockValues: count(`${where}.blockValues`, state['blockValues']),
    blockEnds: typedArray(`${where}.blockEnds`, state['blockEnds'], Uint32Array),
    dictionaries,
    codecs,
    chunkCodec,
  }
}

// Decodes every slot in order, inflating each block once, and hands each value to `visit`.
function decodeSlots(
  where: string,
  packed: PackedSlotsState,
  visit: (slot: number, value: unknown) => void,
): void {
  const { chunks, chunkStarts, ends, blockValues, blockEnds } = packed
  let blocks = 0
  for (let k = 0; k < chunks.length; k++) {
    const at = `${where}.chunks.${k}`
    const first = chunkStarts[k] as number
    const last = chunkStarts[k + 1] as number
    for (let s = first + 1; s < last; s++) {
      if ((ends[s] as number) < (ends[s - 1] as number))
        throw new Violation(
          `${where}.ends`,
          `slot ${s} ends at ${ends[s]}, before slot ${s - 1} (${ends[s - 1]})`,
        )
    }
    const bytes = chunks[k] as Uint8Array
    const unpacker = unpackerFor(packed.codecs[packed.chunkCodec[k] as number] as string[][])
    const decode = (encodings: Uint8Array, base: number, from: number, to: number): void => {
      for (let s = from; s < to; s++) {
        const start = (s === first ? 0 : (ends[s - 1] as number)) - base
        let value: unknown
        try {
          value = unpackExact(unpacker, encodings.subarray(start, (ends[s] as number) - base))
        } catch (error) {
          throw new Violation(at, `slot ${s} does not decode: ${reason(error)}`)
        }
        visit(s, value)
      }
    }
    if (blockValues === 0) {
      const size = last === first ? 0 : (ends[last - 1] as number)
      if (size !== bytes.length)
        throw new Violation(at, `holds ${bytes.length} bytes where its values end at ${size}`)
      decode(bytes, 0, first, last)
      continue
    }
    const dictionary = packed.dictionaries[k] as Uint8Array
    for (let b = first; b < last; b += blockValues, blocks++) {
      const from = b === first ? 0 : (blockEnds[blocks - 1] as number)
      const to = blockEnds[blocks]
      if (to === undefined || to < from || to > bytes.length)
        throw new Violation(
          `${where}.blockEnds`,
          `block ${blocks} spans bytes ${from}…${to} of ${bytes.length}`,
        )
      let encodings: Uint8Array
      try {
        encodings = inflateBlock(bytes.subarray(from, to), dictionary)
      } catch (error) {
        throw new Violation(at, `block ${blocks} does not inflate: ${reason(error)}`)
      }
      const blockEnd = Math.min(last, b + blockValues)
      const base = b === first ? 0 : (ends[b - 1] as number)
      const held = (ends[blockEnd - 1] as number) - base
      if (encodings.length !== held)
        throw new Violation(
          at,
          `block ${blocks} inflates to ${encodings.length} bytes where its values hold ${held}`,
        )
      decode(encodings, base, b, blockEnd)
    }
    const end = last === first ? 0 : (blockEnds[blocks - 1] as number)
    if (end !== bytes.length)
      throw new Violation(at, `holds ${bytes.length} bytes where its blocks end at ${end}`)
  }
  if (blocks !== blockEnds.length)
    throw new Violation(
      `${where}.blockEnds`,
      `holds ${blockEnds.length} blocks where the chunks have ${blocks}`,
    )
}

// The key a load gives a record (ingest/whois-record.ts): its domain.name, else its query, as a
// normalised host. (Re-running the whole load check would also re-parse every date: ~3x slower.)
function keyOf(record: Record<string, unknown>): string | null {
  const domain = record['domain']
  const name: unknown =
    domain !== null && typeof domain === 'object' ? (domain as Record<string, unknown>)['name'] : undefined
  const raw = typeof name === 'string' ? name : record['query']
  if (typeof raw !== 'string') return null
  if (isPlainHost(raw)) return raw
  const host = normalizeHost(raw)
  return host.ok ? host.host : null
}

function string(where: string, value: unknown): string {
  if (typeof value !== 'string') throw new Violation(where, `is ${showValue(value)}, not a string`)
  return value
}

function reason(error: unknown): string {
  return error instanceof Error ? error.message : String(error)
}
