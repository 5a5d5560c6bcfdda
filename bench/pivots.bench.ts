/**
 * A domain's pivots (SPEC 14) at scale: `engine.pivots()` over random held domains (median and p99),
 * and what each kind of pivot costs: each candidate's request counted alone (asked for a page past
 * the end, so that nothing is decoded: the count is what `pivots()` computes), grouped by kind.
 * Every count is checked equal to that request's `result_count` first. Then the `email` and
 * `registrar` criteria alone: `engine.reverse()` with its page against SQLite (an index on the
 * same keys, bench/lib/sqlite-key-peer.ts), answers checked equal first. Last, spelling variants:
 * each kind's first-use build time and heap, and the median query on prefixes and typos.
 *
 * Run: `npx tsx --expose-gc bench/pivots.bench.ts [--records N] [--domains D]` (default 100,000
 * WHOIS records with 3× as many observations from bench/lib/sample-files.ts, 1,000 domains). The
 * engine is built once and saved beside the sample. Writes its section of bench/reports/pivots.md.
 */
import { existsSync } from 'node:fs'
import { cpus, loadavg, totalmem } from 'node:os'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { resultOrder } from '../src/collect/order.js'
import { Engine } from '../src/engine.js'
import { loadSources } from '../src/ingest/load.js'
import { normalizeHost } from '../src/normalize/host.js'
import { pivotCandidates } from '../src/pivots/pivot-candidates.js'
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
    const peer = sqlite.answer(kind, value)
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
    sqlite.answer(kind, value)
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
// Spelling variants per kind: the first query builds the kind's index (its time and the heap it
// adds, after a full collection), then prefixes and one-letter typos of held values.
const suggestRows: (string | number)[][] = []
const heldValues = new Map<string, string[]>()
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
  globalThis.gc?.()
  const heapBefore = process.memoryUsage().heapUsed
  let start = performance.now()
  engine.suggest({ kind, text: texts[0] as string })
  const firstUse = performance.now() - start
  globalThis.gc?.()
  const heapGrowth = process.memoryUsage().heapUsed - heapBefore
  const t: number[] = []
  let found = 0
  for (const text of texts) {
    start = performance.now()
    found += engine.suggest({ kind, text }).suggestions.length
    t.push(performance.now() - start)
  }
  suggestRows.push([
    kind,
    `${(firstUse / 1000).toFixed(1)} s`,
    `${(heapGrowth / 2 ** 20).toFixed(0)} MB`,
    texts.length,
    (found / texts.length).toFixed(1),
    ms(median(t)),
    ms(quantile(t, 0.99)),
  ])
}

/** The value with one letter dropped from its middle: a typo the index should forgive. */
function typo(value: string): string {
  const at = Math.floor(value.length / 2)
  return value.length > 4 ? value.slice(0, at) + value.slice(at + 1) : value
}

const suggestText = table(
  ['kind', 'first use', 'heap added', 'texts', 'suggestions per text', 'median ms', 'p99 ms'],
  suggestRows,
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

Spelling variants (\`engine.suggest\`, limit 10) per kind: the first query of a kind builds its
index from every live record (its time and the heap it adds), then half-prefixes and one-letter
typos of 100 held values (from the first 300 domains):

\`\`\`
${suggestText}
\`\`\`
`
console.log(body)
writeReportSection(
  'bench/reports/pivots.md',
  INTRO,
  `## ${RECORDS} records, ${3 * RECORDS} observations`,
  body,
)
