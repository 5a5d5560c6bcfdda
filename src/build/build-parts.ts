/**
 * The build pipeline behind `Engine.build`: plan parse tasks over the inputs (plan-tasks.ts), run
 * them on worker threads or in the calling thread (run-tasks.ts), merge their packed records in
 * load order (load-merger.ts), interning each observation into DNS columns as it arrives
 * (observation-log.ts), then index: the record store numbers domains in result order, the reverse
 * index decodes each record once from it, and each DNS index is finished from its columns. With
 * workers, and inputs under a quarter of the machine's memory, the reverse index is built on a
 * worker thread while the calling thread finishes the DNS indexes. No record or observation is ever held as a JS object in bulk, so memory is the packed
 * records, the observations' columns, and the indexes.
 */
import { availableParallelism, totalmem } from 'node:os'
import { buildDnsState } from '../indexes/dns/build.js'
import { DnsIndex } from '../indexes/dns/dns-index.js'
import { RecordStore, type RecordStoreState } from '../indexes/record-store.js'
import { ReverseIndex, type ReverseIndexState } from '../indexes/reverse/reverse-index.js'
import type { FieldMap } from '../ingest/field-map.js'
import { groupDnsSources } from '../ingest/formats/dns-sources.js'
import type { LoadStats } from '../ingest/load.js'
import { ProgressClock } from '../ingest/progress-clock.js'
import { type Input, withSourceInputs } from '../ingest/source-inputs.js'
import type { LoadNote, Observation, Progress, Reject, Sources } from '../types.js'
import { LoadMerger } from './load-merger.js'
import { chunkRecords, partBytes } from './memory-budget.js'
import type { ObservationLog } from './observation-log.js'
import { planTasks, RANGE_BYTES } from './plan-tasks.js'
import { runTasks } from './run-tasks.js'
import { buffersOf, spawnWorker } from './spawn-worker.js'

/** Inputs smaller than this are parsed in the calling thread: starting workers costs more. */
const PARALLEL_BYTES = 64 << 20
const DEFAULT_CHUNK = 1 << 20
/** Inputs larger than the machine's memory divided by this index one job at a time. */
const OVERLAP_MEMORY_SHARE = 4

/** Options of {@link buildParts}. */
export interface PipelineOptions {
  readonly strict: boolean
  readonly onProgress: ((progress: Progress) => void) | undefined
  /** Worker threads; undefined chooses (the machine's cores for inputs of 64 MiB and more, else 0). */
  readonly workers: number | undefined
  /** Range size of large JSON Lines files. */
  readonly rangeBytes: number | undefined
  /** Told every reject, also beyond the first 1,000 kept. */
  readonly onReject?: ((reject: Reject) => void) | undefined
  /** Told each replacement and each date not understood, with its file and line. */
  readonly onNote?: ((note: LoadNote) => void) | undefined
  /** In an update, the observations held before by id: raw DNS records group with them. */
  readonly heldObservation?: ((id: string) => Observation | undefined) | undefined
  /** Told the key, file and line of each record loaded (an update's report of what it replaces). */
  readonly onRecord?: ((kind: 'whois' | 'dns', key: string, file: string, line: number) => void) | undefined
  /** Where the parts of a build within a memory budget go; without it everything is one part. */
  readonly spill?: PartSpill | undefined
  /** WHOIS fields copied to the fields domindex reads (ingest/field-map.ts). */
  readonly fields?: FieldMap | undefined
}

/** The indexes of one part of the input: a segment. */
export interface IndexedPart {
  readonly store: RecordStore
  readonly reverse: ReverseIndex
  readonly mx: DnsIndex
  readonly txt: DnsIndex
}

/** What a build produces: its last part (the only one when nothing was spilled) and the load's counts. */
export interface BuiltParts extends IndexedPart {
  readonly load: LoadStats
}

/** Takes the full parts of a build within a memory budget (SPEC 16). */
export interface PartSpill {
  /** The memory budget in bytes: a part is full when its indexing peak would reach it (memory-budget.ts). */
  readonly budget: number
  /**
   * Takes a full part, with the load's counts so far; the build goes on once it settles.
   *
   * @param part - the part's indexes
   * @param load - the counts of the load so far (this part included)
   */
  take(part: IndexedPart, load: LoadStats): Promise<void>
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
  return withSourceInputs(sources, (inputs) => buildInputs(inputs, options))
}

