/**
 * `exportToClickHouse`: streams sources through the embedded loader's reading and checking
 * (`streamSources`: the same normalisation, `_norm` dates and rejects as `Engine.build`) straight
 * into staging tables as JSONEachRow batches over HTTP, then either builds the final tables
 * server-side, keeping per key the latest row (duplicates replaced as the embedded loader replaces
 * them), and swaps them in (export-sql.ts), or, with `append`, applies the staged rows and
 * removals to the existing tables as an update (append.ts, update-sql.ts).
 *
 * Memory: bounded, whatever the corpus: a few batches of rows (batch-upload.ts) and one chunk of
 * input. Nothing is kept per record: replacing duplicates is the servers' work. Throughput is in
 * bench/reports/clickhouse.md.
 */
import type { LoadStats } from '../ingest/load.js'
import { type RemovalKeys, removalKeys } from '../ingest/removal-keys.js'
import { streamSources } from '../ingest/stream.js'
import type { Progress, Sources } from '../types.js'
import { type AppendCounts, applyStaged, COMPACT_RATIO, checkAppendable } from './append.js'
import { BatchUpload, type HeldRows } from './batch-upload.js'
import { observationRow } from './dns-row.js'
import {
  buildStatements,
  cleanupStatements,
  countStatement,
  dropStagesStatements,
  nextSeqStatement,
  OBSERVATION_STAGE,
  REMOVAL_KIND,
  reserveStatement,
  schemaStatements,
  stagingStatements,
  swapStatements,
  WHOIS_STAGE,
} from './export-sql.js'
import { ClickHouseHttp } from './http-client.js'
import { insertTable, type SchemaTarget, TABLES } from './schema.js'
import { sortableText } from './sortable-text.js'
import { sqlIdentifier, sqlString } from './sql-literal.js'
import { whoisRow } from './whois-row.js'

/** Options of {@link exportToClickHouse}. */
export interface ClickHouseExportOptions {
  /** The HTTP interface of a ClickHouse server, e.g. `http://127.0.0.1:8123`. */
  url: string
  /** The database to (re)create the tables in; created when missing (it must exist for `append`). */
  database: string
  /** A cluster of the server's `remote_servers`: tables are created ON CLUSTER and sharded. */
  cluster?: string
  /** WHOIS fields copied to the fields domindex reads (as `Engine.build`'s `fields`). */
  fields?: Readonly<Record<string, string>>
  /** Throw a SnapshotError at the first rejected record instead of skipping it. Default false. */
  strict?: boolean
  /**
   * Called with progress at least once a second: phase `read` while reading and uploading,
   * `index` while the servers replace duplicates and swap the tables in, then `done`.
   */
  onProgress?: (progress: Progress) => void
  /** Milliseconds a single request may take (the server-side build is one request per table). Default 300,000. */
  timeoutMs?: number
  /**
   * Apply the sources to the existing export as an update (SPEC 12) instead of replacing it: a new
   * record replaces the held record of its key, a new observation the held one of its id (whatever
   * its kind), and `remove` lists keys removed first. Costs the update's rows and keys, not the
   * tables' (README.md). The database and an export in it must exist. Default false.
   */
  append?: boolean
  /**
   * With `append`: keys removed before the sources are applied, so that a key a source carries
   * again is present with its new record: `whois` domains (normalised like hosts; one that is not a
   * host name is a QueryError naming it), `dns` observation ids. A key not held is ignored (counted).
   */
  remove?: { whois?: readonly string[]; dns?: readonly string[] }
  /** @internal With `append`: compact once dead rows reach this fraction of all rows (default 0.25; 0: whenever any). */
  compactRatio?: number
  /** @internal Rows per batch at most (default 1,000,000; batches are also bounded to 8 MiB). */
  batchRows?: number
  /** @internal Largest chunk of input read at a time, in bytes (tests set it small). */
  chunkSize?: number
  /** @internal Called whenever the rows held client-side grow, with their count (tests check the bound). */
  onHeld?: (rows: number) => void
}

/** What an export did. */
export interface ClickHouseExportResult {
  /**
   * The loader's counts, rejects included; replacements counted by the servers (for an append: of
   * held records too, as `engine.update` counts them).
   */
  load: LoadStats
  /** Rows written per table (for an append: the new rows). */
  rows: { whois: number; mx: number; txt: number }
  /** Held keys an append removed, and removal keys not held (ignored). Zero for a full export. */
  removed: { whois: number; observations: number; notHeld: number }
  /** Whether an append compacted the tables, dropping the rows updates replaced or removed. */
  compacted: boolean
  /** Milliseconds spent reading the sources and uploading them to staging, and building the tables. */
  loadMs: number
  uploadMs: number
}

const BATCH_BYTES = 8 * 1024 * 1024
const BATCH_ROWS = 1_000_000

