/**
 * The entry of the spelling-variant worker: builds one kind's value index away from the event
 * loop of the engine that asked, and posts back the index's arrays (moved, not copied).
 *   - `snapshot`: opens the snapshot an engine was read from, builds the index from its live
 *     records and writes it beside the snapshot. It answers `stale` when the snapshot's content
 *     is no longer the engine's (another writer committed since), so the engine builds from its
 *     own records.
 *   - `clickhouse`: reads the live rows of a ClickHouse export (the ClickHouse engine's index).
 */
import { parentPort } from 'node:worker_threads'
import { ClickHouseHttp } from '../clickhouse/http-client.js'
import { liveValueIndex } from '../clickhouse/suggest-values.js'
import { type IndexArrays, indexArrays } from '../pivots/index-arrays.js'
import type { SuggestKind } from '../pivots/suggest-kinds.js'
import { readSnapshot } from '../snapshot/read-snapshot.js'
import { writeSuggestFile } from '../snapshot/suggest-file.js'
import { cacheOptions } from '../storage/cache-options.js'
import { viewsOf } from './saved-segments.js'
import { indexesOf, liveRecords } from './suggest-search.js'

/** What the worker is asked. */
export type SuggestJob =
  | {
      readonly source: 'snapshot'
      readonly path: string
      readonly fingerprint: string
      /** Built in one pass over the records. */
      readonly kinds: readonly SuggestKind[]
    }
  | {
      readonly source: 'clickhouse'
      readonly url: string
      readonly timeoutMs: number | undefined
      readonly database: string
      readonly kind: SuggestKind
    }

/** One kind's index as the worker answers it. */
export interface BuiltArrays {
  readonly kind: SuggestKind
  readonly arrays: IndexArrays
  /** The file written beside the snapshot. */
  readonly saved?: string
  /** Why no file was written. */
  readonly note?: string
}

/** What the worker answers. */
export type SuggestAnswer =
  | { readonly built: readonly BuiltArrays[] }
  | { readonly stale: true }
  | { readonly error: string }

const port = parentPort
if (port === null) throw new Error('domindex: suggest-worker.js runs as a worker thread')

port.once('message', (job: SuggestJob) => {
  answer(job).then(
    (message) =>
      port.postMessage(message, 'built' in message ? message.built.flatMap((b) => buffers(b.arrays)) : []),
    (error: unknown) =>
      port.postMessage({ error: error instanceof Error ? (error.stack ?? error.message) : String(error) }),
  )
})

async function answer(job: SuggestJob): Promise<SuggestAnswer> {
  if (job.source === 'clickhouse') {
    const { url, timeoutMs, database, kind } = job
    const client = new ClickHouseHttp({ url, ...(timeoutMs === undefined ? {} : { timeoutMs }) })
    try {
      return { built: [{ kind, arrays: owned(indexArrays(await liveValueIndex(client, database, kind))) }] }
    } finally {
      client.close()
    }
  }
  const { path, fingerprint, kinds } = job
  const indexes = await readSnapshot(
    path,
    (content, file, read) => {
      try {
        return read === fingerprint ? indexesOf(liveRecords(viewsOf(content.segments)), kinds) : null
      } finally {
        file?.release()
      }
    },
    { cache: cacheOptions(undefined) },
  )
  if (indexes === null) return { stale: true }
  const built: BuiltArrays[] = []
  for (const [kind, index] of indexes) {
    const arrays = owned(indexArrays(index))
    try {
      built.push({ kind, arrays, saved: await writeSuggestFile(path, fingerprint, kind, index) })
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error)
      built.push({ kind, arrays, note: `not kept beside the snapshot: ${reason}` })
    }
  }
  return { built }
}

// Each array in a buffer of its own (a small Buffer may share Node's pool), so it can be moved.
function owned(arrays: IndexArrays): IndexArrays {
  const out = { ...arrays }
  for (const [name, a] of Object.entries(arrays) as [keyof IndexArrays, Uint8Array | Uint32Array][]) {
    if (a.byteOffset !== 0 || a.byteLength !== a.buffer.byteLength) out[name] = a.slice()
  }
  return out
}

function buffers(arrays: IndexArrays): ArrayBuffer[] {
  return [...new Set(Object.values(arrays).map((a) => a.buffer as ArrayBuffer))]
}
