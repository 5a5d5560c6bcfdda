/**
 * Reverse WHOIS search (SPEC 5) against its peers, in one process on the same generated corpus,
 * per query family of bench/reverse.bench.ts (same families, same term choices):
 *
 * - domindex: `Engine.build` from the generated files, each query through `engine.reverse`
 *   (parse → search → envelope of page 0 with its records decoded);
 * - a linear scan of the loaded records with the brute-force rules of test/reverse/reference.ts;
 * - SQLite FTS5 through better-sqlite3 (schema and queries in bench/lib/sqlite-peer.ts);
 * - FlexSearch 0.8, for the AND-of-words queries it can answer (bench/lib/flexsearch-peer.ts);
 * - Apache Lucene 8 in a child JVM (bench/lib/lucene-peer.ts), when installed
 *   (`bash scripts/install-lucene.sh`); without it the report says so and its columns stay empty.
 *
 * Every peer returns the exact count and the first 100 domains in result order; the scan and Lucene
 * must give domindex's answer (else the run fails), SQLite's and FlexSearch's counts are printed
 * beside it and each disagreement is explained in the report. Goal: every family at least 10×
 * faster than SQLite FTS5 on the same query.
 *
 * Run: `npx tsx bench/peers.bench.ts [--records N] [--runs R]` (default 100,000 WHOIS records, 30
 * timed runs per family and engine, 3 for the scan, 1 above 100,000 records). Only WHOIS is
 * compared: the DNS families are not part of this benchmark. Writes its section of
 * bench/reports/peers.md (one section per corpus size; other sections are kept).
 */
import { cpus, loadavg, totalmem } from 'node:os'
import { parseArgs } from 'node:util'
import { resultOrder } from '../src/collect/order.js'
import { Engine } from '../src/engine.js'
import { loadSources } from '../src/ingest/load.js'
import { normalizeHost } from '../src/normalize/host.js'
import type { Params, WhoisRecord } from '../src/types.js'
import { referenceMatch } from '../test/reverse/reference.js'
import { FlexSearchPeer } from './lib/flexsearch-peer.js'
import { ensureHeap, exposeGc } from './lib/heap.js'
import { LucenePeer } from './lib/lucene-peer.js'
import { median, memoryNow, quantile, sample, table } from './lib/measure.js'
import { writeReportSection } from './lib/report-sections.js'
import { reverseFamilies } from './lib/reverse-families.js'
import { sampleSources } from './lib/sample-files.js'
import { type PeerAnswer, SqlitePeer } from './lib/sqlite-peer.js'

