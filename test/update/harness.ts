/**
 * Shared pieces of the update tests: input files written as JSON Lines, the update and compaction
 * calls, the reference build over a model's surviving lines, and answer comparison whose failures
 * print the update sequence and the request.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Engine } from '../../src/engine.js'
import type { UpdateOptions } from '../../src/engine-options.js'
import type { Observation, Params, Sources, WhoisRecord } from '../../src/types.js'
import { type InputFiles, type Inputs, referenceFiles } from './model.js'

/** A temporary directory that numbers the files written into it. */
export interface Workspace {
  readonly dir: string
  /** Writes values as JSON Lines under a fresh name and returns the path. */
  lines(stem: string, values: readonly unknown[]): Promise<string>
  /** Writes raw text under a fresh name and returns the path. */
  text(stem: string, content: string): Promise<string>
  /** A fresh path (nothing written). */
  path(stem: string): string
  remove(): Promise<void>
}

/** Creates a workspace in the system's temporary directory. */
export async function workspace(): Promise<Workspace> {
  const dir = await mkdtemp(join(tmpdir(), 'domindex-update-'))
  let n = 0
  const path = (stem: string): string => join(dir, `${n++}-${stem}`)
  const text = async (stem: string, content: string): Promise<string> => {
    const file = path(stem)
    await writeFile(file, content)
    return file
  }
  return {
    dir,
    path,
    text,
    lines: (stem, values) => text(stem, values.map((v) => `${JSON.stringify(v)}\n`).join('')),
    remove: () => rm(dir, { recursive: true, force: true }),
  }
}

/** Writes input files and returns them as sources (DNS files as `{path, kind}`) with their paths. */
export async function writeSources(
  ws: Workspace,
  files: InputFiles,
): Promise<{ sources: Sources; paths: string[] }> {
  const whois: string[] = []
  for (const file of files.whois) whois.push(await ws.lines('whois.jsonl', file))
  const dns: { path: string; kind: 'mx' | 'txt' }[] = []
  for (const file of files.dns)
    dns.push({ path: await ws.lines(`dns-${file.kind}.jsonl`, file.observations), kind: file.kind })
  const sources: Sources = {
    ...(whois.length > 0 ? { whois } : {}),
    ...(dns.length > 0 ? { dns } : {}),
  }
  return { sources, paths: [...whois, ...dns.map((d) => d.path)] }
}

/** `Engine.build` over the surviving lines of a model, as the files of one build. */
export async function buildReference(
  ws: Workspace,
  inputs: Inputs,
): Promise<{ engine: Engine; paths: string[] }> {
  const { sources, paths } = await writeSources(ws, referenceFiles(inputs))
  const engine = await Engine.build(sources)
  const { rejects } = engine.stats()
  if (rejects.count !== 0)
    throw new Error(`test generator wrote a rejected line: ${JSON.stringify(rejects.kept[0])}`)
  return { engine, paths }
}

/** Removes files, ignoring those already gone. */
export async function removeFiles(paths: readonly string[]): Promise<void> {
  await Promise.all(paths.map((p) => rm(p, { force: true })))
}

interface UpdateApi {
  update(sources: Sources, options?: UpdateOptions): Promise<Engine>
  compact(): Promise<Engine>
}

function api(engine: Engine, method: keyof UpdateApi): UpdateApi {
  const candidate = engine as unknown as Partial<UpdateApi>
  if (typeof candidate[method] !== 'function')
    throw new Error(`Engine.prototype.${method} is not implemented yet (src/engine.ts, SPEC 12)`)
  return candidate as UpdateApi
}

/** `engine.update(sources, options)` (a clear failure while the method has not landed). */
export function updateEngine(engine: Engine, sources: Sources, options?: UpdateOptions): Promise<Engine> {
  return api(engine, 'update').update(sources, options)
}

/** `engine.compact()` (a clear failure while the method has not landed). */
export function compactEngine(engine: Engine): Promise<Engine> {
  return api(engine, 'compact').compact()
}

