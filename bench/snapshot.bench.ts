/**
 * Snapshots on disk (SPEC 10) on a generated corpus (default 100,000 WHOIS records and 300,000
 * observations, half MX and half TXT, seed 1, from `writeSample`): build time, save time, open
 * time and its ratio to the build (goal: open at least 20x faster), file size, the share of the
 * open spent verifying checksums, and memory per record after a build against after an open.
 * Separately, the packed record store against the array of loaded record objects it replaced:
 * bytes per record and the cost of decoding a page of 100 records.
 *
 * Each measurement runs in a fresh child process (`--phase`), so that one phase's garbage and
 * caches never count in another's memory. Run: `npx tsx bench/snapshot.bench.ts [--records N]
 * [--runs R]` (the children get `--expose-gc`). Writes bench/reports/snapshot.md.
 */
import { spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, statSync, writeFileSync } from 'node:fs'
import { open, rm } from 'node:fs/promises'
import { cpus, loadavg, tmpdir, totalmem } from 'node:os'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { Engine } from '../src/engine.js'
import { writeSample } from '../src/generate/write-sample.js'
import { RecordStore } from '../src/indexes/record-store.js'
import { loadSources } from '../src/ingest/load.js'
import { crc32 } from '../src/snapshot/crc32.js'
import type { Sources } from '../src/types.js'
import { type Memory, median, memoryGrowth, memoryNow, table } from './lib/measure.js'

const { values: args } = parseArgs({
  options: {
    records: { type: 'string' },
    runs: { type: 'string' },
    phase: { type: 'string' },
    dir: { type: 'string' },
  },
})
const RECORDS = Number(args.records ?? 100_000)
const RUNS = Number(args.runs ?? 5)
const SEED = 1

function sources(dir: string): Sources {
  return {
    whois: [join(dir, 'whois.jsonl')],
    dns: [
      { path: join(dir, 'dns-mx.jsonl'), kind: 'mx' },
      { path: join(dir, 'dns-txt.jsonl'), kind: 'txt' },
    ],
  }
}

/** Builds and saves; memory is measured while the built engine is held. */
async function buildPhase(dir: string): Promise<object> {
  const base = memoryNow()
  const t0 = performance.now()
  const engine = await Engine.build(sources(dir))
  const buildMs = performance.now() - t0
  const held = memoryGrowth(memoryNow(), base)
  const path = join(dir, 'corpus.dmx')
  const t1 = performance.now()
  await engine.save(path)
  const saveMs = performance.now() - t1
  const check = await Engine.open(path)
  const probe = { phrase: 'holdings', page: 3 }
  if (JSON.stringify(check.reverse(probe)) !== JSON.stringify(engine.reverse(probe))) {
    throw new Error('the opened snapshot answers differently')
  }
  return { buildMs, saveMs, held, fileBytes: statSync(path).size, counts: engine.stats().counts }
}

/** Opens `runs` times (the median is reported) and measures memory holding the first engine. */
async function openPhase(dir: string): Promise<object> {
  const path = join(dir, 'corpus.dmx')
  const base = memoryNow()
  const t0 = performance.now()
  const engine = await Engine.open(path)
  const firstMs = performance.now() - t0
  const held = memoryGrowth(memoryNow(), base)
  const times = [firstMs]
  for (let i = 1; i < RUNS; i++) {
    const t = performance.now()
    await Engine.open(path)
    times.push(performance.now() - t)
  }
  // The checksum share: CRC-32 over every byte of the file, read as open reads it.
  const handle = await open(path, 'r')
  const bytes = new Uint8Array(statSync(path).size)
  await handle.read(bytes, 0, bytes.length, 0)
  await handle.close()
  const crcTimes = Array.from({ length: RUNS }, () => {
    const t = performance.now()
    crc32(bytes, 0)
    return performance.now() - t
  })
  return { openMs: median(times), held, crcMs: median(crcTimes), whois: engine.stats().counts.whois }
}

/** The loaded record objects against the packed store, and a page of 100 decoded. */
async function recordsPhase(dir: string): Promise<object> {
  const base = memoryNow()
  const loaded = await loadSources({ whois: [join(dir, 'whois.jsonl')], dns: [] })
  const { records, keys } = loaded.whois
  const objects = memoryGrowth(memoryNow(), base)
  const t0 = performance.now()
  const store = RecordStore.build(records, keys)
  const packMs = performance.now() - t0
  const { chunks, ends, domains } = store.state
  const packedBytes = chunks.reduce((n, c) => n + c.byteLength, 0)
  const dictionaryBytes =
    domains.bytes.byteLength +
    (domains.starts as Uint32Array).byteLength +
    (domains.slots as Uint32Array).byteLength
  const pages = Array.from({ length: 200 }, (_, i) =>
    Math.floor((i * 7919) % Math.max(1, records.length - 100)),
  )
  let sink = 0
  const page = (first: number): void => {
    for (let doc = first; doc < first + 100 && doc < store.size; doc++)
      sink += Object.keys(store.get(doc)).length
  }
  for (const first of pages.slice(0, 20)) page(first)
  const pageTimes = pages.map((first) => {
    const t = performance.now()
    page(first)
    return performance.now() - t
  })
  return {
    n: records.length,
    objectsHeap: objects.heapUsed,
    packedBytes,
    endsBytes: (ends as Uint32Array).byteLength,
    dictionaryBytes,
    structures: Math.max(0, ...store.state.codecs.map((codec) => codec.length)),
    packMs,
    pageMs: median(pageTimes),
    sink,
  }
}

