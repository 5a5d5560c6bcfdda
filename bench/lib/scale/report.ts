/**
 * The scale benchmark's section of one scale: data, each step's outcome, build and memory costs,
 * the peers' builds, every family against the peers with ratios, agreement, and the goals met or
 * missed. The section ends with its figures for the growth tables (growth.ts).
 */

import { table } from '../measure.js'
import { agreement, type FamilyResult, stats } from './answers.js'
import { bytes, count, MIB, ms, ratio, seconds } from './format.js'
import { dataComment, project } from './growth.js'
import type { PeerResult } from './peer-steps.js'
import {
  type FamilyRow,
  familyRows,
  matches,
  type ScaleRun,
  STEPS,
  type StepName,
  type StepRecord,
  sameQuery,
} from './scale-run.js'

function stepLine(name: StepName, record: StepRecord | undefined): string[] {
  if (record === undefined) return [name, '', 'not reached', '', '']
  if ('skipped' in record) return [name, '', `skipped: ${record.skipped}`, '', '']
  const peak = record.ok ? (record.result as { maxRss?: number }).maxRss : undefined
  return [
    name,
    seconds(record.ms),
    record.ok
      ? record.reused === undefined
        ? 'ok'
        : `ok (reused from the run of ${record.reused})`
      : `FAILED: ${record.failure.reason}`,
    peak === undefined ? '' : bytes(peak),
    record.load.toFixed(1),
  ]
}

function peerCell(peer: FamilyResult | undefined, ours: FamilyResult | undefined, same: boolean): string[] {
  if (peer === undefined) return ['', '', '']
  if (peer.unanswered !== undefined) return ['n/a', '', '']
  const theirs = stats(peer.times)
  const mark = same ? '' : ' †'
  return [
    ms(theirs.median),
    ms(theirs.p99),
    `${ratio(theirs.median, stats(ours?.times ?? []).median)}${mark}`,
  ]
}

function agreementCell(peer: FamilyResult | undefined, ours: FamilyResult | undefined): string {
  if (peer === undefined) return 'not run'
  if (peer.unanswered !== undefined) return 'n/a'
  if (ours === undefined) return '?'
  const checked = peer.answers.length
  const verdict = agreement(peer.answers, ours.answers)
  return checked > 1 ? `${verdict} (${checked} queries)` : verdict
}

