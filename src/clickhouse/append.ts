/**
 * The server-side half of an append (`exportToClickHouse` with `append: true`), once the update's
 * rows and removals are staged: count what it replaces and removes, reserve its sequence numbers,
 * commit it (update-sql.ts), and compact the tables when the dead rows have grown to a quarter of
 * all rows. Also the checks an append makes first: removal keys, and an existing export to update.
 *
 * Compaction is this back end's merge policy: queries pay for the dead rows (each shard builds the
 * set of its dead `seq` for every query), so once they reach `compactRatio` of the rows, the live
 * rows are copied server-side into new tables that are swapped in, as an export swaps them
 * (export-sql.ts). Each compaction copies the N rows after at least N × ratio markers arrived, so
 * amortised it copies 1 / ratio rows (4 by default) per replaced or removed row.
 */
import type { RemovalKeys } from '../ingest/removal-keys.js'
import {
  compactStatements,
  countStatement,
  dropStagesStatements,
  reserveStatement,
  swapStatements,
} from './export-sql.js'
import type { ClickHouseHttp } from './http-client.js'
import { DEAD_TABLES, LOADS, OBSERVATION_IDS, type SchemaTarget, TABLES } from './schema.js'
import { sqlString } from './sql-literal.js'
import { commitStatements, updateCountStatements } from './update-sql.js'

/** What an append did, counted by the servers. */
export interface AppendCounts {
  /** New rows per table. */
  rows: { whois: number; mx: number; txt: number }
  /** Held rows a new record replaced (SPEC 2 across updates), and staged duplicates replaced. */
  whoisReplaced: number
  observationsReplaced: number
  /** Held keys removed, and removal keys that were not held (ignored, counted as the embedded engine does). */
  removed: { whois: number; observations: number; notHeld: number }
}

/** Dead rows reaching this fraction of all rows trigger a compaction. */
export const COMPACT_RATIO = 0.25

/**
 * Throws unless the database holds an export an append can update.
 *
 * @param client - the connection
 * @param target - the database and the optional cluster
 * @throws Error naming the missing database or tables
 */
export async function checkAppendable(client: ClickHouseHttp, target: SchemaTarget): Promise<void> {
  const db = target.database
  const [found] = await client.rows<{ n: string }>(
    `SELECT count() AS n FROM system.databases WHERE name = ${sqlString(db)}`,
  )
  if (Number(found?.n ?? 0) === 0) {
    throw new Error(`domindex: append: database ${db} does not exist; export into it without append first`)
  }
  const rows = await client.rows<{ name: string; engine: string }>(
    `SELECT name, engine FROM system.tables WHERE database = ${sqlString(db)}`,
  )
  const present = new Set(rows.map((row) => row.name))
  const needed = [
    ...TABLES.map((table) => table.name),
    ...[...TABLES, ...DEAD_TABLES, OBSERVATION_IDS, LOADS].map((table) => `${table.name}_local`),
  ]
  const missing = needed.filter((name) => !present.has(name))
  if (missing.length > 0) {
    throw new Error(
      `domindex: append: database ${db} lacks the table(s) ${missing.join(', ')}; ` +
        'export into it without append first (exports written before appends existed lack the update tables)',
    )
  }
  // An export written before a column existed (`email_keys` …) cannot take rows that carry it.
  const columns = await client.rows<{ table: string; name: string }>(
    `SELECT table, name FROM system.columns WHERE database = ${sqlString(db)}`,
  )
  const held = new Set(columns.map((row) => `${row.table}.${row.name}`))
  const lacking = TABLES.flatMap((table) =>
    table.columns.map(([name]) => `${table.name}_local.${name}`).filter((column) => !held.has(column)),
  )
  if (lacking.length > 0) {
    throw new Error(
      `domindex: append: database ${db} holds an export written by an earlier version, without the column(s) ` +
        `${lacking.join(', ')}; export into it again without append`,
    )
  }
  // The rows must go where the export put them: through Distributed tables exactly when it was sharded.
  const sharded = rows.find((row) => row.name === TABLES[0]?.name)?.engine === 'Distributed'
  if (sharded !== (target.cluster !== undefined)) {
    throw new Error(
      sharded
        ? `domindex: append: database ${db} holds an export sharded over a cluster; give the cluster it was exported to`
        : `domindex: append: database ${db} holds an export on one server, not sharded; append to it without a cluster`,
    )
  }
}

/**
 * Applies the staged update to the live tables, drops the staging tables, and compacts when due.
 *
 * @param client - the connection
 * @param target - the database and the optional cluster
 * @param update - one past the update's last sequence number, its removal keys, and the compaction ratio
 * @returns the counts, and whether the tables were compacted
 */
export async function applyStaged(
  client: ClickHouseHttp,
  target: SchemaTarget,
  update: { seqEnd: number; removals: RemovalKeys; compactRatio: number },
): Promise<AppendCounts & { compacted: boolean }> {
  const counts = await countUpdate(client, target, update.removals)
  await client.query(reserveStatement(target, 'update', update.seqEnd))
  for (const statement of commitStatements(target)) {
    await client.query(statement, { insert_distributed_sync: '1' })
  }
  for (const statement of dropStagesStatements(target)) await client.query(statement)
  let compacted: boolean
  try {
    compacted = await compactIfDue(client, target, update.compactRatio)
  } catch (error) {
    throw new Error(
      `domindex: the update was applied, but compacting the tables failed (the next append tries again): ${String(error)}`,
      { cause: error },
    )
  }
  return { ...counts, compacted }
}

async function countUpdate(
  client: ClickHouseHttp,
  target: SchemaTarget,
  removals: RemovalKeys,
): Promise<AppendCounts> {
  type Counts = { removed: string; replaced: string; staged: string }
  const statements = updateCountStatements(target)
  const [whois] = await client.rows<Counts & { records: string }>(statements.whois)
  const [dns] = await client.rows<Counts & { mx: string; txt: string }>(statements.observations)
  const n = (value: string | undefined): number => Number(value ?? 0)
  const rows = { whois: n(whois?.records), mx: n(dns?.mx), txt: n(dns?.txt) }
  const removed = { whois: n(whois?.removed), observations: n(dns?.removed) }
  return {
    rows,
    whoisReplaced: n(whois?.replaced) + n(whois?.staged) - rows.whois,
    observationsReplaced: n(dns?.replaced) + n(dns?.staged) - rows.mx - rows.txt,
    removed: {
      ...removed,
      // Every listed key that removed nothing, repeats included, as the embedded engine counts.
      notHeld: removals.whois.length + removals.dns.length - removed.whois - removed.observations,
    },
  }
}

async function compactIfDue(client: ClickHouseHttp, target: SchemaTarget, ratio: number): Promise<boolean> {
  const count = async (name: string): Promise<number> => {
    const [row] = await client.rows<{ n: string }>(countStatement(target, name))
    return Number(row?.n ?? 0)
  }
  let dead = 0
  let rows = 0
  for (const table of TABLES) {
    dead += await count(`${table.name}_dead`)
    rows += await count(table.name)
  }
  if (dead === 0 || dead < ratio * rows) return false
  for (const statement of compactStatements(target)) {
    await client.query(statement, { insert_distributed_sync: '1' })
  }
  const all = new Set(
    [...TABLES, ...DEAD_TABLES, OBSERVATION_IDS].flatMap((t) => [t.name, `${t.name}_local`]),
  )
  for (const statement of swapStatements(target, all, new Set())) await client.query(statement)
  return true
}
