/**
 * DNS MX/TXT search (SPEC 6) on a generated corpus (default 3,000,000 observations over 1,000,000
 * apexes, seed 1), each query family timed through `parseDnsParams` + `DnsIndex.search` next to
 * the baseline a user would write: a linear scan over the same observation objects, pre-sorted in
 * result order (so the scan pays for matching only, not for sorting), applying the same rules.
 * The scans run first, while the objects exist; then the objects are dropped (as a loader drops
 * them once the index is built) and each family checks that the index gives the scan's answer
 * (count and first page, or the whole summary) before it is timed.
 *
 * Run: `npx tsx --expose-gc bench/dns.bench.ts [--observations N] [--apexes A] [--runs R]`. The
 * observations are held as objects for the scan (about 1.6 KB each), so when the heap limit is too
 * small the script runs itself again with a larger `--max-old-space-size`.
 * Writes bench/reports/dns.md.
 */

import { spawnSync } from 'node:child_process'
import { mkdirSync, writeFileSync } from 'node:fs'
import { cpus, loadavg, totalmem } from 'node:os'
import { parseArgs } from 'node:util'
import { getHeapStatistics } from 'node:v8'
import { generateObservations } from '../src/generate/observations.js'
import { DnsIndex } from '../src/indexes/dns/dns-index.js'
import { StringIds } from '../src/indexes/string-ids.js'
import { parseDnsParams } from '../src/query/dns-params.js'
import { searchDnsIndex } from '../src/segments/dns-search.js'
import type { DnsKind, Envelope, Observation, Params, SummaryResponse } from '../src/types.js'
import { type DnsFamily, dnsFamilies, sampleApexes, scanFamily } from './lib/dns-families.js'
import { median, memoryNow, quantile, table } from './lib/measure.js'

const { values: args } = parseArgs({
  options: {
    observations: { type: 'string' },
    apexes: { type: 'string' },
    runs: { type: 'string' },
    // Set when the script runs itself again with a larger heap.
    child: { type: 'boolean' },
  },
})
const COUNT = Number(args.observations ?? 3_000_000)
const APEXES = Number(args.apexes ?? Math.max(1, Math.round(COUNT / 3)))
const RUNS = Number(args.runs ?? 20)
const SCAN_RUNS = 3
const HOST_QUERIES = 200

// Objects ~1.6 KB, the index ~0.3 KB, the JSON round trip's garbage: ~2.5 KB an observation.
const heapMb = Math.ceil((COUNT * 2500) / 2 ** 20) + 1536
if (getHeapStatistics().heap_size_limit / 2 ** 20 < heapMb && args.child !== true) {
  const script = process.argv[1] as string
  const child = spawnSync(
    process.execPath,
    [
      ...process.execArgv,
      `--max-old-space-size=${heapMb}`,
      '--expose-gc',
      script,
      ...process.argv.slice(2),
      '--child',
    ],
    { stdio: 'inherit' },
  )
  process.exit(child.status ?? 1)
}

const load = loadavg()[0] ?? 0
const initial = memoryNow()
const byKind: Record<DnsKind, Observation[]> = { mx: [], txt: [] }
let started = performance.now()
for (const generated of generateObservations({ apexes: APEXES, count: COUNT, seed: 1 })) {
  // As the loader hands observations over: flat strings from JSON.parse, not the generator's
  // concatenated ones (hashing a concatenation flattens it first, which would slow the build).
  const o = JSON.parse(JSON.stringify(generated)) as Observation
  const kind = o.items.some((it) => it.context === 'dns-mx') || o.id.startsWith('mx-') ? 'mx' : 'txt'
  byKind[kind].push(o)
}
const generateMs = performance.now() - started
const mxCount = byKind.mx.length
const txtCount = byKind.txt.length
console.log(
  `generated ${COUNT} observations (${mxCount} MX, ${txtCount} TXT) in ${(generateMs / 1000).toFixed(1)} s`,
)

const before = memoryNow()
started = performance.now()
const indexes: Record<DnsKind, DnsIndex> = {
  mx: DnsIndex.build('mx', byKind.mx),
  txt: DnsIndex.build('txt', byKind.txt),
}
const buildMs = performance.now() - started
const after = memoryNow()
console.log(`built both indexes in ${(buildMs / 1000).toFixed(1)} s`)

// The bytes the state holds: typed arrays exactly; strings as characters + ~16 bytes of header,
// each distinct text once (the tables share string objects: a host key is often its value).
let typedBytes = 0
let stringBytes = 0
const texts = new StringIds()
for (const { state } of Object.values(indexes)) {
  for (const value of Object.values(state)) {
    if (ArrayBuffer.isView(value)) typedBytes += value.byteLength
    else if (Array.isArray(value) && typeof value[0] === 'string') {
      for (const s of value as string[]) {
        if (texts.get(s) >= 0) continue
        texts.intern(s)
        stringBytes += s.length + 16
      }
    }
  }
}

