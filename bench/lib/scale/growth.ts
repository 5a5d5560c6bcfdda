/**
 * The growth tables of the scale benchmark: each scale's key figures, stored in its report section
 * as a JSON comment, and the tables that put every scale side by side with the growth factor from
 * one to the next (a query's time should follow its matches, not the corpus).
 */
import { table } from '../measure.js'
import { stats } from './answers.js'
import { bytes, count, ms, scaleName } from './format.js'
import type { PeerResult } from './peer-steps.js'
import { familyRows, matches, type ScaleRun, type StepName } from './scale-run.js'

const DATA_MARK = '<!-- scale-data: '

/** The figures of a scale that the growth tables compare, stored in its section. */
export interface ScaleData {
  scale: number
  buildS?: number
  buildRate?: number
  parseRate?: number
  buildRssPerRecord?: number
  openRssPerRecord?: number
  peakRss?: number
  snapshotPerRecord?: number
  saveS?: number
  openS?: number
  /** Per family: domindex median ms, matches, and SQLite's median ms when it ran. */
  families: Record<string, { ms: number; matches: number; sqliteMs?: number }>
  /** Per peer step: its own build ms and peak RSS, for projecting larger scales. */
  peers: Partial<
    Record<StepName, { buildMs: number; maxRss: number; rssBefore: number; wallMs: number; bytes: number }>
  >
}

/**
 * A peak RSS measured at `from` records, projected to `to` records: the process's RSS before its
 * work stays, the rest grows linearly.
 */
export function project(peak: number, base: number, from: number, to: number): number {
  return base + ((peak - base) * to) / from
}

/** The figures of a run the growth tables need. */
export function scaleData(run: ScaleRun): ScaleData {
  const { build, parse, query } = run
  const n = build?.counts.whois ?? run.scale
  const data: ScaleData = { scale: run.scale, families: {}, peers: {} }
  if (build !== undefined) {
    const records = build.counts.whois + build.counts.mx + build.counts.txt
    data.buildS = build.buildMs / 1000
    data.buildRate = records / (build.buildMs / 1000)
    data.buildRssPerRecord = build.held.rss / n
    data.snapshotPerRecord = build.fileBytes / n
    data.saveS = build.saveMs / 1000
    data.peakRss = build.maxRss
  }
  if (parse !== undefined) data.parseRate = parse.lines / (parse.wallMs / 1000)
  if (query !== undefined) {
    data.openS = query.openMs / 1000
    data.openRssPerRecord = query.held.rss / n
  }
  for (const row of familyRows(run)) {
    if (row.ours === undefined) continue
    const entry: ScaleData['families'][string] = {
      ms: stats(row.ours.times).median,
      matches: matches(row.ours),
    }
    if (row.sqlite !== undefined && row.sqlite.unanswered === undefined)
      entry.sqliteMs = stats(row.sqlite.times).median
    data.families[row.name] = entry
  }
  const peers: [StepName, PeerResult | undefined][] = [
    ['sqlite', run.sqlite],
    ['sqlite-dns', run.sqliteDns],
    ['flexsearch', run.flexsearch],
    ['lucene', run.lucene],
  ]
  for (const [step, result] of peers) {
    const record = run.steps[step]
    if (result !== undefined && record !== undefined && 'ms' in record) {
      data.peers[step] = {
        buildMs: result.buildMs,
        maxRss: result.maxRss,
        rssBefore: result.rssBefore,
        wallMs: record.ms,
        bytes: result.bytes,
      }
    }
  }
  return data
}

/** The comment carrying a run's figures in its section. */
export function dataComment(run: ScaleRun): string {
  return `${DATA_MARK}${JSON.stringify(scaleData(run))} -->`
}

/**
 * The figures of every scale section of a report.
 *
 * @param text - the report's Markdown
 */
export function readScaleData(text: string): ScaleData[] {
  const out: ScaleData[] = []
  for (const line of text.split('\n')) {
    if (!line.startsWith(DATA_MARK)) continue
    out.push(JSON.parse(line.slice(DATA_MARK.length, line.lastIndexOf(' -->'))) as ScaleData)
  }
  return out.sort((a, b) => a.scale - b.scale)
}

/**
 * The growth tables: each cost and each family's median (with its matches) side by side across the
 * scales present, and the factor from one scale to the next.
 *
 * @param all - the figures of every scale, ascending
 */
export function growthTables(all: readonly ScaleData[]): string {
  if (all.length === 0) return ''
  const names = all.map((d) => scaleName(d.scale))
  const factors = all.slice(1).map((d, i) => `×${scaleName(all[i]?.scale ?? 0)}→${scaleName(d.scale)}`)
  const growth = (values: (number | undefined)[]) =>
    values.slice(1).map((v, i) => {
      const prev = values[i]
      return v === undefined || prev === undefined || prev === 0 ? '' : `${(v / prev).toFixed(1)}`
    })
  const row = (label: string, pick: (d: ScaleData) => number | undefined, format: (v: number) => string) => {
    const values = all.map(pick)
    return [label, ...values.map((v) => (v === undefined ? '' : format(v))), ...growth(values)]
  }
  const costs = [
    row(
      'build s',
      (d) => d.buildS,
      (v) => v.toFixed(1),
    ),
    row('build records/s', (d) => d.buildRate, count),
    row('JSON.parse lines/s', (d) => d.parseRate, count),
    row('build RSS B/record', (d) => d.buildRssPerRecord, count),
    row('opened RSS B/record', (d) => d.openRssPerRecord, count),
    row('peak RSS (build)', (d) => d.peakRss, bytes),
    row('snapshot B/record', (d) => d.snapshotPerRecord, count),
    row(
      'save s',
      (d) => d.saveS,
      (v) => v.toFixed(1),
    ),
    row(
      'open s',
      (d) => d.openS,
      (v) => v.toFixed(2),
    ),
  ]
  const familyNames = [...new Set(all.flatMap((d) => Object.keys(d.families)))]
  const familyRow = (name: string, pick: (f: ScaleData['families'][string]) => number | undefined) => {
    const values = all.map((d) => {
      const f = d.families[name]
      return f === undefined ? undefined : pick(f)
    })
    const cells = all.map((d) => {
      const f = d.families[name]
      const v = f === undefined ? undefined : pick(f)
      return v === undefined || f === undefined ? '' : `${ms(v)} (${count(f.matches)})`
    })
    const matchGrowth = growth(all.map((d) => d.families[name]?.matches))
    return [name, ...cells, ...growth(values).map((g, i) => (g === '' ? '' : `${g} / ${matchGrowth[i]}`))]
  }
  const families = familyNames.map((name) => familyRow(name, (f) => f.ms))
  const sqlite = familyNames.map((name) => familyRow(name, (f) => f.sqliteMs))
  const familyHeader = ['family: median ms (matches)', ...names, ...factors.map((f) => `${f} time / matches`)]
  const header = ['cost', ...names, ...factors]
  return [
    "Costs (growth factors: the next scale's value over this one's; 10.0 is linear):",
    '',
    '```',
    table(header, costs),
    '```',
    '',
    "Each family's domindex median with its matches, and how both grow: a query's time should follow its matches, not the corpus.",
    '',
    '```',
    table(familyHeader, families),
    '```',
    '',
    "SQLite's medians on the same families (its matches are domindex's where the counts agree, see each scale's section):",
    '',
    '```',
    table(familyHeader, sqlite),
    '```',
  ].join('\n')
}
