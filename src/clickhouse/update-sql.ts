/**
 * The statements of an append (`exportToClickHouse` with `append: true`, append.ts): SPEC 12's
 * update of an existing export, at a cost that grows with the update, not with the tables. No row
 * is rewritten: the rows an update replaces or removes are marked dead by `seq` (schema.ts), and
 * queries keep the live rows.
 *
 * The update's records and removals are staged as an export stages its rows (export-sql.ts),
 * removals as rows of kind 2 numbered before the update's records, so that per key the staged row
 * of the highest `seq` is what the update leaves: its last record of that key, else the removal.
 * Then, in this order:
 *   1. count    what the update replaces and removes (before anything changes)
 *   2. reserve  the update's sequence numbers, in `loads` (export-sql.ts)
 *   3. mark     the live rows of every staged key, into `<name>_dead`: WHOIS rows found in `whois`
 *               by primary key; observations through `obs_ids` (an id's entry of the highest seq),
 *               since an id's new observation may have another apex or kind than the held one
 *   4. index    the new observations' ids, and the removed ids (kind 2), into `obs_ids`
 *   5. insert   the staged winners into `whois`, `mx` and `txt`
 * Every step finds what it needs afresh, so running a failed update again finishes it: rows an
 * interrupted run already inserted are live rows of the update's keys, which the new run marks.
 *
 * Shard locality: `whois_stage`, `whois` and `whois_dead` are sharded by the domain key, and
 * `obs_stage` and `obs_ids` by id, so every `IN` over a `_local` table below finds, on each shard,
 * the rows of that shard's keys. Dead markers are inserted through the Distributed dead tables,
 * which route each to the shard of its row (by key, or by apex for observations).
 */
import { ddlNames, OBSERVATION_STAGE, REMOVAL_KIND, WHOIS_STAGE, winnersInsert } from './export-sql.js'
import {
  insertTable,
  liveRows,
  OBSERVATION_IDS,
  type SchemaTarget,
  TABLES,
  type TableSpec,
} from './schema.js'
import { sqlInt } from './sql-literal.js'

const [WHOIS] = TABLES as [TableSpec, TableSpec, TableSpec]
const REMOVED = sqlInt(REMOVAL_KIND)

// On each shard: the ids of its staged rows whose entry of the highest seq in obs_ids is a row.
function heldIds(db: string): string {
  return (
    `SELECT id FROM ${db}.${OBSERVATION_IDS.name}_local WHERE id IN (SELECT id FROM ${db}.${OBSERVATION_STAGE}_local) ` +
    `GROUP BY id HAVING argMax(kind, seq) != ${REMOVED}`
  )
}

/**
 * What an update replaces and removes, before it is applied: per table family, over the distinct
 * staged keys, `removed` (listed for removal and held), `replaced` (with a new record, held, not
 * listed for removal), `records` (keys with a new record; for observations `mx` and `txt` by the
 * kind of the last one) and `staged` (record rows, duplicates included).
 *
 * @param target - the database and the optional cluster
 * @example
 * ```ts
 * updateCountStatements({ database: 'dmx' }).whois
 * // 'SELECT sum(r AND h) AS removed, sum(n AND h AND NOT r) AS replaced, sum(n) AS records, sum(c) AS staged FROM (…)'
 * ```
 */
export function updateCountStatements(target: SchemaTarget): { whois: string; observations: string } {
  const { db } = ddlNames(target)
  // Held flags are aggregates, so that every shard computes them on its own rows before merging.
  const heldDomains =
    `SELECT key FROM ${db}.${WHOIS.name}_local WHERE key IN (SELECT key FROM ${db}.${WHOIS_STAGE}_local) ` +
    `AND ${liveRows(db, WHOIS.name)}`
  return {
    whois:
      'SELECT sum(r AND h) AS removed, sum(n AND h AND NOT r) AS replaced, sum(n) AS records, sum(c) AS staged ' +
      `FROM (SELECT max(kind = ${REMOVED}) AS r, max(kind != ${REMOVED}) AS n, countIf(kind != ${REMOVED}) AS c, ` +
      `max(key IN (${heldDomains})) AS h FROM ${insertTable(target, WHOIS_STAGE)} GROUP BY key)`,
    observations:
      'SELECT sum(r AND h) AS removed, sum(n AND h AND NOT r) AS replaced, sum(w = 0) AS mx, sum(w = 1) AS txt, ' +
      `sum(c) AS staged FROM (SELECT max(kind = ${REMOVED}) AS r, max(kind != ${REMOVED}) AS n, ` +
      `countIf(kind != ${REMOVED}) AS c, argMax(kind, seq) AS w, max(id IN (${heldIds(db)})) AS h ` +
      `FROM ${insertTable(target, OBSERVATION_STAGE)} GROUP BY id)`,
  }
}

/**
 * Steps 3 to 5: mark the held rows of the staged keys dead, index the new ids, insert the new rows.
 *
 * @param target - the database and the optional cluster
 * @example
 * ```ts
 * commitStatements({ database: 'dmx' })[0]
 * // 'INSERT INTO dmx.whois_dead_local (key, seq) SELECT key, seq FROM dmx.whois WHERE key IN (…) AND seq NOT IN (…)'
 * ```
 */
export function commitStatements(target: SchemaTarget): string[] {
  const { db } = ddlNames(target)
  const ids = OBSERVATION_IDS.name
  const latestIds = `SELECT id, max(seq) FROM ${db}.${ids}_local WHERE id IN (SELECT id FROM ${db}.${OBSERVATION_STAGE}_local) GROUP BY id`
  const mark = [
    `INSERT INTO ${insertTable(target, `${WHOIS.name}_dead`)} (key, seq) SELECT key, seq FROM ${db}.${WHOIS.name} ` +
      `WHERE key IN (SELECT key FROM ${db}.${WHOIS_STAGE}_local) AND ${liveRows(db, WHOIS.name)}`,
    ...['mx', 'txt'].map(
      (name, kind) =>
        `INSERT INTO ${insertTable(target, `${name}_dead`)} (apex, seq) SELECT apex, seq FROM ${insertTable(target, ids)} ` +
        `WHERE kind = ${sqlInt(kind)} AND (id, seq) IN (${latestIds})`,
    ),
  ]
  const index =
    `INSERT INTO ${insertTable(target, ids)} (id, apex, kind, seq) SELECT id, apex, kind, seq FROM ${insertTable(target, OBSERVATION_STAGE)} ` +
    `WHERE (id, seq) IN (SELECT id, max(seq) FROM ${db}.${OBSERVATION_STAGE}_local GROUP BY id)`
  return [...mark, index, ...TABLES.map((table) => winnersInsert(target, table, table.name))]
}
