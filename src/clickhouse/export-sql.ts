/**
 * The statements of a streaming export (export.ts), in the order it runs them. Rows stream into
 * staging tables, each row with its load sequence number `seq`; the final tables are then built
 * server-side keeping, per key, the row of the highest `seq` (SPEC 2: the later replaces the
 * earlier), and swapped in by RENAME only once everything succeeded, so that a failed load leaves
 * the previous export answering.
 *
 * Staging tables, sharded by the key duplicates share, so that each shard finds a key's latest row
 * among its own rows (`IN` over `<stage>_local`, run by every shard on its rows):
 *   whois_stage  the whois columns + kind, sharded by the domain key (as `whois` itself)
 *   obs_stage    the observation columns + kind, sharded by id: an id's later observation may have
 *                another apex, or even another kind, than the earlier one
 * `kind` is 0 for a WHOIS record or an MX observation, 1 for a TXT observation, 2 for a key an
 * append removes (update-sql.ts). Final tables are built as `<name>_next_local` (and a Distributed
 * `<name>_next` routing rows to their shards by apex), `obs_ids_next` from the new `mx` and `txt`,
 * then renamed to `<name>_local` in one RENAME; the Distributed (or Merge) table `<name>` names its
 * local table, so it reads the new rows from then on. A compaction (update-sql.ts) builds the same
 * next tables from the live rows and swaps them in the same way.
 *
 * Sequence numbers only grow: each export and update starts after the largest `seq_end` in
 * `loads` and records its own there before its rows become visible. So the dead-row markers of the
 * tables a swap retires match no row of the new tables, and the swap empties the dead tables
 * afterwards (TRUNCATE) instead of rebuilding them.
 *
 * Everything is SQL that ClickHouse 18.16 and current releases share.
 */
import {
  DEAD_TABLES,
  insertTable,
  LOADS,
  OBSERVATION_IDS,
  type SchemaTarget,
  TABLES,
  type TableSpec,
  tableStatements,
} from './schema.js'
import { sqlIdentifier, sqlInt, sqlString } from './sql-literal.js'

/** The staging table of WHOIS rows. */
export const WHOIS_STAGE = 'whois_stage'
/** The staging table of observation rows, both kinds. */
export const OBSERVATION_STAGE = 'obs_stage'
/** The staged `kind` of a key an append removes. */
export const REMOVAL_KIND = 2

const [WHOIS, MX] = TABLES as [TableSpec, TableSpec, TableSpec]
const KIND: readonly [string, string] = ['kind', 'UInt8']
const STAGES: readonly TableSpec[] = [
  { name: WHOIS_STAGE, columns: [...WHOIS.columns, KIND], orderBy: 'key', shardBy: 'sipHash64(key)' },
  {
    name: OBSERVATION_STAGE,
    columns: [...MX.columns, KIND],
    orderBy: 'id',
    shardBy: 'sipHash64(id)',
  },
]
/** The tables an export or a compaction builds anew and swaps in together. */
const REBUILT: readonly TableSpec[] = [...TABLES, OBSERVATION_IDS]

/**
 * The validated database name, and the ON CLUSTER clause of DDL ('' without a cluster).
 *
 * @param target - the database and the optional cluster
 * @example
 * ```ts
 * ddlNames({ database: 'dmx', cluster: 'c' }) // { db: 'dmx', on: ' ON CLUSTER c' }
 * ```
 */
export function ddlNames(target: SchemaTarget): { db: string; on: string } {
  const db = sqlIdentifier(target.database, 'database')
  const on = target.cluster === undefined ? '' : ` ON CLUSTER ${sqlIdentifier(target.cluster, 'cluster')}`
  return { db, on }
}

// The local table, and on a cluster the Distributed one, of each name that `existing` holds.
function dropStatements(
  target: SchemaTarget,
  names: readonly string[],
  existing: ReadonlySet<string>,
): string[] {
  const { db, on } = ddlNames(target)
  return names.flatMap((name) => [
    ...(existing.has(`${name}_local`) ? [`DROP TABLE IF EXISTS ${db}.${name}_local${on}`] : []),
    ...(on !== '' && existing.has(name) ? [`DROP TABLE IF EXISTS ${db}.${name}${on}`] : []),
  ])
}

/**
 * Creates the database and the `loads` table when missing (a full export; an append requires them).
 *
 * @param target - the database and the optional cluster
 * @example
 * ```ts
 * schemaStatements({ database: 'dmx' })[0] // 'CREATE DATABASE IF NOT EXISTS dmx'
 * ```
 */
export function schemaStatements(target: SchemaTarget): string[] {
  const { db, on } = ddlNames(target)
  return [
    `CREATE DATABASE IF NOT EXISTS ${db}${on}`,
    ...tableStatements(target, LOADS, { name: LOADS.name, tuned: false, merge: false, ifNotExists: true }),
  ]
}

