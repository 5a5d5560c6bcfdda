/**
 * A domain's pivots (SPEC 14) at scale: `engine.pivots()` over random held domains (median and p99),
 * and what each kind of pivot costs: each candidate's request counted alone (asked for a page past
 * the end, so that nothing is decoded: the count is what `pivots()` computes), grouped by kind.
 * Every count is checked equal to that request's `result_count` first. Then the `email` and
 * `registrar` criteria alone: `engine.reverse()` with its page against SQLite (an index on the
 * same keys, bench/lib/sqlite-key-peer.ts), answers checked equal first. Last, spelling variants:
 * each kind's index built on a worker thread (its time, how long the event loop was held, memory
 * and file), read back from its file, the median and p99 query on prefixes and typos, and the
 * candidates alone against FlexSearch's own Index.
 *
 * Run: `npx tsx --expose-gc bench/pivots.bench.ts [--records N] [--domains D]` (default 100,000
 * WHOIS records with 3× as many observations from bench/lib/sample-files.ts, 1,000 domains). The
 * engine is built once and saved beside the sample. Writes its section of bench/reports/pivots.md.
 */
import { existsSync, readFileSync, rmSync, statSync } from 'node:fs'
import { cpus, loadavg, totalmem } from 'node:os'
import { join } from 'node:path'
import { PerformanceObserver } from 'node:perf_hooks'
import { parseArgs } from 'node:util'
import { Charset, Index } from 'flexsearch'
import { resultOrder } from '../src/collect/order.js'
import { Engine } from '../src/engine.js'
import { loadSources } from '../src/ingest/load.js'
import { normalizeHost } from '../src/normalize/host.js'
import { pivotCandidates } from '../src/pivots/pivot-candidates.js'
import { normalizedValue } from '../src/pivots/record-values.js'
import type { SuggestKind } from '../src/pivots/suggest-kinds.js'
import type { ValueIndex } from '../src/pivots/value-index.js'
import { readSuggestFile, suggestFilePath } from '../src/snapshot/suggest-file.js'
import type { Envelope, Observation, Params, WhoisRecord } from '../src/types.js'
import { ensureHeap, exposeGc } from './lib/heap.js'
import { median, quantile, table } from './lib/measure.js'
import { forEachJsonLine } from './lib/parse-lines.js'
import { writeReportSection } from './lib/report-sections.js'
import { sampleDir, sampleSources } from './lib/sample-files.js'
import { SqliteKeyPeer } from './lib/sqlite-key-peer.js'

const INTRO = `# Pivots benchmark

\`engine.pivots({ domain })\` (SPEC 14) on a generated corpus: WHOIS records with 3× as many MX and
TXT observations (bench/lib/sample-files.ts, seed 1), over random held domains after a warm-up on
other domains. Per kind: each candidate's request counted alone, as \`pivots()\` counts it (a page
past the end, so no record or observation is decoded), after its count was checked equal to the
request's \`result_count\`. Goal (issue 19): a domain's pivots under 10 ms median at 1M records
with 3M observations.
`

const { values: args } = parseArgs({ options: { records: { type: 'string' }, domains: { type: 'string' } } })
const RECORDS = Number(args.records ?? 100_000)
const DOMAINS = Number(args.domains ?? 1_000)
const WARMUP = 100
const SEED = 1

ensureHeap(Math.ceil((RECORDS * 6000) / 2 ** 20) + 2048)
exposeGc()

const options = { whois: RECORDS, dns: 3 * RECORDS, seed: SEED }
const sources = await sampleSources(options)
const snapshot = join(sampleDir(options), 'pivots.dmx')
let engine: Engine
const t0 = performance.now()
try {
  engine = existsSync(snapshot) ? await Engine.open(snapshot) : await Engine.build(sources)
} catch {
  engine = await Engine.build(sources)
}
if (!existsSync(snapshot)) await engine.save(snapshot)
console.log(`engine ready in ${((performance.now() - t0) / 1000).toFixed(1)} s`)

// Held domains, every 7th record's, then a seeded shuffle.
const names: string[] = []
let line = 0
await forEachJsonLine((sources.whois ?? [])[0] as string, (value) => {
  const record = value as WhoisRecord
  if (line++ % 7 === 0 && typeof record.domain?.name === 'string') names.push(record.domain.name)
})
let seed = 12345
const random = () => {
  seed = (seed * 1103515245 + 12345) % 2 ** 31
  return seed / 2 ** 31
}
for (let i = names.length - 1; i > 0; i--) {
  const j = Math.floor(random() * (i + 1))
  ;[names[i], names[j]] = [names[j] as string, names[i] as string]
}
const warm = names.slice(0, WARMUP)
const timed = names.slice(WARMUP, WARMUP + DOMAINS)

