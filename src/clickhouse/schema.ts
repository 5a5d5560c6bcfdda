/**
 * The ClickHouse schema of an exported corpus, and its DDL. Each table exists twice: `<name>_local`,
 * a MergeTree holding one shard's rows, and `<name>`, the table queries read. With a cluster,
 * `<name>` is a Distributed table over every shard's `<name>_local`, sharded by a hash of the apex
 * domain (for WHOIS, of the record's registered domain), so that all observations of an apex live
 * on one shard: the per-apex `most_recent` subquery then runs shard-locally on `<name>_local` (no
 * GLOBAL IN, no data shipped between shards). Without a cluster, `<name>` is a Merge table over the one local table,
 * so that queries are the same text in both set-ups.
 *
 * Updates (update-sql.ts) never rewrite a row. Every row carries `seq`, its load sequence number,
 * unique over the export and all its updates; a row an update replaced or removed is listed by
 * `seq` in `<name>_dead`, sharded like the rows (so each shard holds the markers of its own rows),
 * and every query keeps only live rows: `seq NOT IN (SELECT seq FROM <name>_dead_local)`.
 * `obs_ids` finds an observation id's row (its apex, kind and seq) by primary key, and `loads`
 * records the sequence numbers each export and update used.
 *
 * Every statement is plain SQL of the subset ClickHouse 18.16 (Debian 12) and current releases
 * share: no LowCardinality, no skip indexes, no Nullable in sort keys.
 */
import { sqlIdentifier, sqlInt, sqlString } from './sql-literal.js'

// Rows per primary-index mark. A page's 100 records are fetched by key, and each key reads its whole
// granule of the wide `record` column: on 300,000 records a reverse page measured 430 ms at the
// default 8,192 rows a mark and 116 ms at 256; scans got no slower (4,000 marks per million rows).
const INDEX_GRANULARITY = 256

/** One table's columns, MergeTree sort key and sharding key. */
export interface TableSpec {
  /** The name queries use; the shard-local table is `<name>_local`. */
  name: string
  /** Column name → ClickHouse type (and its DEFAULT, if any), in order. */
  columns: readonly (readonly [string, string])[]
  /** The MergeTree ORDER BY expression. */
  orderBy: string
  /** The Distributed table's sharding expression. */
  shardBy: string
}

const OBSERVATION_COLUMNS: TableSpec['columns'] = [
  ['id', 'String'],
  ['day', 'Int32'],
  ['apex', 'String'],
  ['item_context', 'Array(String)'],
  ['item_type', 'Array(String)'],
  ['item_meta', 'Array(UInt8)'],
  ['item_value', 'Array(String)'],
  ['item_lower', 'Array(String)'],
  ['item_text', 'Array(String)'],
  ['item_host', 'Array(String)'],
  ['record', 'String'],
  ['seq', 'UInt64'],
]

/** The three tables of an exported corpus. */
export const TABLES: readonly TableSpec[] = [
  {
    name: 'whois',
    columns: [
      ['key', 'String'],
      ['created', 'String'],
      ['created_has', 'UInt8'],
      ['created_s', 'Int64'],
      ['updated_has', 'UInt8'],
      ['updated_s', 'Int64'],
      ['expires_has', 'UInt8'],
      ['expires_s', 'Int64'],
      ['value_texts', 'Array(String)'],
      ['value_classes', 'Array(UInt8)'],
      ['org_tokens', 'Array(Array(String))'],
      ['postal_keys', 'Array(String)'],
      ['phone_digits', 'Array(String)'],
      ['ns_keys', 'Array(String)'],
      ['email_keys', 'Array(String)'],
      ['registrar_keys', 'Array(String)'],
      ['record', 'String'],
      ['seq', 'UInt64'],
    ],
    // Forward lookups read one key: the primary index finds its granule.
    orderBy: 'key',
    // A WHOIS record is keyed by its registered domain, which is its apex.
    shardBy: 'sipHash64(key)',
  },
  // Apex first: host= and most_recent read one apex's rows from a contiguous range.
  { name: 'mx', columns: OBSERVATION_COLUMNS, orderBy: '(apex, day, id)', shardBy: 'sipHash64(apex)' },
  { name: 'txt', columns: OBSERVATION_COLUMNS, orderBy: '(apex, day, id)', shardBy: 'sipHash64(apex)' },
]

/**
 * Per table of {@link TABLES}, the `seq` of its rows that updates replaced or removed, with the
 * column the rows are sharded by, so that a marker lives on its row's shard. Read whole by every
 * query; an export or a compaction empties them once its new tables are in (export-sql.ts).
 */
export const DEAD_TABLES: readonly TableSpec[] = TABLES.map((table) => {
  const column = table.name === 'whois' ? 'key' : 'apex'
  return {
    name: `${table.name}_dead`,
    columns: [
      [column, 'String'],
      ['seq', 'UInt64'],
    ],
    orderBy: 'seq',
    shardBy: `sipHash64(${column})`,
  }
})