/** A request path for an endpoint and parameters (arrays as repeated keys, as `filter` is). */
export function pathOf(endpoint: 'whois' | 'reverse' | 'mx' | 'txt', params: Params | object): string {
  const query = new URLSearchParams()
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined) continue
    if (Array.isArray(value)) for (const v of value) query.append(key, String(v))
    else query.append(key, String(value))
  }
  const text = query.toString()
  return `/v1/domain/${endpoint}${text === '' ? '' : `?${text}`}`
}

/** A request's answer as compared: status and the body's JSON text (key order counts). */
export interface Answer {
  readonly path: string
  readonly status: number
  readonly json: string
}

/** The answers of an engine to every path. */
export async function answerAll(engine: Engine, paths: readonly string[]): Promise<Answer[]> {
  const out: Answer[] = []
  for (const path of paths) {
    const { status, body } = await engine.request(path)
    out.push({ path, status, json: JSON.stringify(body) })
  }
  return out
}

/**
 * Throws a readable error at the first answer that differs: the context (the update sequence and
 * which engine), the request, a one-line digest of both answers, then both bodies.
 */
export function expectSameAnswers(
  context: string,
  expected: readonly Answer[],
  actual: readonly Answer[],
): void {
  for (let i = 0; i < expected.length; i++) {
    const e = expected[i] as Answer
    const a = actual[i]
    if (a !== undefined && a.status === e.status && a.json === e.json) continue
    throw new Error(
      [
        context,
        `request: ${e.path}`,
        `  decoded: ${decodeURIComponent(e.path.replace(/\+/g, ' '))}`,
        `expected (reference build): ${digest(e)}`,
        `actual (updated engine):    ${a === undefined ? 'no answer' : digest(a)}`,
        `expected body: ${clip(e.json)}`,
        `actual body:   ${clip(a?.json ?? '')}`,
      ].join('\n'),
    )
  }
}

function clip(text: string): string {
  return text.length > 3000 ? `${text.slice(0, 3000)}… (${text.length} characters)` : text
}

/** One line per answer: status, counts, and the keys of the page's results in order. */
export function digest(answer: Answer): string {
  const body = JSON.parse(answer.json) as {
    page?: number
    pages?: number
    result_count?: number
    results?: unknown[]
    summary?: unknown
  }
  if (Array.isArray(body.results)) {
    const keys = body.results.map(resultKey)
    return `${answer.status} page ${body.page} of ${body.pages}, result_count ${body.result_count}: [${keys.join(', ')}]`
  }
  if (body.summary !== undefined) return `${answer.status} ${JSON.stringify(body.summary)}`
  return `${answer.status} ${clip(answer.json).slice(0, 300)}`
}

function resultKey(result: unknown): string {
  if (typeof (result as { id?: unknown }).id === 'string') return describeObservation(result as Observation)
  const record = result as WhoisRecord
  return `${String(record.domain?.name ?? record.query)}${typeof record.server === 'string' ? `#${record.server}` : ''}`
}

/** An observation in a few words: id, date, apex and answer values. */
export function describeObservation(o: Observation): string {
  const values = o.items.slice(1).filter((it) => it.context !== 'dns-ns')
  const answer = values.map((it) => (it.type === 'mx-preference' ? '' : it.value)).filter((v) => v !== '')
  return `${o.id}@${String(o.date).slice(0, 10)} ${o.items[0]?.value ?? '?'}${answer.length > 0 ? ` [${answer.join(' | ')}]` : ''}`
}

/** A WHOIS record in a few words: its domain as written and its version marker. */
export function describeRecord(record: WhoisRecord): string {
  const created = record.domain?.created
  return `${String(record.domain?.name)}#${String(record.server)}${created === undefined ? '' : ` created ${created}`}`
}

/** Input files in a few lines (long files by their first and last entries). */
export function describeFiles(files: InputFiles, indent = '    '): string[] {
  const out: string[] = []
  for (const file of files.whois) out.push(`${indent}whois file: ${list(file.map(describeRecord))}`)
  for (const file of files.dns)
    out.push(`${indent}dns ${file.kind} file: ${list(file.observations.map(describeObservation))}`)
  return out
}

function list(entries: readonly string[]): string {
  if (entries.length === 0) return '(empty)'
  if (entries.length <= 12) return entries.join('; ')
  return `${entries.length} lines: ${entries.slice(0, 3).join('; ')}; …; ${entries.slice(-2).join('; ')}`
}
