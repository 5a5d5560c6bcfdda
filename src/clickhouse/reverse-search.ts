/**
 * Reverse search and forward lookup on ClickHouse: runs the compiled SQL, verifies sloppy phrases
 * in the library when needed, and returns the page the embedded engine returns.
 *
 * Without verification: the exact count and the page's keys are two queries sent together; the
 * page's records are fetched by key afterwards, so the sort reads only the narrow order columns
 * and never the records of rows outside the page. With verification: every candidate's key comes
 * back in result order, with its registration text when its phrases are not simply adjacent, the
 * matches are counted in the library, and the page's records are fetched by key.
 */
import { envelope, PAGE_SIZE } from '../collect/page.js'
import type { ReverseQuery } from '../query/reverse-params.js'
import type { Envelope, WhoisRecord } from '../types.js'
import type { ClickHouseHttp } from './http-client.js'
import { type ValueTexts, verifyPhrases } from './phrase-verify.js'
import { adjacent, compileReverse, REVERSE_ORDER } from './reverse-sql.js'
import { liveRows } from './schema.js'
import { sortableText } from './sortable-text.js'
import { sqlInt, sqlString } from './sql-literal.js'

// A reverse candidate in result order; its texts are empty when its phrases are adjacent.
interface Candidate extends ValueTexts {
  key: string
  /** 1 when the phrases are adjacent, or once verified. */
  certain: number
}

/**
 * Answers a validated reverse query.
 *
 * @param client - the connection
 * @param db - the validated database name
 * @param query - a query from parseReverseParams
 * @example
 * ```ts
 * await searchReverse(client, 'dmx', parseReverseParams({ name: 'acme' })) // { page: 0, pages: 1, result_count: 3, results: [...] }
 * ```
 */
export async function searchReverse(
  client: ClickHouseHttp,
  db: string,
  query: ReverseQuery,
): Promise<Envelope<WhoisRecord>> {
  const compiled = compileReverse(query)
  const checks = compiled.checks
  // Rows updates replaced or removed are left out (schema.ts).
  const where = `${compiled.where} AND ${liveRows(db, 'whois')}`
  const start = query.page * PAGE_SIZE
  let total: number
  let pageKeys: string[]
  if (checks.length === 0) {
    const inRange = Number.isSafeInteger(start)
    const [counted, keys] = await Promise.all([
      client.rows<{ matches: string }>(`SELECT count() AS matches FROM ${db}.whois WHERE ${where}`),
      inRange
        ? client.rows<{ key: string }>(
            `SELECT key FROM ${db}.whois WHERE ${where} ORDER BY ${REVERSE_ORDER} LIMIT ${sqlInt(start)}, ${sqlInt(PAGE_SIZE)}`,
          )
        : [],
    ])
    total = Number(counted[0]?.matches ?? 0)
    pageKeys = keys.map((row) => row.key)
  } else {
    // A candidate holding its phrases adjacent (slop 0) matches at any slop, so only the others
    // send their registration text and go through the verification.
    const certain = checks.map(adjacent).join(' AND ')
    const candidates = await client.rows<Candidate>(
      `SELECT key, ${certain} AS certain, if(certain, emptyArrayString(), value_texts) AS texts, ` +
        `if(certain, emptyArrayUInt8(), value_classes) AS classes FROM ${db}.whois WHERE ${where} ORDER BY ${REVERSE_ORDER}`,
    )
    const unsure = candidates.filter((row) => row.certain === 0)
    for (const i of verifyPhrases(unsure, checks)) (unsure[i] as Candidate).certain = 1
    const matches = candidates.filter((row) => row.certain === 1)
    total = matches.length
    pageKeys = []
    for (let i = start; i < Math.min(total, start + PAGE_SIZE); i++) {
      pageKeys.push((matches[i] as Candidate).key)
    }
  }
  const records = await recordsByKey(client, db, pageKeys)
  return envelope(total, query.page, (i) => records[i - start] as WhoisRecord)
}

/**
 * The stored record of a normalised domain, or null.
 *
 * @param client - the connection
 * @param db - the validated database name
 * @param domain - a normalised domain (parseWhoisParams)
 * @example
 * ```ts
 * await lookupWhois(client, 'dmx', 'example.com') // { query: 'example.com', domain: {...}, ... } or null
 * ```
 */
export async function lookupWhois(
  client: ClickHouseHttp,
  db: string,
  domain: string,
): Promise<WhoisRecord | null> {
  const [record] = await recordsByKey(client, db, [sortableText(domain)])
  return record ?? null
}

// The records of stored keys, in the order of `keys`; a key without a record is left out.
async function recordsByKey(
  client: ClickHouseHttp,
  db: string,
  keys: readonly string[],
): Promise<WhoisRecord[]> {
  if (keys.length === 0) return []
  const rows = await client.rows<{ key: string; record: string }>(
    `SELECT key, record FROM ${db}.whois WHERE key IN (${keys.map(sqlString).join(', ')}) AND ${liveRows(db, 'whois')}`,
  )
  const byKey = new Map(rows.map((row) => [row.key, row.record]))
  const out: WhoisRecord[] = []
  for (const key of keys) {
    const json = byKey.get(key)
    if (json !== undefined) out.push(JSON.parse(json) as WhoisRecord)
  }
  return out
}