/**
 * Where each observation id's row is: one entry per row an export or update wrote (kind 0 MX,
 * 1 TXT) or per id an update removed (kind 2); an id's entry of the highest `seq` tells where its
 * live row is, if any. Sharded and sorted by id, so that an update finds the rows of its ids by
 * primary key instead of scanning the `id` columns of `mx` and `txt`, which are sharded by apex.
 */
export const OBSERVATION_IDS: TableSpec = {
  name: 'obs_ids',
  columns: [
    ['id', 'String'],
    ['apex', 'String'],
    ['kind', 'UInt8'],
    ['seq', 'UInt64'],
  ],
  orderBy: 'id',
  shardBy: 'sipHash64(id)',
}

/** One row per export and update: the end of the sequence numbers it used (export-sql.ts). */
export const LOADS: TableSpec = {
  name: 'loads',
  columns: [
    ['operation', 'String'],
    ['seq_end', 'UInt64'],
    ['at', 'DateTime DEFAULT now()'],
  ],
  orderBy: 'seq_end',
  shardBy: 'rand()',
}

/**
 * The condition that keeps a table's live rows: those no update replaced or removed. Each shard
 * reads its own markers (`<name>_dead_local`), as it holds their rows.
 *
 * @param db - the validated database name
 * @param table - `whois`, `mx` or `txt`
 * @example
 * ```ts
 * liveRows('dmx', 'mx') // 'seq NOT IN (SELECT seq FROM dmx.mx_dead_local)'
 * ```
 */
export function liveRows(db: string, table: string): string {
  return `seq NOT IN (SELECT seq FROM ${db}.${table}_dead_local)`
}

/** Where the schema goes. */
export interface SchemaTarget {
  database: string
  /** A cluster from the servers' `remote_servers`; DDL then runs `ON CLUSTER` through ZooKeeper. */
  cluster?: string | undefined
}

/**
 * The table an export inserts a table's rows into, or reads all of a staging table from: the
 * Distributed table on a cluster, which routes each row to its shard and reads every shard, else the
 * local table (a Merge table takes no inserts).
 *
 * @param target - the database and the optional cluster
 * @param name - the table's query name
 * @example
 * ```ts
 * insertTable({ database: 'dmx' }, 'whois')                 // 'dmx.whois_local'
 * insertTable({ database: 'dmx', cluster: 'dmx' }, 'whois') // 'dmx.whois'
 * ```
 */
export function insertTable(target: SchemaTarget, name: string): string {
  const db = sqlIdentifier(target.database, 'database')
  return target.cluster === undefined ? `${db}.${name}_local` : `${db}.${name}`
}

/** How {@link tableStatements} makes a table. */
export interface TableMaking {
  /** The name of the table queries (or inserts) use; the shard-local table is `<name>_local`. */
  name: string
  /** Use the tuned index granularity of the tables queries read (else the server's default). */
  tuned: boolean
  /** Without a cluster, also create `<name>` as a Merge table over the local table. */
  merge: boolean
  /** Create the tables only when missing (CREATE TABLE IF NOT EXISTS). Default false. */
  ifNotExists?: boolean
}

/**
 * The statements that create one table: `<name>_local` (MergeTree) and, on a cluster, `<name>`
 * (Distributed, sharded by the spec's key), or without one, when asked, `<name>` (Merge).
 *
 * @param target - the database and the optional cluster
 * @param spec - the columns, sort key and sharding key
 * @param making - the name, and what to create
 * @example
 * ```ts
 * tableStatements({ database: 'dmx' }, TABLES[0], { name: 'whois', tuned: true, merge: true })
 * // ['CREATE TABLE dmx.whois_local (key String, …) ENGINE = MergeTree ORDER BY key SETTINGS …',
 * //  "CREATE TABLE dmx.whois AS dmx.whois_local ENGINE = Merge(dmx, '^whois_local$')"]
 * ```
 */
export function tableStatements(target: SchemaTarget, spec: TableSpec, making: TableMaking): string[] {
  const db = sqlIdentifier(target.database, 'database')
  const cluster = target.cluster === undefined ? undefined : sqlIdentifier(target.cluster, 'cluster')
  const on = cluster === undefined ? '' : ` ON CLUSTER ${cluster}`
  const name = sqlIdentifier(making.name, 'table')
  const local = `${db}.${name}_local`
  const columns = spec.columns.map(([column, type]) => `${column} ${type}`).join(', ')
  const settings = making.tuned ? ` SETTINGS index_granularity = ${sqlInt(INDEX_GRANULARITY)}` : ''
  const create = making.ifNotExists === true ? 'CREATE TABLE IF NOT EXISTS' : 'CREATE TABLE'
  const statements = [
    `${create} ${local}${on} (${columns}) ENGINE = MergeTree ORDER BY ${spec.orderBy}${settings}`,
  ]
  if (cluster !== undefined) {
    statements.push(
      `${create} ${db}.${name}${on} AS ${local} ENGINE = Distributed(${cluster}, ${db}, ${name}_local, ${spec.shardBy})`,
    )
  } else if (making.merge) {
    statements.push(
      `${create} ${db}.${name} AS ${local} ENGINE = Merge(${db}, ${sqlString(`^${name}_local$`)})`,
    )
  }
  return statements
}
