/**
 * What one run of the scale benchmark at one scale measured: its steps and their results, and the
 * query families joined across domindex and its peers.
 */
import type { Params } from '../../../src/types.js'
import type { StepOutcome } from '../child-step.js'
import { dnsFamilies } from '../dns-families.js'
import { type FamilyResult, matchesOf } from './answers.js'
import type { BuildResult } from './build-step.js'
import type { ParseResult } from './parse-step.js'
import type { PeerResult } from './peer-steps.js'
import type { PrepareResult } from './prepare-step.js'
import type { QueryResult } from './query-step.js'
import type { ScanResult } from './scan-step.js'

/** The steps of a run, in order. */
export const STEPS = [
  'generate',
  'parse',
  'build',
  'prepare',
  'query',
  'scan',
  'sqlite',
  'sqlite-dns',
  'flexsearch',
  'lucene',
] as const
/** A step's name. */
export type StepName = (typeof STEPS)[number]

/** A step as the run saw it: its outcome, or why it did not run. */
export type StepRecord = (StepOutcome<unknown> & { load: number; reused?: string }) | { skipped: string }

/** Everything one run at one scale measured. */
export interface ScaleRun {
  scale: number
  date: string
  machine: string
  commands: string[]
  corpus: { dir: string; files: { path: string; bytes: number }[] }
  steps: Partial<Record<StepName, StepRecord>>
  parse?: ParseResult
  build?: BuildResult
  prepare?: PrepareResult
  query?: QueryResult
  scan?: ScanResult
  sqlite?: PeerResult
  sqliteDns?: PeerResult
  flexsearch?: PeerResult
  lucene?: PeerResult
  /** Why each peer was or was not run at this scale. */
  peerDecisions: string[]
}

/** Whether a peer's query is the same query as domindex's (else its ratio is shown but not a goal). */
export function sameQuery(peer: 'sqlite' | 'flexsearch', params: Params): boolean {
  const { slop, phrase } = params
  return peer === 'sqlite' ? Number(slop ?? 0) === 0 : phrase === undefined
}

/** One family across the engines of a run. */
export interface FamilyRow {
  name: string
  params: Params
  ours?: FamilyResult
  scan?: FamilyResult
  sqlite?: FamilyResult
  flex?: FamilyResult
  lucene?: FamilyResult
  dns: boolean
}

/** The families of a run with each engine's result, reverse families first. */
export function familyRows(run: ScaleRun): FamilyRow[] {
  const rows: FamilyRow[] = []
  const find = (list: readonly FamilyResult[] | undefined, name: string) => list?.find((f) => f.name === name)
  for (const [name, params] of run.prepare?.families.reverse ?? []) {
    const row: FamilyRow = { name, params, dns: false }
    const ours = find(run.query?.reverse, name)
    const scan = find(run.scan?.reverse, name)
    const sqlite = find(run.sqlite?.families, name)
    const flex = find(run.flexsearch?.families, name)
    const lucene = find(run.lucene?.families, name)
    if (ours !== undefined) row.ours = ours
    if (scan !== undefined) row.scan = scan
    if (sqlite !== undefined) row.sqlite = sqlite
    if (flex !== undefined) row.flex = flex
    if (lucene !== undefined) row.lucene = lucene
    rows.push(row)
  }
  const dnsParams = new Map(
    dnsFamilies(run.prepare?.families.apexSample ?? []).map((f) => [f.name, f.params]),
  )
  for (const ours of run.query?.dns ?? []) {
    const params = dnsParams.get(ours.name) ?? []
    const row: FamilyRow = {
      name: ours.name,
      params: params.length === 1 ? (params[0] as Params) : {},
      ours,
      dns: true,
    }
    const scan = find(run.scan?.dns, ours.name)
    const sqlite = find(run.sqliteDns?.families, ours.name)
    if (scan !== undefined) row.scan = scan
    if (sqlite !== undefined) row.sqlite = sqlite
    rows.push(row)
  }
  return rows
}

/** Mean matches over a family's answers (a lookup family has many). */
export function matches(result: FamilyResult | undefined): number {
  if (result === undefined || result.answers.length === 0) return Number.NaN
  return result.answers.reduce((sum, a) => sum + matchesOf(a), 0) / result.answers.length
}