for (const domain of warm) engine.pivots({ domain })
const times: number[] = []
let pivotCount = 0
for (const domain of timed) {
  const start = performance.now()
  const found = engine.pivots({ domain })
  times.push(performance.now() - start)
  pivotCount += found?.pivots.length ?? 0
}

// Per kind: each candidate's request alone, past the last page.
const perKind = new Map<string, number[]>()
const latest = (kind: 'mx' | 'txt', domain: string): Observation[] =>
  (engine[kind]({ host: domain, most_recent: true }) as Envelope<Observation>).results
for (const domain of timed.slice(0, 200)) {
  const candidates = pivotCandidates(engine.whois({ domain }), latest('mx', domain), latest('txt', domain))
  const counts = new Map((engine.pivots({ domain })?.pivots ?? []).map((p) => [p.request, p.count]))
  for (const c of candidates) {
    const beyond: Params = { ...c.params, page: 1_000_000 }
    const ask = () =>
      c.route === 'reverse' ? engine.reverse(beyond) : (engine[c.route](beyond) as Envelope<Observation>)
    const answer = ask()
    if (counts.has(c.request) && answer.result_count !== counts.get(c.request))
      throw new Error(
        `${c.request}: pivots() counted ${counts.get(c.request)}, the request ${answer.result_count}`,
      )
    const start = performance.now()
    ask()
    const ms = performance.now() - start
    perKind.set(c.kind, [...(perKind.get(c.kind) ?? []), ms])
  }
}

const ms = (x: number) => (x < 1 ? x.toFixed(3) : x.toFixed(2))

// The email and registrar criteria alone, with their page of records: domindex reverse() against
// SQLite on the same queries, answers checked equal first.
const exactValues = { email: new Set<string>(), registrar: new Set<string>() }
for (const domain of timed.slice(0, 300)) {
  for (const c of pivotCandidates(engine.whois({ domain }), [], [])) {
    if (c.kind === 'email' || c.kind === 'registrar') exactValues[c.kind].add(c.value)
  }
}
const loaded = await loadSources({ whois: sources.whois ?? [], dns: [] })
const order = resultOrder(loaded.whois.records, loaded.whois.keys)
const ordered = Array.from(order, (i) => loaded.whois.records[i] as WhoisRecord)
const orderedKeys = Array.from(order, (i) => loaded.whois.keys[i] as string)
const sqliteStart = performance.now()
const sqlite = SqliteKeyPeer.build(ordered, orderedKeys)
const sqliteBuild = performance.now() - sqliteStart
const exactRows: (string | number)[][] = []
for (const kind of ['email', 'registrar'] as const) {
  const values = [...exactValues[kind]]
  const ours: number[] = []
  const theirs: number[] = []
  let matches = 0
  for (const value of values) {
    const answer = engine.reverse({ [kind]: value })
    const peer = sqlite.answer(kind, normalizedValue(kind, value) as string)
    const domains = answer.results.map(keyOf)
    if (answer.result_count !== peer.count || JSON.stringify(domains) !== JSON.stringify(peer.domains))
      throw new Error(
        `${kind}=${value}: domindex ${answer.result_count}, SQLite ${peer.count} (or another first page)`,
      )
    matches += peer.count
  }
  for (const value of values) {
    let start = performance.now()
    engine.reverse({ [kind]: value })
    ours.push(performance.now() - start)
    start = performance.now()
    sqlite.answer(kind, normalizedValue(kind, value) as string)
    theirs.push(performance.now() - start)
  }
  exactRows.push([
    kind,
    String(values.length),
    (matches / values.length).toFixed(1),
    ms(median(ours)),
    ms(quantile(ours, 0.99)),
    ms(median(theirs)),
    `${(median(theirs) / median(ours)).toFixed(1)}×`,
  ])
}

