/**
 * The values of one kind of pivot over the live WHOIS rows of a ClickHouse export, for the
 * spelling-variant index (SPEC 14). No column holds organizations or street lines as pivots
 * normalise them, so every live row's record is read and its values taken by record-values.ts,
 * exactly as the embedded engine takes them.
 */

import type { SuggestKind } from '../pivots/suggest-kinds.js'
import type { ValueIndex } from '../pivots/value-index.js'
import { buildValueIndex } from '../pivots/value-index-build.js'
import { ValueSpellings } from '../pivots/value-spellings.js'
import type { WhoisRecord } from '../types.js'
import type { ClickHouseHttp } from './http-client.js'
import { liveRows } from './schema.js'

/**
 * The value index of a kind over the live WHOIS rows (a registrar shown in its most common
 * spelling, value-spellings.ts).
 *
 * @param client - the connection
 * @param db - the validated database name
 * @param kind - the kind of pivot
 * @example
 * ```ts
 * (await liveValueIndex(client, 'dmx', 'registrar')).candidates('godady', null, 10) // ['GoDaddy.com, LLC']
 * ```
 */
export async function liveValueIndex(
  client: ClickHouseHttp,
  db: string,
  kind: SuggestKind,
): Promise<ValueIndex> {
  const rows = await client.rows<{ record: string }>(
    `SELECT record FROM ${db}.whois WHERE ${liveRows(db, 'whois')}`,
  )
  const spellings = new ValueSpellings(kind)
  for (const row of rows) spellings.add(JSON.parse(row.record) as WhoisRecord)
  return buildValueIndex(spellings.entries())
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