/** The goals of the issue, met or missed, at this scale. */
function goalLines(run: ScaleRun, rows: readonly FamilyRow[], totalMem: number): string[] {
  const lines: string[] = []
  const { build, parse, query } = run
  const n = run.scale
  const roomy = 0.75 * totalMem
  if (build !== undefined && query !== undefined) {
    const peak = Math.max(build.maxRss, query.maxRss)
    // The part of a peak that grows with the corpus is above the process's RSS before its work.
    const built = project(build.maxRss, build.rssBefore, n, 1e7)
    const opened = project(query.maxRss, query.rssBefore, n, 1e7)
    const verdict =
      n >= 1e7
        ? peak <= roomy
          ? `met: peak ${bytes(peak)} (build ${bytes(build.maxRss)}, opened and querying ${bytes(query.maxRss)})`
          : `missed: peak ${bytes(peak)}, ${bytes(peak - roomy)} over (build ${bytes(build.maxRss)}, opened and querying ${bytes(query.maxRss)})`
        : `not measured at this scale; projected linearly from it, the build peaks at ${bytes(built)} (${built <= roomy ? 'within' : 'over'} the limit) and the opened engine at ${bytes(opened)} (${opened <= roomy ? 'within' : 'over'})`
    lines.push(
      `- At 10M records everything fits in ${bytes(totalMem)} with room to spare (peak RSS of the build and of the opened engine at most 75%, ${bytes(roomy)}): ${verdict}.`,
    )
  } else lines.push('- Fits in memory: not measured (the build or the open failed).')
  if (build !== undefined && parse !== undefined) {
    const records = build.counts.whois + build.counts.mx + build.counts.txt
    const wall = records / build.buildMs / (parse.lines / parse.wallMs)
    const cpu = records / build.buildCpuMs / (parse.lines / parse.cpuMs)
    const verdict = wall >= 0.8 ? 'met' : `missed by ${((1 - wall / 0.8) * 100).toFixed(0)}%`
    lines.push(
      `- Build throughput at least 0.80× single-thread JSON.parse of the same lines: ${wall.toFixed(2)}× by wall time, ${verdict} (${cpu.toFixed(2)}× by process CPU time).`,
    )
  } else lines.push('- Build vs JSON.parse: not measured.')
  if (build !== undefined && query !== undefined) {
    const r = build.buildMs / query.openMs
    lines.push(
      `- open() at least 20× faster than a build: ${r.toFixed(1)}×, ${r >= 20 ? 'met' : `missed by ${((1 - r / 20) * 100).toFixed(0)}%`}.`,
    )
  } else lines.push('- open() vs build: not measured.')
  const slow = rows.filter((r) => stats(r.ours?.times ?? []).median >= 10)
  const medianGoal =
    slow.length === 0
      ? 'met'
      : `missed by ${slow.map((r) => `${r.name} (${ms(stats(r.ours?.times ?? []).median)} ms)`).join(', ')}`
  lines.push(
    n === 1e6
      ? `- Every family under 10 ms median at 1M: ${medianGoal}.`
      : `- Every family under 10 ms median (the goal is set at 1M; at this scale): ${medianGoal}.`,
  )
  const compared = rows.filter(
    (r) =>
      r.sqlite !== undefined && r.sqlite.unanswered === undefined && (r.dns || sameQuery('sqlite', r.params)),
  )
  if (compared.length === 0)
    lines.push('- At least 10× faster than SQLite FTS5: SQLite not run at this scale.')
  else {
    const misses = compared.filter(
      (r) => stats(r.sqlite?.times ?? []).median / stats(r.ours?.times ?? []).median < 10,
    )
    const weakest = Math.min(
      ...compared.map((r) => stats(r.sqlite?.times ?? []).median / stats(r.ours?.times ?? []).median),
    )
    const verdict =
      misses.length === 0
        ? `met (weakest: ${weakest.toFixed(0)}×)`
        : `missed by ${misses.map((r) => `${r.name} (${ratio(stats(r.sqlite?.times ?? []).median, stats(r.ours?.times ?? []).median)})`).join(', ')}`
    lines.push(
      `- Every family at least 10× faster than SQLite on the same query (${compared.length} families; NEAR-for-slop excluded): ${verdict}.`,
    )
  }
  const withLucene = rows.filter(
    (r) => !r.dns && r.ours !== undefined && r.lucene !== undefined && r.lucene.unanswered === undefined,
  )
  if (withLucene.length === 0)
    lines.push(
      '- `engine.reverse()` at or below Lucene on every reverse family (issue 18): not measured (Lucene or the query step not run).',
    )
  else {
    const above = withLucene.filter(
      (r) => stats(r.ours?.times ?? []).median > stats(r.lucene?.times ?? []).median,
    )
    const verdict =
      above.length === 0
        ? 'met'
        : `missed by ${above.map((r) => `${r.name} (${ms(stats(r.ours?.times ?? []).median)} against ${ms(stats(r.lucene?.times ?? []).median)} ms)`).join(', ')}`
    lines.push(
      `- \`engine.reverse()\` with its records decoded at or below Lucene's count + 100 keys on every reverse family (issue 18, set at 1M): ${verdict}.`,
    )
  }
  return lines
}

/**
 * The section of one scale: data, steps, costs, families with peers and ratios, agreement, goals.
 *
 * @param run - everything the run measured
 * @param totalMem - the machine's memory in bytes
 */