/**
 * Exports WHOIS records and DNS observations into ClickHouse tables that `ClickHouseEngine` reads,
 * or with `append`, applies them (and `remove`) to an earlier export as an update.
 *
 * @param sources - WHOIS files and DNS observation files, as `Engine.build` takes them
 * @param options - server, database, optional cluster, strictness, progress, append and removals
 * @returns counts and timings
 * @throws QueryError for a removal key that is not a host name or not a string; Error when
 *   `append` finds no export to update, or `remove` comes without `append`; SnapshotError in strict mode
 * @example
 * ```ts
 * await exportToClickHouse({ whois: ['whois.jsonl'], dns: ['mx.jsonl'] }, { url: 'http://127.0.0.1:8123', database: 'dmx', cluster: 'dmx' })
 * // { load: {...}, rows: { whois: 1000, mx: 400, txt: 0 }, removed: {...}, compacted: false, loadMs: 310, uploadMs: 95 }
 * await exportToClickHouse({ whois: ['delta.jsonl'] }, { url, database: 'dmx', cluster: 'dmx', append: true, remove: { whois: ['gone.example'] } })
 * // { load: {...}, rows: { whois: 40, mx: 0, txt: 0 }, removed: { whois: 1, observations: 0, notHeld: 0 }, ... }
 * ```
 */
export async function exportToClickHouse(
  sources: Sources,
  options: ClickHouseExportOptions,
): Promise<ClickHouseExportResult> {
  const target: SchemaTarget = {
    database: sqlIdentifier(options.database, 'database'),
    cluster: options.cluster === undefined ? undefined : sqlIdentifier(options.cluster, 'cluster'),
  }
  const append = options.append === true
  if (!append && options.remove !== undefined) {
    throw new Error('domindex: remove applies to an existing export: give append: true with it')
  }
  // Checked before anything is read or sent, as engine.update checks them.
  const removals = removalKeys(options.remove)
  const client = new ClickHouseHttp({
    url: options.url,
    ...(options.timeoutMs === undefined ? {} : { timeoutMs: options.timeoutMs }),
  })
  try {
    // Fail before a long load when the server cannot be reached.
    await client.query('SELECT 1')
    if (append) await checkAppendable(client, target)
    else for (const statement of schemaStatements(target)) await client.query(statement)
    const [last] = await client.rows<{ n: string }>(nextSeqStatement(target))
    const seqStart = Number(last?.n ?? 0)
    await cleanUp(client, target)
    for (const statement of stagingStatements(target)) await client.query(statement)
    try {
      const staged = await stream(client, sources, target, options, removals, seqStart)
      const { streamed } = staged
      const report = (phase: Progress['phase'], records: number): void =>
        options.onProgress?.({
          phase,
          bytes: streamed.bytes,
          totalBytes: streamed.bytes,
          records,
          rejects: streamed.rejects.count,
        })
      report('index', 0)
      const started = performance.now()
      const applied = append
        ? await applyStaged(client, target, {
            seqEnd: staged.seqEnd,
            removals,
            compactRatio: options.compactRatio ?? COMPACT_RATIO,
          })
        : await replaceTables(client, target, staged.seqEnd)
      const uploadMs = performance.now() - started
      const { rows } = applied
      report('done', rows.whois + rows.mx + rows.txt)
      const load: LoadStats = {
        files: streamed.files,
        bytes: streamed.bytes,
        whoisRecords: rows.whois,
        whoisReplaced: applied.whoisReplaced,
        observations: rows.mx + rows.txt,
        observationsReplaced: applied.observationsReplaced,
        datesUnparsed: streamed.datesUnparsed,
        ...(streamed.nearFields === undefined ? {} : { nearFields: streamed.nearFields }),
        dnsSkipped: streamed.dnsSkipped,
        rejects: streamed.rejects,
        sources: streamed.sources,
      }
      return {
        load,
        rows,
        removed: applied.removed,
        compacted: applied.compacted,
        loadMs: staged.loadMs,
        uploadMs,
      }
    } catch (error) {
      // Until the swap (or an append's commit) the tables queries read are untouched: only the
      // staging and next tables go.
      await cleanUp(client, target).catch(() => undefined)
      throw error
    }
  } finally {
    client.close()
  }
}

// Drops what a failed export, append or compaction left behind.
async function cleanUp(client: ClickHouseHttp, target: SchemaTarget): Promise<void> {
  for (const statement of cleanupStatements(target, await tableNames(client, target))) {
    await client.query(statement)
  }
}

async function tableNames(client: ClickHouseHttp, target: SchemaTarget): Promise<Set<string>> {
  const tables = await client.rows<{ name: string }>(
    `SELECT name FROM system.tables WHERE database = ${sqlString(target.database)}`,
  )
  return new Set(tables.map((table) => table.name))
}

