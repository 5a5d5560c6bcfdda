/**
 * Reverse WHOIS search (SPEC 5) against Apache Lucene 8 (issue 18), in one run on one generated
 * corpus, per family of bench/lib/reverse-families.ts:
 *
 * - domindex `engine.reverse(params)`: validation, search, envelope of page 0 with its 100 records
 *   decoded from the record store (the real API path);
 * - domindex "keys": the same validation and matching (`matchReverse` on a ReverseIndex built from
 *   the same records in result order, as the engine's segment holds it) with the first 100 domain
 *   keys instead of decoded records: what domindex spends on count + 100 keys, Lucene's task;
 * - Lucene (bench/lib/lucene-peer.ts, a child JVM): count + the first 100 domains from doc values,
 *   one segment sorted in result order, query cache off, timed in Java after warm-up.
 *
 * Every answer (exact count and the first 100 domains) is checked equal to domindex's for every
 * family before anything is timed; a difference fails the run, naming the family and the first
 * difference. Then builds, sizes and medians are reported against the goals of issue 18.
 *
 * Run: `bash scripts/install-lucene.sh && npx tsx --expose-gc bench/lucene.bench.ts [--records N]
 * [--runs R]` (default 100,000 WHOIS records, 30 timed runs per family and engine, after a warm-up
 * pass over every family and then at least 20 warm-up runs and one second of them per family).
 * Writes its section of bench/reports/lucene.md (one section per corpus size).
 */
import { cpus, loadavg, totalmem } from 'node:os'
import { parseArgs } from 'node:util'
import { resultOrder } from '../src/collect/order.js'
import { Engine } from '../src/engine.js'
import { ReverseIndex } from '../src/indexes/reverse/reverse-index.js'
import { loadSources } from '../src/ingest/load.js'
import { matchReverse } from '../src/query/reverse/planner.js'
import { parseReverseParams } from '../src/query/reverse-params.js'
import type { Params, WhoisRecord } from '../src/types.js'
import { ensureHeap, exposeGc } from './lib/heap.js'
import { LucenePeer } from './lib/lucene-peer.js'
import { median, memoryNow, quantile, sample, table } from './lib/measure.js'
import { writeReportSection } from './lib/report-sections.js'
import { reverseFamilies } from './lib/reverse-families.js'
import { sampleSources } from './lib/sample-files.js'
import { domainKey } from './lib/scale/answers.js'
import type { PeerAnswer } from './lib/sqlite-peer.js'

const INTRO = `# Lucene benchmark: domindex against Apache Lucene 8 (issue 18)

Reverse WHOIS search only. One generated corpus per size (\`sampleSources({ whois: N, dns: 0,
seed: 1 })\`), the families of bench/lib/reverse-families.ts, every engine answering with the exact
count and the first 100 domains in result order (created descending, undated last, domain
ascending). Every answer is checked equal to domindex's before any time is taken. Regenerate a
section with the command it names (install Lucene first: \`bash scripts/install-lucene.sh\`).

- domindex \`reverse()\`: \`Engine.build\` from whois.jsonl, then \`engine.reverse(params)\`: validation,
  search, envelope of page 0 with its 100 records decoded from the record store.
- domindex keys: \`parseReverseParams\` + \`matchReverse\` on a \`ReverseIndex\` built from the same
  records in result order (the structure the engine's one segment holds; the engine has no public
  call that stops before decoding), then the count and the first 100 domain keys from an array:
  the same task as Lucene's.
- Lucene (bench/lib/lucene-peer.ts, bench/lucene/*.java; Debian's liblucene8-java, lucene-core only):
  a child JVM indexes the records (rank, domain, \`_norm\` instants, normalised nameservers and the
  registration-text values as domindex selects them) into an MMapDirectory in the temporary
  directory: \`text\`, every registration-text value with positions and a position gap of 100
  (domindex's analysis re-implemented as a Tokenizer: NFKC, lower case, \`\\p{L}\\p{N}\` runs; checked
  equal to tokenize.ts on every assigned code point of Unicode 13, Java 17's version); \`org\`, each
  distinct organization value with all its tokens at one position and the next value at the next;
  \`ns\`, every label suffix of every nameserver as a term; LongPoint per date; the rank as numeric doc
  values and the index sort, the domain as binary doc values; no norms. Indexed with one thread per
  core and a 256 MiB RAM buffer, then \`forceMerge(1)\`: one segment whose document ids are result
  order. A query: a BooleanQuery of FILTER clauses: PhraseQuery with Lucene's slop (one term: a
  TermQuery), for \`name\` a PhraseQuery with every distinct term at position 0 of \`org\` (all terms
  in one organization value, any order), TermQuery on \`ns\`, \`LongPoint.newRangeQuery\`; searched with
  the query cache off into a collector that counts every match and keeps the first 100 doc ids
  (\`COMPLETE_NO_SCORES\`), then the 100 domains read from doc values. A timed run builds the query
  from the parameters (analysis included) and answers it; System.nanoTime in Java.
- Builds: domindex's is its whole \`Engine.build\` (reading and parsing the file included, worker
  threads); Lucene's starts from its corpus lines in memory (splitting them, analysis, indexing,
  the merge into one segment and the commit). Sizes: domindex's heap + array-buffer growth over the
  build (records and every index) and the reverse index's typed arrays alone; Lucene's bytes on disk.
`

