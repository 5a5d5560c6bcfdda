/**
 * `exportToClickHouse`: streams sources through the embedded loader's reading and checking
 * (`streamSources`: the same normalisation, `_norm` dates and rejects as `Engine.build`) straight
 * into staging tables as JSONEachRow batches over HTTP, then builds the final tables server-side,
 * keeping per key the latest row (duplicates replaced as the embedded loader replaces them), and
 * swaps them in (export-sql.ts).
 *
 * Memory: bounded, whatever the corpus: a few batches of rows (batch-upload.ts) and one chunk of
 * input. Nothing is kept per record: replacing duplicates is the servers' work. Throughput is in
 * bench/reports/clickhouse.md.
 */
import type { LoadStats } from '../ingest/load.js'
import { streamSources } from '../ingest/stream.js'
import type { Progress, Sources } from '../types.js'
import { BatchUpload, type HeldRows } from './batch-upload.js'
import { observationRow } from './dns-row.js'
import {
  buildStatements,
  cleanupStatements,
  countStatement,
  OBSERVATION_STAGE,
  stagingStatements,
  swapStatements,
  WHOIS_STAGE,
} from './export-sql.js'
import { ClickHouseHttp } from './http-client.js'
import { insertTable, type SchemaTarget } from './schema.js'
import { sqlIdentifier, sqlString } from './sql-literal.js'
import { whoisRow } from './whois-row.js'

/** Options of {@link exportToClickHouse}. */
export interface ClickHouseExportOptions {
  /** The HTTP interface of a ClickHouse server, e.g. `http://127.0.0.1:8123`. */
  url: string
  /** The database to (re)create the tables in; created when missing. */
  database: string
  /** A cluster of the server's `remote_servers`: tables are created ON CLUSTER and sharded. */
  cluster?: string
  /** Throw a SnapshotError at the first rejected record instead of skipping it. Default false. */
  strict?: boolean
  /**
   * Called with progress at least once a second: phase `read` while reading and uploading,
   * `index` while the servers replace duplicates and swap the tables in, then `done`.
   */
  onProgress?: (progress: Progress) => void
  /** Milliseconds a single request may take (the server-side build is one request per table). Default 300,000. */
  timeoutMs?: number
  /** @internal Rows per batch at most (default 1,000,000; batches are also bounded to 8 MiB). */
  batchRows?: number
  /** @internal Largest chunk of input read at a time, in bytes (tests set it small). */
  chunkSize?: number
  /** @internal Called whenever the rows held client-side grow, with their count (tests check the bound). */
  onHeld?: (rows: number) => void
}

/** What an export did. */
export interface ClickHouseExportResult {
  /** The loader's counts, rejects included; replacements counted by the servers. */
  load: LoadStats
  /** Rows written per table. */
  rows: { whois: number; mx: number; txt: number }
  /** Milliseconds spent reading the sources and uploading them to staging, and building the tables. */
  loadMs: number
  uploadMs: number
}

const BATCH_BYTES = 8 * 1024 * 1024
const BATCH_ROWS = 1_000_000

/**
 * Exports WHOIS records and DNS observations into ClickHouse tables that `ClickHouseEngine` reads.
 *
 * @param sources - WHOIS files and DNS observation files, as `Engine.build` takes them
 * @param options - server, database, optional cluster, strictness, progress
 * @returns counts and timings
 * @example
 * ```ts
 * await exportToClickHouse({ whois: ['whois.jsonl'], dns: ['mx.jsonl'] }, { url: 'http://127.0.0.1:8123', database: 'dmx', cluster: 'dmx' })
 * // { load: {...}, rows: { whois: 1000, mx: 400, txt: 0 }, loadMs: 310, uploadMs: 95 }
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
  const client = new ClickHouseHttp({
    url: options.url,
    ...(options.timeoutMs === undefined ? {} : { timeoutMs: options.timeoutMs }),
  })
  try {
    // Fail before a long load when the server cannot be reached.
    await client.query('SELECT 1')
    for (const statement of stagingStatements(target)) await client.query(statement)
    try {
      return await streamAndSwap(client, sources, target, options)
    } catch (error) {
      // The tables queries read are untouched until the swap: only the staging tables go.
      for (const statement of cleanupStatements(target)) await client.query(statement).catch(() => undefined)
      throw error
    }
  } finally {
    client.close()
  }
}

async function streamAndSwap(
  client: ClickHouseHttp,
  sources: Sources,
  target: SchemaTarget,
  options: ClickHouseExportOptions,
): Promise<ClickHouseExportResult> {
  const onProgress = options.onProgress
  const bounds = { bytes: BATCH_BYTES, rows: Math.max(1, options.batchRows ?? BATCH_ROWS) }
  const held: HeldRows = { count: 0, onGrow: options.onHeld }
  const whois = new BatchUpload(client, insertTable(target, WHOIS_STAGE), bounds, held)
  const observations = new BatchUpload(client, insertTable(target, OBSERVATION_STAGE), bounds, held)
  // The load sequence number: per key, the row of the highest one is the one kept.
  let seq = 0
  const started = performance.now()
  let streamed: Awaited<ReturnType<typeof streamSources>>
  try {
    streamed = await streamSources(sources, {
      ...(options.strict === undefined ? {} : { strict: options.strict }),
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
  const loadMs = performance.now() - started
  const report = (phase: Progress['phase'], records: number): void =>
    onProgress?.({
      phase,
      bytes: streamed.bytes,
      totalBytes: streamed.bytes,
      records,
      rejects: streamed.rejects.count,
    })
  report('index', 0)
  const buildStarted = performance.now()
  for (const statement of buildStatements(target)) {
    await client.query(statement, { insert_distributed_sync: '1' })
  }
  const count = async (name: string): Promise<number> => {
    const [row] = await client.rows<{ n: string }>(countStatement(target, name))
    return Number(row?.n ?? 0)
  }
  const staged = { whois: await count(WHOIS_STAGE), observations: await count(OBSERVATION_STAGE) }
  const rows = { whois: await count('whois_next'), mx: await count('mx_next'), txt: await count('txt_next') }
  const tables = await client.rows<{ name: string }>(
    `SELECT name FROM system.tables WHERE database = ${sqlString(target.database)}`,
  )
  const existing = new Set(tables.map((table) => table.name))
  for (const statement of swapStatements(target, existing)) await client.query(statement)
  const uploadMs = performance.now() - buildStarted
  report('done', rows.whois + rows.mx + rows.txt)
  const load: LoadStats = {
    files: streamed.files,
    bytes: streamed.bytes,
    whoisRecords: rows.whois,
    whoisReplaced: staged.whois - rows.whois,
    observations: rows.mx + rows.txt,
    observationsReplaced: staged.observations - rows.mx - rows.txt,
    datesUnparsed: streamed.datesUnparsed,
    rejects: streamed.rejects,
    sources: streamed.sources,
  }
  return { load, rows, loadMs, uploadMs }
}

// Both uploads share the chunk boundary: whichever filled a batch sends it before reading on.
async function drainBoth(whois: BatchUpload, observations: BatchUpload): Promise<void> {
  await whois.drain()
  await observations.drain()
}