function keyOf(record: WhoisRecord): string {
  const host = normalizeHost(String(record.domain?.name ?? record.query))
  return host.ok ? host.host : ''
}
// Spelling variants per kind, on an engine opened from the snapshot with no value index kept
// beside it: the first preparation builds the kind's index on a worker thread and writes it
// beside the snapshot (its time, while `engine.whois()` is asked every 5 ms to see how long the
// event loop is held, and the heap and array buffers it adds), a second engine reads it from
// that file; then prefixes and one-letter typos of held values, timed through `suggest()` and
// for the candidates alone against FlexSearch's own Index over the same values (the index
// domindex used before, built here in the same process).
rmSync(`${snapshot}.suggest`, { recursive: true, force: true })
const suggesting = await Engine.open(snapshot)
for (let i = 0; i < 1_000; i++) suggesting.whois({ domain: timed[i % timed.length] as string })
const suggestRows: (string | number)[][] = []
const candidateRows: (string | number)[][] = []
const heldValues = new Map<SuggestKind, string[]>()
for (const domain of timed.slice(0, 300)) {
  for (const c of pivotCandidates(engine.whois({ domain }), [], [])) {
    if (c.kind === 'mx' || c.kind === 'txt' || c.kind === 'phone') continue
    heldValues.set(c.kind, [...(heldValues.get(c.kind) ?? []), c.value])
  }
}
for (const [kind, values] of heldValues) {
  const texts = values
    .slice(0, 100)
    .flatMap((v) => [v.slice(0, Math.max(3, Math.ceil(v.length / 2))), typo(v)])
  let start = performance.now()
  const [[prepared], whoisTimes, buildGc] = await whileAsking(suggesting, () =>
    suggesting.prepareSuggestions([kind]),
  )
  const firstUse = performance.now() - start
  const fileBytes = statSync(suggestFilePath(snapshot, kind)).size
  const reader = await Engine.open(snapshot)
  start = performance.now()
  const [[read], readWhois, readGc] = await whileAsking(suggesting, () => reader.prepareSuggestions([kind]))
  const fromFile = performance.now() - start
  await reader.close()
  if (prepared?.from !== 'built' || read?.from !== 'file') throw new Error(`${kind}: not built then read`)
  const t: number[] = []
  let found = 0
  for (const text of texts) {
    start = performance.now()
    found += suggesting.suggest({ kind, text }).suggestions.length
    t.push(performance.now() - start)
  }
  suggestRows.push([
    kind,
    String(prepared.values),
    `${(firstUse / 1000).toFixed(1)} s`,
    ms(Math.max(...whoisTimes)),
    ms(buildGc),
    `${(fileBytes / 2 ** 20).toFixed(1)} MB`,
    ms(fromFile),
    ms(Math.max(...readWhois)),
    ms(readGc),
    texts.length,
    (found / texts.length).toFixed(1),
    ms(median(t)),
    ms(quantile(t, 0.99)),
  ])
  candidateRows.push([kind, ...compareCandidates(keptIndex(kind), texts)])
}
await suggesting.close()

// Runs work while a whois() is asked every 5 ms; the work's result, each ask's wait beyond its
// 5 ms (how long the event loop was held) and the longest garbage collection meanwhile (a pause
// of the whole process, whatever caused it).
async function whileAsking<T>(on: Engine, work: () => Promise<T>): Promise<[T, number[], number]> {
  const waits: number[] = []
  let longestGc = 0
  const gcs = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) longestGc = Math.max(longestGc, entry.duration)
  })
  gcs.observe({ entryTypes: ['gc'] })
  let asking = true
  const ask = (async () => {
    let i = 0
    while (asking) {
      const start = performance.now()
      on.whois({ domain: timed[i++ % timed.length] as string })
      await new Promise((resolve) => setTimeout(resolve, 5))
      waits.push(performance.now() - start - 5)
    }
  })()
  const result = await work()
  asking = false
  await ask
  gcs.disconnect()
  return [result, waits, longestGc]
}

// The candidates alone (15, as a limit of 10 asks), domindex's index against FlexSearch's.
function compareCandidates(index: ValueIndex, texts: readonly string[]): (string | number)[] {
  const values = Array.from({ length: index.size }, (_, i) => index.parts.values.get(i))
  let start = performance.now()
  const flex = new Index({ tokenize: 'forward', encoder: Charset.LatinExtra })
  values.forEach((value, id) => {
    flex.add(id, value)
  })
  const flexBuild = performance.now() - start
  const ours: number[] = []
  const theirs: number[] = []
  for (const text of texts) {
    start = performance.now()
    index.candidates(text, null, 15)
    ours.push(performance.now() - start)
    start = performance.now()
    if (flex.search(text, { limit: 15 }).length === 0) flex.search(text, { limit: 15, suggest: true })
    theirs.push(performance.now() - start)
  }
  return [
    `${(flexBuild / 1000).toFixed(1)} s`,
    ms(median(ours)),
    ms(quantile(ours, 0.99)),
    ms(median(theirs)),
    ms(quantile(theirs, 0.99)),
    `${(median(theirs) / median(ours)).toFixed(0)}×`,
  ]
}