const { values: args } = parseArgs({ options: { records: { type: 'string' }, runs: { type: 'string' } } })
const RECORDS = Number(args.records ?? 100_000)
const RUNS = Number(args.runs ?? 30)
// Warm-up before each engine's timed runs of a family: at least this many runs, for at least this
// long (Lucene's JIT needed more than 20 runs: at 20,000 records its rare phrase took 0.48 ms after
// 20 runs, 0.1 ms after a second).
const WARMUP = 20
const WARMUP_MS = 1000
const SEED = 1
const PAGE = 100

// Loaded records (~2 KB each) for the families, the ReverseIndex and the corpus file, and the engine.
ensureHeap(Math.ceil((RECORDS * 6000) / 2 ** 20) + 2048)
exposeGc()

const availability = LucenePeer.available()
if (!availability.ok) {
  console.error(`lucene.bench: ${availability.reason}`)
  process.exit(1)
}

/** Megabytes. */
function mb(bytes: number): string {
  return `${(bytes / 2 ** 20).toFixed(0)} MB`
}

/** Heap + array buffers: what the JavaScript side holds. */
function held(): number {
  const m = memoryNow()
  return m.heapUsed + m.external
}

/** Bytes of the typed arrays in a plain-data state. */
function bytesOf(state: unknown): number {
  if (ArrayBuffer.isView(state)) return state.byteLength
  if (state === null || typeof state !== 'object') return 0
  return Object.values(state).reduce((sum: number, part) => sum + bytesOf(part), 0)
}

/** How `theirs` differs from `ours` first, or undefined when they are equal. */
function firstDifference(theirs: PeerAnswer, ours: PeerAnswer): string | undefined {
  if (theirs.count !== ours.count) return `count ${theirs.count}, domindex ${ours.count}`
  const length = Math.max(theirs.domains.length, ours.domains.length)
  for (let i = 0; i < length; i++) {
    if (theirs.domains[i] !== ours.domains[i])
      return `result ${i} is ${theirs.domains[i] ?? '(none)'}, domindex's ${ours.domains[i] ?? '(none)'}`
  }
  return undefined
}

/** Milliseconds of `runs` calls of `fn` after the warm-up. */
function timed(fn: () => unknown, runs = RUNS): number[] {
  const end = performance.now() + WARMUP_MS
  for (let i = 0; i < WARMUP || performance.now() < end; i++) fn()
  return sample(fn, runs, 0)
}

const ratio = (a: number, b: number): string => `${(a / b).toFixed(a / b >= 10 ? 0 : 2)}×`

const startLoad = loadavg()[0] ?? 0
const lucene = LucenePeer.version()
console.log(`${lucene}; ${RECORDS} records, ${RUNS} timed runs per family and engine`)
const sources = await sampleSources({ whois: RECORDS, dns: 0, seed: SEED })
const whoisOnly = { whois: sources.whois ?? [], dns: [] }

const before = held()
let t0 = performance.now()
const engine = await Engine.build(whoisOnly)
const engineMs = performance.now() - t0
const engineBytes = held() - before
const stats = engine.stats()
console.log(`domindex: built in ${(engineMs / 1000).toFixed(1)} s, ${mb(engineBytes)}`)

// The peers' input: the same records as the engine loaded them (with `_norm` dates), in result order.
const loaded = await loadSources(whoisOnly)
const order = resultOrder(loaded.whois.records, loaded.whois.keys)
const records = Array.from(order, (i) => loaded.whois.records[i] as WhoisRecord)
const keys = Array.from(order, (i) => loaded.whois.keys[i] as string)
const families = reverseFamilies(records)

t0 = performance.now()
const index = ReverseIndex.build(records)
const indexMs = performance.now() - t0
const indexBytes = bytesOf(index.state)
console.log(`domindex ReverseIndex (keys path): built in ${(indexMs / 1000).toFixed(1)} s, ${mb(indexBytes)}`)