// The baseline's view: each kind in result order (date descending, id ascending), sorted once.
for (const list of Object.values(byKind)) {
  list.sort((a, b) => (a.date < b.date ? 1 : a.date > b.date ? -1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
}

interface Family extends DnsFamily {
  /** The scan answering params[i]. */
  scan: (i: number) => Envelope<Observation> | SummaryResponse
}

const families: Family[] = dnsFamilies(sampleApexes(byKind.mx, HOST_QUERIES)).map((family) => ({
  ...family,
  scan: (i: number) => scanFamily(family, byKind[family.kind], i),
}))

const search = (kind: DnsKind, params: Params) => searchDnsIndex(indexes[kind], parseDnsParams(kind, params))
const answerOf = (r: Envelope<Observation> | SummaryResponse) =>
  'summary' in r ? JSON.stringify(r) : JSON.stringify([r.result_count, r.pages, r.results.map((o) => o.id)])
const matchesOf = (r: Envelope<Observation> | SummaryResponse) =>
  'summary' in r ? Object.values(r.summary.values).reduce((a, b) => a + b, r.summary.other) : r.result_count

// Phase 1: the scans, while the observation objects exist; their answers are kept for checking.
const scanTimes = new Map<Family, number[]>()
const expected = new Map<string, string>()
for (const family of families) {
  const times: number[] = []
  for (let run = 0; run < SCAN_RUNS; run++) {
    const i = run % family.params.length
    const t0 = performance.now()
    const answer = family.scan(i)
    times.push(performance.now() - t0)
    expected.set(`${family.name}#${i}`, answerOf(answer))
  }
  scanTimes.set(family, times)
  console.log(`${family.name}: scan ${median(times).toFixed(0)} ms`)
}

// Phase 2: the index alone, as a user holds it once the loader's objects are gone. With the
// objects still held, each full collection (brought on by the queries' array buffers) would mark
// ~5 GB of them: seconds that belong to the scan's data, not to the index.
for (const list of Object.values(byKind)) list.length = 0
const held = memoryNow()
const header = ['family', 'kind', 'matches', 'index median ms', 'index p99 ms', 'scan median ms', 'speed-up']
const rows: (string | number)[][] = []
for (const family of families) {
  for (let run = 0; run < SCAN_RUNS; run++) {
    const i = run % family.params.length
    if (answerOf(search(family.kind, family.params[i] as Params)) !== expected.get(`${family.name}#${i}`)) {
      throw new Error(
        `${family.name}: the index and the scan disagree on ${JSON.stringify(family.params[i])}`,
      )
    }
  }
  const times: number[] = []
  const rounds = family.params.length > 1 ? 1 : RUNS
  search(family.kind, family.params[0] as Params)
  for (let r = 0; r < rounds; r++) {
    for (const params of family.params) {
      const t0 = performance.now()
      search(family.kind, params)
      times.push(performance.now() - t0)
    }
  }
  const matches = matchesOf(search(family.kind, family.params[0] as Params))
  const ours = median(times)
  const scan = median(scanTimes.get(family) ?? [])
  rows.push([
    family.name,
    family.kind,
    String(matches),
    ours,
    quantile(times, 0.99),
    scan,
    `${(scan / ours).toFixed(0)}x`,
  ])
  console.log(`${family.name}: ${ours.toFixed(3)} ms (scan ${scan.toFixed(0)} ms), ${matches} matches`)
}
console.log()
const text = table(header, rows)

const perObservation = (bytes: number) => (bytes / COUNT).toFixed(0)
const heapGrowth = after.heapUsed + after.external - before.heapUsed - before.external
const heapHeld = held.heapUsed + held.external - initial.heapUsed - initial.external
const cpu = cpus()[0]?.model ?? 'unknown cpu'
const report = `# DNS search benchmark

- Machine: ${cpu}, ${cpus().length} cores (shared with other jobs; 1-minute load ${load.toFixed(1)} at the start), ${(totalmem() / 2 ** 30).toFixed(1)} GiB, Node ${process.version}
- Date: ${new Date().toISOString()}
- Command: \`npx tsx --expose-gc bench/dns.bench.ts --observations ${COUNT} --apexes ${APEXES} --runs ${RUNS}\`
- Data: \`generateObservations({ apexes: ${APEXES}, count: ${COUNT}, seed: 1 })\`: ${mxCount} MX and
  ${txtCount} TXT observations, each passed through JSON.stringify/JSON.parse as a loader would
  deliver it (generated in ${(generateMs / 1000).toFixed(1)} s).
- Build: both indexes in ${(buildMs / 1000).toFixed(1)} s (${(COUNT / (buildMs / 1000) / 1000).toFixed(0)}k observations/s).
- Memory per observation: ${perObservation(typedBytes)} bytes of typed arrays + ${perObservation(stringBytes)} bytes of
  strings (each distinct text once, characters + 16 bytes) held by the index state. Heap + array
  buffers: +${perObservation(heapGrowth)} bytes an observation during the build (the input objects, still held,
  share their strings with the index); ${perObservation(heapHeld)} bytes an observation held once the input is
  dropped (both indexes and the bench's own small arrays, against the heap before generating).
- Timing: each family through \`parseDnsParams\` + \`DnsIndex.search\` (a page of 100 rebuilt observations, or
  the summary), after the input objects are dropped as a loader drops them: median and p99 of ${RUNS} runs
  (the host family: one run each of ${HOST_QUERIES} apexes sampled from the corpus). Baseline: a linear scan
  over the observation objects pre-sorted in result order, same rules (host keys, label-aligned suffixes,
  tokens), median of ${SCAN_RUNS} runs, timed first in the same process; the index gave the same count and first
  page (or the same summary) as the scan for every query scanned. "matches" counts matching observations, or
  for a summary the sum of its counts (values + other).
- Goals: at least 100x the scan; a summary over a million observations under 100 ms.

\`\`\`
${text}
\`\`\`
`
mkdirSync(new URL('./reports/', import.meta.url), { recursive: true })
writeFileSync(new URL('./reports/dns.md', import.meta.url), report)
console.log('\nwrote bench/reports/dns.md')
