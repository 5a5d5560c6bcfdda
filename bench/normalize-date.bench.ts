/**
 * Throughput of date normalisation on the real registry strings of the shared corpus
 * (`whois_dates.jsonl` and the asyncwhois format examples), layer by layer, each next to the floor a
 * user would compare against: `Date.parse` + `toISOString` on the same strings (wrong for many
 * registry formats; its agreement with the corpus is printed too). Each run of a case times ours and
 * then the baseline on the same batch, so that both see the same machine load. Also the heap the
 * memo holds, which must stay flat however many distinct strings stream through.
 *
 * Run: `npx tsx --expose-gc bench/normalize-date.bench.ts` (without `--expose-gc` the memory
 * figures are noisier). Writes bench/reports/normalize-date.md.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { cpus, loadavg, totalmem } from 'node:os'
import { normalizeDate } from '../src/normalize/date.js'
import { parseGeneralDate } from '../src/normalize/date-general.js'
import { parseIsoDate } from '../src/normalize/date-iso.js'
import { isMonthFirstTld } from '../src/normalize/date-month-first.js'
import { realData } from '../test/helpers/real-data.js'
import { median, memoryNow, sample, table } from './lib/measure.js'

/** Strings per timed run of the fast cases; the cases through luxon time a quarter of that. */
const BATCH = 200_000
const RUNS = 9
const WARMUP = 2
/** The machine is shared: its load when the run starts goes into the report. */
const loadStart = loadavg()[0]?.toFixed(1) ?? 'unknown'
/** normalizeDate's memo capacity (CACHE_CAPACITY in src/normalize/date.ts). */
const CACHE_CAPACITY = 32_768

interface CorpusString {
  raw: string
  tld: string | undefined
  monthFirst: boolean
  expected: string | null
}

type Parse = (item: CorpusString) => string | null

function seconds(expected: string | null): string | null {
  return expected === null || expected.length === 20 ? expected : `${expected.slice(0, 19)}Z`
}

function corpusString(raw: string, tld: string | null | undefined, expected: string | null): CorpusString {
  const known = tld ?? undefined
  return {
    raw,
    tld: known,
    monthFirst: known !== undefined && isMonthFirstTld(known),
    expected: seconds(expected),
  }
}

function loadCorpus(datesPath: string, formatsPath: string | null): CorpusString[] {
  const out: CorpusString[] = []
  for (const line of readFileSync(datesPath, 'utf8').split('\n')) {
    if (line.trim().length === 0) continue
    const row = JSON.parse(line) as { raw: string; tld: string | null; expected_utc: string | null }
    out.push(corpusString(row.raw, row.tld, row.expected_utc))
  }
  if (formatsPath !== null) {
    const rows = JSON.parse(readFileSync(formatsPath, 'utf8')) as {
      raw: string
      expected_utc: string | null
    }[]
    for (const row of rows) out.push(corpusString(row.raw, undefined, row.expected_utc))
  }
  return out
}

/** A seeded shuffle (mulberry32), so that every run times the same order. */
function shuffled<T>(items: readonly T[], seed: number): T[] {
  const out = [...items]
  let state = seed >>> 0
  for (let i = out.length - 1; i > 0; i--) {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    const j = Math.floor((((t ^ (t >>> 14)) >>> 0) / 4_294_967_296) * (i + 1))
    const swap = out[i] as T
    out[i] = out[j] as T
    out[j] = swap
  }
  return out
}

/**
 * `count` items cycling through `items`, each with its own copy of the string: registry strings
 * arrive freshly parsed, and a string caches its hash once hashed, so timing a memo on the same
 * string objects again and again would skip the hashing that real input costs.
 */
function batchOf(items: readonly CorpusString[], count: number): CorpusString[] {
  return Array.from({ length: count }, (_, i) => {
    const item = items[i % items.length] as CorpusString
    return { ...item, raw: JSON.parse(JSON.stringify(item.raw)) as string }
  })
}

/** The baseline: what `Date.parse` makes of a string, in the same output format. */
function viaDateParse(raw: string): string | null {
  const ms = Date.parse(raw)
  return Number.isNaN(ms) ? null : `${new Date(ms).toISOString().slice(0, 19)}Z`
}