const peer = await LucenePeer.build(records, keys)
const built = peer.built
console.log(
  `Lucene: indexed in ${(built.indexMs / 1000).toFixed(1)} s (final flush, merge and commit ${(built.flushMergeMs / 1000).toFixed(1)} s), ${mb(built.bytes)} on disk`,
)

function ours(params: Params): PeerAnswer {
  const page = engine.reverse(params)
  return { count: page.result_count, domains: page.results.map(domainKey) }
}

function oursKeys(params: Params): PeerAnswer {
  const docs = matchReverse(index, parseReverseParams(params))
  const domains = new Array<string>(Math.min(PAGE, docs.length))
  for (let i = 0; i < domains.length; i++) domains[i] = keys[docs.at(i)] as string
  return { count: docs.length, domains }
}

try {
  // Every answer first: nothing is timed unless all agree.
  for (const [family, params] of families) {
    const want = ours(params)
    const checks: [string, PeerAnswer][] = [
      ['domindex keys', oursKeys(params)],
      ['Lucene', await peer.answer(params)],
    ]
    for (const [engineName, got] of checks) {
      const difference = firstDifference(got, want)
      if (difference !== undefined)
        throw new Error(`lucene.bench: ${family} ${JSON.stringify(params)}: ${engineName}: ${difference}`)
    }
    console.log(`${family}: ${want.count} results, equal on all three`)
  }

  // A warm-up pass over every family on both engines before any is timed: the first families timed
  // otherwise paid for the JIT compiling the later ones' code (Lucene's p99 up to 30 ms at 20,000).
  for (const [, params] of families) {
    timed(() => ours(params), 0)
    timed(() => oursKeys(params), 0)
    await peer.time(params, { runs: 0, warmup: WARMUP, warmupMs: WARMUP_MS })
  }

  const rows: (string | number)[][] = []
  const met: string[] = []
  const missed: string[] = []
  // reverse() − keys of the families with a full page: the decoding of 100 records, estimated.
  const decode: number[] = []
  for (const [family, params] of families) {
    const reverseTimes = timed(() => ours(params))
    const keysTimes = timed(() => oursKeys(params))
    const luceneTimes = (await peer.time(params, { runs: RUNS, warmup: WARMUP, warmupMs: WARMUP_MS })).times
    const r = median(reverseTimes)
    const k = median(keysTimes)
    const l = median(luceneTimes)
    if (oursKeys(params).count >= PAGE) decode.push(r - k)
    ;(r <= l ? met : missed).push(`${family} (${r.toFixed(3)} vs ${l.toFixed(3)} ms)`)
    rows.push([
      family,
      String(oursKeys(params).count),
      r,
      quantile(reverseTimes, 0.99),
      k,
      quantile(keysTimes, 0.99),
      l,
      quantile(luceneTimes, 0.99),
      ratio(l, r),
      ratio(l, k),
    ])
    console.log(`${family}: reverse() ${r.toFixed(3)} ms, keys ${k.toFixed(3)} ms, Lucene ${l.toFixed(3)} ms`)
  }
  const endLoad = loadavg()[0] ?? 0

  console.log()
  const timeText = table(
    [
      'family',
      'matches',
      'reverse() ms',
      'p99',
      'keys ms',
      'p99',
      'Lucene ms',
      'p99',
      'Lucene/reverse()',
      'Lucene/keys',
    ],
    rows,
  )
  const queryText = families
    .map(([family, params]) => `- ${family}: \`${JSON.stringify(params)}\``)
    .join('\n')
  // Bytes a record by file extension; extensions under 1 B a record together as 'other'.
  const parts = Object.entries(built.byExtension).sort((a, b) => b[1] - a[1])
  const large = parts.filter(([, bytes]) => bytes >= RECORDS)
  const other = parts.filter(([, bytes]) => bytes < RECORDS).reduce((sum, [, bytes]) => sum + bytes, 0)
  const extensions = [...large, ['other', other] as const]
    .map(([ext, bytes]) => `${ext} ${(bytes / RECORDS).toFixed(1)}`)
    .join(', ')
  const perRecord = (bytes: number) => `${(bytes / RECORDS).toFixed(0)} B a record`
  const buildText = table(
    ['build', 'time', 'size'],
    [
      [
        'domindex Engine.build (read, parse, index; worker threads)',
        `${(engineMs / 1000).toFixed(1)} s`,
        `${mb(engineBytes)} heap + array buffers (${perRecord(engineBytes)})`,
      ],
      [
        'domindex ReverseIndex.build alone (one thread, from loaded records)',
        `${(indexMs / 1000).toFixed(1)} s`,
        `${mb(indexBytes)} typed arrays (${perRecord(indexBytes)})`,
      ],
      [
        `Lucene from its corpus lines (${built.threads} threads, ${built.heapMb} MiB heap)`,
        `${(built.indexMs / 1000).toFixed(1)} s (final flush + merge ${(built.flushMergeMs / 1000).toFixed(1)} s; reading the lines alone ${(built.readMs / 1000).toFixed(1)} s)`,
        `${mb(built.bytes)} on disk (${perRecord(built.bytes)})`,
      ],
    ],
  )
  const n = RECORDS
  const atScale = n === 1_000_000 ? '' : ` (the goal is set at 1M; at ${n} records)`
  const worstDecode = Math.max(...decode)
  const build1m = n === 1_000_000 ? engineMs / 1000 : Number.NaN
  const goals = [
    `- \`engine.reverse()\` with the 100 records decoded at or below Lucene's count + 100 keys on every family${atScale}: ${
      missed.length === 0 ? 'met' : `missed on ${missed.length} of ${families.length}`
    }. At or below: ${met.join(', ') || 'none'}. Above: ${missed.join(', ') || 'none'}.`,
    `- A page of 100 records decoded in ≤ 0.2 ms: estimated as reverse() − keys per family with 100 matches or more, ${decode
      .map((d) => d.toFixed(3))
      .join(
        ', ',
      )} ms; worst ${worstDecode.toFixed(3)} ms, ${worstDecode <= 0.2 ? 'met' : 'missed'}. The ≤ 250 bytes a stored record part is not measured here (bench/snapshot.bench.ts measures the store).`,
    `- The reverse index ≤ 250 bytes a record at 1M${atScale}: ${(indexBytes / n).toFixed(0)} B a record of typed arrays, ${
      indexBytes / n <= 250 ? 'met' : 'missed'
    } (Lucene's whole index, doc values included: ${(built.bytes / n).toFixed(0)} B a record).`,
    n === 1_000_000
      ? `- A 1M-record build (WHOIS only, 2 cores) in ≤ 20 s: ${build1m.toFixed(1)} s, ${build1m <= 20 ? 'met' : 'missed'} (Lucene: ${(built.indexMs / 1000).toFixed(1)} s).`
      : `- A 1M-record build in ≤ 20 s: not this size (here ${(engineMs / 1000).toFixed(1)} s for ${n} records, Lucene ${(built.indexMs / 1000).toFixed(1)} s).`,
    '- 10M-record goals (build of 10M WHOIS + 30M observations ≤ 450 s, every reverse family < 10 ms, every DNS family < 50 ms): not measured by this benchmark (bench/scale.bench.ts).',
    `- No correctness property weakened: every family's count and first 100 domains equal on domindex \`reverse()\`, domindex keys and Lucene (checked before timing); the brute-force tests are the test suite's.`,
  ].join('\n')
  const machine = `${cpus()[0]?.model ?? 'unknown CPU'}, ${cpus().length} cores (shared; 1-minute load ${startLoad.toFixed(1)} at the start, ${endLoad.toFixed(1)} at the end), ${(totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}, ${lucene}`
  const memory = stats.memory
  const jvm = peer.memory()
  const body = `- Date: ${new Date().toISOString()}
- Machine: ${machine}
- Command: \`npx tsx --expose-gc bench/lucene.bench.ts --records ${RECORDS} --runs ${RUNS}\`
- Timed: median and p99 (nearest rank) of ${RUNS} runs per engine and family, after a warm-up pass over every family and then, before each family's runs, a warm-up of at least ${WARMUP} runs and ${WARMUP_MS} ms; ratios are Lucene's median over domindex's (above 1: domindex faster)
- domindex process after the build (\`engine.stats().memory\`): RSS ${mb(memory.rss)}, heap ${mb(memory.heapUsed)}, external ${mb(memory.external)}; Lucene's JVM at the end: RSS ${mb(jvm.rss)}, peak ${mb(jvm.peakRss)} (RSS counts the pages of the mapped index files it touched)
- Lucene's files, bytes a record by extension (pos: positions, doc: postings, tim/tip: terms, dvd: doc values, kdd/kdi: points): ${extensions}

Queries:

${queryText}

\`\`\`
${timeText}
\`\`\`

\`\`\`
${buildText}
\`\`\`

Goals of issue 18 at this size:

${goals}
`
  writeReportSection(
    new URL('./reports/lucene.md', import.meta.url).pathname,
    INTRO,
    `## ${RECORDS} records`,
    body,
  )
  console.log('\nwrote bench/reports/lucene.md')
} finally {
  await peer.close()
}