/**
 * Drops the staging, next and old tables a failed export, append or compaction may have left.
 *
 * @param target - the database and the optional cluster
 * @param existing - the names of the database's tables
 * @example
 * ```ts
 * cleanupStatements({ database: 'dmx' }, new Set(['whois_stage_local'])) // ['DROP TABLE IF EXISTS dmx.whois_stage_local']
 * ```
 */
export function cleanupStatements(target: SchemaTarget, existing: ReadonlySet<string>): string[] {
  return dropStatements(
    target,
    [
      ...STAGES.map((stage) => stage.name),
      ...REBUILT.flatMap((table) => [`${table.name}_next`, `${table.name}_old`]),
    ],
    existing,
  )
}

/**
 * Creates the empty staging tables rows stream into.
 *
 * @param target - the database and the optional cluster
 * @example
 * ```ts
 * stagingStatements({ database: 'dmx' })[0] // 'CREATE TABLE dmx.whois_stage_local (key String, …, kind UInt8) ENGINE = MergeTree ORDER BY key'
 * ```
 */
export function stagingStatements(target: SchemaTarget): string[] {
  // Staging is written once and read once: the default granularity suits its scans.
  return STAGES.flatMap((stage) =>
    tableStatements(target, stage, { name: stage.name, tuned: false, merge: false }),
  )
}

/**
 * Drops the staging tables once their rows are in the final tables.
 *
 * @param target - the database and the optional cluster
 * @example
 * ```ts
 * dropStagesStatements({ database: 'dmx' }) // ['DROP TABLE IF EXISTS dmx.whois_stage_local', 'DROP TABLE IF EXISTS dmx.obs_stage_local']
 * ```
 */
export function dropStagesStatements(target: SchemaTarget): string[] {
  const names = STAGES.map((stage) => stage.name)
  return dropStatements(target, names, new Set(names.flatMap((name) => [name, `${name}_local`])))
}

/**
 * Inserts, per key of the staging table, the row of the highest `seq` when it is a record of the
 * table's kind (not a removal, not a record of the other DNS kind).
 *
 * @param target - the database and the optional cluster
 * @param table - one of {@link TABLES}
 * @param into - the table to insert into (its query name: `whois_next`, or `whois` for an append)
 * @example
 * ```ts
 * winnersInsert({ database: 'dmx' }, TABLES[2], 'txt_next')
 * // 'INSERT INTO dmx.txt_next_local (id, …, seq) SELECT … FROM dmx.obs_stage_local WHERE kind = 1 AND (id, seq) IN (SELECT id, max(seq) …)'
 * ```
 */
export function winnersInsert(target: SchemaTarget, table: TableSpec, into: string): string {
  const { db } = ddlNames(target)
  const columns = table.columns.map(([name]) => name).join(', ')
  const [stage, key] = table.name === WHOIS.name ? [WHOIS_STAGE, 'key'] : [OBSERVATION_STAGE, 'id']
  const kind = table.name === 'txt' ? 1 : 0
  return (
    `INSERT INTO ${insertTable(target, into)} (${columns}) SELECT ${columns} FROM ${insertTable(target, stage)} ` +
    `WHERE kind = ${sqlInt(kind)} AND (${key}, seq) IN (SELECT ${key}, max(seq) FROM ${db}.${stage}_local GROUP BY ${key})`
  )
}

/**
 * Builds each final table as `<name>_next_local`: the latest row of every key of the staging
 * tables; then `obs_ids_next` from them.
 *
 * @param target - the database and the optional cluster
 * @example
 * ```ts
 * buildStatements({ database: 'dmx' })[1] // 'INSERT INTO dmx.whois_next_local (key, …) SELECT … WHERE kind = 0 AND (key, seq) IN (…)'
 * ```
 */
export function buildStatements(target: SchemaTarget): string[] {
  return [
    ...TABLES.flatMap((table) => [
      ...nextTable(target, table),
      winnersInsert(target, table, `${table.name}_next`),
    ]),
    ...observationIdsNext(target),
  ]
}

/**
 * Builds each final table as `<name>_next_local` from the live rows of the current one (dropping
 * the rows updates replaced or removed), then `obs_ids_next` from them: a compaction.
 *
 * @param target - the database and the optional cluster
 * @example
 * ```ts
 * compactStatements({ database: 'dmx' })[1]
 * // 'INSERT INTO dmx.whois_next_local (key, …) SELECT … FROM dmx.whois WHERE seq NOT IN (SELECT seq FROM dmx.whois_dead_local)'
 * ```
 */
export function compactStatements(target: SchemaTarget): string[] {
  const { db } = ddlNames(target)
  return [
    ...TABLES.flatMap((table) => {
      const columns = table.columns.map(([name]) => name).join(', ')
      return [
        ...nextTable(target, table),
        `INSERT INTO ${insertTable(target, `${table.name}_next`)} (${columns}) SELECT ${columns} FROM ${db}.${table.name} ` +
          `WHERE seq NOT IN (SELECT seq FROM ${db}.${table.name}_dead_local)`,
      ]
    }),
    ...observationIdsNext(target),
  ]
}

function nextTable(target: SchemaTarget, table: TableSpec): string[] {
  return tableStatements(target, table, { name: `${table.name}_next`, tuned: true, merge: false })
}