let sink = 0

function runOver(batch: readonly CorpusString[], parse: Parse): void {
  for (const item of batch) if (parse(item) !== null) sink++
}

/**
 * Median strings per second of `parse` and of the baseline, interleaved run by run. Each run gets a
 * fresh batch (see {@link batchOf}); the batches of a case are built before its first run.
 */
function compare(items: readonly CorpusString[], count: number, parse: Parse): [number, number] {
  const ours: number[] = []
  const floor: number[] = []
  for (let run = 0; run < RUNS + WARMUP; run++) {
    const forOurs = batchOf(items, count)
    const forFloor = batchOf(items, count)
    const oursMs = sample(() => runOver(forOurs, parse), 1, 0)[0] ?? Number.NaN
    const floorMs = sample(() => runOver(forFloor, baseline), 1, 0)[0] ?? Number.NaN
    if (run < WARMUP) continue
    ours.push(oursMs)
    floor.push(floorMs)
  }
  return [count / (median(ours) / 1000), count / (median(floor) / 1000)]
}

function agreement(items: readonly CorpusString[], parse: Parse): string {
  let same = 0
  for (const item of items) if (parse(item) === item.expected) same++
  return `${((100 * same) / items.length).toFixed(1)}%`
}

const normalize: Parse = (item) => normalizeDate(item.raw, item.tld === undefined ? {} : { tld: item.tld })
const general: Parse = (item) => parseGeneralDate(item.raw, item.monthFirst)
const baseline: Parse = (item) => viaDateParse(item.raw)

/**
 * Distinct non-ISO strings of the `13-Aug-2019 12:54:22 UTC` family, each on its own day, so that
 * they fill both memos (whole strings and calendar dates).
 */
function syntheticGeneral(i: number): string {
  const date = new Date(Date.UTC(1900, 0, 1) + i * 86_400_000 + (i % 86_400) * 1000)
  const utc = date.toUTCString() // 'Tue, 13 Aug 2019 12:54:22 GMT'
  return `${utc.slice(5, 7)}-${utc.slice(8, 11)}-${utc.slice(12, 16)} ${utc.slice(17, 25)} UTC`
}

/** Heap growth (MB) while `count` distinct non-ISO strings stream through normalizeDate and its memo. */
function streamGrowth(from: number, count: number): number {
  const before = memoryNow().heapUsed
  for (let i = 0; i < count; i++) if (normalizeDate(syntheticGeneral(from + i)) !== null) sink++
  return (memoryNow().heapUsed - before) / 2 ** 20
}

const datesPath = realData('whois_dates.jsonl')
if (datesPath === null) {
  console.log('normalize-date bench: the shared real-data folder is absent, nothing to measure')
  process.exit(0)
}

// Memory first, on a clean heap and empty memos. Both counts leave each memo holding
// CACHE_CAPACITY - 1 entries (it clears itself on reaching CACHE_CAPACITY): the first growth is the
// memos' size, the second, after 30 times as many strings, must be about zero.
const filled = CACHE_CAPACITY - 1
const growthOnce = streamGrowth(0, filled)
const growthLong = streamGrowth(filled, 30 * CACHE_CAPACITY)
console.log('Memory')
const memoryTable = table(
  ['measure', 'MB'],
  [
    [`heap growth, ${filled} distinct non-ISO strings (both memos full)`, growthOnce],
    [`heap growth, ${30 * CACHE_CAPACITY} more distinct strings (both memos full again)`, growthLong],
  ],
)

const corpus = loadCorpus(datesPath, realData('whois_date_formats_asyncwhois.json'))
const isoStrings = corpus.filter((item) => parseIsoDate(item.raw) !== undefined)
const generalStrings = corpus.filter((item) => parseIsoDate(item.raw) === undefined)

interface Case {
  name: string
  items: readonly CorpusString[]
  count: number
  parse: Parse
}

/**
 * Distinct non-ISO strings in four corpus families, one a day from 1900 on. Cycling through three
 * times the memo capacity misses both memos on every string (each was cleared out long before it
 * comes round again), so luxon reads every calendar date.
 */
