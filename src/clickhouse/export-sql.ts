/**
 * The statements of a streaming export (export.ts), in the order it runs them. Rows stream into
 * staging tables, each row with its load sequence number `seq`; the final tables are then built
 * server-side keeping, per key, the row of the highest `seq` (SPEC 2: the later replaces the
 * earlier), and swapped in by RENAME only once everything succeeded, so that a failed load leaves
 * the previous export answering.
 *
 * Staging tables, sharded by the key duplicates share, so that each shard finds a key's latest row
 * among its own rows (`IN` over `<stage>_local`, run by every shard on its rows):
 *   whois_stage  the whois columns + seq, sharded by the domain key (as `whois` itself)
 *   obs_stage    the observation columns + kind (0 MX, 1 TXT) + seq, sharded by id: an id's later
 *                observation may have another apex, or even another kind, than the earlier one
 * Final tables are built as `<name>_next_local` (and a Distributed `<name>_next` routing rows to
 * their shards by apex), then renamed to `<name>_local` in one RENAME; the Distributed (or Merge)
 * table `<name>` names its local table, so it reads the new rows from then on.
 *
 * Everything is SQL that ClickHouse 18.16 and current releases share.
 */
import { insertTable, type SchemaTarget, TABLES, type TableSpec, tableStatements } from './schema.js'
import { sqlIdentifier } from './sql-literal.js'

/** The staging table of WHOIS rows. */
export const WHOIS_STAGE = 'whois_stage'
/** The staging table of observation rows, both kinds. */
export const OBSERVATION_STAGE = 'obs_stage'

const [WHOIS, MX] = TABLES as [TableSpec, TableSpec, TableSpec]
const SEQ: readonly [string, string] = ['seq', 'UInt64']
const STAGES: readonly TableSpec[] = [
  { name: WHOIS_STAGE, columns: [...WHOIS.columns, SEQ], orderBy: 'key', shardBy: 'sipHash64(key)' },
  {
    name: OBSERVATION_STAGE,
    columns: [...MX.columns, ['kind', 'UInt8'], SEQ],
    orderBy: 'id',
    shardBy: 'sipHash64(id)',
  },
]

function names(target: SchemaTarget): { db: string; on: string } {
  const db = sqlIdentifier(target.database, 'database')
  const on = target.cluster === undefined ? '' : ` ON CLUSTER ${sqlIdentifier(target.cluster, 'cluster')}`
  return { db, on }
}

function dropStatements(target: SchemaTarget, routed: readonly string[], local: readonly string[]): string[] {
  const { db, on } = names(target)
  return [
    ...routed.flatMap((name) => [
      `DROP TABLE IF EXISTS ${db}.${name}_local${on}`,
      ...(on === '' ? [] : [`DROP TABLE IF EXISTS ${db}.${name}${on}`]),
    ]),
    ...local.map((name) => `DROP TABLE IF EXISTS ${db}.${name}_local${on}`),
  ]
}

/**
 * Drops the staging, next and old tables a failed export may have left.
 *
 * @param target - the database and the optional cluster
 * @example
 * ```ts
 * cleanupStatements({ database: 'dmx' })[0] // 'DROP TABLE IF EXISTS dmx.whois_stage_local'
 * ```
 */
export function cleanupStatements(target: SchemaTarget): string[] {
  return dropStatements(
    target,
    [...STAGES.map((stage) => stage.name), ...TABLES.map((table) => `${table.name}_next`)],
    TABLES.map((table) => `${table.name}_old`),
  )
}

/**
 * Creates the database and the empty staging tables rows stream into.
 *
 * @param target - the database and the optional cluster
 * @example
 * ```ts
 * stagingStatements({ database: 'dmx' })[0] // 'CREATE DATABASE IF NOT EXISTS dmx'
 * ```
 */
export function stagingStatements(target: SchemaTarget): string[] {
  const { db, on } = names(target)
  return [
    `CREATE DATABASE IF NOT EXISTS ${db}${on}`,
    ...cleanupStatements(target),
    // Staging is written once and read once: the default granularity suits its scans.
    ...STAGES.flatMap((stage) =>
      tableStatements(target, stage, { name: stage.name, tuned: false, merge: false }),
    ),
  ]
}

/**
 * Builds each final table as `<name>_next_local`: the latest row of every key of the staging tables.
 *
 * @param target - the database and the optional cluster
 * @example
 * ```ts
 * buildStatements({ database: 'dmx' }).at(-1) // 'INSERT INTO dmx.txt_next_local (id, …) SELECT … WHERE kind = 1 AND …'
 * ```
 */
export function buildStatements(target: SchemaTarget): string[] {
  const { db } = names(target)
  const statements: string[] = []
  for (const table of TABLES) {
    const next = `${table.name}_next`
    statements.push(...tableStatements(target, table, { name: next, tuned: true, merge: false }))
    const columns = table.columns.map(([name]) => name).join(', ')
    const [stage, key, filter] =
      table.name === WHOIS.name
        ? [WHOIS_STAGE, 'key', '']
        : [OBSERVATION_STAGE, 'id', `kind = ${table.name === MX.name ? 0 : 1} AND `]
    statements.push(
      `INSERT INTO ${insertTable(target, next)} (${columns}) SELECT ${columns} FROM ${insertTable(target, stage)} ` +
        `WHERE ${filter}(${key}, seq) IN (SELECT ${key}, max(seq) FROM ${db}.${stage}_local GROUP BY ${key})`,
    )
  }
  return statements
}

/**
 * Counts rows of a staging or next table over all shards.
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
 * Swaps the next tables in: creates the tables queries read when missing (a first export), renames
 * every `<name>_local` to `<name>_old_local` and `<name>_next_local` to `<name>_local` in one
 * RENAME, then drops the old and staging tables.
 *
 * @param target - the database and the optional cluster
 * @param existing - the names of the database's tables
 * @example
 * ```ts
 * swapStatements({ database: 'dmx' }, new Set()).find((s) => s.startsWith('RENAME'))
 * // 'RENAME TABLE dmx.whois_local TO dmx.whois_old_local, dmx.whois_next_local TO dmx.whois_local, …'
 * ```
 */
export function swapStatements(target: SchemaTarget, existing: ReadonlySet<string>): string[] {
  const { db, on } = names(target)
  const ensure = TABLES.flatMap((table) => {
    const [local, router] = tableStatements(target, table, { name: table.name, tuned: true, merge: true })
    return [
      ...(existing.has(`${table.name}_local`) || local === undefined ? [] : [local]),
      ...(existing.has(table.name) || router === undefined ? [] : [router]),
    ]
  })
  // The Distributed `<name>_next` would name a table that no longer exists after the rename.
  const routers = on === '' ? [] : TABLES.map((table) => `DROP TABLE IF EXISTS ${db}.${table.name}_next${on}`)
  const pairs = TABLES.flatMap((table) => [
    `${db}.${table.name}_local TO ${db}.${table.name}_old_local`,
    `${db}.${table.name}_next_local TO ${db}.${table.name}_local`,
  ])
  return [
    ...ensure,
    ...routers,
    `RENAME TABLE ${pairs.join(', ')}${on}`,
    ...dropStatements(
      target,
      STAGES.map((stage) => stage.name),
      TABLES.map((table) => `${table.name}_old`),
    ),
  ]
}
