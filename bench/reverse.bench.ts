/**
 * Reverse WHOIS search (SPEC 5) per query family on a generated corpus, next to the baseline a user
 * would otherwise write: a linear scan of the same records in the same process, matching each one
 * with the brute-force rules of test/reverse/reference.ts. Every family is timed on the full path
 * the engine runs (parse → search → envelope of page 0); the scan answers the same query (count and
 * first page) and its count must agree. Query terms are picked from the generated data, so each
 * family returns a realistic number of matches (printed).
 *
 * Run: `npx tsx bench/reverse.bench.ts [--records N] [--runs R]` (default 1,000,000 records, 30 timed
 * runs per family, 3 for the scan). A million generated records need a heap of about 8 GB: prefix
 * `NODE_OPTIONS=--max-old-space-size=12000`. Writes bench/reports/reverse.md.
 */

import { mkdirSync, writeFileSync } from 'node:fs'
import { cpus, loadavg, totalmem } from 'node:os'
import { parseArgs } from 'node:util'
import { setFlagsFromString } from 'node:v8'
import { runInNewContext } from 'node:vm'
import { resultOrder } from '../src/collect/order.js'
import { envelope } from '../src/collect/page.js'
import { generateWhois } from '../src/generate/whois.js'
import { ReverseIndex } from '../src/indexes/reverse/reverse-index.js'
import { normalizeDate } from '../src/normalize/date.js'
import { normalizeHost } from '../src/normalize/host.js'
import { matchReverse } from '../src/query/reverse/planner.js'
import { parseReverseParams } from '../src/query/reverse-params.js'
import type { Envelope, Params, WhoisRecord } from '../src/types.js'
import { referenceMatch } from '../test/reverse/reference.js'
import { median, memoryNow, quantile, sample, table } from './lib/measure.js'
import { reverseFamilies } from './lib/reverse-families.js'

const { values } = parseArgs({ options: { records: { type: 'string' }, runs: { type: 'string' } } })
const RECORDS = Number(values.records ?? 1_000_000)
const RUNS = Number(values.runs ?? 30)
const SCAN_RUNS = 3

// memoryNow() collects garbage when `gc` is exposed; expose it without asking for a node flag.
if ((globalThis as { gc?: unknown }).gc === undefined) {
  setFlagsFromString('--expose-gc')
  ;(globalThis as { gc?: unknown }).gc = runInNewContext('gc')
}

/** The generated records with their `_norm` dates (as the loader adds them), in result order. */
function corpus(count: number): WhoisRecord[] {
  const records: WhoisRecord[] = []
  const keys: string[] = []
  for (const record of generateWhois({ count, seed: 1 })) {
    const domain = record.domain ?? {}
    const host = normalizeHost(String(domain.name))
    if (!host.ok) throw new Error(`generated domain ${domain.name} is not a host`)
    const tld = host.host.slice(host.host.lastIndexOf('.') + 1)
    for (const field of Object.keys(domain)) {
      const raw = domain[field]
      if (
        typeof raw === 'string' &&
        (field === 'created' || field === 'updated' || field === 'expires' || field.endsWith('_date'))
      ) {
        domain[`${field}_norm`] = normalizeDate(raw, { tld })
      }
    }
    // Through JSON, as the loader delivers records: flat strings, no structure shared between records.
    records.push(JSON.parse(JSON.stringify(record)) as WhoisRecord)
    keys.push(host.host)
  }
  return Array.from(resultOrder(records, keys), (i) => records[i] as WhoisRecord)
}

function scan(records: readonly WhoisRecord[], params: Params): Envelope<WhoisRecord> {
  const matches: WhoisRecord[] = []
  for (const record of records) if (referenceMatch(record, params)) matches.push(record)
  return envelope(matches.length, 0, (i) => matches[i] as WhoisRecord)
}

const started = performance.now()
const records = corpus(RECORDS)
console.log(
  `generated and normalised ${RECORDS} records in ${((performance.now() - started) / 1000).toFixed(1)} s`,
)