function everyDateNew(count: number): CorpusString[] {
  const out: CorpusString[] = []
  for (let i = 0; i < count; i++) {
    const date = new Date(Date.UTC(1900, 0, 1) + i * 86_400_000 + (i % 86_400) * 1000)
    const iso = date.toISOString()
    const [y, m, d, time] = [iso.slice(0, 4), iso.slice(5, 7), iso.slice(8, 10), iso.slice(11, 19)]
    const month = date.toUTCString().slice(8, 11)
    const weekday = date.toUTCString().slice(0, 3)
    const raw = [
      `${d}-${month}-${y} ${time} UTC`,
      `${d}.${m}.${y} ${time}`,
      `${y}/${m}/${d} ${time} (GMT+0:00)`,
      `${weekday} ${month} ${d} ${time} GMT ${y}`,
    ][i % 4] as string
    out.push(corpusString(raw, undefined, `${iso.slice(0, 19)}Z`))
  }
  return out
}

const cases: Case[] = [
  { name: 'ISO fast path (normalizeDate)', items: shuffled(isoStrings, 1), count: BATCH, parse: normalize },
  {
    name: 'mixed corpus, memos warm (normalizeDate)',
    items: shuffled(corpus, 2),
    count: BATCH,
    parse: normalize,
  },
  {
    name: 'non-ISO corpus, string memo hits (normalizeDate)',
    items: shuffled(generalStrings, 3),
    count: BATCH,
    parse: normalize,
  },
  {
    name: 'non-ISO corpus, general parser, date memo warm',
    items: shuffled(generalStrings, 4),
    count: BATCH / 4,
    parse: general,
  },
  {
    name: 'non-ISO, every date new: luxon on each (normalizeDate)',
    items: everyDateNew(3 * CACHE_CAPACITY),
    count: 3 * CACHE_CAPACITY,
    parse: normalize,
  },
]

const rows: (string | number)[][] = []
for (const c of cases) {
  const [ours, floor] = compare(c.items, c.count, c.parse)
  rows.push([
    c.name,
    c.items.length,
    ours,
    floor,
    `${(ours / floor).toFixed(2)}x`,
    agreement(c.items, c.parse),
    agreement(c.items, baseline),
  ])
}
console.log(`\nThroughput (median of ${RUNS} interleaved runs)`)
const throughputTable = table(
  ['case', 'corpus', 'strings/s', 'Date.parse strings/s', 'ratio', 'agree', 'Date.parse agrees'],
  rows,
)

const cpu = cpus()[0]?.model ?? 'unknown cpu'
const report = `# normalize-date benchmark

- Machine: ${cpu}, ${cpus().length} cores (shared with other jobs; load average ${loadStart} at start),
  ${(totalmem() / 2 ** 30).toFixed(1)} GiB, Node ${process.version}
- Date: ${new Date().toISOString()}
- Command: \`npx tsx --expose-gc bench/normalize-date.bench.ts\`
- Data: the shared real corpus (${corpus.length} strings: whois_dates.jsonl and the asyncwhois
  examples), of which ${isoStrings.length} take the ISO fast path. A run parses ${BATCH} strings cycling
  through a case's strings in a seeded shuffled order (${BATCH / 4} for the cases through luxon), each a
  fresh string object as freshly parsed input would be.
- Baseline: \`Date.parse\` + \`toISOString\` on the same strings, timed right after ours in every run
  ("ratio" = ours / baseline). "corpus": the case's strings; "agree": share of them whose result equals the
  corpus's expected instant truncated to the second (null for the approximate dates); ours differs only on
  the two asyncwhois strings the corpus marks null and domindex reads by RFC 3339 / RFC 9557.

## Throughput (median of ${RUNS} runs after ${WARMUP} warm-up runs)

\`\`\`
${throughputTable}
\`\`\`

## Memory of the two memos (${CACHE_CAPACITY} entries each, cleared when full)

\`\`\`
${memoryTable}
\`\`\`
`
mkdirSync(new URL('./reports/', import.meta.url), { recursive: true })
writeFileSync(new URL('./reports/normalize-date.md', import.meta.url), report)
console.log(`\nwrote bench/reports/normalize-date.md (checksum ${sink})`)
