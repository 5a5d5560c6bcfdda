/**
 * The result order of reverse WHOIS search (SPEC 5): `created_norm` descending, records without it
 * last, ties by domain ascending. The engine numbers records in this order once at build time, so
 * that ascending document ids are result order and a page is a slice of a sorted id set.
 */
import type { WhoisRecord } from '../types.js'

/**
 * Returns the permutation that puts records in result order.
 *
 * @param records - the records, in load order
 * @param keys - each record's normalised domain key
 */
export function resultOrder(records: readonly WhoisRecord[], keys: readonly string[]): Uint32Array {
  const n = records.length
  const created = new Array<string>(n)
  for (let i = 0; i < n; i++) {
    const value = records[i]?.domain?.created_norm
    created[i] = typeof value === 'string' ? value : ''
  }
  const order = new Uint32Array(n)
  for (let i = 0; i < n; i++) order[i] = i
  // `_norm` strings are fixed-width ISO instants, so string order is time order.
  order.sort((a, b) => {
    const ca = created[a] as string
    const cb = created[b] as string
    if (ca !== cb) {
      if (ca === '') return 1
      if (cb === '') return -1
      return ca < cb ? 1 : -1
    }
    const ka = keys[a] as string
    const kb = keys[b] as string
    return ka < kb ? -1 : ka > kb ? 1 : 0
  })
  return order
}
