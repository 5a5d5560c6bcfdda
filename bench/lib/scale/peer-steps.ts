/**
 * The peer steps of the scale benchmark, each in its own process: SQLite FTS5 for reverse search
 * (bench/lib/sqlite-peer.ts), SQLite for DNS search (bench/lib/sqlite-dns-peer.ts), FlexSearch
 * for the AND-of-words reverse families (bench/lib/flexsearch-peer.ts) and Apache Lucene 8 for
 * reverse search (bench/lib/lucene-peer.ts, a child JVM). Each streams the corpus with
 * result-order ranks, so its rows are numbered as domindex numbers its documents; its build time
 * counts only its own inserts and index creation (reading and parsing are not its cost; Lucene's
 * reads its corpus lines from the page cache), its memory is its size (SQLite: pages × page size;
 * FlexSearch: heap growth; Lucene: bytes on disk) and the process's RSS (with the JVM's, for Lucene).
 * Queries are prepared once per family, then timed: `runs` runs or a time budget per family.
 * A SQLite peer may keep its databases in files in the run directory instead of memory (at 10M
 * records the DNS peer's ~20 GB does not fit beside anything else); the files are removed after.
 */
import { rmSync } from 'node:fs'
import { join } from 'node:path'
import type { Params } from '../../../src/types.js'
import { FlexSearchPeer } from '../flexsearch-peer.js'
import { LucenePeer } from '../lucene-peer.js'
import { type Memory, memoryNow, sample, sampleWithin } from '../measure.js'
import { type DnsPeerAnswer, SqliteDnsPeer } from '../sqlite-dns-peer.js'
import { type PeerAnswer, SqlitePeer } from '../sqlite-peer.js'
import type { Answer, FamilyResult } from './answers.js'
import { streamRanked } from './ranks.js'
import { type Corpus, readFamilies } from './run-files.js'

/** What a peer step reports. */
export interface PeerResult {
  /** The peer's own build time: inserts and index creation. */
  buildMs: number
  /** The peer's size: SQLite pages × page size, FlexSearch heap growth. */
  bytes: number
  /** RSS held after the build, against before it. */
  heldRss: number
  /** RSS before the build. */
  rssBefore: number
  maxRss: number
  /** Whether the databases were files (SQLite only). */
  onDisk: boolean
  families: FamilyResult[]
}

/** How long and how often each family is timed, and where a SQLite peer keeps its databases. */
export interface Timing {
  runs: number
  budgetMs: number
  /** Database files in the run directory instead of memory. */
  onDisk: boolean
}

/** A SQLite peer's database: a file in the run directory (removed first), or memory. */
function databasePath(dir: string, name: string, onDisk: boolean): string {
  if (!onDisk) return ':memory:'
  const path = join(dir, `${name}.sqlite`)
  rmSync(path, { force: true })
  return path
}

const fromPeer = (a: PeerAnswer): Answer => ({ count: a.count, page: a.domains })
const fromDnsPeer = (a: DnsPeerAnswer): Answer => ('ids' in a ? { count: a.count, page: a.ids } : a)

/** Times a prepared query and keeps its answer; `unanswered` when there is none. */
function timeFamily(name: string, run: (() => Answer) | undefined, timing: Timing): FamilyResult {
  if (run === undefined) return { name, times: [], answers: [], unanswered: 'cannot answer' }
  const answers = [run()]
  const times = sampleWithin(run, timing.runs, timing.budgetMs)
  console.log(`${name}: ${times.length} runs`)
  return { name, times, answers }
}

/** Accumulates the time spent inside a peer's insert calls. */
class Stopwatch {
  ms = 0
  time(step: () => void): void {
    const t = performance.now()
    step()
    this.ms += performance.now() - t
  }
}

/** A step's result: the parts each peer measures its own way, and those measured alike. */
function peerResult(
  before: Memory,
  watch: Stopwatch,
  parts: Pick<PeerResult, 'bytes' | 'heldRss' | 'onDisk' | 'families'>,
): PeerResult {
  return { buildMs: watch.ms, rssBefore: before.rss, maxRss: process.resourceUsage().maxRSS * 1024, ...parts }
}

/**
 * Builds the SQLite FTS5 reverse-search peer and times the reverse families.
 *
 * @param sources - the corpus
 * @param dir - the run directory
 * @param timing - runs and budget per family
 */
export async function sqliteReverseStep(
  sources: Pick<Corpus, 'whois'>,
  dir: string,
  timing: Timing,
): Promise<PeerResult> {
  const before = memoryNow()
  const watch = new Stopwatch()
  const path = databasePath(dir, 'reverse', timing.onDisk)
  const peer = SqlitePeer.create(path)
  await streamRanked({ whois: sources.whois }, dir, {
    onWhois: (rank, key, record) => watch.time(() => peer.add(rank, key, record)),
  })
  watch.time(() => peer.finish())
  const held = memoryNow().rss - before.rss
  console.log(`SQLite reverse peer built in ${(watch.ms / 1000).toFixed(1)} s`)
  const families = readFamilies(dir).reverse.map(([name, params]) => {
    const query = peer.prepare(params)
    return timeFamily(name, () => fromPeer(query()), timing)
  })
  const bytes = peer.bytes()
  peer.close()
  if (timing.onDisk) rmSync(path, { force: true })
  return peerResult(before, watch, { bytes, heldRss: held, onDisk: timing.onDisk, families })
}