function runPhase(phase: string, dir: string): Record<string, unknown> {
  const child = spawnSync(
    process.execPath,
    [
      ...process.execArgv,
      '--expose-gc',
      process.argv[1] as string,
      ...process.argv.slice(2),
      '--phase',
      phase,
      '--dir',
      dir,
    ],
    { stdio: ['ignore', 'pipe', 'inherit'], encoding: 'utf8', maxBuffer: 1 << 26 },
  )
  if (child.status !== 0) throw new Error(`phase ${phase} failed with status ${child.status}`)
  // The phase's answer is its last JSON line; anything printed before it is ignored.
  const line = child.stdout
    .trimEnd()
    .split('\n')
    .reverse()
    .find((l) => l.startsWith('{'))
  if (line === undefined) throw new Error(`phase ${phase} printed no result`)
  return JSON.parse(line) as Record<string, unknown>
}

if (args.phase !== undefined) {
  const dir = args.dir as string
  const phases: Record<string, (dir: string) => Promise<object>> = {
    build: buildPhase,
    open: openPhase,
    records: recordsPhase,
  }
  const run = phases[args.phase]
  if (run === undefined) throw new Error(`unknown phase ${args.phase}`)
  console.log(JSON.stringify(await run(dir)))
} else {
  const dir = join(tmpdir(), `domindex-bench-snapshot-${RECORDS}-${SEED}`)
  const load = loadavg()[0] ?? 0
  if (!existsSync(join(dir, 'dns-txt.jsonl'))) {
    console.log(`generating ${RECORDS} WHOIS records and ${3 * RECORDS} observations in ${dir}`)
    await writeSample({ whois: RECORDS, dns: 3 * RECORDS, seed: SEED, out: dir })
  }
  const build = runPhase('build', dir) as {
    buildMs: number
    saveMs: number
    held: Memory
    fileBytes: number
    counts: { whois: number; mx: number; txt: number }
  }
  const opened = runPhase('open', dir) as { openMs: number; held: Memory; crcMs: number }
  const rec = runPhase('records', dir) as {
    n: number
    objectsHeap: number
    packedBytes: number
    endsBytes: number
    dictionaryBytes: number
    structures: number
    packMs: number
    pageMs: number
  }
  await rm(join(dir, 'corpus.dmx'), { force: true })
  const n = build.counts.whois
  const perRecord = (bytes: number): number => bytes / n
  const mib = (bytes: number): string => `${(bytes / 2 ** 20).toFixed(1)} MiB`
  const rows: (string | number)[][] = [
    [
      'build',
      build.buildMs,
      '',
      mib(build.held.rss),
      perRecord(build.held.rss),
      perRecord(build.held.heapUsed + build.held.external),
    ],
    ['save', build.saveMs, '', '', '', ''],
    [
      'open',
      opened.openMs,
      `${(build.buildMs / opened.openMs).toFixed(1)}x faster`,
      mib(opened.held.rss),
      perRecord(opened.held.rss),
      perRecord(opened.held.heapUsed + opened.held.external),
    ],
    [
      '  of which CRC-32 of every byte',
      opened.crcMs,
      `${((100 * opened.crcMs) / opened.openMs).toFixed(0)}% of open`,
      '',
      '',
      '',
    ],
  ]
  const header = ['step', 'ms', 'vs build', 'rss held', 'rss B/record', 'heap+ext B/record']
  console.log()
  const text = table(header, rows)
  const recordRows: (string | number)[][] = [
    ['loaded objects (before)', rec.objectsHeap / rec.n, 'array read'],
    ['packed store (after), records only', rec.packedBytes / rec.n, `${(rec.pageMs * 1000).toFixed(0)} µs`],
    [
      'packed store + offsets + dictionary',
      (rec.packedBytes + rec.endsBytes + rec.dictionaryBytes) / rec.n,
      '',
    ],
  ]
  console.log()
  const recordText = table(['record store', 'bytes/record', 'page of 100 decoded'], recordRows)
  const machine = `${cpus()[0]?.model ?? 'unknown CPU'}, ${cpus().length} cores (shared; 1-minute load ${load.toFixed(1)} at the start), ${(totalmem() / 2 ** 30).toFixed(1)} GiB, Node ${process.version}`
  const report = `# Snapshot benchmark

- Machine: ${machine}
- Date: ${new Date().toISOString()}
- Command: \`npx tsx bench/snapshot.bench.ts --records ${RECORDS} --runs ${RUNS}\`
- Data: \`writeSample({ whois: ${RECORDS}, dns: ${3 * RECORDS}, seed: ${SEED} })\`: ${build.counts.whois} WHOIS records,
  ${build.counts.mx} MX and ${build.counts.txt} TXT observations.
- Each step runs in a fresh process with \`--expose-gc\`; memory is the growth from the process's
  start to after the step (forced collection), holding the engine. Open: median of ${RUNS} opens,
  the CRC-32 of every section read at open verified (those left on disk, SPEC 16, are verified on
  their first read); the CRC-32 line times a pass over every byte of the file, for scale.
- Snapshot file: ${mib(build.fileBytes)} (${(build.fileBytes / n).toFixed(0)} bytes a WHOIS record, observations included).
- Goal: open at least 20x faster than the build: ${(build.buildMs / opened.openMs).toFixed(1)}x.

\`\`\`
${text}
\`\`\`

Record store, WHOIS records only (${rec.n} records, ${rec.structures} msgpackr shared structures,
packed in ${(rec.packMs / 1000).toFixed(1)} s = ${((1000 * rec.packMs) / rec.n).toFixed(1)} µs a record): heap growth of the loaded record objects
against the packed bytes; a page is 100 consecutive records decoded (median of 200 pages).

\`\`\`
${recordText}
\`\`\`
`
  mkdirSync('bench/reports', { recursive: true })
  writeFileSync('bench/reports/snapshot.md', report)
  console.log('\nwrote bench/reports/snapshot.md')
}