async function buildInputs(inputs: readonly Input[], options: PipelineOptions): Promise<BuiltParts> {
  // Raw DNS records group across files, so they are read first, here.
  const everyReject = options.onReject !== undefined
  const totalBytes = inputs.reduce((sum, input) => sum + input.size, 0)
  const clock = new ProgressClock(options.onProgress, totalBytes)
  const grouped = await groupDnsSources(
    inputs,
    DEFAULT_CHUNK,
    options.strict,
    everyReject,
    (bytes) => clock.tick(bytes, 0, 0),
    options.heldObservation,
  )
  const tasks = await planTasks(inputs, options.rangeBytes ?? RANGE_BYTES, grouped)
  const workers = options.workers ?? (totalBytes >= PARALLEL_BYTES ? availableParallelism() : 0)
  const { spill } = options
  const merger: LoadMerger = new LoadMerger(inputs, tasks, {
    strict: options.strict,
    onProgress: options.onProgress,
    onReject: options.onReject,
    onNote: options.onNote,
    onRecord: options.onRecord,
    // The raw DNS files were read above: progress goes on from there.
    readBefore: [...grouped.values()].reduce((sum, source) => sum + source.bytes, 0),
    parts:
      spill === undefined
        ? undefined
        : {
            full: (whois, observations) => partBytes(whois, observations) >= spill.budget,
            spill: async (logs) => {
              const part = await indexPart(logs.whois.finish(), () => logs.observations, workers, totalBytes)
              await spill.take(part, merger.stats())
            },
          },
  })
  await runTasks(
    tasks,
    workers,
    {
      chunkSize: DEFAULT_CHUNK,
      ...(spill === undefined ? {} : { chunkRecords: chunkRecords(spill.budget) }),
      strict: options.strict,
      everyReject,
      notes: options.onNote !== undefined || options.onRecord !== undefined,
      ...(options.fields === undefined ? {} : { fields: options.fields }),
    },
    merger,
  )
  merger.done()
  const load = merger.stats()
  const part = await indexPart(merger.whois.finish(), () => merger.takeObservations(), workers, totalBytes)
  return { ...part, load }
}

/**
 * Indexes a part: the record store, the reverse index and both DNS indexes.
 *
 * @param storeState - the part's records, from its WHOIS log
 * @param takeObservations - hands over the part's observation log (dropped once indexed)
 * @param workers - worker threads of the build (0: everything in the calling thread)
 * @param totalBytes - the inputs' size
 */
async function indexPart(
  storeState: RecordStoreState,
  takeObservations: () => ObservationLog,
  workers: number,
  totalBytes: number,
): Promise<IndexedPart> {
  if (workers === 0 || storeState.slots.length === 0) {
    const store = new RecordStore(storeState)
    return { store, reverse: ReverseIndex.build(store), ...dnsIndexes(takeObservations()) }
  }
  // The reverse index builds on a worker, whose heap does not hold the DNS indexes' strings (every
  // full collection of the calling thread marks them). Overlapping it with the DNS indexes adds
  // their memory peaks, so past a quarter of the machine's memory in input the DNS indexes are
  // built first and their columns dropped before the reverse index grows.
  let dns: { mx: DnsIndex; txt: DnsIndex } | undefined
  if (totalBytes > totalmem() / OVERLAP_MEMORY_SHARE) dns = dnsIndexes(takeObservations())
  const reverse = buildReverseOnWorker(storeState)
  const { mx, txt } = dns ?? dnsIndexes(takeObservations())
  const built = await reverse
  return { store: new RecordStore(built.store), reverse: new ReverseIndex(built.reverse), mx, txt }
}

/** Both DNS indexes from the observations' columns; the log can be dropped afterwards. */
function dnsIndexes(log: ObservationLog): { mx: DnsIndex; txt: DnsIndex } {
  return {
    mx: new DnsIndex(buildDnsState('mx', log.columns('mx'))),
    txt: new DnsIndex(buildDnsState('txt', log.columns('txt'))),
  }
}

/** Builds the reverse index on a worker thread; the store's buffers move there and back. */
function buildReverseOnWorker(
  store: RecordStoreState,
): Promise<{ store: RecordStoreState; reverse: ReverseIndexState }> {
  return new Promise((resolve, reject) => {
    const worker = spawnWorker('build/reverse-worker')
    let done = false
    worker.on(
      'message',
      (message: { store: RecordStoreState; reverse: ReverseIndexState } | { error: string }) => {
        done = true
        void worker.terminate()
        if ('error' in message)
          reject(new Error(`domindex: the reverse index worker failed: ${message.error}`))
        else resolve(message)
      },
    )
    worker.on('error', reject)
    worker.on('exit', (code) => {
      if (!done) reject(new Error(`domindex: the reverse index worker exited early (code ${code})`))
    })
    worker.postMessage(store, buffersOf(store))
  })
}