/**
 * Builds the SQLite DNS peers (one database per kind) and times the DNS families; a family of many
 * parameter sets (lookups by host) runs each set once.
 *
 * @param sources - the corpus
 * @param dir - the run directory
 * @param timing - runs and budget per family
 */
export async function sqliteDnsStep(
  sources: Pick<Corpus, 'dns'>,
  dir: string,
  timing: Timing,
): Promise<PeerResult> {
  const before = memoryNow()
  const watch = new Stopwatch()
  const paths = { mx: databasePath(dir, 'mx', timing.onDisk), txt: databasePath(dir, 'txt', timing.onDisk) }
  const peers = { mx: SqliteDnsPeer.create('mx', paths.mx), txt: SqliteDnsPeer.create('txt', paths.txt) }
  await streamRanked({ dns: sources.dns }, dir, {
    onObservation: (kind, rank, o) => watch.time(() => peers[kind].add(rank, o)),
  })
  watch.time(() => {
    peers.mx.finish()
    peers.txt.finish()
  })
  const held = memoryNow().rss - before.rss
  console.log(`SQLite DNS peer built in ${(watch.ms / 1000).toFixed(1)} s`)
  const families = readFamilies(dir).dns.map((family): FamilyResult => {
    const queries = family.params.map((params) => peers[family.kind].prepare(params))
    if (queries.some((q) => q === undefined)) {
      return { name: family.name, times: [], answers: [], unanswered: 'not compiled (see the peer)' }
    }
    const run = (i: number): Answer => fromDnsPeer((queries[i] as () => DnsPeerAnswer)())
    if (queries.length === 1) return timeFamily(family.name, () => run(0), timing)
    const answers = queries.map((_, i) => run(i))
    const times = queries.flatMap((_, i) => sample(() => run(i), 1, 0))
    return { name: family.name, times, answers }
  })
  const bytes = peers.mx.bytes() + peers.txt.bytes()
  for (const kind of ['mx', 'txt'] as const) {
    peers[kind].close()
    if (timing.onDisk) rmSync(paths[kind], { force: true })
  }
  return peerResult(before, watch, { bytes, heldRss: held, onDisk: timing.onDisk, families })
}

/**
 * Builds the FlexSearch peer and times the reverse families it can answer.
 *
 * @param sources - the corpus
 * @param dir - the run directory
 * @param timing - runs and budget per family
 */
export async function flexSearchStep(
  sources: Pick<Corpus, 'whois'>,
  dir: string,
  timing: Timing,
): Promise<PeerResult> {
  const before = memoryNow()
  const watch = new Stopwatch()
  const peer = new FlexSearchPeer()
  await streamRanked({ whois: sources.whois }, dir, {
    onWhois: (rank, key, record) => watch.time(() => peer.add(rank, key, record)),
  })
  const after = memoryNow()
  console.log(`FlexSearch peer built in ${(watch.ms / 1000).toFixed(1)} s`)
  const families = readFamilies(dir).reverse.map(([name, params]: [string, Params]) => {
    const query = peer.prepare(params)
    return timeFamily(name, query === undefined ? undefined : () => fromPeer(query()), timing)
  })
  const bytes = after.heapUsed + after.external - before.heapUsed - before.external
  return peerResult(before, watch, { bytes, heldRss: after.rss - before.rss, onDisk: false, families })
}

/**
 * Builds the Lucene peer (in a child JVM) and times the reverse families there, after a warm-up pass
 * over every family and a warm-up of at least a second before each family's runs; its answers are
 * compared with domindex's in the report.
 *
 * @param sources - the corpus
 * @param dir - the run directory
 * @param timing - runs per family (Java runs them all: no budget)
 */
export async function luceneStep(
  sources: Pick<Corpus, 'whois'>,
  dir: string,
  timing: Timing,
): Promise<PeerResult> {
  const before = memoryNow()
  const peer = LucenePeer.create()
  try {
    await streamRanked({ whois: sources.whois }, dir, {
      onWhois: (rank, key, record) => peer.add(rank, key, record),
    })
    await peer.finish()
    const { indexMs, bytes } = peer.built
    const held = peer.memory().rss
    console.log(`Lucene peer built in ${(indexMs / 1000).toFixed(1)} s`)
    const reverse = readFamilies(dir).reverse
    // A warm-up pass over every family first, so that no family's times include compiling another's code.
    for (const [, params] of reverse) await peer.time(params, { runs: 0, warmup: 5, warmupMs: 1000 })
    const families: FamilyResult[] = []
    for (const [name, params] of reverse) {
      const { count, domains, times } = await peer.time(params, {
        runs: timing.runs,
        warmup: 5,
        warmupMs: 1000,
      })
      console.log(`${name}: ${times.length} runs`)
      families.push({ name, times, answers: [{ count, page: domains }] })
    }
    const maxRss = process.resourceUsage().maxRSS * 1024 + peer.memory().peakRss
    return { buildMs: indexMs, bytes, heldRss: held, rssBefore: before.rss, maxRss, onDisk: true, families }
  } finally {
    await peer.close()
  }
}
