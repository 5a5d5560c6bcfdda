/**
 * Cuts the inputs of a build into parse tasks, in load order. A plain (uncompressed) `.jsonl` or
 * `.ndjson` file larger than the range size becomes byte ranges that threads read at once
 * (load-range.ts); any other file (gzip, JSON arrays, saved envelopes, CSV, small files) is one
 * task read whole, because its records cannot be found without reading it from the start. A DNS
 * file of raw records is one task that carries the observations grouped from it beforehand.
 */
import { open } from 'node:fs/promises'
import type { GroupedSource } from '../ingest/formats/dns-sources.js'
import type { Input } from '../ingest/source-inputs.js'
import type { ParseTask } from './parse-task.js'

/** Default range size: large enough to amortise a task, small enough to keep two cores busy. */
export const RANGE_BYTES = 16 << 20

/**
 * The tasks of the inputs, in load order.
 *
 * @param inputs - the checked inputs (stream.ts `inputsOf`), WHOIS first, in the caller's order
 * @param rangeBytes - the range size
 * @param grouped - the raw-record DNS inputs, already grouped (formats/dns-sources.ts): one task each
 * @example
 * ```ts
 * await planTasks([{ path: 'whois.jsonl', kind: 'whois', declared: undefined, size: 40 << 20 }], 16 << 20)
 * // three tasks: [0, 16 MiB), [16 MiB, 32 MiB), [32 MiB, 40 MiB)
 * ```
 */
export async function planTasks(
  inputs: readonly Input[],
  rangeBytes: number,
  grouped: ReadonlyMap<number, GroupedSource> = new Map(),
): Promise<ParseTask[]> {
  const tasks: ParseTask[] = []
  for (const [source, input] of inputs.entries()) {
    const { path: file, kind, declared, format, size } = input
    const group = grouped.get(source)
    if (group !== undefined) {
      tasks.push({ index: tasks.length, source, file, kind, declared, format, grouped: group })
      continue
    }
    const whole =
      size <= rangeBytes ||
      format === 'csv' ||
      !/\.(jsonl|ndjson)$/i.test(file) ||
      !(await startsUncompressed(file))
    if (whole) {
      tasks.push({ index: tasks.length, source, file, kind, declared, format })
      continue
    }
    for (let start = 0; start < size; start += rangeBytes) {
      tasks.push({
        index: tasks.length,
        source,
        file,
        kind,
        declared,
        format,
        range: { start, end: Math.min(size, start + rangeBytes) },
      })
    }
  }
  return tasks
}

/** False for a gzip file, and for a file that cannot be opened (its whole-file task reports why). */
async function startsUncompressed(path: string): Promise<boolean> {
  try {
    const handle = await open(path, 'r')
    try {
      const head = Buffer.alloc(2)
      const { bytesRead } = await handle.read(head, 0, 2, 0)
      return !(bytesRead === 2 && head[0] === 0x1f && head[1] === 0x8b)
    } finally {
      await handle.close()
    }
  } catch {
    return false
  }
}