// The tables queries read whose columns are not all of their spec's (TABLES).
async function staleRouters(
  client: ClickHouseHttp,
  target: SchemaTarget,
  existing: ReadonlySet<string>,
): Promise<Set<string>> {
  const rows = await client.rows<{ table: string; name: string }>(
    `SELECT table, name FROM system.columns WHERE database = ${sqlString(target.database)}`,
  )
  const columns = new Set(rows.map((row) => `${row.table}.${row.name}`))
  const stale = TABLES.filter(
    (table) =>
      existing.has(table.name) && table.columns.some(([name]) => !columns.has(`${table.name}.${name}`)),
  )
  return new Set(stale.map((table) => table.name))
}

interface Staged {
  streamed: Awaited<ReturnType<typeof streamSources>>
  /** One past the last sequence number used. */
  seqEnd: number
  loadMs: number
}

// Streams removals (an append's), then the sources into the staging tables, numbering the rows
// from `seqStart` on.
async function stream(
  client: ClickHouseHttp,
  sources: Sources,
  target: SchemaTarget,
  options: ClickHouseExportOptions,
  removals: RemovalKeys,
  seqStart: number,
): Promise<Staged> {
  const onProgress = options.onProgress
  const bounds = { bytes: BATCH_BYTES, rows: Math.max(1, options.batchRows ?? BATCH_ROWS) }
  const held: HeldRows = { count: 0, onGrow: options.onHeld }
  const whois = new BatchUpload(client, insertTable(target, WHOIS_STAGE), bounds, held)
  const observations = new BatchUpload(client, insertTable(target, OBSERVATION_STAGE), bounds, held)
  // The load sequence number: per key, the row of the highest one is the one kept. Removals come
  // first, so that a key the sources carry again keeps its new record.
  let seq = seqStart
  const removal = (column: string, key: string): string =>
    `{"seq":${seq++},"kind":${REMOVAL_KIND},"${column}":${JSON.stringify(sortableText(key))}}\n`
  const started = performance.now()
  let streamed: Awaited<ReturnType<typeof streamSources>>
  try {
    for (const key of removals.whois) whois.add(removal('key', key))
    for (const id of removals.dns) observations.add(removal('id', id))
    await drainBoth(whois, observations)
    streamed = await streamSources(sources, {
      ...(options.strict === undefined ? {} : { strict: options.strict }),
      ...(options.fields === undefined ? {} : { fields: options.fields }),
      ...(options.chunkSize === undefined ? {} : { chunkSize: options.chunkSize }),
      // The loader's `done` is not the export's: the build follows, so it is still `read` here.
      ...(onProgress === undefined
        ? {}
        : { onProgress: (p: Progress) => onProgress(p.phase === 'done' ? { ...p, phase: 'read' } : p) }),
      onWhois: (key, record) => whois.add(`{"seq":${seq++},${whoisRow(key, record).slice(1)}`),
      onObservation: (kind, _id, observation) =>
        observations.add(
          `{"seq":${seq++},"kind":${kind === 'mx' ? 0 : 1},${observationRow(observation).slice(1)}`,
        ),
      onChunk: () => drainBoth(whois, observations),
    })
    await whois.finish()
    await observations.finish()
  } catch (error) {
    await whois.settle()
    await observations.settle()
    throw error
  }
  return { streamed, seqEnd: seq, loadMs: performance.now() - started }
}

// A full export: builds the next tables from staging, counts them, and swaps them in.
async function replaceTables(
  client: ClickHouseHttp,
  target: SchemaTarget,
  seqEnd: number,
): Promise<AppendCounts & { compacted: boolean }> {
  for (const statement of buildStatements(target)) {
    await client.query(statement, { insert_distributed_sync: '1' })
  }
  const count = async (name: string): Promise<number> => {
    const [row] = await client.rows<{ n: string }>(countStatement(target, name))
    return Number(row?.n ?? 0)
  }
  const staged = { whois: await count(WHOIS_STAGE), observations: await count(OBSERVATION_STAGE) }
  const rows = { whois: await count('whois_next'), mx: await count('mx_next'), txt: await count('txt_next') }
  const existing = await tableNames(client, target)
  // Routers of an export written before a column existed (`seq`, `email_keys` …) lack it: they are
  // made anew over the new local tables.
  const stale = await staleRouters(client, target, existing)
  // Recorded before the swap, so that no later export or update reuses a number the new rows carry.
  await client.query(reserveStatement(target, 'export', seqEnd))
  for (const statement of swapStatements(target, existing, stale)) await client.query(statement)
  for (const statement of dropStagesStatements(target)) await client.query(statement)
  return {
    rows,
    whoisReplaced: staged.whois - rows.whois,
    observationsReplaced: staged.observations - rows.mx - rows.txt,
    removed: { whois: 0, observations: 0, notHeld: 0 },
    compacted: false,
  }
}

// Both uploads share the chunk boundary: whichever filled a batch sends it before reading on.
async function drainBoth(whois: BatchUpload, observations: BatchUpload): Promise<void> {
  await whois.drain()
  await observations.drain()
}
