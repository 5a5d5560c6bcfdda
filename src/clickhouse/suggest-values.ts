/**
 * The values of one kind of pivot over the live WHOIS rows of a ClickHouse export, for the
 * spelling-variant index (SPEC 14). No column holds organizations or street lines as pivots
 * normalise them, so every live row's record is read and its values taken by record-values.ts,
 * exactly as the embedded engine takes them.
 */
import { recordValues } from '../pivots/record-values.js'
import type { SuggestKind } from '../pivots/value-index.js'
import type { WhoisRecord } from '../types.js'
import type { ClickHouseHttp } from './http-client.js'
import { liveRows } from './schema.js'

/**
 * The distinct values of a kind over the live WHOIS rows.
 *
 * @param client - the connection
 * @param db - the validated database name
 * @param kind - the kind of pivot
 * @example
 * ```ts
 * await liveValuesOf(client, 'dmx', 'registrar') // ['godaddy.com, llc', 'namecheap, inc.', …]
 * ```
 */
export async function liveValuesOf(client: ClickHouseHttp, db: string, kind: SuggestKind): Promise<string[]> {
  const rows = await client.rows<{ record: string }>(
    `SELECT record FROM ${db}.whois WHERE ${liveRows(db, 'whois')}`,
  )
  const values = new Set<string>()
  for (const row of rows) {
    for (const value of recordValues(JSON.parse(row.record) as WhoisRecord, kind)) values.add(value)
  }
  return [...values]
}

/**
 * What identifies the live WHOIS rows: their number and largest sequence number. An update that
 * replaces or adds a record raises the largest; one that only removes lowers the number; so a
 * value index built under another generation is stale.
 *
 * @example
 * ```ts
 * await liveGeneration(client, 'dmx') // '300:1200'
 * ```
 */
export async function liveGeneration(client: ClickHouseHttp, db: string): Promise<string> {
  const [row] = await client.rows<{ generation: string }>(
    `SELECT concat(toString(count()), ':', toString(max(seq))) AS generation FROM ${db}.whois WHERE ${liveRows(db, 'whois')}`,
  )
  return row?.generation ?? ''
}
