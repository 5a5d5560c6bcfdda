/**
 * MX and TXT search on ClickHouse: runs the compiled SQL and returns the page or the summary the
 * embedded engine returns. A page takes three queries: the exact count and the page's (apex, id)
 * pairs, sent together, then the page's records by primary key, so the sort reads only the narrow
 * key columns. A summary takes two, sent together: the top values (counted per shard, merged on the
 * server that was asked) and the total of all counts, from which `other` follows.
 */
import { envelope, PAGE_SIZE } from '../collect/page.js'
import type { DnsQuery, SummaryRequest } from '../query/dns-params.js'
import type { Envelope, Observation, SummaryResponse } from '../types.js'
import { compileDns, DNS_ORDER, summaryValues } from './dns-sql.js'
import type { ClickHouseHttp } from './http-client.js'
import { liveRows } from './schema.js'
import { fromSortableText } from './sortable-text.js'
import { sqlInt, sqlString } from './sql-literal.js'

/**
 * Answers a validated MX or TXT query.
 *
 * @param client - the connection
 * @param db - the validated database name
 * @param query - a query from parseDnsParams
 * @example
 * ```ts
 * await searchDns(client, 'dmx', parseDnsParams('mx', { host: 'example.com' })) // { page: 0, pages: 1, result_count: 2, results: [...] }
 * ```
 */
export async function searchDns(
  client: ClickHouseHttp,
  db: string,
  query: DnsQuery,
): Promise<Envelope<Observation> | SummaryResponse> {
  const table = `${db}.${query.kind}`
  const where = compileDns(db, query)
  const from = `FROM ${table} WHERE ${where}`
  if (query.summary !== null) return summary(client, from, query.summary)
  const start = query.page * PAGE_SIZE
  const [counted, keys] = await Promise.all([
    client.rows<{ matches: string }>(`SELECT count() AS matches ${from}`),
    Number.isSafeInteger(start)
      ? client.rows<{ apex: string; id: string }>(
          `SELECT apex, id ${from} ORDER BY ${DNS_ORDER} LIMIT ${sqlInt(start)}, ${sqlInt(PAGE_SIZE)}`,
        )
      : [],
  ])
  const records = await recordsByKey(client, db, query.kind, keys)
  return envelope(Number(counted[0]?.matches ?? 0), query.page, (i) => records[i - start] as Observation)
}

async function recordsByKey(
  client: ClickHouseHttp,
  db: string,
  kind: DnsQuery['kind'],
  keys: readonly { apex: string; id: string }[],
): Promise<Observation[]> {
  if (keys.length === 0) return []
  const apexes = [...new Set(keys.map((k) => k.apex))].map(sqlString).join(', ')
  const ids = keys.map((k) => sqlString(k.id)).join(', ')
  const rows = await client.rows<{ id: string; record: string }>(
    `SELECT id, record FROM ${db}.${kind} WHERE apex IN (${apexes}) AND id IN (${ids}) AND ${liveRows(db, kind)}`,
  )
  // Live ids are unique within a kind (the loader keeps the last of duplicates, updates mark the
  // rows they replace).
  const byId = new Map(rows.map((row) => [row.id, row.record]))
  return keys.map((k) => JSON.parse(byId.get(k.id) as string) as Observation)
}

async function summary(
  client: ClickHouseHttp,
  from: string,
  request: SummaryRequest,
): Promise<SummaryResponse> {
  const values = summaryValues(request)
  const [top, totals] = await Promise.all([
    client.rows<{ summary_value: string; summary_count: string }>(
      `SELECT arrayJoin(${values}) AS summary_value, count() AS summary_count ${from} ` +
        `GROUP BY summary_value ORDER BY summary_count DESC, summary_value ASC LIMIT ${sqlInt(request.limit)}`,
    ),
    client.rows<{ summary_total: string }>(`SELECT sum(length(${values})) AS summary_total ${from}`),
  ])
  const out: Record<string, number> = {}
  let listed = 0
  for (const row of top) {
    const count = Number(row.summary_count)
    listed += count
    // defineProperty, not assignment: a value `__proto__` must become an own key, not a prototype.
    Object.defineProperty(out, fromSortableText(row.summary_value), {
      value: count,
      enumerable: true,
      writable: true,
      configurable: true,
    })
  }
  return { summary: { other: Number(totals[0]?.summary_total ?? 0) - listed, values: out } }
}