// The kind's index as kept beside the snapshot (the fingerprint read from the file's own header).
function keptIndex(kind: SuggestKind): ValueIndex {
  const file = readFileSync(suggestFilePath(snapshot, kind))
  const header = JSON.parse(file.subarray(12, 12 + file.readUInt32LE(8)).toString('utf8')) as {
    fingerprint: string
  }
  const read = readSuggestFile(snapshot, header.fingerprint, kind)
  if (!('index' in read)) throw new Error(`${kind}: the kept index is ${read.reason}`)
  return read.index
}

/** The value with one letter dropped from its middle: a typo the index should forgive. */
function typo(value: string): string {
  const at = Math.floor(value.length / 2)
  return value.length > 4 ? value.slice(0, at) + value.slice(at + 1) : value
}

const suggestText = table(
  [
    'kind',
    'values',
    'first use',
    'whois() max ms',
    'GC max ms',
    'file',
    'read ms',
    'whois() max ms',
    'GC max ms',
    'texts',
    'suggestions per text',
    'median ms',
    'p99 ms',
  ],
  suggestRows,
)
const candidateText = table(
  [
    'kind',
    'FlexSearch build',
    'ours median ms',
    'p99 ms',
    'FlexSearch median ms',
    'p99 ms',
    'FlexSearch / ours',
  ],
  candidateRows,
)
const exact = table(
  [
    'criterion',
    'queries',
    'mean matches',
    'reverse() median ms',
    'p99 ms',
    'SQLite median ms',
    'SQLite / domindex',
  ],
  exactRows,
)
const summary = table(
  ['domains', 'pivots per domain', 'median ms', 'p99 ms', 'max ms'],
  [
    [
      timed.length,
      (pivotCount / timed.length).toFixed(1),
      ms(median(times)),
      ms(quantile(times, 0.99)),
      ms(Math.max(...times)),
    ],
  ],
)
const kinds = table(
  ['kind', 'requests', 'median ms', 'p99 ms'],
  [...perKind].map(([kind, t]) => [kind, t.length, ms(median(t)), ms(quantile(t, 0.99))]),
)
const cpu = cpus()[0]?.model.trim() ?? 'unknown CPU'
const body = `- Date: ${new Date().toISOString()}
- Machine: ${cpu}, ${cpus().length} cores, ${(totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}; 1-minute load ${loadavg()[0]?.toFixed(1)} at the end
- Command: \`npx tsx --expose-gc bench/pivots.bench.ts --records ${RECORDS} --domains ${DOMAINS}\`

\`\`\`
${summary}
\`\`\`

Per kind (the first 200 domains' candidates, one count each):

\`\`\`
${kinds}
\`\`\`

The \`email\` and \`registrar\` criteria alone (the values of the first 300 domains), \`engine.reverse()\`
with its page of records against SQLite ${sqliteBuild > 0 ? `(built in ${(sqliteBuild / 1000).toFixed(1)} s, bench/lib/sqlite-key-peer.ts)` : ''}:
count and first 100 domains checked equal, then each query timed once after that pass:

\`\`\`
${exact}
\`\`\`

Spelling variants (\`engine.suggest\`, limit 10) per kind, on an engine opened from the snapshot
(and warmed by 1,000 \`whois()\`): \`prepareSuggestions()\` builds the kind's index on a worker
thread and keeps it beside the snapshot (first use: its time; whois() max: the longest a
\`whois()\` on that engine, asked every 5 ms meanwhile, waited beyond those 5 ms, that is how long
the event loop was held; GC max: the longest garbage collection meanwhile, a pause of the whole
process whatever caused it; file: its size, which is also what the index holds in memory, as
array buffers); a second engine reads it from that file (read ms; whois() max on the first
engine and GC max meanwhile); then half-prefixes and one-letter typos of 100 held values (from the first 300
domains), through \`suggest()\`:

\`\`\`
${suggestText}
\`\`\`

The candidates alone (15 for a limit of 10) on the same texts, domindex's value index against
FlexSearch's \`Index\` (forward tokenizer, LatinExtra encoder; the index domindex used before)
built over the same values in the same process:

\`\`\`
${candidateText}
\`\`\`
`
console.log(body)
writeReportSection(
  'bench/reports/pivots.md',
  INTRO,
  `## ${RECORDS} records, ${3 * RECORDS} observations`,
  body,
)
