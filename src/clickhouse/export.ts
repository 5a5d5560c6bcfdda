/**
 * `exportToClickHouse`: loads sources with the embedded loader (the same normalisation, `_norm`
 * dates, duplicate replacement and rejects as `Engine.build`), (re)creates the schema, then
 * streams the rows to ClickHouse as JSONEachRow in batches over HTTP.
 *
 * Memory: the loader holds the loaded records, as for `Engine.build` (the replacement of duplicates
 * needs every key seen); the rows are built batch by batch. Batches are about 8 MiB of JSON, two in
 * flight: one being parsed by the server while the next is built. Throughput is in
 * bench/reports/clickhouse.md.
 */
import { type LoadStats, loadSources } from '../ingest/load.js'
import type { Progress, Sources } from '../types.js'
import { observationRow } from './dns-row.js'
import { ClickHouseHttp } from './http-client.js'
import { insertTable, schemaStatements } from './schema.js'
import { sqlIdentifier } from './sql-literal.js'
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
  /** Called with progress at least once a second: phase `read` while loading, `index` while uploading. */
  onProgress?: (progress: Progress) => void
  /** Milliseconds a single request may take. Default 300,000. */
  timeoutMs?: number
}

/** What an export did. */
export interface ClickHouseExportResult {
  /** The loader's counts, rejects included. */
  load: LoadStats
  /** Rows written per table. */
  rows: { whois: number; mx: number; txt: number }
  /** Milliseconds spent loading the sources, and uploading. */
  loadMs: number
  uploadMs: number
}

const BATCH_BYTES = 8 * 1024 * 1024
const IN_FLIGHT = 2
const PROGRESS_MS = 500

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
  const db = sqlIdentifier(options.database, 'database')
  const client = new ClickHouseHttp({
    url: options.url,
    ...(options.timeoutMs === undefined ? {} : { timeoutMs: options.timeoutMs }),
  })
  try {
    // Fail before a long load when the server cannot be reached.
    await client.query('SELECT 1')
    const onProgress = options.onProgress
    const started = performance.now()
    const loaded = await loadSources(sources, {
      ...(options.strict === undefined ? {} : { strict: options.strict }),
      // The loader's `done` is not the export's: uploading follows, so it is still `read` here.
      ...(onProgress === undefined
        ? {}
        : { onProgress: (p: Progress) => onProgress(p.phase === 'done' ? { ...p, phase: 'read' } : p) }),
    })
    const loadMs = performance.now() - started
    const target = { database: db, cluster: options.cluster }
    for (const statement of schemaStatements(target)) {
      await client.query(statement)
    }
    const { keys, records } = loaded.whois
    const total = keys.length + loaded.mx.length + loaded.txt.length
    const progress = progressReporter(loaded.stats, total, onProgress)
    const uploadStarted = performance.now()
    await upload(
      client,
      insertTable(target, 'whois'),
      keys.length,
      (i) => whoisRow(keys[i] as string, records[i]!),
      progress,
    )
    await upload(
      client,
      insertTable(target, 'mx'),
      loaded.mx.length,
      (i) => observationRow(loaded.mx[i]!),
      progress,
    )
    await upload(
      client,
      insertTable(target, 'txt'),
      loaded.txt.length,
      (i) => observationRow(loaded.txt[i]!),
      progress,
    )
    const uploadMs = performance.now() - uploadStarted
    progress.done()
    return {
      load: loaded.stats,
      rows: { whois: keys.length, mx: loaded.mx.length, txt: loaded.txt.length },
      loadMs,
      uploadMs,
    }
  } finally {
    client.close()
  }
}

interface UploadProgress {
  rows(count: number): void
  done(): void
}

function progressReporter(
  stats: LoadStats,
  total: number,
  onProgress: ((progress: Progress) => void) | undefined,
): UploadProgress {
  let sent = 0
  let last = Number.NEGATIVE_INFINITY
  const report = (phase: Progress['phase']): void =>
    onProgress?.({
      phase,
      bytes: stats.bytes,
      totalBytes: stats.bytes,
      records: sent,
      rejects: stats.rejects.count,
    })
  report('index')
  return {
    rows(count) {
      sent += count
      const now = performance.now()
      if (now - last >= PROGRESS_MS || sent === total) {
        last = now
        report('index')
      }
    },
    done() {
      report('done')
    },
  }
}

// Sends rows [0, count) as JSONEachRow batches of about BATCH_BYTES, IN_FLIGHT at a time.
async function upload(
  client: ClickHouseHttp,
  table: string,
  count: number,
  rowAt: (i: number) => string,
  progress: UploadProgress,
): Promise<void> {
  const pending = new Set<Promise<void>>()
  let failure: unknown = null
  let i = 0
  while (i < count && failure === null) {
    const lines: string[] = []
    let bytes = 0
    const first = i
    while (i < count && bytes < BATCH_BYTES) {
      const line = rowAt(i++)
      lines.push(line)
      bytes += line.length
    }
    const rows = i - first
    const sending = client.insert(table, lines.join('')).then(
      () => progress.rows(rows),
      (error: unknown) => {
        failure ??= error
      },
    )
    pending.add(sending)
    void sending.finally(() => pending.delete(sending))
    if (pending.size >= IN_FLIGHT) await Promise.race(pending)
  }
  await Promise.all(pending)
  if (failure !== null) throw failure
}