const INTRO = `# Peers benchmark: domindex, a linear scan, SQLite FTS5, FlexSearch, Apache Lucene

Reverse WHOIS search only (the DNS families are not compared yet). One process, one generated
corpus (\`writeSample\`, seed 1), the query families and term choices of bench/reverse.bench.ts.
Every engine answers with the exact count and the first 100 domains in result order (created
descending, undated last, domain ascending). Regenerate a section with the command it names.

How each engine answers:

- domindex: \`Engine.build\` from whois.jsonl, then \`engine.reverse(params)\` (validation, search,
  envelope of page 0 with its 100 records decoded from the record store).
- Scan: every loaded record (objects in result order) through the brute-force rules of
  test/reverse/reference.ts; it must give domindex's count and first page, else the run fails.
- SQLite ${SqlitePeer.version()} (better-sqlite3, in memory; bench/lib/sqlite-peer.ts): \`domains\` rows numbered
  in result order (the numbering domindex uses, so \`ORDER BY id\` needs no sort) with B-tree indexes
  on the \`_norm\` instants; a contentless FTS5 table, one row per registration-text value
  (\`unicode61 remove_diacritics 0\`, default token characters, values NFKC-normalised on insertion
  because unicode61 does not normalise), with a \`name\` column holding organisation values only,
  rowid = record × 256 + value index; \`ns(doc, rev)\` with the nameserver's labels reversed and a
  B-tree index on (rev, doc), queried label-aligned as \`rev = 'com.cloudflare' OR (rev >=
  'com.cloudflare.' AND rev < 'com.cloudflare/')\`. A query is \`SELECT count(*)\` plus \`SELECT domain
  … ORDER BY id LIMIT 100\` over \`domains\`, one condition per criterion: \`id IN (SELECT rowid >> 8
  FROM text WHERE text MATCH 'value : "acme accounting"')\` for a phrase, \`MATCH 'name : ("accounting"
  AND "acme")'\` for a name, \`id IN (SELECT doc FROM ns WHERE …)\` for a nameserver, \`created >= ? AND
  created <= ?\` for a range. Statements are prepared once per family, outside the timing.
- Slop: FTS5 has no Lucene slop. The slop-2 family runs as \`NEAR("a" "b", 2)\`, which ignores order
  (it also matches \`b a\` with one word between, which slop 2 does not), so it answers a superset;
  its count is checked like the others and its time is shown, but it is not the same query.
- FlexSearch 0.8 (bench/lib/flexsearch-peer.ts): two \`Index\` instances (default encoder,
  \`tokenize: 'strict'\`), one over every registration-text value and one over organisation values,
  id = record × 256 + value index; a query is the AND of its words within one value, all hits
  fetched (\`limit\` unbounded) for the exact count, then mapped to records, deduplicated and sorted.
  Exact for \`name\`; for a phrase only an approximation (FlexSearch stores no positions, so neither
  order nor adjacency is checked; its default encoder also folds diacritics and splits numbers).
  Nameserver, date and combined queries: not answerable (n/a).
- Apache Lucene 8 (bench/lib/lucene-peer.ts, bench/lucene/*.java; \`bash scripts/install-lucene.sh\`),
  when installed: a child JVM indexes the same records (domindex's analysis as a Lucene Tokenizer,
  positions with a gap of 100 between values, organization values with all their tokens at one
  position, every label suffix of every nameserver as a term, LongPoint dates, one segment sorted in
  result order) and answers with a BooleanQuery of FILTER clauses into a collector that counts and
  keeps the first 100 doc ids, domains from doc values; query cache off; timed in Java after a warm-up
  of at least one second (bench/reports/lucene.md has the details). Its answers must equal
  domindex's, else the run fails. Without Lucene installed its columns are empty.
- Build figures: domindex's is its whole \`Engine.build\` (reading and parsing the file included);
  SQLite's and FlexSearch's start from the records already parsed, Lucene's from its corpus lines
  in the JVM. Memory: domindex and FlexSearch as heap + array-buffer growth after a full
  collection; SQLite as its page count × page size; Lucene as its index's bytes on disk.
`

const { values: args } = parseArgs({ options: { records: { type: 'string' }, runs: { type: 'string' } } })
const DEFAULT_RECORDS = 100_000
const RECORDS = Number(args.records ?? DEFAULT_RECORDS)
const RUNS = Number(args.runs ?? 30)
const SCAN_RUNS = RECORDS > DEFAULT_RECORDS ? 1 : 3
const SEED = 1

// Loaded records (~2 KB each, held for the scan and the peers' builds), the engine, FlexSearch.
ensureHeap(Math.ceil((RECORDS * 9000) / 2 ** 20) + 2048)
exposeGc()

/** Megabytes, for the report. */
function mb(bytes: number): string {
  return `${(bytes / 2 ** 20).toFixed(0)} MB`
}

/** Heap + array buffers: what the JavaScript side holds. */
function held(): number {
  const m = memoryNow()
  return m.heapUsed + m.external
}

/** Wall milliseconds of a build step. */
function timed<T>(step: () => T): [T, number] {
  const t0 = performance.now()
  const value = step()
  return [value, performance.now() - t0]
}

const load = loadavg()[0] ?? 0
// Only WHOIS is compared, so no observations are generated.
const sources = await sampleSources({ whois: RECORDS, dns: 0, seed: SEED })
const whoisOnly = { whois: sources.whois ?? [], dns: [] }