const before = memoryNow()
const t0 = performance.now()
const cpu0 = process.cpuUsage()
const index = ReverseIndex.build(records)
const cpu = process.cpuUsage(cpu0)
const buildMs = performance.now() - t0
const buildCpuMs = (cpu.user + cpu.system) / 1000
const after = memoryNow()
const bytesPerRecord = (after.heapUsed + after.external - before.heapUsed - before.external) / RECORDS
console.log(
  `built in ${(buildMs / 1000).toFixed(2)} s (${(buildCpuMs / 1000).toFixed(2)} s CPU), ${bytesPerRecord.toFixed(0)} bytes per record`,
)

/** Bytes of the typed arrays in a plain-data state. */
function bytesOf(state: unknown): number {
  if (ArrayBuffer.isView(state)) return state.byteLength
  if (state === null || typeof state !== 'object') return 0
  return Object.values(state).reduce((sum: number, part) => sum + bytesOf(part), 0)
}
const structures = Object.entries(index.state)
  .filter(([, part]) => typeof part === 'object')
  .map(([name, part]) => `${name} ${(bytesOf(part) / RECORDS).toFixed(0)}`)
  .join(', ')
console.log(`typed arrays per record: ${structures}`)

const rows: (string | number)[][] = []
for (const [family, params] of reverseFamilies(records)) {
  const search = (): Envelope<WhoisRecord> => {
    const query = parseReverseParams(params)
    const docs = matchReverse(index, query)
    return envelope(docs.length, query.page, (i) => records[docs.at(i)] as WhoisRecord)
  }
  const got = search()
  const times = sample(search, RUNS, 3)
  let want: Envelope<WhoisRecord> | undefined
  const scanTimes = sample(
    () => {
      want = scan(records, params)
    },
    SCAN_RUNS,
    0,
  )
  if (want?.result_count !== got.result_count || want.results.some((r, i) => r !== got.results[i])) {
    throw new Error(`${family}: index found ${got.result_count}, scan ${want?.result_count}`)
  }
  rows.push([
    family,
    JSON.stringify(params),
    got.result_count,
    median(times),
    quantile(times, 0.99),
    median(scanTimes),
    `${(median(scanTimes) / median(times)).toFixed(0)}×`,
  ])
  console.log(`${family}: ${got.result_count} results, ${median(times).toFixed(2)} ms`)
}

const header = ['family', 'query', 'results', 'median ms', 'p99 ms', 'scan median ms', 'speed-up']
const text = table(header, rows)
const machine = `${cpus()[0]?.model ?? 'unknown CPU'}, ${cpus().length} cores, ${(totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}`
const report = `# Reverse search benchmark

- Date: ${new Date().toISOString()}
- Machine: ${machine}
- Command: \`npx tsx bench/reverse.bench.ts --records ${RECORDS} --runs ${RUNS}\`
- Corpus: ${RECORDS} generated WHOIS records (seed 1) with \`_norm\` dates from normalizeDate, passed through JSON.stringify/JSON.parse as the loader delivers them, in result order
- Build: ${(buildMs / 1000).toFixed(2)} s wall, ${(buildCpuMs / 1000).toFixed(2)} s CPU (1-minute load average ${loadavg()[0]?.toFixed(1)} on ${cpus().length} cores at the end); index memory ${bytesPerRecord.toFixed(0)} bytes per record (heap + external delta after GC);
  typed arrays in bytes per record: ${structures}
- Timed: parse → search → envelope of page 0, ${RUNS} runs after 3 warm-ups (p99 is the slowest run at 30 runs);
  the scan checks every record with the brute-force reference (test/reverse/reference.ts), ${SCAN_RUNS} runs

\`\`\`
${text}
\`\`\`
`
mkdirSync(new URL('./reports/', import.meta.url), { recursive: true })
writeFileSync(new URL('./reports/reverse.md', import.meta.url), report)
