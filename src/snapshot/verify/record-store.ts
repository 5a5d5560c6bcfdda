/**
 * Checks a record store (indexes/record-store.ts and the packed slots under it,
 * indexes/packed-slots.ts) as a forward lookup and a result page read it, reading every record
 * as Lucene's CheckIndex reads every stored document:
 *   - the chunks' slot ranges and each chunk's value ends ascend and end where the chunk's bytes
 *     end; a table-coded chunk's table string ends ascend and end where its table's bytes end;
 *   - every value decodes with its chunk's codec (and table) to exactly its bytes, as a record
 *     object;
 *   - `slots` (document → slot) and `docOfKey` (key → document) are permutations, the domain
 *     dictionary holds one key a record, and each document's key is the one its record is keyed
 *     by at load (its domain.name, else its query, as a normalised host), so `whois(domain)`
 *     finds the record of that domain.
 */

import type { Packr } from 'msgpackr'
import { showValue } from '../../errors.js'
import { unpackerFor } from '../../indexes/chunk-packer.js'
import { unpackExact } from '../../indexes/exact-pack.js'
import type { PackedSlotsState } from '../../indexes/packed-slots.js'
import { TableDecoder } from '../../indexes/table-codec/table-decoder.js'
import { isPlainHost } from '../../ingest/plain-host.js'
import { normalizeHost } from '../../normalize/host.js'
import { wholeUint32 } from '../../storage/lazy-array.js'
import { type Checklist, Violation } from './checklist.js'
import { checkTermDictionary } from './term-dictionary.js'
import { allBelow, arrayOf, object, offsets, permutation, typedArray } from './values.js'

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
  const tables = arrayOf(`${where}.tables`, state['tables'], (at, v) => typedArray(at, v, Uint8Array))
  const tableEnds = arrayOf(`${where}.tableEnds`, state['tableEnds'], (at, v) =>
    typedArray(at, v, Uint32Array),
  )
  if (tables.length !== c || tableEnds.length !== c)
    throw new Violation(
      `${where}.tables`,
      `holds ${tables.length} tables and ${tableEnds.length} table ends for ${c} chunks`,
    )
  tableEnds.forEach((ends, k) => {
    endsWithin(`${where}.tableEnds.${k}`, ends, (tables[k] as Uint8Array).length)
  })
  const codecs = arrayOf(`${where}.codecs`, state['codecs'], (at, v) =>
    arrayOf(at, v, (keysAt, keys) => arrayOf(keysAt, keys, string)),
  )
  const chunkCodec = typedArray(`${where}.chunkCodec`, state['chunkCodec'], Uint32Array, c)
  allBelow(`${where}.chunkCodec`, chunkCodec, codecs.length)
  return {
    chunks,
    chunkStarts,
    ends,
    tableCoded: flag(`${where}.tableCoded`, state['tableCoded']),
    tables,
    tableEnds,
    codecs,
    chunkCodec,
  }
}

// Decodes every slot in order and hands each value to `visit`.
function decodeSlots(
  where: string,
  packed: PackedSlotsState,
  visit: (slot: number, value: unknown) => void,
): void {
  const { chunks, chunkStarts, tableCoded } = packed
  // A check reads every section into memory (readSnapshot with checks).
  const ends = wholeUint32(packed.ends)
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
    const size = last === first ? 0 : (ends[last - 1] as number)
    if (size !== bytes.length)
      throw new Violation(at, `holds ${bytes.length} bytes where its values end at ${size}`)
    const structures = packed.codecs[packed.chunkCodec[k] as number] as string[][]
    const table = { bytes: packed.tables[k] as Uint8Array, ends: packed.tableEnds[k] as Uint32Array }
    const decoder = tableCoded ? new TableDecoder(table, structures) : null
    const unpacker = tableCoded ? null : unpackerFor(structures)
    for (let s = first; s < last; s++) {
      const start = s === first ? 0 : (ends[s - 1] as number)
      let value: unknown
      try {
        value =
          decoder === null
            ? unpackExact(unpacker as Packr, bytes.subarray(start, ends[s]))
            : decoder.decode(bytes, start, ends[s] as number)
      } catch (error) {
        throw new Violation(at, `slot ${s} does not decode: ${reason(error)}`)
      }
      visit(s, value)
    }
  }
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

// Ends of back-to-back items: ascending, the last at the data's length (no items: no data).
function endsWithin(where: string, ends: Uint32Array, total: number): void {
  for (let i = 1; i < ends.length; i++) {
    if ((ends[i] as number) < (ends[i - 1] as number))
      throw new Violation(where, `end ${i} (${ends[i]}) is below end ${i - 1} (${ends[i - 1]})`)
  }
  const last = ends.length === 0 ? 0 : (ends[ends.length - 1] as number)
  if (last !== total) throw new Violation(where, `ends at ${last}, but its data holds ${total} bytes`)
}

function flag(where: string, value: unknown): boolean {
  if (typeof value !== 'boolean') throw new Violation(where, `is ${showValue(value)}, not a boolean`)
  return value
}

function string(where: string, value: unknown): string {
  if (typeof value !== 'string') throw new Violation(where, `is ${showValue(value)}, not a string`)
  return value
}

function reason(error: unknown): string {
  return error instanceof Error ? error.message : String(error)
}