let before = held()
let t0 = performance.now()
const engine = await Engine.build(whoisOnly)
const engineMs = performance.now() - t0
const engineBytes = held() - before
console.log(`domindex: built in ${(engineMs / 1000).toFixed(1)} s, ${mb(engineBytes)}`)

// The peers' input: the same records as the engine loaded them (with `_norm` dates), in result order.
t0 = performance.now()
const loaded = await loadSources(whoisOnly)
const order = resultOrder(loaded.whois.records, loaded.whois.keys)
const records = Array.from(order, (i) => loaded.whois.records[i] as WhoisRecord)
const keys = Array.from(order, (i) => loaded.whois.keys[i] as string)
console.log(
  `loaded ${records.length} records for the peers in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
)

const [sqlite, sqliteMs] = timed(() => SqlitePeer.build(records, keys))
const sqliteBytes = sqlite.bytes()
console.log(`SQLite: built in ${(sqliteMs / 1000).toFixed(1)} s, ${mb(sqliteBytes)}`)
before = held()
const [flex, flexMs] = timed(() => FlexSearchPeer.build(records, keys))
const flexBytes = held() - before
console.log(`FlexSearch: built in ${(flexMs / 1000).toFixed(1)} s, ${mb(flexBytes)}`)
const luceneAvailability = LucenePeer.available()
const luceneMissing = luceneAvailability.ok ? '' : luceneAvailability.reason
const lucene = luceneAvailability.ok ? await LucenePeer.build(records, keys) : undefined
if (lucene === undefined) console.log(`Lucene: not run (${luceneMissing})`)
else
  console.log(
    `Lucene: built in ${(lucene.built.indexMs / 1000).toFixed(1)} s, ${mb(lucene.built.bytes)} on disk`,
  )

/** The record's domain key, as the loader keys it. */
function keyOf(record: WhoisRecord): string {
  const host = normalizeHost(String(record.domain?.name ?? record.query))
  return host.ok ? host.host : ''
}

function domindex(params: Params): PeerAnswer {
  const page = engine.reverse(params)
  return { count: page.result_count, domains: page.results.map(keyOf) }
}

function scan(params: Params): PeerAnswer {
  let count = 0
  const domains: string[] = []
  records.forEach((record, doc) => {
    if (!referenceMatch(record, params)) return
    if (count++ < 100) domains.push(keys[doc] as string)
  })
  return { count, domains }
}

/** `=` when a peer's answer is domindex's, else how it differs. */
function agreement(peer: PeerAnswer, ours: PeerAnswer): string {
  if (peer.count !== ours.count) return `${peer.count} (≠)`
  return peer.domains.join() === ours.domains.join() ? '=' : `${peer.count} (page ≠)`
}

// Two decimals below 1: Lucene can be 0.03× of domindex's time.
const ratio = (theirs: number, ours: number): string =>
  `${(theirs / ours).toFixed(theirs / ours >= 10 ? 0 : theirs / ours >= 1 ? 1 : 2)}×`

const countRows: (string | number)[][] = []
const timeRows: (string | number)[][] = []
for (const [family, params] of reverseFamilies(records)) {
  const ours = domindex(params)
  const oursTimes = sample(() => domindex(params), RUNS, 3)
  let scanned: PeerAnswer = { count: -1, domains: [] }
  const scanTimes = sample(
    () => {
      scanned = scan(params)
    },
    SCAN_RUNS,
    0,
  )
  if (agreement(scanned, ours) !== '=') {
    throw new Error(`${family}: domindex found ${ours.count}, the scan ${scanned.count}`)
  }
  const luceneAnswer = await lucene?.answer(params)
  if (luceneAnswer !== undefined && agreement(luceneAnswer, ours) !== '=') {
    throw new Error(
      `${family}: Lucene's answer differs from domindex's: ${agreement(luceneAnswer, ours)} (domindex ${ours.count})`,
    )
  }
  const luceneTimes = (await lucene?.time(params, { runs: RUNS, warmup: 3, warmupMs: 1000 }))?.times ?? []
  const sqliteQuery = sqlite.prepare(params)
  const sqliteTimes = sample(sqliteQuery, RUNS, 1)
  const flexQuery = flex.prepare(params)
  const flexTimes = flexQuery === undefined ? [] : sample(flexQuery, RUNS, 1)
  const o = median(oursTimes)
  countRows.push([
    family,
    JSON.stringify(params),
    String(ours.count),
    agreement(sqliteQuery(), ours),
    flexQuery === undefined ? 'n/a' : agreement(flexQuery(), ours),
    luceneAnswer === undefined ? 'not run' : '=',
  ])
  timeRows.push([
    family,
    o,
    quantile(oursTimes, 0.99),
    median(scanTimes),
    ratio(median(scanTimes), o),
    median(sqliteTimes),
    quantile(sqliteTimes, 0.99),
    ratio(median(sqliteTimes), o),
    flexQuery === undefined ? '' : median(flexTimes),
    flexQuery === undefined ? '' : quantile(flexTimes, 0.99),
    flexQuery === undefined ? '' : ratio(median(flexTimes), o),
    lucene === undefined ? '' : median(luceneTimes),
    lucene === undefined ? '' : quantile(luceneTimes, 0.99),
    lucene === undefined ? '' : ratio(median(luceneTimes), o),
  ])
  const luceneText = lucene === undefined ? '' : `, Lucene ${median(luceneTimes).toFixed(3)} ms`
  console.log(
    `${family}: ${ours.count} results, domindex ${o.toFixed(3)} ms, SQLite ${median(sqliteTimes).toFixed(2)} ms${luceneText}`,
  )
}
sqlite.close()
await lucene?.close()

console.log()
const countText = table(['family', 'query', 'domindex = scan', 'SQLite', 'FlexSearch', 'Lucene'], countRows)
console.log()
const timeText = table(
  [
    'family',
    'domindex ms',
    'p99',
    'scan ms',
    'scan/dmx',
    'SQLite ms',
    'p99',
    'SQLite/dmx',
    'Flex ms',
    'p99',
    'Flex/dmx',
    'Lucene ms',
    'p99',
    'Lucene/dmx',
  ],
  timeRows,
)
const machine = `${cpus()[0]?.model ?? 'unknown CPU'}, ${cpus().length} cores (shared; 1-minute load ${load.toFixed(1)} at the start), ${(totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}`
const luceneBuild =
  lucene === undefined
    ? `Lucene not run: ${luceneMissing}`
    : `${LucenePeer.version()}: indexed in ${(lucene.built.indexMs / 1000).toFixed(1)} s (${lucene.built.threads} threads, merge into one segment included), ${mb(lucene.built.bytes)} on disk`
const body = `- Date: ${new Date().toISOString()}
- Machine: ${machine}
- Command: \`npx tsx bench/peers.bench.ts --records ${RECORDS} --runs ${RUNS}\`
- Builds: domindex \`Engine.build\` (WHOIS file only) ${(engineMs / 1000).toFixed(1)} s, ${mb(engineBytes)} heap + array buffers;
  SQLite load + indexes + FTS5 optimize ${(sqliteMs / 1000).toFixed(1)} s, database ${mb(sqliteBytes)} (page_count × page_size, in memory);
  FlexSearch add ${(flexMs / 1000).toFixed(1)} s, ${mb(flexBytes)} heap;
  ${luceneBuild}
- Timed: median and p99 of ${RUNS} runs per engine and family (the scan: ${SCAN_RUNS}; Lucene after a warm-up of at least 1 s); ratios are the peer's median over domindex's

Results: domindex's count (the scan gave the same count and first page); a peer's column is \`=\`
when its count and first 100 domains equal domindex's, else its own count.

\`\`\`
${countText}
\`\`\`

\`\`\`
${timeText}
\`\`\`
`
writeReportSection(
  new URL('./reports/peers.md', import.meta.url).pathname,
  INTRO,
  `## ${RECORDS} records`,
  body,
)
console.log('\nwrote bench/reports/peers.md')
