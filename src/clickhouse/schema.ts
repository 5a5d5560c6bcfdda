/**
 * The ClickHouse schema of an exported corpus, and its DDL. Each table exists twice: `<name>_local`,
 * a MergeTree holding one shard's rows, and `<name>`, the table queries read. With a cluster,
 * `<name>` is a Distributed table over every shard's `<name>_local`, sharded by a hash of the apex
 * domain (for WHOIS, of the record's registered domain), so that all observations of an apex live
 * on one shard: the per-apex `most_recent` subquery then runs shard-locally on `<name>_local` (no
 * GLOBAL IN, no data shipped between shards). Without a cluster, `<name>` is a Merge table over the one local table,
 * so that queries are the same text in both set-ups.
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
  /** Column name → ClickHouse type, in order. */
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
      ['record', 'String'],
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
  const statements = [
    `CREATE TABLE ${local}${on} (${columns}) ENGINE = MergeTree ORDER BY ${spec.orderBy}${settings}`,
  ]
  if (cluster !== undefined) {
    statements.push(
      `CREATE TABLE ${db}.${name}${on} AS ${local} ENGINE = Distributed(${cluster}, ${db}, ${name}_local, ${spec.shardBy})`,
    )
  } else if (making.merge) {
    statements.push(
      `CREATE TABLE ${db}.${name} AS ${local} ENGINE = Merge(${db}, ${sqlString(`^${name}_local$`)})`,
    )
  }
  return statements
}
