/**
 * The build pipeline behind `Engine.build`: plan parse tasks over the inputs (plan-tasks.ts), run
 * them on worker threads or in the calling thread (run-tasks.ts), merge their packed records in
 * load order (load-merger.ts), then index: the record store numbers domains in result order, the
 * reverse index decodes each record once from it, and each DNS index decodes each observation
 * once from the observation log. With workers, the DNS indexes are built on a worker thread
 * while the calling thread builds the reverse index. No record or observation is ever held as a JS object in bulk, so
 * memory is the packed bytes plus the indexes.
 */
import { availableParallelism } from 'node:os'
import { DnsIndex } from '../indexes/dns/dns-index.js'
import type { DnsState } from '../indexes/dns/state.js'
import { RecordStore } from '../indexes/record-store.js'
import { ReverseIndex } from '../indexes/reverse/reverse-index.js'
import type { LoadStats } from '../ingest/load.js'
import { inputsOf } from '../ingest/stream.js'
import type { DnsKind, Progress, Sources } from '../types.js'
import { LoadMerger } from './load-merger.js'
import { type FrozenObservations, observationSource } from './observation-log.js'
import { planTasks, RANGE_BYTES } from './plan-tasks.js'
import { runTasks } from './run-tasks.js'
import { buffersOf, spawnWorker } from './spawn-worker.js'

/** Inputs smaller than this are parsed in the calling thread: starting workers costs more. */
const PARALLEL_BYTES = 64 << 20
const DEFAULT_CHUNK = 1 << 20

/** Options of {@link buildParts}. */
export interface PipelineOptions {
  readonly strict: boolean
  readonly onProgress: ((progress: Progress) => void) | undefined
  /** Worker threads; undefined chooses (the machine's cores for inputs of 64 MiB and more, else 0). */
  readonly workers: number | undefined
  /** Range size of large JSON Lines files. */
  readonly rangeBytes: number | undefined
}

/** What a build produces. */
export interface BuiltParts {
  readonly store: RecordStore
  readonly reverse: ReverseIndex
  readonly mx: DnsIndex
  readonly txt: DnsIndex
  readonly load: LoadStats
}

/**
 * Loads and indexes the sources.
 *
 * @param sources - WHOIS and DNS files
 * @param options - strictness, progress, threads
 * @example
 * ```ts
 * const parts = await buildParts({ whois: ['whois.jsonl'] }, { strict: false, onProgress: undefined, workers: 2, rangeBytes: undefined })
 * parts.store.size // 3000
 * ```
 */
export async function buildParts(sources: Sources, options: PipelineOptions): Promise<BuiltParts> {
  const inputs = [...(await inputsOf(sources.whois, 'whois')), ...(await inputsOf(sources.dns, 'dns'))]
  const tasks = await planTasks(inputs, options.rangeBytes ?? RANGE_BYTES)
  const merger = new LoadMerger(inputs, tasks, { strict: options.strict, onProgress: options.onProgress })
  const totalBytes = inputs.reduce((sum, input) => sum + input.size, 0)
  const workers = options.workers ?? (totalBytes >= PARALLEL_BYTES ? availableParallelism() : 0)
  await runTasks(tasks, workers, { chunkSize: DEFAULT_CHUNK, strict: options.strict }, merger)
  merger.done()
  const load = merger.stats()
  const store = new RecordStore(merger.whois.finish())
  const observations = merger.observations.freeze()
  if (workers === 0 || observations.slotKey.length === 0) {
    const reverse = ReverseIndex.build(store)
    const mx = DnsIndex.build('mx', observationSource(observations, 'mx'))
    const txt = DnsIndex.build('txt', observationSource(observations, 'txt'))
    return { store, reverse, mx, txt, load }
  }
  // Two indexing jobs at once: the DNS indexes on a worker, the reverse index here.
  const dns = buildDnsOnWorker(observations)
  const reverse = ReverseIndex.build(store)
  const { mx, txt } = await dns
  return { store, reverse, mx, txt, load }
}

/** Builds both DNS indexes on a worker thread; the log's buffers move there. */
function buildDnsOnWorker(log: FrozenObservations): Promise<{ mx: DnsIndex; txt: DnsIndex }> {
  return new Promise((resolve, reject) => {
    const worker = spawnWorker('dns-worker')
    const states: Partial<Record<DnsKind, DnsState>> = {}
    worker.on('message', (message: { kind: DnsKind; state: DnsState } | { error: string }) => {
      if ('error' in message) {
        void worker.terminate()
        reject(new Error(`domindex: the DNS index worker failed: ${message.error}`))
        return
      }
      states[message.kind] = message.state
      if (states.mx !== undefined && states.txt !== undefined) {
        void worker.terminate()
        resolve({ mx: new DnsIndex(states.mx), txt: new DnsIndex(states.txt) })
      }
    })
    worker.on('error', reject)
    worker.on('exit', (code) => {
      if (states.txt === undefined)
        reject(new Error(`domindex: the DNS index worker exited early (code ${code})`))
    })
    worker.postMessage(log, buffersOf(log))
  })
}