export function scaleSection(run: ScaleRun, totalMem: number): string {
  const { build, parse, query, prepare } = run
  const n = run.scale
  const rows = familyRows(run)
  const out: string[] = []
  out.push(`- Date: ${run.date}`)
  out.push(`- Machine: ${run.machine}`)
  out.push(`- Commands: ${run.commands.map((c) => `\`${c}\``).join('; ')}`)
  const files = run.corpus.files.map((f) => `${f.path.split('/').pop()} ${bytes(f.bytes)}`).join(', ')
  const counts =
    build === undefined
      ? ''
      : ` Loaded: ${count(build.counts.whois)} WHOIS records, ${count(build.counts.mx)} MX and ${count(build.counts.txt)} TXT observations, ${build.rejects} rejects, ${build.replaced.whois + build.replaced.observations} replaced.`
  out.push(
    `- Data: \`writeSample({ whois: ${n}, dns: ${3 * n}, seed: 1 })\` (cached in ${run.corpus.dir}): ${files}.${counts}`,
  )
  out.push('')
  out.push(
    "Steps (each in its own process; peak RSS from the process itself; load: the machine's 1-minute load average at the step's end, on 2 cores shared with other jobs):",
  )
  out.push('')
  out.push('```')
  out.push(
    table(
      ['step', 'wall', 'outcome', 'peak RSS', 'load'],
      STEPS.map((s) => stepLine(s, run.steps[s])),
    ),
  )
  out.push('```')
  for (const decision of run.peerDecisions) out.push(`- ${decision}`)
  out.push('')

  const costRows: string[][] = []
  if (parse !== undefined) {
    costRows.push([
      'JSON.parse baseline (read + parse, one thread)',
      `${seconds(parse.wallMs)} wall, ${seconds(parse.cpuMs)} CPU`,
      `${count(parse.lines / (parse.wallMs / 1000))} lines/s, ${(parse.bytes / MIB / (parse.wallMs / 1000)).toFixed(1)} MiB/s`,
    ])
  }
  if (build !== undefined) {
    const records = build.counts.whois + build.counts.mx + build.counts.txt
    const rate = records / (build.buildMs / 1000)
    const vs =
      parse === undefined
        ? ''
        : `, ${(rate / (parse.lines / (parse.wallMs / 1000))).toFixed(2)}× JSON.parse by wall, ${(records / build.buildCpuMs / (parse.lines / parse.cpuMs)).toFixed(2)}× by CPU`
    costRows.push([
      'Engine.build (WHOIS + observations)',
      `${seconds(build.buildMs)} wall, ${seconds(build.buildCpuMs)} CPU`,
      `${count(rate)} records/s${vs}`,
    ])
    if (build.readMs !== undefined) {
      costRows.push([
        'of which reading (parse, pack, intern) / indexing',
        `${seconds(build.readMs)} / ${seconds(build.buildMs - build.readMs)}`,
        `indexing is ${((100 * (build.buildMs - build.readMs)) / build.buildMs).toFixed(0)}% of the build`,
      ])
    }
    costRows.push([
      'built engine held (RSS after GC − RSS before)',
      bytes(build.held.rss),
      `${count(build.held.rss / build.counts.whois)} B a WHOIS record; heap + external ${count((build.held.heapUsed + build.held.external) / build.counts.whois)} B`,
    ])
    costRows.push([
      'build peak RSS',
      bytes(build.maxRss),
      `${count(build.maxRss / build.counts.whois)} B a WHOIS record`,
    ])
    costRows.push([
      'engine.save',
      seconds(build.saveMs),
      `${bytes(build.fileBytes)}, ${count(build.fileBytes / build.counts.whois)} B a WHOIS record`,
    ])
  }
  if (query !== undefined) {
    costRows.push([
      'Engine.open (fresh process)',
      seconds(query.openMs),
      build === undefined ? '' : `${(build.buildMs / query.openMs).toFixed(1)}× faster than the build`,
    ])
    costRows.push([
      'opened engine held (RSS after GC − RSS before)',
      bytes(query.held.rss),
      `${count(query.held.rss / n)} B a WHOIS record; peak RSS while querying ${bytes(query.maxRss)}`,
    ])
  }
  out.push('Build, snapshot, memory:')
  out.push('')
  out.push('```')
  out.push(table(['cost', 'value', 'rate / ratio'], costRows))
  out.push('```')
  out.push('')

  const peerBuilds: string[][] = []
  const peerLine = (name: string, result: PeerResult | undefined, what: string) => {
    if (result !== undefined)
      peerBuilds.push([name, seconds(result.buildMs), `${bytes(result.bytes)} ${what}`, bytes(result.maxRss)])
  }
  const place = (r: PeerResult | undefined) => (r?.onDisk === true ? 'in files' : 'in memory')
  peerLine(`SQLite FTS5, reverse (${place(run.sqlite)})`, run.sqlite, 'pages × page size')
  peerLine(`SQLite, DNS (two databases, ${place(run.sqliteDns)})`, run.sqliteDns, 'pages × page size')
  peerLine('FlexSearch 0.8, reverse', run.flexsearch, 'heap growth')
  peerLine('Lucene 8, reverse (child JVM, MMapDirectory)', run.lucene, 'on disk')
  if (peerBuilds.length > 0) {
    out.push("Peers' builds (their own inserts and index creation; reading and parsing not counted):")
    out.push('')
    out.push('```')
    out.push(table(['peer', 'build', 'size', 'peak RSS'], peerBuilds))
    out.push('```')
    out.push('')
  }

  const scanRuns = run.scan?.reverse[0]?.times.length ?? 0
  out.push(
    `Query families: median and p99 in ms; domindex through \`engine.reverse\`/\`mx\`/\`txt\` on the opened snapshot; the scan's time is one whole pass of matching (median of ${scanRuns} passes; 3 lookups for the host family); Lucene's is count + 100 domains, timed in its JVM after a warm-up of at least a second; ratios are the peer's median over domindex's; † marks a peer answering a different query (SQLite NEAR for slop, FlexSearch's AND of words for a phrase), shown but not a goal; n/a: the peer cannot answer it.`,
  )
  out.push('')
  const timeRows = rows.map((r) => {
    const ours = stats(r.ours?.times ?? [])
    const scan = stats(r.scan?.times ?? [])
    return [
      r.name,
      count(matches(r.ours)),
      ms(ours.median),
      ms(ours.p99),
      ms(scan.median),
      ratio(scan.median, ours.median),
      ...peerCell(r.sqlite, r.ours, r.dns || sameQuery('sqlite', r.params)),
      ...(r.dns ? ['', '', ''] : peerCell(r.flex, r.ours, sameQuery('flexsearch', r.params))),
      ...(r.dns ? ['', '', ''] : peerCell(r.lucene, r.ours, true)),
    ]
  })
  out.push('```')
  out.push(
    table(
      [
        'family',
        'matches',
        'domindex',
        'p99',
        'scan',
        'scan/dmx',
        'SQLite',
        'p99',
        'SQLite/dmx',
        'Flex',
        'p99',
        'Flex/dmx',
        'Lucene',
        'p99',
        'Lucene/dmx',
      ],
      timeRows,
    ),
  )
  out.push('```')
  out.push('')
  out.push(
    "Agreement with domindex's answers (count and first page of 100, or the whole summary): `=` when equal, else the peer's count against ours.",
  )
  out.push('')
  const agreeRows = rows.map((r) => [
    r.name,
    (r.ours?.answers.length ?? 0) > 1
      ? `${r.ours?.answers.length} lookups by host`
      : JSON.stringify(r.params),
    agreementCell(r.scan, r.ours),
    agreementCell(r.sqlite, r.ours),
    r.dns ? '' : agreementCell(r.flex, r.ours),
    r.dns ? '' : agreementCell(r.lucene, r.ours),
  ])
  out.push('```')
  out.push(table(['family', 'query', 'scan', 'SQLite', 'FlexSearch', 'Lucene'], agreeRows))
  out.push('```')
  out.push('')
  out.push('Goals at this scale:')
  out.push('')
  out.push(...goalLines(run, rows, totalMem))
  if (
    prepare !== undefined &&
    build !== undefined &&
    build.replaced.whois + build.replaced.observations > 0
  ) {
    out.push(
      "- WARNING: the corpus has duplicates, so the peers' ranks by stream position are not the engine's.",
    )
  }
  out.push('')
  out.push(dataComment(run))
  return out.join('\n')
}