// Every row of the next mx and txt tables, entered in the next obs_ids.
function observationIdsNext(target: SchemaTarget): string[] {
  const ids = `${OBSERVATION_IDS.name}_next`
  return [
    ...tableStatements(target, OBSERVATION_IDS, { name: ids, tuned: true, merge: false }),
    ...['mx', 'txt'].map(
      (name, kind) =>
        `INSERT INTO ${insertTable(target, ids)} (id, apex, kind, seq) SELECT id, apex, ${sqlInt(kind)}, seq FROM ${insertTable(target, `${name}_next`)}`,
    ),
  ]
}

/**
 * Counts rows of a table over all shards.
 *
 * @param target - the database and the optional cluster
 * @param name - a table name without `_local`
 * @example
 * ```ts
 * countStatement({ database: 'dmx' }, 'whois_next') // 'SELECT count() AS n FROM dmx.whois_next_local'
 * ```
 */
export function countStatement(target: SchemaTarget, name: string): string {
  return `SELECT count() AS n FROM ${insertTable(target, name)}`
}

/**
 * The first sequence number not used yet: the largest end an export or update recorded.
 *
 * @param target - the database and the optional cluster
 * @example
 * ```ts
 * nextSeqStatement({ database: 'dmx' }) // 'SELECT max(seq_end) AS n FROM dmx.loads_local'
 * ```
 */
export function nextSeqStatement(target: SchemaTarget): string {
  return `SELECT max(seq_end) AS n FROM ${insertTable(target, LOADS.name)}`
}

/**
 * Records that an export or update used the sequence numbers below `seqEnd`; runs before any of
 * its rows becomes visible.
 *
 * @param target - the database and the optional cluster
 * @param operation - `export` or `update`
 * @param seqEnd - one past the last sequence number used
 * @example
 * ```ts
 * reserveStatement({ database: 'dmx' }, 'update', 1200) // "INSERT INTO dmx.loads_local (operation, seq_end) VALUES ('update', 1200)"
 * ```
 */
export function reserveStatement(
  target: SchemaTarget,
  operation: 'export' | 'update',
  seqEnd: number,
): string {
  return `INSERT INTO ${insertTable(target, LOADS.name)} (operation, seq_end) VALUES (${sqlString(operation)}, ${sqlInt(seqEnd)})`
}

/**
 * Swaps the next tables in: creates the tables queries read when missing (a first export), renames
 * every `<name>_local` to `<name>_old_local` and `<name>_next_local` to `<name>_local` in one
 * RENAME, re-creates the routers of `stale` (written before one of their columns existed), empties
 * the dead-row tables (their markers match no row of the new tables), then drops the old tables.
 *
 * @param target - the database and the optional cluster
 * @param existing - the names of the database's tables
 * @param stale - routers (Distributed or Merge tables) to re-create over the new local tables
 * @example
 * ```ts
 * swapStatements({ database: 'dmx' }, new Set(), new Set()).find((s) => s.startsWith('RENAME'))
 * // 'RENAME TABLE dmx.whois_local TO dmx.whois_old_local, dmx.whois_next_local TO dmx.whois_local, …'
 * ```
 */
export function swapStatements(
  target: SchemaTarget,
  existing: ReadonlySet<string>,
  stale: ReadonlySet<string>,
): string[] {
  const { db, on } = ddlNames(target)
  const making = (table: TableSpec) => ({
    name: table.name,
    tuned: !DEAD_TABLES.includes(table),
    merge: TABLES.includes(table),
  })
  const ensure = [...REBUILT, ...DEAD_TABLES].flatMap((table) => {
    const [local, router] = tableStatements(target, table, making(table))
    return [
      ...(existing.has(`${table.name}_local`) || local === undefined ? [] : [local]),
      ...(existing.has(table.name) || router === undefined ? [] : [router]),
    ]
  })
  const recreate = REBUILT.filter((table) => stale.has(table.name)).flatMap((table) => [
    `DROP TABLE IF EXISTS ${db}.${table.name}${on}`,
    ...tableStatements(target, table, making(table)).slice(1),
  ])
  // The Distributed `<name>_next` would name a table that no longer exists after the rename.
  const routers =
    on === '' ? [] : REBUILT.map((table) => `DROP TABLE IF EXISTS ${db}.${table.name}_next${on}`)
  const pairs = REBUILT.flatMap((table) => [
    `${db}.${table.name}_local TO ${db}.${table.name}_old_local`,
    `${db}.${table.name}_next_local TO ${db}.${table.name}_local`,
  ])
  const old = REBUILT.map((table) => `${table.name}_old`)
  return [
    ...ensure,
    ...routers,
    `RENAME TABLE ${pairs.join(', ')}${on}`,
    ...recreate,
    ...DEAD_TABLES.map((table) => `TRUNCATE TABLE ${db}.${table.name}_local${on}`),
    ...dropStatements(target, old, new Set(old.map((name) => `${name}_local`))),
  ]
}
