/**
 * The checks `build` and `update` make on a load before saving anything (SPEC 13's data-quality
 * report): a file whose every record was rejected fails the command, naming the file (a CSV read
 * as something else, a wrong `--mx`/`--txt`) and its rejects' most common reasons, and so does a
 * load past `--max-rejects N` rejects. A file most of whose records were rejected gets a warning
 * with its most common reason, and what to do when the reason says (a DNS file without its kind).
 */
import type { SourceStats } from '../ingest/stream.js'
import type { Reject } from '../types.js'
import { CommandFailure, readCount } from './args.js'
import { formatCount } from './format.js'

/**
 * The `--max-rejects` option read before any loading, so that a wrong value fails at once.
 *
 * @param maxRejects - the option as given (undefined: unlimited)
 * @throws UsageError when it is not a whole number
 * @example
 * ```ts
 * readMaxRejects('1000') // 1000
 * ```
 */
export function readMaxRejects(maxRejects: string | boolean | undefined): number | undefined {
  return maxRejects === undefined ? undefined : readCount('max-rejects', maxRejects)
}

/**
 * Fails when a file loaded nothing but rejects, or when there are more rejects than allowed.
 *
 * @param sources - the files of this load, with their counts
 * @param rejects - the rejects of this load
 * @param maxRejects - the `--max-rejects` limit (undefined: unlimited)
 * @throws CommandFailure naming the file, or the count and the limit
 * @example
 * ```ts
 * checkLoad(stats.sources, stats.rejects.count, 1000)
 * // CommandFailure: every record of bulk.csv was rejected (2,000 rejects); nothing saved
 * ```
 */
export function checkLoad(
  sources: readonly SourceStats[],
  rejects: { readonly count: number; readonly kept: readonly Reject[] },
  maxRejects: number | undefined,
): void {
  for (const source of sources) {
    if (source.records === 0 && source.rejects > 0) {
      throw new CommandFailure(
        `every record of ${source.file} was rejected (${formatCount(source.rejects)} rejects); nothing saved. ` +
          `Most common reasons${among(source, rejects.kept)}: ${reasonsOf(source.file, rejects.kept).join('; ')} ` +
          '(--rejects FILE writes them all)',
      )
    }
  }
  const { count } = rejects
  if (maxRejects !== undefined && count > maxRejects) {
    throw new CommandFailure(
      `${formatCount(count)} rejects, more than --max-rejects ${formatCount(maxRejects)}; nothing saved`,
    )
  }
}

/**
 * Warnings for the files that loaded some records but had at least as many rejected: each with
 * its rejects' most common reason (among those kept in full) and, when the reason is a DNS file
 * whose kind cannot be told, the option that gives it.
 *
 * @example
 * ```ts
 * rejectWarnings(stats.sources, stats.rejects.kept)
 * // ['2,109 of 2,200 records of dns.jsonl were rejected; most common reason: 2,000× "observation has no dns-mx or dns-txt items …" (first at line 3); give the file with --mx FILE or --txt FILE']
 * ```
 */
export function rejectWarnings(sources: readonly SourceStats[], kept: readonly Reject[]): string[] {
  const warnings: string[] = []
  for (const source of sources) {
    if (source.records === 0 || source.rejects < source.records) continue
    const [top] = reasonsOf(source.file, kept)
    const total = source.records + source.rejects
    let warning = `${formatCount(source.rejects)} of ${formatCount(total)} records of ${source.file} were rejected`
    if (top !== undefined) warning += `; most common reason${among(source, kept)}: ${top}`
    if (kept.some((r) => r.file === source.file && r.reason.includes(KIND_MISSING)))
      warning += `; ${KIND_HINT}`
    warnings.push(warning)
  }
  return warnings
}

// The loader's reason for an observation whose kind cannot be told, and what to do in CLI terms.
const KIND_MISSING = "declare the source's kind"
const KIND_HINT = 'give the file with --mx FILE or --txt FILE'

// Past the rejects kept in full, the reasons are counted among those.
function among(source: SourceStats, kept: readonly Reject[]): string {
  let n = 0
  for (const reject of kept) if (reject.file === source.file) n++
  return n < source.rejects ? ` among the first ${formatCount(n)}` : ''
}

// A file's three most common reasons among the kept rejects, each with its count and first line.
function reasonsOf(file: string, kept: readonly Reject[]): string[] {
  const byReason = new Map<string, { count: number; line: number }>()
  for (const reject of kept) {
    if (reject.file !== file) continue
    const seen = byReason.get(reject.reason)
    if (seen === undefined) byReason.set(reject.reason, { count: 1, line: reject.line })
    else seen.count++
  }
  return [...byReason]
    .sort((a, b) => b[1].count - a[1].count || a[1].line - b[1].line)
    .slice(0, 3)
    .map(([reason, { count, line }]) => {
      const hint = reason.includes(KIND_MISSING) ? ` (${KIND_HINT})` : ''
      return `${formatCount(count)}× ${JSON.stringify(reason)} (first at line ${line})${hint}`
    })
}
